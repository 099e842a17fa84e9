// Eraser tool: hovering outlines the annotation under the pointer (red, dashed); a click deletes it.
import { hitTest } from '../geometry';
import { ICONS } from '../shared/presets';
import type { ToolContext, ToolDefinition, ToolMachine, ToolPointer } from '../types';

function createEraserMachine(context: ToolContext): ToolMachine {
  const { store } = context;
  const { actions } = store.getState();
  let state: 'idle' | 'pressing' = 'idle';
  let target: string | undefined;
  const under = (p: ToolPointer) => hitTest(store.getState().annotations, p.page, p, context.tolerance())?.id;
  return {
    get state() {
      return state;
    },
    pointerDown(pointer) {
      state = 'pressing';
      target = under(pointer);
    },
    pointerMove(pointer) {
      actions.setHover(under(pointer) ?? null);
    },
    pointerUp(pointer) {
      if (state !== 'pressing') return;
      state = 'idle';
      const id = under(pointer);
      if (id && id === target) actions.remove([id]);
      actions.setHover(null);
    },
    cancel() {
      state = 'idle';
      actions.setHover(null);
    },
  };
}

export const eraserTool: ToolDefinition = {
  preset: { id: 'eraser', label: 'tool.eraser', cursor: 'not-allowed', shortcut: 'e', icon: ICONS.eraser },
  createMachine: createEraserMachine,
};
