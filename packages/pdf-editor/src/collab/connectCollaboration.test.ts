// Two editor objects, each bound to its own Yjs document, the documents exchanging their updates
// as a provider would (or not, while "offline"): what each user sees after the other's edits.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { AnnotationValidationError } from '../core/errors';
import { normalizeAnnotation } from '../core/model/defaults';
import type { Annotation, Point } from '../core/model/types';
import { createEditor } from '../editor/createEditor';
import { connectCollaboration } from './connectCollaboration';
import { readAnnotations, writeAnnotations, writePdfRevision } from './sharedDocument';
import { memoryStorage } from '../core/index';

type Rectangle = Extract<Annotation, { type: 'rectangle' }>;

/** Two users, A and B, each with an editor bound to a document; the documents linked while online. */
function twoUsers() {
  const [docA, docB] = [new Y.Doc(), new Y.Doc()];
  let online = true;
  const queued: [Y.Doc, Uint8Array][] = [];
  // Updates travel as they would through a server: each one to the other document, tagged remote.
  for (const [from, to] of [
    [docA, docB],
    [docB, docA],
  ] as const) {
    from.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'network') return;
      if (online) Y.applyUpdate(to, update, 'network');
      else queued.push([to, update]);
    });
  }
  const user = (doc: Y.Doc) => {
    const editor = createEditor({ signatureStore: null });
    connectCollaboration(editor, { doc });
    const actions = () => editor.getState().actions;
    return {
      doc,
      editor,
      add: (annotation: Annotation) => actions().add(annotation),
      update: (id: string, patch: Record<string, unknown>, label?: string) => actions().update({ [id]: patch }, label),
      remove: (id: string) => actions().remove([id]),
      get: (id: string) => editor.getAnnotations().find((annotation) => annotation.id === id) as Rectangle | undefined,
      ids: () => editor.getAnnotations().map(({ id }) => id),
    };
  };
  return {
    a: user(docA),
    b: user(docB),
    goOffline() {
      online = false;
    },
    reconnect() {
      online = true;
      for (const [to, update] of queued.splice(0)) Y.applyUpdate(to, update, 'network');
    },
  };
}

const rectangle = (id: string, position: Point = { x: 10, y: 10 }) =>
  normalizeAnnotation({ id, type: 'rectangle', page: 1, position, width: 40, height: 30, color: '#000000' }) as Rectangle;

