// Select tool. States: idle -> pointing (pressed on an annotation) -> dragging (moved past the
// slop: the selection follows the pointer) and idle -> resizing (pressed on a handle of the one
// selected annotation). While a drag or a resize lasts, only a transient copy of the selection
// moves (the document and its thousands of other shapes stay untouched); releasing applies it as
// one undo step, and cancelling it (pointer leaves the page, Escape) simply drops the copy.
import type { Annotation, Point } from '../../../core/model/types';
import type { AnnotationPatch } from '../../../core/history/annotationList';
import { handleAt, hitTest, resize, translate } from '../geometry';
import type { Handle } from '../geometry';
import { isClick } from '../shared/dragCreate';
import { ICONS } from '../shared/presets';
import type { ToolContext, ToolDefinition, ToolMachine, ToolPointer } from '../types';

function createSelectMachine(context: ToolContext): ToolMachine {
  const { store } = context;
  const actions = () => store.getState().actions;
  let state: 'idle' | 'pointing' | 'dragging' | 'resizing' = 'idle';
  let start: Point = { x: 0, y: 0 };
  let page = 1;
  let originals: Annotation[] = [];
  let ids: readonly string[] = [];
  let handle: Handle | undefined;
  let patches: Record<string, AnnotationPatch> | undefined;
  let pressedSelected = false;

  const finish = (commit: boolean) => {
    if (commit && patches) actions().update(patches, state === 'resizing' ? 'Resize' : 'Move');
    if (patches) actions().setTransient(null);
    patches = undefined;
    originals = [];
    state = 'idle';
  };

  const selectedOn = (pointer: ToolPointer) => {
    const { annotations, selectedIds } = store.getState();
    return annotations.filter((a) => selectedIds.includes(a.id) && a.page === pointer.page);
  };

  return {
    get state() {
      return state;
    },
    pointerDown(pointer) {
      const { annotations, selectedIds } = store.getState();
      start = { x: pointer.x, y: pointer.y };
      page = pointer.page;
      const selected = selectedOn(pointer);
      const only = selected.length === 1 ? selected[0] : undefined;
      handle = only ? handleAt(only, pointer, context.tolerance() * 1.5) : undefined;
      if (only && handle) {
        originals = [only];
        ids = [only.id];
        state = 'resizing';
        return;
      }
      const hit = hitTest(annotations, pointer.page, pointer, context.tolerance());
      if (!hit) {
        if (!pointer.shiftKey) actions().select([]);
        state = 'idle';
        return;
      }
      pressedSelected = selectedIds.includes(hit.id);
      if (pointer.shiftKey) {
        actions().select(pressedSelected ? selectedIds.filter((id) => id !== hit.id) : [...selectedIds, hit.id]);
        state = 'idle';
        return;
      }
      if (!pressedSelected) actions().select([hit.id]);
      originals = store.getState().annotations.filter((a) => store.getState().selectedIds.includes(a.id));
      ids = originals.map((a) => a.id);
      state = 'pointing';
    },
    pointerMove(pointer) {
      if (state === 'idle' || pointer.page !== page) return;
      if (state === 'pointing') {
        if (isClick(start, pointer)) return;
        state = 'dragging';
      }
      const dx = pointer.x - start.x;
      const dy = pointer.y - start.y;
      const next =
        state === 'resizing' && handle && originals[0]
          ? { [originals[0].id]: resize(originals[0], handle, pointer) }
          : Object.fromEntries(originals.map((a) => [a.id, translate(a, dx, dy)]));
      patches = next;
      actions().setTransient({ ids, annotations: originals.map((a) => ({ ...a, ...next[a.id] }) as Annotation) });
    },
    pointerUp() {
      const clicked = state === 'pointing';
      const target = originals.length === 1 ? originals[0] : undefined;
      finish(true);
      // A click on text that was already selected starts editing it, like a second click in a word processor.
      if (clicked && pressedSelected && target?.type === 'text') {
        actions().startEditing({ kind: 'text', page: target.page, position: target.position, id: target.id, content: target.content });
      }
    },
    doubleClick(pointer) {
      const hit = hitTest(store.getState().annotations, pointer.page, pointer, context.tolerance());
      if (hit?.type === 'text' || hit?.type === 'comment') {
        actions().startEditing({ kind: hit.type, page: hit.page, position: hit.position, id: hit.id, content: hit.content });
      }
    },
    cancel() {
      finish(false);
    },
  };
}

export const selectTool: ToolDefinition = {
  preset: { id: 'select', label: 'tool.select', cursor: 'default', shortcut: 'v', styled: false, icon: ICONS.select },
  createMachine: createSelectMachine,
};
