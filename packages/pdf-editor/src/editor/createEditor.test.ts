// The editor without React, driven as a vanilla host drives it: load a real PDF, draw, undo,
// download through onDownload, and check the file with poppler and qpdf. Runs in Node: no DOM, no
// React, and no pdf.js either, since no view attaches the document.
import { describe, expect, it } from 'vitest';
import { type Annotation, type AnnotationDiff, type Gate, memoryStorage, normalizeAnnotation, type StorageAdapter } from '../core/index';
import { hasSharedPdfs, readSharedPdf } from '../test-support/sharedPdfs';
import { hasColorIn, pdfInfo, qpdfCheck, renderPagePixels } from '../test-support/pdfTools';
import { createEditor } from './createEditor';
import type { Editor } from './types';
import type { EditorOptions, ExportedPdf } from './options';
import { until } from '../test-support/pdfjsInNode';

const EDITOR_WAIT = { tries: 200, message: 'Timed out waiting for the editor' };

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

const box = (color: string, x: number) =>
  normalizeAnnotation({ type: 'rectangle', page: 1, position: { x, y: 100 }, width: 100, height: 100, color, fillStyle: 'solid' }) as Annotation;

/** Waits until `done` holds: the file and storage load asynchronously after mount. */
/** An editor mounted on a real PDF, recording what it hands the host. */
async function openEditor(options: EditorOptions = {}) {
  const downloads: { bytes: Uint8Array; fileName: string }[] = [];
  const exported: ExportedPdf[] = [];
  const changes: Annotation[][] = [];
  const editor = createEditor({
    file: readSharedPdf('tracemonkey.pdf'),
    fileName: 'tracemonkey.pdf',
    signatureStore: null,
    onDownload: (bytes, fileName) => void downloads.push({ bytes, fileName }),
    onExported: (result) => void exported.push(result),
    onAnnotationsChange: (list) => void changes.push(list),
    ...options,
  });
  const unmount = editor.mount();
  await until(() => editor.getState().pdf !== null, EDITOR_WAIT);
  return { editor, unmount, downloads, exported, changes };
}

const add = (editor: Editor, annotation: Annotation) => editor.getState().actions.add(annotation);

/** A diff as the ids a host would write and delete, with where each updated annotation moved from and to. */
const idsOf = ({ added, updated, removed }: AnnotationDiff) => ({
  added: added.map((a) => a.id),
  updated: updated.map(([before, after]) => `${after.id} ${before.position.x}->${after.position.x}`),
  removed: removed.map((a) => a.id),
});

