// Several annotations selected at once, scripted like a user through the editor a host mounts:
// Shift+click adds or takes out one, a marquee dragged over empty page area picks every annotation
// it touches, and the group then moves, nudges, restyles, is copied, pasted and deleted together,
// each action one undo step. Keys go through the editor's shortcuts.
import { describe, expect, it } from 'vitest';
import { type Annotation, normalizeAnnotation } from '../../../core/index';
import { runShortcut } from '../../commands';
import { createEditor } from '../../createEditor';

const box = (x: number, y: number) => normalizeAnnotation({ type: 'rectangle', page: 1, position: { x, y }, width: 40, height: 40 }) as Annotation;
const arrow = normalizeAnnotation({ type: 'arrow', page: 1, position: { x: 300, y: 300 }, endPoint: { x: 360, y: 340 } }) as Annotation;

function user() {
  // Three boxes in a row and an arrow further down the page.
  const annotations = [box(50, 50), box(150, 50), box(250, 50), arrow];
  const editor = createEditor({ signatureStore: null, defaultAnnotations: annotations });
  const at = (x: number, y: number, shiftKey = false) => ({ page: 1, x, y, shiftKey });
  const ids = annotations.map((a) => a.id);
  const self = {
    editor,
    ids,
    get selected() {
      return editor.getState().selectedIds;
    },
    get annotations() {
      return editor.getAnnotations();
    },
    positions() {
      return editor.getAnnotations().map((a) => ('position' in a ? a.position : null));
    },
    click(x: number, y: number, shiftKey = false) {
      editor.machine().pointerDown(at(x, y, shiftKey));
      editor.machine().pointerUp(at(x, y, shiftKey));
      return self;
    },
    drag(from: [number, number], to: [number, number], shiftKey = false) {
      editor.machine().pointerDown(at(...from, shiftKey));
      editor.machine().pointerMove(at((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, shiftKey));
      editor.machine().pointerMove(at(...to, shiftKey));
      editor.machine().pointerUp(at(...to, shiftKey));
      return self;
    },
    press(key: string, modifiers: { ctrlKey?: boolean; shiftKey?: boolean } = {}) {
      runShortcut(editor, { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers });
      return self;
    },
    undoSteps: () => editor.store.history.undoCount,
  };
  return self;
}

describe('multi-select with the select tool', () => {
  it('must add an annotation with Shift+click and take it out with another', () => {
    const u = user().click(70, 70).click(170, 70, true).click(270, 70, true);
    expect(u.selected).toEqual(u.ids.slice(0, 3));
    u.click(170, 70, true);
    expect(u.selected).toEqual([u.ids[0], u.ids[2]]);
  });

  it('must select every annotation a marquee on empty page area touches, show the box while it is dragged, and add to the selection with Shift', () => {
    const u = user();
    u.editor.machine().pointerDown({ page: 1, x: 20, y: 20 });
    u.editor.machine().pointerMove({ page: 1, x: 160, y: 60 });
    expect(u.editor.getState().marquee).toEqual({ page: 1, rect: { x: 20, y: 20, width: 140, height: 40 } });
    u.editor.machine().pointerUp({ page: 1, x: 160, y: 60 });
    // The marquee only touches the second box's corner: touching is enough, as in drawing apps.
    expect(u.selected).toEqual(u.ids.slice(0, 2));
    expect(u.editor.getState().marquee).toBeNull();
    u.drag([280, 280], [320, 320], true);
    expect(u.selected).toEqual([u.ids[0], u.ids[1], u.ids[3]]);
    // A plain click on empty area clears the selection; nothing was changed, so nothing to undo.
    u.click(500, 500);
    expect(u.selected).toEqual([]);
    expect(u.undoSteps()).toBe(0);
  });

  it('must move the group by dragging one of its members, and undo the move as one step', () => {
    const u = user().drag([20, 20], [400, 100]);
    expect(u.selected).toHaveLength(3);
    u.drag([170, 70], [180, 90]);
    expect(u.positions().slice(0, 3)).toEqual([{ x: 60, y: 70 }, { x: 160, y: 70 }, { x: 260, y: 70 }]);
    expect(u.undoSteps()).toBe(1);
    u.press('z', { ctrlKey: true });
    expect(u.positions().slice(0, 3)).toEqual([{ x: 50, y: 50 }, { x: 150, y: 50 }, { x: 250, y: 50 }]);
  });

  it('must nudge the group with the arrow keys, each press one step', () => {
    const u = user().click(70, 70).click(320, 310, true);
    u.press('ArrowRight').press('ArrowDown', { shiftKey: true });
    expect(u.annotations[0]).toMatchObject({ position: { x: 51, y: 60 } });
    expect(u.annotations[3]).toMatchObject({ position: { x: 301, y: 310 }, endPoint: { x: 361, y: 350 } });
    expect(u.undoSteps()).toBe(2);
  });

  it('must restyle the whole group from the style panel, a slider drag undone as one step', () => {
    const u = user().drag([20, 20], [400, 400]);
    const { actions } = u.editor.getState();
    actions.setStyle({ color: '#FF0000' });
    for (const width of [3, 4, 5, 6]) actions.setStyle({ strokeWidth: width }, { mergeKey: 'stroke-width' });
    for (const opacity of [0.8, 0.6, 0.5]) actions.setStyle({ opacity }, { mergeKey: 'opacity' });
    expect(u.annotations.map((a) => [a.color, 'strokeWidth' in a ? a.strokeWidth : null, a.opacity])).toEqual(
      Array.from({ length: 4 }, () => ['#FF0000', 6, 0.5]),
    );
    expect(u.undoSteps()).toBe(3);
    u.press('z', { ctrlKey: true });
    expect(u.annotations.map((a) => a.opacity)).toEqual([1, 1, 1, 1]);
    expect(u.annotations.map((a) => a.color)).toEqual(Array.from({ length: 4 }, () => '#FF0000'));
  });

  it('must copy and paste the group together, selected after the paste and undone as one step', () => {
    const u = user().click(70, 70).click(270, 70, true).press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    expect(u.annotations).toHaveLength(6);
    const pasted = u.annotations.slice(4);
    expect(pasted.map((a) => ('position' in a ? a.position : null))).toEqual([{ x: 70, y: 70 }, { x: 270, y: 70 }]);
    expect(u.selected).toEqual(pasted.map((a) => a.id));
    expect(u.undoSteps()).toBe(1);
    u.press('z', { ctrlKey: true });
    expect(u.annotations).toHaveLength(4);
  });

  it('must delete the group with one key press, undone as one step', () => {
    const u = user().drag([20, 20], [400, 400]).press('Delete');
    expect(u.annotations).toEqual([]);
    expect(u.selected).toEqual([]);
    u.press('z', { ctrlKey: true });
    expect(u.annotations.map((a) => a.id)).toEqual(u.ids);
  });
});
