// The store over the core history: one gesture or command is one undo step, page operations
// included, and each store is its own world.
import { describe, expect, it, vi } from 'vitest';
import { type Annotation, normalizeAnnotation, pdfRevision } from '../../core/index';
import { readSharedPdf, hasSharedPdfs } from '../../test-support/sharedPdfs';
import { createTestEditor } from '../../test-support/testEditor';
import { createEditor } from '../createEditor';
import { createEditorStore } from './createEditorStore';
import { parseRange, runPageOperation } from './pageOperations';
import { stepZoom } from './zoom';

const rect = (page = 1, x = 0) => normalizeAnnotation({ type: 'rectangle', page, position: { x, y: 0 } }) as Annotation;

describe('editor store', () => {
  it('must keep two editors apart', () => {
    const a = createEditorStore();
    const b = createEditorStore();
    a.getState().actions.add(rect());
    expect(a.getState().annotations).toHaveLength(1);
    expect(b.getState().annotations).toHaveLength(0);
    expect(b.getState().canUndo).toBe(false);
  });

  it('must undo and redo adds, updates and deletes one step at a time', () => {
    const store = createEditorStore();
    const { actions } = store.getState();
    const r = rect();
    actions.add(r);
    actions.update({ [r.id]: { color: '#FF0000' } });
    actions.remove([r.id]);
    expect(store.getState().annotations).toHaveLength(0);
    actions.undo();
    expect(store.getState().annotations[0]?.color).toBe('#FF0000');
    actions.undo();
    expect(store.getState().annotations[0]?.color).toBe('#000000');
    actions.redo();
    expect(store.getState().annotations[0]?.color).toBe('#FF0000');
    expect(store.getState().canRedo).toBe(true);
  });

  it('must turn a whole slider drag on a selection into one undo step', () => {
    const store = createEditorStore();
    const { actions } = store.getState();
    const r = rect();
    actions.add(r);
    actions.select([r.id]);
    for (const opacity of [0.9, 0.7, 0.5, 0.3]) actions.setStyle({ opacity }, { mergeKey: 'opacity:1' });
    expect(store.getState().annotations[0]?.opacity).toBe(0.3);
    actions.undo();
    expect(store.getState().annotations[0]?.opacity).toBe(1);
    expect(store.history.undoCount).toBe(1);
  });

  it('must keep the colour chosen for a tool with that tool: a highlight stays yellow after a red rectangle', () => {
    const store = createEditorStore();
    const { actions } = store.getState();
    actions.setTool('highlight');
    const highlightStyle = store.getState().style;
    actions.setTool('rectangle');
    actions.setStyle({ color: '#FF0000', strokeWidth: 4 });
    actions.setTool('highlight');
    expect(store.getState().style).toEqual(highlightStyle);
    actions.setStyle({ color: '#00FF00' });
    actions.setTool('select');
    actions.setTool('rectangle');
    expect(store.getState().style).toMatchObject({ color: '#FF0000', strokeWidth: 4 });
    actions.setTool('highlight');
    expect(store.getState().style.color).toBe('#00FF00');
    // A tool never used starts from the default style, or from one chosen with no tool active.
    actions.setTool('circle');
    expect(store.getState().style.color).toBe('#000000');
    actions.setTool('select');
    actions.setStyle({ color: '#0000FF' });
    actions.setTool('arrow');
    expect(store.getState().style.color).toBe('#0000FF');
    actions.setTool('rectangle');
    expect(store.getState().style.color).toBe('#FF0000');
  });

  it('must paste copies 20 pt right and down on the current page, selected', () => {
    const store = createEditorStore();
    const { actions } = store.getState();
    const r = rect(1, 10);
    actions.add(r);
    actions.select([r.id]);
    actions.copy();
    actions.goToPage(1);
    actions.paste();
    const pasted = store.getState().annotations[1];
    expect(pasted).toMatchObject({ type: 'rectangle', position: { x: 30, y: 20 } });
    expect(pasted?.id).not.toBe(r.id);
    expect(store.getState().selectedIds).toEqual([pasted?.id]);
  });

  it('must nudge the selection with the arrow keys and forget deleted selections', () => {
    const store = createEditorStore();
    const { actions } = store.getState();
    const r = rect();
    actions.add(r);
    actions.select([r.id]);
    actions.nudge(10, -1);
    expect(store.getState().annotations[0]?.position).toEqual({ x: 10, y: -1 });
    actions.deleteSelected();
    expect(store.getState().selectedIds).toEqual([]);
  });

  it('must ask the gate before a tool and report a prompt to the host', () => {
    const onGatePrompt = vi.fn();
    const store = createEditorStore({
      gate: { check: (action) => (action.type === 'tool' && action.tool === 'signature' ? { prompt: 'pro-feature', message: 'Upgrade to Pro to use this feature' } : 'allow') },
      onGatePrompt,
    });
    expect(store.getState().actions.setTool('signature')).toBe(false);
    expect(store.getState().tool).toBe('select');
    expect(onGatePrompt).toHaveBeenCalledWith({ prompt: 'pro-feature', message: 'Upgrade to Pro to use this feature' }, { type: 'tool', tool: 'signature' });
    expect(store.getState().actions.setTool('rectangle')).toBe(true);
  });

  it('must step zoom on the 0.25 grid within 0.5 and 3', () => {
    expect(stepZoom(1.5, 1)).toBe(1.75);
    expect(stepZoom(1.3, 1)).toBe(1.5);
    expect(stepZoom(1.3, -1)).toBe(1.25);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });

  it('must read page ranges for extraction', () => {
    expect(parseRange('2-4', 5)).toEqual({ from: 2, to: 4 });
    expect(parseRange(' 3 ', 5)).toEqual({ from: 3, to: 3 });
    expect(parseRange('4-2', 5)).toBeNull();
    expect(parseRange('1-9', 5)).toBeNull();
  });

  it('must commit a gesture as one step and roll a cancelled one back', () => {
    const editor = createTestEditor().setTool('rectangle').drag([0, 0], [10, 10]).setTool('select');
    editor.pointerDown(5, 5);
    for (let i = 1; i <= 10; i++) editor.pointerMove(5 + i * 3, 5);
    editor.pointerUp(35, 5);
    expect(editor.store.history.undoCount).toBe(2);
    editor.undo();
    expect(editor.annotations[0]?.position).toEqual({ x: 0, y: 0 });
  });

  it('must keep the five most recently used signatures, newest first, each once, and forget one on request', () => {
    const store = createEditorStore();
    const { actions } = store.getState();
    const sign = (n: number) => {
      actions.requestPlacement({ kind: 'signature', page: 1, rect: { x: 0, y: 0, width: 200, height: 80 } });
      actions.completePlacement(`data:image/png;base64,${n}`);
    };
    [1, 2, 3, 4, 5, 6].forEach(sign);
    sign(3);
    expect(store.getState().savedSignatures).toEqual([3, 6, 5, 4, 2].map((n) => `data:image/png;base64,${n}`));
    expect(store.getState().annotations).toHaveLength(7);
    actions.removeSavedSignature('data:image/png;base64,6');
    expect(store.getState().savedSignatures).toEqual([3, 5, 4, 2].map((n) => `data:image/png;base64,${n}`));
    // An image placed the same way is not a signature to offer again.
    actions.requestPlacement({ kind: 'image', page: 1, rect: { x: 0, y: 0, width: 200, height: 200 } });
    actions.completePlacement('data:image/png;base64,7');
    expect(store.getState().savedSignatures).toHaveLength(4);
  });
});

