// The editor's persistence as a host meets it: unsaved state, saving, autosave, the local draft,
// conflicts and "keep my version", page edits saved with the annotations. No PDF engine: the
// "PDF" is a few bytes, and a page edit is a new revision of them, as the page operations make.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Annotation, memoryStorage, normalizeAnnotation, PageEditsUnsupportedError, StorageConflictError, type StorageAdapter } from '../core/index';
import { pdfRevision } from '../core/internal';
import { createEditor } from './createEditor';
import type { DraftStore, EditorDraft, EditorOptions } from './options';

const box = (x: number) => normalizeAnnotation({ type: 'rectangle', page: 1, position: { x, y: 100 }, width: 50, height: 50 }) as Annotation;
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

/** A draft store recording every call in order, with the storage's calls in the same log. */
function recorder() {
  const log: string[] = [];
  const drafts: (EditorDraft | null)[] = [];
  const draftStore: DraftStore = {
    async write(draft) {
      log.push(`draft ${draft.annotations.length}${draft.saveRequested ? ' requested' : ''}${draft.pdf ? ' with pdf' : ''}`);
      drafts.push(draft);
    },
    async clear() {
      log.push('clear');
      drafts.push(null);
    },
  };
  return { log, drafts, draftStore };
}

/** memoryStorage with `saveDocument` (a PDF per document) and every save logged. */
function storageLogged(log: string[], base: StorageAdapter = memoryStorage()) {
  const pdfs = new Map<string, Uint8Array>();
  const storage: StorageAdapter & { pdfs: typeof pdfs } = {
    pdfs,
    load: (id) => base.load(id),
    async save(id, annotations, version, changes) {
      log.push(`save ${annotations.length} over ${version}${changes ? '' : ' whole'}`);
      return base.save(id, annotations, version, changes);
    },
    async saveDocument(id, bytes, annotations, version) {
      log.push(`save pdf ${annotations.length} over ${version}`);
      const stored = await base.save(id, annotations, version);
      pdfs.set(id, bytes.slice());
      return stored;
    },
  };
  return storage;
}

async function open(options: EditorOptions) {
  const editor = createEditor({ signatureStore: null, documentId: 'doc', ...options });
  const unmount = editor.mount();
  await vi.waitFor(() => expect(editor.storageVersion).toBeGreaterThan(0));
  return { editor, unmount, actions: () => editor.getState().actions };
}

afterEach(() => vi.useRealTimers());

