// Binds an editor object to a shared Yjs document, both ways. The editor's own changes (each
// history change outside a gesture, at the cost of what its diff touched) are written to the
// document with this binding's origin; a collaborator's transactions are read back (only the
// annotations they touched) and applied with `applyRemoteAnnotations`: no undo step, and the
// history's rebased undo then reverts only what the editor's own steps changed. The transport
// (Hocuspocus, y-indexeddb, any Yjs provider) is the host's: it syncs `doc`, this syncs the editor.
//
// With a server of record (`sync`), the shared document is where the annotations are saved: the
// editor's annotations count as saved (`savedAnnotations`, so `dirty` clears and the autosave has
// nothing to send) once the provider has no change the server has not acknowledged, and a
// collaborator's change, stored by the server already, leaves a saved editor saved. Work the editor
// holds and the server never had (a draft restored after an offline reload) is replayed over what
// the document holds on connecting, field by field, not replaced by it.
import * as Y from 'yjs';
import type { Annotation, HistoryChangeReason } from '../core/index';
import { AnnotationValidationError, diffAnnotations, rebaseAnnotations } from '../core/internal';
import { PDF_REVISION_KEY, readShared, sharedTypes, writeShared, type SharedChanges } from './sharedDocument';

/**
 * What `connectCollaboration` uses of an editor object: its history and the store action that
 * applies a collaborator's change. An `Editor` made by `createEditor` ("./editor") is one.
 */
export interface CollaborativeEditor {
  readonly store: {
    readonly history: {
      readonly state: { readonly annotations: Annotation[] };
      readonly inTransaction: boolean;
      subscribe(listener: (state: unknown, change: { readonly reason: HistoryChangeReason }) => void): () => void;
    };
    getState(): {
      readonly savedAnnotations: readonly Annotation[];
      readonly actions: {
        applyRemoteAnnotations(from: readonly Annotation[], to: readonly Annotation[]): void;
        setSavedAnnotations(annotations: Annotation[]): void;
      };
    };
  };
}

/**
 * Whether the server has everything sent: a provider that counts the updates it sent and the
 * server has not acknowledged. Hocuspocus's `HocuspocusProvider` is one.
 */
export interface CollaborationSyncStatus {
  readonly hasUnsyncedChanges: boolean;
  on(event: 'unsyncedChanges', listener: () => void): unknown;
  off(event: 'unsyncedChanges', listener: () => void): unknown;
}

/** Options of `connectCollaboration`. */
export interface CollaborationOptions {
  /**
   * The shared document, kept in sync with the others by the host's provider. One that holds
   * annotations already (synced from the server) replaces the editor's; an empty one is filled
   * with them. Connect once the provider has synced, or annotations the editor loaded elsewhere
   * come back into a document whose collaborators deleted them.
   */
  doc: Y.Doc;
  /**
   * Told when a collaborator's change holds an invalid annotation: the editor keeps the version
   * it had (or leaves a new one out). A server that checks updates with `readAnnotations` lets
   * none through.
   */
  onError?: (error: AnnotationValidationError) => void;
  /**
   * The provider, when a server stores the document: the editor's annotations then count as saved
   * once it has acknowledged them, and a draft's unsaved work is merged into the document on
   * connecting rather than replaced by it.
   */
  sync?: CollaborationSyncStatus;
  /**
   * Told when the document says its PDF changed (a collaborator's page operation saved by the
   * server, which writes the new revision's identifier): load the new PDF; the annotations come
   * through the document, already on their new pages.
   */
  onPdfChanged?: (revision: string) => void;
}

/** A binding made by `connectCollaboration`. */
export interface Collaboration {
  /** Stops the binding; the editor and the document keep what they hold. */
  disconnect(): void;
}

/**
 * Keeps `editor`'s annotations and `options.doc` in step: local edits go to the document,
 * collaborators' changes come into the editor without entering its undo stack, and undo and redo
 * change only what this editor's own steps changed (a field a collaborator changed since stays
 * theirs, an annotation they deleted stays deleted).
 *
 * @example
 * const doc = new Y.Doc();
 * const provider = new HocuspocusProvider({ url, name: documentId, document: doc, token });
 * provider.on('synced', () => connectCollaboration(editor, { doc }));
 */
