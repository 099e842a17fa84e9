// Every tool scripted like a user: pointer down, move, up, then what the document holds.
import { describe, expect, it } from 'vitest';
import { ANNOTATION_TYPES } from '../../core/index';
import { KINDS } from '../../core/internal';
import { createTestEditor } from '../../test-support/testEditor';
import { defaultMessages, resolveMessages } from '../messages';
import { TOOLS, toolById, toolLabel } from './registry';

describe('drawing tools', () => {
  it('must create a rectangle from the dragged box, top-left of the drag as its position', () => {
    const editor = createTestEditor().setTool('rectangle').drag([60, 80], [10, 20]);
    expect(editor.annotations).toHaveLength(1);
    expect(editor.annotations[0]).toMatchObject({ type: 'rectangle', page: 1, position: { x: 10, y: 20 }, width: 50, height: 60 });
  });

  it('must show a draft while dragging and add nothing until release', () => {
    const editor = createTestEditor().setTool('rectangle').pointerDown(0, 0).pointerMove(30, 30);
    expect(editor.state.draft).toMatchObject({ type: 'rectangle', width: 30 });
    expect(editor.annotations).toHaveLength(0);
    editor.cancel();
    expect(editor.state.draft).toBeNull();
    expect(editor.annotations).toHaveLength(0);
  });

  it('must give a click the default size of its tool', () => {
    const editor = createTestEditor();
    editor.setTool('rectangle').click(5, 5).setTool('circle').click(5, 5).setTool('highlight').click(5, 5);
    expect(editor.annotations.map((a) => [a.type, 'width' in a ? a.width : 'radius' in a ? a.radius : 0])).toEqual([
      ['rectangle', 100],
      ['circle', 50],
      ['highlight', 100],
    ]);
  });

  it('must draw a circle, an arrow and a smoothed freehand stroke', () => {
    const editor = createTestEditor();
    editor.setTool('circle').drag([0, 0], [40, 20]);
    editor.setTool('arrow').drag([10, 10], [90, 50]);
    editor.setTool('freehand').pointerDown(0, 0);
    for (let i = 1; i <= 20; i++) editor.pointerMove(i * 5, Math.sin(i) * 10 + 50);
    editor.pointerUp(100, 50);
    const [circle, arrow, stroke] = editor.annotations;
    expect(circle).toMatchObject({ type: 'circle', radius: 20 });
    expect(arrow).toMatchObject({ type: 'arrow', position: { x: 10, y: 10 }, endPoint: { x: 90, y: 50 } });
    expect(stroke?.type).toBe('freehand');
    if (stroke?.type === 'freehand') expect(stroke.points.length).toBeGreaterThan(20);
  });

  it('must use the tool\'s style for new annotations and keep highlights yellow after a red rectangle', () => {
    const editor = createTestEditor();
    editor.setTool('rectangle');
    editor.state.actions.setStyle({ strokeWidth: 6, color: '#FF0000' });
    editor.drag([0, 0], [10, 10]);
    expect(editor.annotations[0]).toMatchObject({ strokeWidth: 6, color: '#FF0000' });
    editor.setTool('highlight').drag([0, 0], [50, 10]);
    expect(editor.annotations[1]).toMatchObject({ color: '#FFFF00', opacity: 0.3 });
    editor.setTool('rectangle').drag([20, 20], [40, 40]);
    expect(editor.annotations[2]).toMatchObject({ strokeWidth: 6, color: '#FF0000' });
  });

  it('must snap a text mark to the text lines its drag crosses', () => {
    const editor = createTestEditor({
      textSpans: () => [
        { x: 10, y: 100, width: 200, height: 12 },
        { x: 10, y: 114, width: 150, height: 12 },
      ],
    });
    editor.setTool('underline').drag([5, 98], [220, 125]);
    expect(editor.annotations[0]).toMatchObject({ type: 'underline', position: { x: 10, y: 100 }, width: 200, height: 26 });
    expect(editor.annotations[0] && 'rects' in editor.annotations[0] ? editor.annotations[0].rects : []).toHaveLength(2);
  });

  it('must place a whiteout box of the chosen preset at the click, with a hover preview', () => {
    const editor = createTestEditor().setTool('whiteout');
    editor.pointerMove(30, 40);
    expect(editor.state.draft).toMatchObject({ type: 'whiteout', width: 100, height: 20 });
    editor.state.actions.setStyle({ whiteoutSize: 'large' });
    editor.click(30, 40);
    editor.state.actions.setStyle({ whiteoutSize: 'custom', whiteoutWidth: 300, whiteoutHeight: 60 });
    editor.click(0, 0);
    expect(editor.annotations.map((a) => (a.type === 'whiteout' ? [a.color, a.width, a.height] : []))).toEqual([
      ['#FFFFFF', 200, 40],
      ['#FFFFFF', 300, 60],
    ]);
  });

  it('must resize a selected whiteout to the size picked and keep it opaque white whatever style is picked', () => {
    const editor = createTestEditor().setTool('whiteout').click(30, 40).setTool('select').click(35, 45);
    editor.state.actions.setStyle({ color: '#FF0000', opacity: 0.5, strokeWidth: 6 });
    expect(editor.annotations[0]).toMatchObject({ color: '#FFFFFF', opacity: 1, width: 100, height: 20 });
    // Nothing changed, so nothing to undo but the placing.
    expect(editor.store.history.undoCount).toBe(1);
    editor.state.actions.setStyle({ whiteoutSize: 'small' });
    expect(editor.annotations[0]).toMatchObject({ color: '#FFFFFF', position: { x: 30, y: 40 }, width: 50, height: 15 });
  });

  it('must erase what the eraser clicks and outline what it hovers', () => {
    const editor = createTestEditor().setTool('rectangle').drag([0, 0], [50, 50]).setTool('eraser');
    editor.pointerMove(25, 25);
    expect(editor.state.hoverId).toBe(editor.annotations[0]?.id);
    editor.click(200, 200);
    expect(editor.annotations).toHaveLength(1);
    editor.click(25, 25);
    expect(editor.annotations).toHaveLength(0);
  });

  it('must ask for an image after the drag, sized by the drag or 200x200', () => {
    const editor = createTestEditor().setTool('image').drag([10, 10], [70, 50]);
    expect(editor.state.placement).toEqual({ kind: 'image', page: 1, rect: { x: 10, y: 10, width: 60, height: 40 } });
    editor.state.actions.completePlacement('data:image/png;base64,AAAA');
    expect(editor.annotations[0]).toMatchObject({ type: 'image', width: 60, height: 40, imageData: 'data:image/png;base64,AAAA' });
    editor.click(5, 5);
    expect(editor.state.placement?.rect).toEqual({ x: 5, y: 5, width: 200, height: 200 });
  });

  it('must place a signature as 200x80 at the drag start and offer it again', () => {
    const editor = createTestEditor().setTool('signature').drag([30, 40], [300, 300]);
    expect(editor.state.placement).toMatchObject({ kind: 'signature', rect: { x: 30, y: 40, width: 200, height: 80 } });
    editor.state.actions.completePlacement('data:image/png;base64,SIG');
    expect(editor.annotations[0]).toMatchObject({ type: 'signature', width: 200, height: 80 });
    expect(editor.state.savedSignatures).toEqual(['data:image/png;base64,SIG']);
  });
});