describe('connectCollaboration', () => {
  it('shows an annotation added by one user to the other, and the shared document holds it', () => {
    const { a, b } = twoUsers();
    a.add(rectangle('r'));
    expect(b.get('r')).toEqual(a.get('r'));
    expect(readAnnotations(b.doc)).toEqual(a.editor.getAnnotations());
    b.remove('r');
    expect(a.ids()).toEqual([]);
  });

  it('keeps both changes when A moves an annotation while B recolours it', () => {
    const { a, b, goOffline, reconnect } = twoUsers();
    a.add(rectangle('r'));
    // "At the same moment": neither has the other's change when making its own.
    goOffline();
    a.update('r', { position: { x: 200, y: 100 } }, 'Move');
    b.update('r', { color: '#ff0000' }, 'Colour');
    reconnect();
    for (const user of [a, b]) expect(user.get('r')).toMatchObject({ position: { x: 200, y: 100 }, color: '#ff0000' });
  });

  it("undoes only A's move when A undoes after B recoloured, and keeps B's change out of A's undo stack", () => {
    const { a, b } = twoUsers();
    a.add(rectangle('r'));
    a.update('r', { position: { x: 200, y: 100 } }, 'Move');
    b.update('r', { color: '#ff0000' }, 'Colour');
    expect(a.editor.store.history.undoCount).toBe(2);
    expect(a.editor.store.history.undoLabel).toBe('Move');

    a.editor.undo();
    for (const user of [a, b]) expect(user.get('r')).toMatchObject({ position: { x: 10, y: 10 }, color: '#ff0000' });
    a.editor.redo();
    for (const user of [a, b]) expect(user.get('r')).toMatchObject({ position: { x: 200, y: 100 }, color: '#ff0000' });
    // B's undo takes back B's colour only; A's two steps undo A's move and A's add.
    b.editor.undo();
    expect(a.get('r')).toMatchObject({ position: { x: 200, y: 100 }, color: '#000000' });
    expect(b.editor.getState().canUndo).toBe(false);
    a.editor.undo();
    a.editor.undo();
    expect(b.ids()).toEqual([]);
    expect(a.editor.getState().canUndo).toBe(false);
  });

  it('leaves an annotation deleted by B deleted when A undoes an earlier change of it', () => {
    const { a, b } = twoUsers();
    a.add(rectangle('r'));
    a.update('r', { color: '#00ff00' }, 'Colour');
    b.remove('r');
    a.editor.undo();
    expect(a.ids()).toEqual([]);
    expect(b.ids()).toEqual([]);
  });

  it('merges edits made by both while offline when they reconnect, nothing lost', () => {
    const { a, b, goOffline, reconnect } = twoUsers();
    a.add(rectangle('shared'));
    a.add(rectangle('doomed'));
    goOffline();
    a.add(rectangle('fromA', { x: 100, y: 10 }));
    a.update('shared', { width: 99 });
    a.remove('doomed');
    b.add(rectangle('fromB', { x: 10, y: 100 }));
    b.update('shared', { color: '#0000ff' });
    expect(a.ids()).not.toContain('fromB');
    reconnect();
    expect(a.editor.getAnnotations()).toEqual(b.editor.getAnnotations());
    expect(a.ids().sort()).toEqual(['fromA', 'fromB', 'shared']);
    expect(a.get('shared')).toMatchObject({ width: 99, color: '#0000ff' });
    expect(readAnnotations(a.doc)).toEqual(a.editor.getAnnotations());
  });

  it("keeps a collaborator's change that lands during one's own gesture, and undoes the gesture alone", () => {
    const { a, b } = twoUsers();
    a.add(rectangle('r'));
    a.add(rectangle('s'));
    const gesture = a.editor.getState().actions.beginGesture('Move');
    a.update('r', { position: { x: 50, y: 50 } });
    b.update('s', { color: '#ff0000' });
    expect(b.get('r')?.position).toEqual({ x: 10, y: 10 });
    gesture.commit();
    expect(b.get('r')?.position).toEqual({ x: 50, y: 50 });
    a.editor.undo();
    expect(b.get('r')?.position).toEqual({ x: 10, y: 10 });
    expect(a.get('s')?.color).toBe('#ff0000');
  });

  it('fills an empty document with the editor\'s annotations, takes a non-empty one\'s, and stops at disconnect', () => {
    const doc = new Y.Doc();
    const first = createEditor({ signatureStore: null, annotations: [rectangle('mine')] });
    const binding = connectCollaboration(first, { doc });
    expect(readAnnotations(doc).map(({ id }) => id)).toEqual(['mine']);
    const second = createEditor({ signatureStore: null, annotations: [rectangle('stale')] });
    connectCollaboration(second, { doc });
    expect(second.getAnnotations().map(({ id }) => id)).toEqual(['mine']);
    expect(second.getState().canUndo).toBe(false);
    binding.disconnect();
    first.getState().actions.add(rectangle('later'));
    expect(readAnnotations(doc).map(({ id }) => id)).toEqual(['mine']);
  });

  it('keeps the version it had of an annotation a collaborator made invalid, and says why', () => {
    const doc = new Y.Doc();
    const editor = createEditor({ signatureStore: null, annotations: [rectangle('r')] });
    const errors: AnnotationValidationError[] = [];
    connectCollaboration(editor, { doc, onError: (error) => errors.push(error) });
    (doc.getMap('annotations').get('r') as Y.Map<unknown>).set('width', 'wide');
    expect(editor.getAnnotations()[0]).toMatchObject({ id: 'r', width: 40 });
    expect(errors[0]).toBeInstanceOf(AnnotationValidationError);
    expect(errors[0]?.issues).toEqual([expect.stringMatching(/^annotations\["r"\]\.width: /)]);
  });

  it('keeps both replies when two people answer the same annotation at once, and an edit of one reply', () => {
    const { a, b, goOffline, reconnect } = twoUsers();
    a.add(rectangle('r'));
    goOffline();
    a.editor.threads.reply('r', 'From A');
    const fromB = b.editor.threads.reply('r', 'From B');
    reconnect();
    for (const user of [a, b]) expect(user.editor.threads.get('r')?.replies.map(({ content }) => content).sort()).toEqual(['From A', 'From B']);
    b.editor.threads.edit('r', fromB!, 'From B, edited');
    expect(a.editor.threads.get('r')?.replies.map(({ content }) => content).sort()).toEqual(['From A', 'From B, edited']);
    expect(readAnnotations(a.doc)[0]?.replies?.length).toBe(2);
  });

  describe('with a server of record', () => {
    /** A provider's count of updates the server has not acknowledged yet, acknowledged on `ack()`. */
    function serverLink(doc: Y.Doc) {
      const listeners = new Set<() => void>();
      let unsynced = 0;
      const emit = () => listeners.forEach((listener) => listener());
      doc.on('update', (_update: Uint8Array, origin: unknown) => {
        if (origin === 'network') return;
        unsynced += 1;
        emit();
      });
      return {
        get hasUnsyncedChanges() {
          return unsynced > 0;
        },
        on: (_event: 'unsyncedChanges', listener: () => void) => listeners.add(listener),
        off: (_event: 'unsyncedChanges', listener: () => void) => listeners.delete(listener),
        ack() {
          unsynced = 0;
          emit();
        },
      };
    }

    /** An editor with storage and a quick autosave, every save over HTTP logged. */
    function savingEditor(annotations: Annotation[] = []) {
      const saves: string[] = [];
      const storage = memoryStorage();
      const editor = createEditor({
        signatureStore: null,
        annotations,
        documentId: 'doc',
        autosave: { delayMs: 5 },
        storage: { ...storage, save: async (...args) => (saves.push('save'), storage.save(...args)) },
      });
      return { editor, saves };
    }
    const settled = () => new Promise((resolve) => setTimeout(resolve, 30));

    it('is unsaved until the server acknowledges an edit, then saved with nothing sent over HTTP', async () => {
      const doc = new Y.Doc();
      const link = serverLink(doc);
      const { editor, saves } = savingEditor();
      connectCollaboration(editor, { doc, sync: link });
      link.ack();
      editor.getState().actions.add(rectangle('r'));
      expect(editor.getState().dirty).toBe(true);
      link.ack();
      expect(editor.getState().dirty).toBe(false);
      await settled();
      expect(saves).toEqual([]);
      expect(readAnnotations(doc).map(({ id }) => id)).toEqual(['r']);
    });

    it("stays saved when a collaborator's change arrives, and stays unsaved with unacknowledged work of its own", () => {
      const doc = new Y.Doc();
      const link = serverLink(doc);
      const { editor } = savingEditor();
      connectCollaboration(editor, { doc, sync: link });
      link.ack();
      const other = new Y.Doc();
      Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
      writeAnnotations(other, [rectangle('theirs')]);
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other), 'network');
      expect(editor.getAnnotations().map(({ id }) => id)).toEqual(['theirs']);
      expect(editor.getState().dirty).toBe(false);

      editor.getState().actions.add(rectangle('mine'));
      writeAnnotations(other, [rectangle('theirs'), rectangle('second')]);
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other), 'network');
      expect(editor.getAnnotations().map(({ id }) => id).sort()).toEqual(['mine', 'second', 'theirs']);
      expect(editor.getState().dirty).toBe(true);
    });

    it("merges a restored draft's unsaved work into the document instead of dropping it", () => {
      const doc = new Y.Doc();
      writeAnnotations(doc, [rectangle('kept'), rectangle('moved'), rectangle('added by a collaborator')]);
      // The draft's editor: saved state without the collaborator's annotation, its own work on top.
      const { editor } = savingEditor([rectangle('kept'), rectangle('moved')]);
      editor.getState().actions.update({ moved: { position: { x: 90, y: 90 } } });
      editor.getState().actions.add(rectangle('drawn offline'));
      expect(editor.getState().dirty).toBe(true);
      connectCollaboration(editor, { doc, sync: serverLink(doc) });
      const ids = ['kept', 'moved', 'added by a collaborator', 'drawn offline'];
      expect(editor.getAnnotations().map(({ id }) => id).sort()).toEqual([...ids].sort());
      expect(readAnnotations(doc).map(({ id }) => id).sort()).toEqual([...ids].sort());
      expect(readAnnotations(doc).find(({ id }) => id === 'moved')?.position).toEqual({ x: 90, y: 90 });
    });

    it("tells the host when a collaborator's page operation brought a new PDF", () => {
      const doc = new Y.Doc();
      const revisions: string[] = [];
      const { editor } = savingEditor([rectangle('r')]);
      connectCollaboration(editor, { doc, onPdfChanged: (revision) => revisions.push(revision) });
      const other = new Y.Doc();
      Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
      writePdfRevision(other, 'revision-2', [{ ...rectangle('r'), page: 2 }]);
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other), 'network');
      expect(revisions).toEqual(['revision-2']);
      expect(editor.getAnnotations()[0]?.page).toBe(2);
    });
  });
});
