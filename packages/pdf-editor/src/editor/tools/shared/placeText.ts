// The click-to-type gesture of the text and comment tools: a click on an annotation of the tool's
// kind edits it, a click elsewhere opens an empty editor there, and a click while editing only
// finishes the edit in progress (as clicking away from an input does). `textEditing` is how any
// tool starts editing an annotation's text in place.
import type { Annotation, AnnotationType } from '../../../core/index';
import { kindOf } from '../../../core/internal';
import type { TextEditing } from '../../store/types';
import { hitTest } from '../geometry';
import type { ToolContext, ToolMachine } from '../types';

/** The in-place edit of `annotation`'s text, when its kind has text the user types in place. */
export function textEditing(annotation: Annotation): TextEditing | undefined {
  const content: unknown = 'content' in annotation ? annotation.content : undefined;
  if (!kindOf(annotation.type).capabilities.edit || typeof content !== 'string') return undefined;
  return { kind: annotation.type, page: annotation.page, position: annotation.position, id: annotation.id, content };
}

export function createPlaceTextMachine(context: ToolContext, kind: AnnotationType): ToolMachine {
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
      const existing = hit && hit.type === kind ? textEditing(hit) : undefined;
      actions.startEditing(existing ?? { kind, page: pointer.page, position: { x: pointer.x, y: pointer.y }, content: '' });
    },
    cancel() {
      state = 'idle';
    },
  };
}
