// The click-to-type gesture of the text and comment tools: a click on an annotation of the tool's
// kind edits it, a click elsewhere opens an empty editor there, and a click while editing only
// finishes the edit in progress (as clicking away from an input does).
import { hitTest } from '../geometry';
import type { ToolContext, ToolMachine } from '../types';

export function createPlaceTextMachine(context: ToolContext, kind: 'text' | 'comment'): ToolMachine {
  const { store } = context;
  let state: 'idle' | 'pressing' = 'idle';
  return {
    get state() {
      return state;
    },
    pointerDown() {
      state = 'pressing';
    },
    pointerMove() {},
    pointerUp(pointer) {
      if (state !== 'pressing') return;
      state = 'idle';
      const { actions, editing, annotations } = store.getState();
      if (editing) {
        actions.commitEditing();
        return;
      }
      const hit = hitTest(annotations, pointer.page, pointer, context.tolerance());
      if (hit && hit.type === kind) {
        actions.startEditing({ kind, page: hit.page, position: hit.position, id: hit.id, content: hit.content });
        return;
      }
      actions.startEditing({ kind, page: pointer.page, position: { x: pointer.x, y: pointer.y }, content: '' });
    },
    cancel() {
      state = 'idle';
    },
  };
}