describe('the editor persistence', () => {
  it('must be dirty after an edit, clean after saving, and clean again when undone back to what is saved', async () => {
    const { editor, actions } = await open({ storage: memoryStorage({ doc: [box(10)] }) });
    expect(editor.getState().dirty).toBe(false);
    actions().add(box(100));
    expect(editor.getState().dirty).toBe(true);
    editor.undo();
    expect(editor.getState().dirty).toBe(false);
    editor.redo();
    expect(await editor.save()).toBe(true);
    expect(editor.getState()).toMatchObject({ dirty: false, saving: false, conflict: null });
    expect(editor.storageVersion).toBe(2);
    editor.undo();
    expect(editor.getState().dirty).toBe(true);
  });

  it('must autosave the given delay after the last change, and not before', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const { editor, actions } = await open({ storage: storageLogged(log, memoryStorage({ doc: [] })), autosave: { delayMs: 30_000 } });
    actions().add(box(10));
    await vi.advanceTimersByTimeAsync(20_000);
    actions().add(box(20));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(log).toEqual([]);
    expect(editor.getState().dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log).toEqual(['save 2 over 1']);
    expect(editor.getState().dirty).toBe(false);
  });

  it('must write the draft before the request, keep it while a failed save is unsaved, and clear it once saved', async () => {
    const { log, drafts, draftStore } = recorder();
    let fail = true;
    const base = storageLogged(log, memoryStorage({ doc: [] }));
    const storage: StorageAdapter = {
      ...base,
      save: async (...args) => {
        if (fail) {
          log.push('request failed');
          throw new Error('Session expired');
        }
        return base.save(...args);
      },
    };
    const errors: string[] = [];
    const { editor, actions } = await open({ storage, drafts: draftStore, onError: (error, during) => void errors.push(`${during}: ${error.message}`) });
    log.length = 0;
    actions().add(box(10));
    expect(await editor.save()).toBe(false);
    expect(log).toEqual(['draft 1 requested', 'request failed']);
    expect(errors).toEqual(['save: Session expired']);
    expect(editor.getState().dirty).toBe(true);
    fail = false;
    expect(await editor.save()).toBe(true);
    expect(log.slice(2)).toEqual(['draft 1 requested', 'save 1 over 1', 'clear']);
    expect(drafts.at(-2)).toMatchObject({ baseVersion: 1, pdf: null });
  });

  it('must write the draft 300 ms after the last change and clear it when undone back to the saved state', async () => {
    vi.useFakeTimers();
    const { log, draftStore } = recorder();
    const { editor, actions } = await open({ storage: memoryStorage({ doc: [] }), drafts: draftStore });
    expect(log).toEqual(['clear']);
    actions().add(box(10));
    await vi.advanceTimersByTimeAsync(200);
    actions().add(box(20));
    await vi.advanceTimersByTimeAsync(299);
    expect(log).toEqual(['clear']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['clear', 'draft 2']);
    editor.undo();
    editor.undo();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['clear', 'draft 2', 'clear']);
  });

  it('must put a refused save in the conflict state and onConflict, pause autosave, and let saveOver win', async () => {
    vi.useFakeTimers();
    const stored = memoryStorage({ doc: [] });
    const log: string[] = [];
    const conflicts: StorageConflictError[] = [];
    const { editor, actions } = await open({
      storage: storageLogged(log, stored),
      autosave: { delayMs: 1000 },
      onConflict: (error) => void conflicts.push(error),
    });
    // Another tab saves first.
    await stored.save('doc', [box(500)], 1);
    actions().add(box(10));
    expect(await editor.save()).toBe(false);
    expect(editor.getState().conflict?.currentVersion).toBe(2);
    expect(conflicts.map((error) => error.currentVersion)).toEqual([2]);
    actions().add(box(20));
    await vi.advanceTimersByTimeAsync(5000);
    expect(log).toEqual(['save 1 over 1']);

    expect(await editor.saveOver()).toBe(true);
    expect(log).toEqual(['save 1 over 1', 'save 2 over 2 whole']);
    expect(editor.getState()).toMatchObject({ conflict: null, dirty: false });
    expect((await stored.load('doc'))?.annotations.map((a) => a.position.x)).toEqual([10, 20]);
  });

  it('must save page edits with the annotations through saveDocument, and refuse them with a typed error without it', async () => {
    const log: string[] = [];
    const storage = storageLogged(log, memoryStorage({ doc: [box(10)] }));
    const { editor, actions } = await open({ storage });
    actions().loadDocument(pdf('original'));
    expect(editor.getState().dirty).toBe(false);
    const opened = editor.getState().pdf!;
    actions().applyDocument({ pdf: opened.next(pdf('rotated')), annotations: [box(30)] }, 'Rotate page');
    expect(editor.getState().dirty).toBe(true);
    expect(await editor.save()).toBe(true);
    expect(log).toEqual(['save pdf 1 over 1']);
    expect(new TextDecoder().decode(storage.pdfs.get('doc'))).toBe('%PDF-1.7 rotated');
    expect(editor.getState().dirty).toBe(false);
    // Back to the first revision: the stored PDF is the rotated one, so that is unsaved again.
    editor.undo();
    expect(editor.getState().dirty).toBe(true);

    const errors: Error[] = [];
    const { save: _save, saveDocument: _pages, ...withoutPages } = storageLogged([], memoryStorage({ doc: [] }));
    const plain = await open({ storage: { ...withoutPages, save: _save }, onError: (error) => void errors.push(error) });
    plain.actions().loadDocument(pdf('original'));
    plain.actions().applyDocument({ pdf: pdfRevision(pdf('deleted')), annotations: [] }, 'Delete page');
    expect(await plain.editor.save()).toBe(false);
    expect(errors[0]).toBeInstanceOf(PageEditsUnsupportedError);
    expect(plain.editor.getState().dirty).toBe(true);
  });

  it('must keep edits made while a save runs unsaved, and save them with the next save', async () => {
    const log: string[] = [];
    let release = () => undefined as void;
    const base = storageLogged(log, memoryStorage({ doc: [] }));
    const storage: StorageAdapter = {
      ...base,
      save: async (...args) => {
        await new Promise<void>((resolve) => (release = resolve));
        return base.save(...args);
      },
    };
    const { editor, actions } = await open({ storage });
    actions().add(box(10));
    const first = editor.save();
    await vi.waitFor(() => expect(editor.getState().saving).toBe(true));
    actions().add(box(20));
    // Asked while the first runs: it waits, then saves what is still unsaved.
    const second = editor.save();
    release();
    expect(await first).toBe(true);
    expect(log).toEqual(['save 1 over 1']);
    expect(editor.getState().dirty).toBe(true);
    await vi.waitFor(() => expect(editor.getState().saving).toBe(true));
    release();
    expect(await second).toBe(true);
    expect(log).toEqual(['save 1 over 1', 'save 2 over 2']);
    expect(editor.getState().dirty).toBe(false);
  });

  it('must lay a restored draft over the stored annotations, on its version, and keep its asked-for save in the next draft', async () => {
    const stored = memoryStorage({ doc: [box(10)] });
    await stored.save('doc', [box(10), box(20)], 1);
    const { log, draftStore } = recorder();
    const saved: number[] = [];
    const conflicts: (number | undefined)[] = [];
    const { editor } = await open({
      storage: storageLogged(log, stored),
      drafts: draftStore,
      restoreDraft: { annotations: [box(10), box(99)], pdf: null, baseVersion: 1, saveRequested: true },
      onSaved: ({ version }) => void saved.push(version),
      onConflict: (error) => void conflicts.push(error.currentVersion),
    });
    expect(editor.getAnnotations().map((a) => a.position.x)).toEqual([10, 99]);
    expect(editor.getState().dirty).toBe(true);
    // Based on version 1 while 2 is stored: the save is refused, and the draft kept, as asked.
    expect(await editor.save()).toBe(false);
    expect(conflicts).toEqual([2]);
    expect(log).toEqual(['draft 2 requested', 'save 2 over 1']);
    expect(await editor.saveOver()).toBe(true);
    expect(saved).toEqual([3]);
    expect(log.at(-1)).toBe('clear');
    expect((await stored.load('doc'))?.annotations.map((a) => a.position.x)).toEqual([10, 99]);
  });
});
