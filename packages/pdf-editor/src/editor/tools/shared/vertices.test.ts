// The polygon and polyline tools scripted like a user, through the editor a host mounts: clicks
// add vertices, a segment follows the pointer, a double-click or Enter finishes, Backspace takes
// the last vertex back and Escape drops the shape; keys go through the editor's shortcuts.
import { describe, expect, it } from 'vitest';
import type { EditorTool } from '../../../core/index';
import { runShortcut } from '../../commands';
import { createEditor } from '../../createEditor';

function user(tool: EditorTool) {
  const editor = createEditor({ signatureStore: null });
  editor.setTool(tool);
  const at = (x: number, y: number) => ({ page: 1, x, y });
  const self = {
    editor,
    get annotations() {
      return editor.getAnnotations();
    },
    get draft() {
      return editor.store.getState().draft;
    },
    move(x: number, y: number) {
      editor.machine().pointerMove(at(x, y));
      return self;
    },
    click(x: number, y: number) {
      editor.machine().pointerDown(at(x, y));
      editor.machine().pointerUp(at(x, y));
      return self;
    },
    /** What a browser sends for a double-click: two clicks, then dblclick. */
    doubleClick(x: number, y: number) {
      self.click(x, y).click(x, y);
      editor.machine().doubleClick?.(at(x, y));
      return self;
    },
    press(key: string) {
      runShortcut(editor, { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false });
      return self;
    },
  };
  return self;
}

describe('the polygon tool', () => {
  it('must add a vertex per click, show the segment to the pointer, and close the outline on a double-click', () => {
    const drawing = user('polygon').click(100, 100).move(200, 120);
    // Two points are no polygon yet: the preview is the open line to the pointer.
    expect(drawing.draft).toMatchObject({ type: 'polyline', points: [{ x: 100, y: 100 }, { x: 200, y: 120 }] });
    drawing.click(200, 120).move(180, 220);
    expect(drawing.draft).toMatchObject({ type: 'polygon', points: [{ x: 100, y: 100 }, { x: 200, y: 120 }, { x: 180, y: 220 }] });
    expect(drawing.annotations).toHaveLength(0);
    drawing.click(180, 220).doubleClick(90, 200);
    expect(drawing.draft).toBeNull();
    expect(drawing.annotations).toHaveLength(1);
    expect(drawing.annotations[0]).toMatchObject({
      type: 'polygon',
      page: 1,
      position: { x: 90, y: 100 },
      points: [{ x: 100, y: 100 }, { x: 200, y: 120 }, { x: 180, y: 220 }, { x: 90, y: 200 }],
    });
    drawing.editor.undo();
    expect(drawing.annotations).toHaveLength(0);
  });

  it('must wait for a third vertex when Enter comes after two, then finish on Enter', () => {
    const drawing = user('polygon').click(10, 10).click(90, 10).press('Enter');
    expect(drawing.annotations).toHaveLength(0);
    drawing.click(50, 80).press('Enter');
    expect(drawing.annotations[0]).toMatchObject({ type: 'polygon', points: [{ x: 10, y: 10 }, { x: 90, y: 10 }, { x: 50, y: 80 }] });
  });

  it('must take the fill of the current style, as the rectangle does', () => {
    const drawing = user('polygon');
    drawing.editor.store.getState().actions.setStyle({ fillColor: '#00FF00', color: '#FF0000', strokeWidth: 5 });
    drawing.click(10, 10).click(90, 10).doubleClick(50, 80);
    expect(drawing.annotations[0]).toMatchObject({ fillStyle: 'solid', fillColor: '#00FF00', color: '#FF0000', strokeWidth: 5 });
  });

  it('must drop the whole shape on Escape, leaving nothing to undo', () => {
    const drawing = user('polygon').click(10, 10).click(90, 10).click(50, 80).move(20, 60).press('Escape');
    expect(drawing.draft).toBeNull();
    expect(drawing.annotations).toHaveLength(0);
    expect(drawing.editor.store.getState().canUndo).toBe(false);
    // The next click starts a new shape.
    drawing.click(200, 200).click(300, 200).click(250, 300).press('Enter');
    expect(drawing.annotations[0]).toMatchObject({ points: [{ x: 200, y: 200 }, { x: 300, y: 200 }, { x: 250, y: 300 }] });
  });
  it('must keep a shape with enough vertices when the user picks another tool, and drop one without', () => {
    const drawing = user('polygon').click(10, 10).click(90, 10).click(50, 80).move(20, 60);
    drawing.editor.setTool('select');
    expect(drawing.draft).toBeNull();
    expect(drawing.annotations).toHaveLength(1);
    expect(drawing.annotations[0]).toMatchObject({ type: 'polygon', points: [{ x: 10, y: 10 }, { x: 90, y: 10 }, { x: 50, y: 80 }] });
    // Two vertices are no polygon: they go, and the draft with them.
    drawing.editor.setTool('polygon');
    drawing.click(200, 200).click(300, 200).move(250, 300);
    drawing.editor.setTool('rectangle');
    expect(drawing.draft).toBeNull();
    expect(drawing.annotations).toHaveLength(1);
  });
});

