// Select tool. States: idle -> pointing (pressed on an annotation) -> dragging (moved past the
// slop: the selection follows the pointer), idle -> resizing (pressed on a handle of the one
// selected annotation) and idle -> marquee (pressed on empty page area: the box dragged selects
// every annotation it touches; with Shift it adds them, and a click there clears the selection).
// Shift+click adds an annotation to the selection or takes it out; the whole selection moves as
// one. While a drag or a resize lasts, only a transient copy of the selection moves (the document
// and its thousands of other shapes stay untouched); releasing applies it as one undo step, and
// cancelling it (pointer leaves the page, Escape) simply drops the copy.
import type { Annotation, AnnotationPatch, Point } from '../../../core/index';
import { kindOf } from '../../../core/internal';
import { annotationsIn, handleAt, hitTest, rectFromPoints, resize, translate } from '../geometry';
import type { Handle } from '../geometry';
import { isClick } from '../shared/dragCreate';
import { textEditing } from '../shared/placeText';
import { ICONS } from '../shared/presets';
import type { ToolContext, ToolDefinition, ToolMachine, ToolPointer } from '../types';

function createSelectMachine(context: ToolContext): ToolMachine {
  const { store } = context;
  const { actions } = store.getState();
  let state: 'idle' | 'pointing' | 'dragging' | 'resizing' | 'marquee' = 'idle';
  let start: Point = { x: 0, y: 0 };
  let page = 1;
  let originals: Annotation[] = [];
  let ids: readonly string[] = [];
  let handle: Handle | undefined;
  let patches: Record<string, AnnotationPatch> | undefined;
  let pressedSelected = false;
  // What a marquee adds to: the selection when it began with Shift, else nothing.
  let kept: string[] = [];

  const finish = (commit: boolean) => {
    if (commit && patches) actions.update(patches, state === 'resizing' ? 'Resize' : 'Move');
    if (patches) actions.setTransient(null);
    if (state === 'marquee') actions.setMarquee(null);
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
        kept = pointer.shiftKey ? selectedIds : [];
        state = 'marquee';
        return;
      }
      pressedSelected = selectedIds.includes(hit.id);
      if (pointer.shiftKey) {
        actions.select(pressedSelected ? selectedIds.filter((id) => id !== hit.id) : [...selectedIds, hit.id]);
        state = 'idle';
        return;
      }
      if (!pressedSelected) actions.select([hit.id]);
      originals = store.getState().annotations.filter((a) => store.getState().selectedIds.includes(a.id));
      ids = originals.map((a) => a.id);
      state = 'pointing';
    },
    pointerMove(pointer) {
      if (state === 'idle' || pointer.page !== page) return;
      if (state === 'marquee') {
        if (!isClick(start, pointer)) actions.setMarquee({ page, rect: rectFromPoints(start, pointer) });
        return;
      }
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
      const annotations = originals.map((a) => ({ ...a, ...next[a.id] }) as Annotation);
      actions.setTransient(state === 'resizing' ? { ids, annotations } : { ids, annotations, moved: { from: originals, dx, dy } });
    },
    pointerUp() {
      if (state === 'marquee') {
        const { annotations, marquee } = store.getState();
        const touched = marquee ? annotationsIn(annotations, page, marquee.rect).map((a) => a.id) : [];
        finish(false);
        actions.select([...kept, ...touched.filter((id) => !kept.includes(id))]);
        return;
      }
      const clicked = state === 'pointing';
      const target = originals.length === 1 ? originals[0] : undefined;
      finish(true);
      // A click on a text box that was already selected starts editing it, like a second click in a word processor.
      const editing = clicked && pressedSelected && target && kindOf(target.type).capabilities.edit?.in === 'box' ? textEditing(target) : undefined;
      if (editing) actions.startEditing(editing);
    },
    doubleClick(pointer) {
      // A double-click edits the text of any kind that has text typed in place: a text box's, a note's.
      const hit = hitTest(store.getState().annotations, pointer.page, pointer, context.tolerance());
      const editing = hit && textEditing(hit);
      if (editing) actions.startEditing(editing);
    },
    cancel() {
      finish(false);
    },
  };
}

export const selectTool: ToolDefinition = {
  preset: { id: 'select', label: 'tool.select', cursor: 'default', shortcut: 'v', icon: ICONS.select },
  createMachine: createSelectMachine,
};
