// The click-to-place gesture of the whiteout, caret and stamp tools: what a click would place
// follows the pointer as a preview, and a click places it there.
import type { Annotation } from '../../../core/index';
import type { ToolContext, ToolMachine, ToolPointer } from '../types';

/** A machine placing `build(pointer)` on each click, previewing it while the pointer moves. */
export function createPlaceOnClickMachine(context: ToolContext, build: (pointer: ToolPointer) => Annotation): ToolMachine {
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
      actions.setDraft(build(pointer));
    },
    pointerUp(pointer) {
      if (state !== 'pressing') return;
      state = 'hovering';
      actions.add(build(pointer));
    },
    cancel() {
      state = 'hovering';
      actions.setDraft(null);
    },
  };
}