describe('text and comments', () => {
  it('must add text on commit only when it is not blank, and cancel on Escape', () => {
    const editor = createTestEditor().setTool('text').click(10, 10);
    expect(editor.state.editing).toMatchObject({ kind: 'text', position: { x: 10, y: 10 }, content: '' });
    editor.state.actions.setEditingContent('   ');
    editor.state.actions.commitEditing();
    expect(editor.annotations).toHaveLength(0);
    editor.click(10, 10);
    editor.state.actions.setEditingContent('Hello');
    editor.state.actions.cancelEditing();
    expect(editor.annotations).toHaveLength(0);
    editor.click(10, 10);
    editor.state.actions.setEditingContent('Hello');
    editor.state.actions.commitEditing();
    expect(editor.annotations[0]).toMatchObject({ type: 'text', content: 'Hello', fontSize: 16, fontFamily: 'Arial' });
  });

  it('must edit existing text on double-click and delete it when committed blank', () => {
    const editor = createTestEditor().setTool('text').click(10, 10);
    editor.state.actions.setEditingContent('Hello');
    editor.state.actions.commitEditing();
    editor.setTool('select').doubleClick(15, 15);
    expect(editor.state.editing).toMatchObject({ id: editor.annotations[0]?.id, content: 'Hello' });
    editor.state.actions.setEditingContent('');
    editor.state.actions.commitEditing();
    expect(editor.annotations).toHaveLength(0);
  });

  it('must keep a comment as a sticky note with its text', () => {
    const editor = createTestEditor().setTool('comment').click(40, 40);
    editor.state.actions.setEditingContent('Check this figure');
    editor.state.actions.commitEditing();
    expect(editor.annotations[0]).toMatchObject({ type: 'comment', content: 'Check this figure', position: { x: 40, y: 40 } });
  });
});