export function connectCollaboration(editor: CollaborativeEditor, options: CollaborationOptions): Collaboration {
  const { doc, sync } = options;
  const { store } = editor;
  const { history } = store;
  const shared = sharedTypes(doc);
  const entries: unknown = shared.annotations;
  const meta: unknown = shared.meta;
  // Marks this binding's own transactions, so it does not read back what it wrote.
  const origin = {};
  // The annotations as the document holds them, as this binding last read or wrote them.
  let synced: readonly Annotation[] = [];

  const pull = (changes?: SharedChanges) => {
    const { annotations, issues } = readShared(doc, synced, changes);
    if (issues.length > 0) options.onError?.(new AnnotationValidationError(`Invalid shared annotations: ${issues.join('; ')}`, issues));
    const from = synced;
    synced = annotations;
    const state = store.getState();
    const saved = state.savedAnnotations === history.state.annotations;
    state.actions.applyRemoteAnnotations(from, annotations);
    // Stored already by whoever made it: a saved editor stays saved.
    if (saved && sync && history.state.annotations === annotations) state.actions.setSavedAnnotations(annotations);
  };

  // Saved once the server has all this editor wrote (and it wrote all it has).
  const settle = () => {
    if (!sync || sync.hasUnsyncedChanges || history.inTransaction) return;
    const { annotations } = history.state;
    const state = store.getState();
    if (annotations === synced && state.savedAnnotations !== annotations) state.actions.setSavedAnnotations(annotations);
  };

  // A gesture is written when it ends, as one change.
  const push = () => {
    const { annotations } = history.state;
    if (history.inTransaction || annotations === synced) return;
    writeShared(doc, annotations, origin, diffAnnotations(synced, annotations));
    synced = annotations;
    settle();
  };

  const onTransaction = (transaction: Y.Transaction) => {
    if (transaction.origin === origin) return;
    const ids = new Set<string>();
    let structural = false;
    for (const [type, keys] of transaction.changed) {
      if (type === entries) for (const key of keys) ids.add(key as string);
      // A field of one annotation, or a reply of its thread (a map in its map): the key in
      // `annotations` of the map under it is the annotation's id.
      else if (type.parent === entries && type._item?.parentSub) {
        ids.add(type._item.parentSub);
        continue;
      } else if (type.parent && type.parent.parent === entries && type.parent._item?.parentSub) {
        ids.add(type.parent._item.parentSub);
        continue;
      } else if (type === meta && keys.has(PDF_REVISION_KEY)) {
        const revision = shared.meta.get(PDF_REVISION_KEY);
        if (typeof revision === 'string') options.onPdfChanged?.(revision);
        continue;
      } else if (type !== shared.order) continue;
      structural = true;
    }
    if (structural || ids.size > 0) pull({ ids, structural });
  };

  if (shared.annotations.size > 0 || shared.meta.has('version')) {
    // What the editor changed since it was saved (a restored draft's work) goes over the document's.
    const { savedAnnotations } = store.getState();
    const local = history.state.annotations;
    const unsaved = sync && savedAnnotations !== local ? { from: savedAnnotations, to: local } : undefined;
    synced = local;
    pull();
    if (unsaved) {
      const merged = rebaseAnnotations(unsaved.from, unsaved.to, history.state.annotations);
      if (merged !== history.state.annotations) store.getState().actions.applyRemoteAnnotations(history.state.annotations, merged);
      push();
    }
  } else push();
  doc.on('afterTransaction', onTransaction);
  const stopHistory = history.subscribe((_state, change) => {
    if (change.reason !== 'remote') push();
  });
  sync?.on('unsyncedChanges', settle);
  return {
    disconnect() {
      doc.off('afterTransaction', onTransaction);
      sync?.off('unsyncedChanges', settle);
      stopHistory();
    },
  };
}