describe.each(['polygon', 'polyline'] as const)('Enter before the first vertex of a %s', (tool) => {
  it('must do nothing: no shape, no vertex, nothing to undo, and the next clicks start the outline', () => {
    const drawing = user(tool).press('Enter').press('Enter');
    expect(drawing.annotations).toHaveLength(0);
    expect(drawing.draft).toBeNull();
    expect(drawing.editor.store.getState().canUndo).toBe(false);
    drawing.click(10, 10).click(90, 10).click(50, 80).press('Enter');
    expect(drawing.annotations).toMatchObject([{ type: tool, points: [{ x: 10, y: 10 }, { x: 90, y: 10 }, { x: 50, y: 80 }] }]);
  });
});

describe('the polyline tool', () => {
  it('must take back the last vertex on Backspace and end the line on Enter', () => {
    const drawing = user('polyline').click(10, 10).click(60, 40).click(500, 500).press('Backspace').click(110, 10).press('Enter');
    expect(drawing.annotations).toHaveLength(1);
    expect(drawing.annotations[0]).toMatchObject({ type: 'polyline', position: { x: 10, y: 10 }, points: [{ x: 10, y: 10 }, { x: 60, y: 40 }, { x: 110, y: 10 }] });
  });

  it('must leave Backspace to the selection when no line is being drawn', () => {
    const drawing = user('polyline').click(10, 10).doubleClick(60, 40);
    const [line] = drawing.annotations;
    drawing.editor.store.getState().actions.select([line?.id ?? '']);
    drawing.press('Backspace');
    expect(drawing.annotations).toHaveLength(0);
  });

  it('must make the default line, a peak in a 100 pt box, from one click finished at once', () => {
    const drawing = user('polyline').click(30, 40).press('Enter');
    expect(drawing.annotations[0]).toMatchObject({ type: 'polyline', position: { x: 30, y: 40 }, points: [{ x: 30, y: 140 }, { x: 80, y: 40 }, { x: 130, y: 140 }] });
  });

  it('must keep its vertices when the pointer leaves the page between clicks', () => {
    const drawing = user('polyline').click(10, 10).move(40, 40);
    drawing.editor.machine().leave?.();
    expect(drawing.draft).toBeNull();
    drawing.click(60, 40).press('Enter');
    expect(drawing.annotations[0]).toMatchObject({ points: [{ x: 10, y: 10 }, { x: 60, y: 40 }] });
  });

  it('must draw the line ends picked in the panel, and change a selected line\'s as one undo step', () => {
    const drawing = user('polyline');
    const { actions } = drawing.editor.store.getState();
    actions.setStyle({ variants: { polyline: 'arrow' } });
    drawing.click(10, 10).click(60, 40).press('Enter');
    // The line being drawn shows the arrow too.
    drawing.click(10, 100).move(60, 140);
    expect(drawing.draft).toMatchObject({ lineEndings: { start: 'None', end: 'OpenArrow' } });
    drawing.press('Escape');
    const [line] = drawing.annotations;
    expect(line).toMatchObject({ lineEndings: { start: 'None', end: 'OpenArrow' } });
    actions.select([line?.id ?? '']);
    actions.setStyle({ variants: { polyline: 'both' } });
    expect(drawing.annotations[0]).toMatchObject({ lineEndings: { start: 'OpenArrow', end: 'OpenArrow' } });
    drawing.editor.undo();
    expect(drawing.annotations[0]).toMatchObject({ lineEndings: { start: 'None', end: 'OpenArrow' } });
  });
});