describe('select tool', () => {
  const withTwoBoxes = () =>
    createTestEditor().setTool('rectangle').drag([0, 0], [50, 50]).drag([100, 100], [150, 150]).setTool('select');

  it('must select on click, add with shift-click and clear on an empty click', () => {
    const editor = withTwoBoxes();
    const [a, b] = editor.annotations;
    editor.click(25, 25);
    expect(editor.state.selectedIds).toEqual([a?.id]);
    editor.withShift().click(125, 125).withShift(false);
    expect(editor.state.selectedIds).toEqual([a?.id, b?.id]);
    editor.click(300, 300);
    expect(editor.state.selectedIds).toEqual([]);
  });

  it('must move the selection by dragging, as one undo step', () => {
    const editor = withTwoBoxes();
    editor.drag([25, 25], [45, 35]);
    expect(editor.annotations[0]?.position).toEqual({ x: 20, y: 10 });
    expect(editor.state.canUndo).toBe(true);
    editor.undo();
    expect(editor.annotations[0]?.position).toEqual({ x: 0, y: 0 });
    editor.redo();
    expect(editor.annotations[0]?.position).toEqual({ x: 20, y: 10 });
  });

  it('must put a drag back when it is cancelled (pointer left the page)', () => {
    const editor = withTwoBoxes();
    editor.pointerDown(25, 25).pointerMove(80, 80);
    expect(editor.state.transient?.annotations[0]?.position).toEqual({ x: 55, y: 55 });
    editor.cancel();
    expect(editor.state.transient).toBeNull();
    expect(editor.annotations[0]?.position).toEqual({ x: 0, y: 0 });
    expect(editor.store.history.undoCount).toBe(2);
    expect(editor.machine.state).toBe('idle');
  });

  it('must leave the document alone while a drag lasts and change only the dragged shape on release', () => {
    const editor = withTwoBoxes();
    const before = editor.annotations;
    editor.pointerDown(25, 25);
    for (let i = 1; i <= 10; i++) editor.pointerMove(25 + i * 3, 25);
    // Moves show a transient copy; the list every page renders from is the very same array.
    expect(editor.annotations).toBe(before);
    expect(editor.state.transient?.ids).toEqual([before[0]?.id]);
    expect(editor.state.transient?.annotations[0]?.position).toEqual({ x: 30, y: 0 });
    editor.pointerUp(55, 25);
    expect(editor.state.transient).toBeNull();
    expect(editor.annotations[0]?.position).toEqual({ x: 30, y: 0 });
    // Structural sharing: the untouched box keeps its identity, so its memoised shape skips rendering.
    expect(editor.annotations[1]).toBe(before[1]);
  });

  it('must resize from a corner handle of the selected annotation', () => {
    const editor = withTwoBoxes().click(25, 25);
    editor.drag([50, 50], [80, 70]);
    expect(editor.annotations[0]).toMatchObject({ position: { x: 0, y: 0 }, width: 80, height: 70 });
  });

  it('must deselect when another tool is chosen', () => {
    const editor = withTwoBoxes().click(25, 25);
    expect(editor.state.selectedIds).toHaveLength(1);
    editor.setTool('rectangle');
    expect(editor.state.selectedIds).toEqual([]);
  });
});

describe('tool labels', () => {
  it("must label the toolbar in the spec's English, each kind's label coming from its own tool file", () => {
    expect(TOOLS.map((tool) => toolLabel(tool.preset, defaultMessages))).toEqual([
      'Select',
      'Text',
      'Highlight',
      'Strikethrough',
      'Underline',
      'Squiggly',
      'Draw',
      'Rectangle',
      'Circle',
      'Ellipse',
      'Arrow',
      'Polygon',
      'Polyline',
      'Comment',
      'Insert text',
      'Signature',
      'Stamp',
      'Image',
      'Whiteout',
      'Eraser',
    ]);
  });

  it("must show a host's translation of a kind's tool instead, and English for the keys it leaves out", () => {
    const messages = resolveMessages({ 'tool.rectangle': 'Rechteck' });
    expect(toolLabel(toolById('rectangle').preset, messages)).toBe('Rechteck');
    expect(toolLabel(toolById('circle').preset, messages)).toBe('Circle');
  });
});

// The registries of the kinds are kept by hand, typed over AnnotationType; what the types cannot
// say (order, and the variant names a kind gives at run time) is checked here.
describe('the kind registries', () => {
  it('must give the toolbar, between select and the eraser, the order of the model', () => {
    expect(TOOLS.map((tool) => tool.preset.id)).toEqual(['select', ...ANNOTATION_TYPES, 'eraser']);
  });

  it('must give every variant of a kind, and only those, a label in the messages', () => {
    for (const type of ANNOTATION_TYPES) {
      const variants = KINDS[type].variants;
      const expected = variants ? ['variants', ...variants.names].map((variant) => `${type}.${variant}`) : [];
      const labelled = Object.keys(defaultMessages).filter((key) => key.startsWith(`${type}.`));
      expect(labelled.sort(), `KIND_VARIANT_LABELS in src/editor/tools/labels.ts for ${type}`).toEqual(expected.sort());
    }
  });
});
