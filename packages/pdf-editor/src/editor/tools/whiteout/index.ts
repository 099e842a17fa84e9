// Whiteout tool: a solid white box of the preset (or custom) size follows the pointer as a
// preview; a click places it with its top-left at the click point.
import { normalizeAnnotation } from '../../../core/model/defaults';
import type { Annotation } from '../../../core/model/types';
import { whiteoutBox } from '../../store/style';
import { ICONS } from '../shared/presets';
import type { ToolContext, ToolDefinition, ToolMachine, ToolPointer } from '../types';

function boxAt({ store }: ToolContext, pointer: ToolPointer): Annotation {
  const size = whiteoutBox(store.getState().style);
  return normalizeAnnotation({ type: 'whiteout', page: pointer.page, position: { x: pointer.x, y: pointer.y }, ...size }) as Annotation;
}

function createWhiteoutMachine(context: ToolContext): ToolMachine {
  const { actions } = context.store.getState();
  let state: 'hovering' | 'pressing' = 'hovering';
  return {
    get state() {
      return state;
    },
    pointerDown() {
      state = 'pressing';
    },
    pointerMove(pointer) {
      actions.setDraft(boxAt(context, pointer));
    },
    pointerUp(pointer) {
      if (state !== 'pressing') return;
      state = 'hovering';
      actions.add(boxAt(context, pointer));
    },
    cancel() {
      state = 'hovering';
      actions.setDraft(null);
    },
  };
}

export const whiteoutTool: ToolDefinition = {
  preset: { id: 'whiteout', label: 'tool.whiteout', creates: 'whiteout', cursor: 'cell', shortcut: 'w', styled: true, icon: ICONS.whiteout },
  createMachine: createWhiteoutMachine,
};