describe('who writes the state', () => {
  // The guarantee behind "a slice's fields change only through its actions": outside the store's
  // own module nothing can call setState on the editor's state or on its document view.
  // `npm run typecheck` fails on the @ts-expect-error lines if the types regain setState, and the
  // assertions fail if the objects do.
  it('must hand out the editor store and the document view without setState', () => {
    const editor = createEditor();
    // @ts-expect-error EditorStore has no setState.
    expect(editor.store.setState).toBeUndefined();
    // @ts-expect-error DocumentController has no setState.
    expect(editor.document.setState).toBeUndefined();
    expect('setState' in createEditorStore()).toBe(false);
  });

  it('must let persistence and the signature sync record their state through actions', () => {
    const store = createEditorStore();
    const { actions } = store.getState();
    const signature = 'data:image/png;base64,1';
    actions.setSavedSignatures([signature, signature]);
    expect(store.getState().savedSignatures).toEqual([signature]);
    const before = store.getState();
    actions.setSavedSignatures([signature]);
    expect(store.getState()).toBe(before);
    actions.setDirty(true);
    actions.setSaving(true);
    expect(store.getState()).toMatchObject({ dirty: true, saving: true, conflict: null });
  });
});

describe.skipIf(!hasSharedPdfs)('page operations in the store', () => {
  it('must rotate, reorder and delete pages as undoable steps with annotations following', async () => {
    const pdf = pdfRevision(readSharedPdf('sizes.pdf'));
    const store = createEditorStore({ pdf, annotations: [rect(1), rect(3)] });
    await runPageOperation(store, { type: 'reorder', order: [3, 1, 2] });
    expect(store.getState().annotations.map((a) => a.page)).toEqual([2, 1]);
    expect(store.getState().pdf).not.toBe(pdf);
    await runPageOperation(store, { type: 'delete', pages: [1] });
    expect(store.getState().annotations.map((a) => a.page)).toEqual([1]);
    store.getState().actions.undo();
    expect(store.getState().annotations.map((a) => a.page)).toEqual([2, 1]);
    store.getState().actions.undo();
    expect(store.getState().annotations.map((a) => a.page)).toEqual([1, 3]);
    expect(store.getState().pdf).toBe(pdf);
    expect(store.getState().documentRevision).toBeGreaterThan(0);
  });
});