describe.skipIf(!hasSharedPdfs)('createEditor', () => {
  it('must load a PDF, draw, undo, and hand the download to onDownload with the edited name', async () => {
    const { editor, downloads, exported, changes, unmount } = await openEditor();
    add(editor, box('#FF0000', 100));
    add(editor, box('#0000FF', 300));
    editor.undo();
    expect(editor.getAnnotations().map((a) => a.color)).toEqual(['#FF0000']);
    expect(editor.getState().canRedo).toBe(true);

    await expect(editor.download()).resolves.toBe(true);
    expect(downloads.map((d) => d.fileName)).toEqual(['tracemonkey_edited.pdf']);
    const [download] = downloads;
    if (!download) throw new Error('no download');
    expect(exported).toEqual([{ bytes: download.bytes, annotations: editor.getAnnotations(), warnings: [] }]);
    expect(changes.map((list) => list.length)).toEqual([1, 2, 1]);

    expect((await qpdfCheck(download.bytes)).errors).toEqual([]);
    expect((await pdfInfo(download.bytes)).pages).toBe(14);
    // 36 dpi: half a pixel per point. The red box is drawn; the undone blue one is not.
    const page = await renderPagePixels(download.bytes, 1);
    expect(hasColorIn(page, { x: 60, y: 60, width: 30, height: 30 }, RED)).toBe(true);
    expect(hasColorIn(page, { x: 160, y: 60, width: 30, height: 30 }, BLUE)).toBe(false);
    unmount();
  });

  it('must name a watermarked download and extracted pages as the browser download would', async () => {
    const { editor, downloads, unmount } = await openEditor();
    await expect(editor.download({ watermark: true })).resolves.toBe(true);
    await expect(editor.downloadPages({ from: 2, to: 3 })).resolves.toBe(true);
    expect(downloads.map((d) => d.fileName)).toEqual(['tracemonkey_edited_watermark.pdf', 'tracemonkey_pages_2-3.pdf']);
    expect((await pdfInfo(downloads[1]?.bytes ?? new Uint8Array())).pages).toBe(2);
    unmount();
  });

  it('must not download when the gate prompts, and tell onGatePrompt instead', async () => {
    const prompts: string[] = [];
    const gate: Gate = { check: (action) => (action.type === 'download' ? { prompt: 'download', message: 'Sign up' } : 'allow') };
    const { editor, downloads, exported, unmount } = await openEditor({ gate, onGatePrompt: (decision) => void prompts.push(decision.prompt) });
    await expect(editor.download()).resolves.toBe(false);
    await expect(editor.downloadPages({ from: 1, to: 1 })).resolves.toBe(false);
    expect(prompts).toEqual(['download', 'download']);
    expect(downloads).toEqual([]);
    expect(exported).toEqual([]);
    unmount();
  });

  it('must report a download the host failed to take, and show the notice without onError', async () => {
    const { editor, unmount } = await openEditor({ onDownload: () => Promise.reject(new Error('Disk full')) });
    await expect(editor.download()).resolves.toBe(false);
    expect(editor.getState().notice).toEqual({ message: 'Failed to download PDF', detail: 'Disk full' });

    const errors: string[] = [];
    editor.setOptions({ ...editor.options, onError: (error, during) => void errors.push(`${during}: ${error.message}`) });
    await expect(editor.download()).resolves.toBe(false);
    expect(errors).toEqual(['download: Disk full']);
    unmount();
  });

  it('must take controlled annotations from setOptions: an equal list is no change, a new one one undo step not reported back', async () => {
    const start = [box('#FF0000', 100)];
    const { editor, changes, unmount } = await openEditor({ annotations: start });
    editor.setOptions({ ...editor.options, annotations: JSON.parse(JSON.stringify(start)) as Annotation[] });
    expect(editor.getState().canUndo).toBe(false);

    const replaced = [box('#0000FF', 300), box('#0000FF', 400)];
    editor.setOptions({ ...editor.options, annotations: replaced });
    expect(editor.getAnnotations()).toEqual(replaced);
    expect(changes).toEqual([]);
    editor.undo();
    expect(editor.getAnnotations()).toEqual(start);
    expect(changes).toEqual([start]);
    unmount();
  });

  it('must load the stored annotations of documentId on mount and save on top of their version', async () => {
    const stored = [box('#FF0000', 100)];
    const storage = memoryStorage({ 'doc-1': stored });
    const { editor, unmount } = await openEditor({ storage, documentId: 'doc-1' });
    await until(() => editor.getAnnotations().length === 1, EDITOR_WAIT);
    expect(editor.storageVersion).toBe(1);
    add(editor, box('#0000FF', 300));
    await expect(editor.save()).resolves.toBe(true);
    expect(editor.storageVersion).toBe(2);
    expect((await storage.load('doc-1'))?.annotations).toHaveLength(2);
    unmount();
  });

  it('must load a new file given to setOptions while mounted, and none after unmounting', async () => {
    const { editor, unmount } = await openEditor();
    const first = editor.getState().pdf;
    const other = readSharedPdf('sizes.pdf');
    editor.setOptions({ ...editor.options, file: other });
    await until(() => editor.getState().pdf !== first, EDITOR_WAIT);
    expect(editor.getState().pdf?.bytes()).toEqual(other);
    unmount();
    editor.setOptions({ ...editor.options, file: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(editor.getState().pdf?.bytes()).toEqual(other);
  });
});

describe.skipIf(!hasSharedPdfs)('createEditor change reports', () => {
  it('must tell onAnnotationsChange and the storage what each add, move, delete and undo changed, by id', async () => {
    const reports: AnnotationDiff[] = [];
    const saves: (AnnotationDiff | undefined)[] = [];
    const stored = memoryStorage();
    const storage: StorageAdapter = {
      load: (documentId) => stored.load(documentId),
      save: (documentId, annotations, baseVersion, changes) => {
        saves.push(changes);
        return stored.save(documentId, annotations, baseVersion);
      },
    };
    const { editor, unmount } = await openEditor({
      storage,
      documentId: 'doc-1',
      onAnnotationsChange: (_list, { diff }) => void reports.push(diff),
    });
    const red = box('#FF0000', 100);
    const blue = box('#0000FF', 300);
    const saveNow = async () => expect(await editor.save()).toBe(true);

    add(editor, red);
    await saveNow();
    add(editor, blue);
    editor.setTool('select');
    // Drag the red box 50 points right: many pointer moves, one change.
    const machine = editor.machine();
    machine.pointerDown({ page: 1, x: 150, y: 150 });
    for (const x of [160, 180, 200]) machine.pointerMove({ page: 1, x, y: 150 });
    machine.pointerUp({ page: 1, x: 200, y: 150 });
    await saveNow();
    editor.getState().actions.remove([blue.id]);
    await saveNow();
    editor.undo();
    await saveNow();

    const moved = `${red.id} 100->150`;
    expect(reports.map(idsOf)).toEqual([
      { added: [red.id], updated: [], removed: [] },
      { added: [blue.id], updated: [], removed: [] },
      { added: [], updated: [moved], removed: [] },
      { added: [], updated: [], removed: [blue.id] },
      { added: [blue.id], updated: [], removed: [] },
    ]);
    // Each save names what changed since the one before it: the add and the move went together.
    expect(saves.map((changes) => changes && idsOf(changes))).toEqual([
      { added: [red.id], updated: [], removed: [] },
      { added: [blue.id], updated: [moved], removed: [] },
      { added: [], updated: [], removed: [blue.id] },
      { added: [blue.id], updated: [], removed: [] },
    ]);
    expect((await stored.load('doc-1'))?.annotations.map((a) => [a.id, a.position.x])).toEqual([
      [red.id, 150],
      [blue.id, 300],
    ]);
    unmount();
  });

  it('must report a gesture of several changes once, as their sum, and a cancelled one not at all', async () => {
    const reports: AnnotationDiff[] = [];
    const red = box('#FF0000', 100);
    const { editor, unmount } = await openEditor({
      defaultAnnotations: [red],
      onAnnotationsChange: (_list, { diff }) => void reports.push(diff),
    });
    const { actions } = editor.getState();
    const blue = box('#0000FF', 300);
    const gesture = actions.beginGesture('Add and move');
    actions.add(blue);
    actions.update({ [red.id]: { position: { x: 120, y: 100 } } });
    actions.update({ [red.id]: { position: { x: 140, y: 100 } } });
    gesture.commit();
    const cancelled = actions.beginGesture('Move');
    actions.update({ [blue.id]: { position: { x: 0, y: 0 } } });
    cancelled.cancel();
    expect(reports.map(idsOf)).toEqual([{ added: [blue.id], updated: [`${red.id} 100->140`], removed: [] }]);
    unmount();
  });
});

describe('createEditor without a PDF', () => {
  it('must resolve download false and say why in its notice', async () => {
    const editor = createEditor({ signatureStore: null });
    await expect(editor.exportPdf()).rejects.toThrow('No PDF loaded');
    await expect(editor.download()).resolves.toBe(false);
    expect(editor.getState().notice).toEqual({ message: 'Failed to download PDF', detail: 'No PDF loaded' });
  });
});
