// Binds an editor object to a shared Yjs document, both ways. The editor's own changes (each
// history change outside a gesture, at the cost of what its diff touched) are written to the
// document with this binding's origin; a collaborator's transactions are read back (only the
// annotations they touched) and applied with `applyRemoteAnnotations`: no undo step, and the
// history's rebased undo then reverts only what the editor's own steps changed. The transport
// (Hocuspocus, y-indexeddb, any Yjs provider) is the host's: it syncs `doc`, this syncs the editor.
import * as Y from 'yjs';
import type { Annotation, HistoryChangeReason } from '../core/index';
import { AnnotationValidationError, diffAnnotations } from '../core/internal';
import { readShared, sharedTypes, writeShared, type SharedChanges } from './sharedDocument';

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
    getState(): { readonly actions: { applyRemoteAnnotations(from: readonly Annotation[], to: readonly Annotation[]): void } };
  };
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
  const { doc } = options;
  const { store } = editor;
  const { history } = store;
  const shared = sharedTypes(doc);
  const entries: unknown = shared.annotations;
  // Marks this binding's own transactions, so it does not read back what it wrote.
  const origin = {};
  // The annotations as the document holds them, as this binding last read or wrote them.
  let synced: readonly Annotation[] = [];

  const pull = (changes?: SharedChanges) => {
    const { annotations, issues } = readShared(doc, synced, changes);
    if (issues.length > 0) options.onError?.(new AnnotationValidationError(`Invalid shared annotations: ${issues.join('; ')}`, issues));
    const from = synced;
    synced = annotations;
    store.getState().actions.applyRemoteAnnotations(from, annotations);
  };

  // A gesture is written when it ends, as one change.
  const push = () => {
    const { annotations } = history.state;
    if (history.inTransaction || annotations === synced) return;
    writeShared(doc, annotations, origin, diffAnnotations(synced, annotations));
    synced = annotations;
  };

  const onTransaction = (transaction: Y.Transaction) => {
    if (transaction.origin === origin) return;
    const ids = new Set<string>();
    let structural = false;
    for (const [type, keys] of transaction.changed) {
      if (type === entries) for (const key of keys) ids.add(key as string);
      // A field of one annotation: its map's key in `annotations` is the annotation's id.
      else if (type.parent === entries && type._item?.parentSub) {
        ids.add(type._item.parentSub);
        continue;
      } else if (type !== shared.order) continue;
      structural = true;
    }
    if (structural || ids.size > 0) pull({ ids, structural });
  };

  if (shared.annotations.size > 0 || shared.meta.has('version')) {
    synced = history.state.annotations;
    pull();
  } else push();
  doc.on('afterTransaction', onTransaction);
  const stopHistory = history.subscribe((_state, change) => {
    if (change.reason !== 'remote') push();
  });
  return {
    disconnect() {
      doc.off('afterTransaction', onTransaction);
      stopHistory();
    },
  };
}
