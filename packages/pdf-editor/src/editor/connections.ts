// The connections an editor's `mount()` starts and stops: reading `file`, loading the annotations
// of `documentId` from storage, and following the saved signatures in the signature store. While
// mounted, each one restarts when its options change.
import type { SignatureStore } from '../core/index';
import { browserSignatureStore } from '../browser/browserSignatureStore';
import type { DocumentController } from './document/documentController';
import { readPdfFile } from './document/loadFile';
import { startPdfWorker } from './document/pdfjs';
import type { EditorOptions } from './options';
import type { Persistence } from './persistence';
import { syncSavedSignatures } from './savedSignatures';
import type { EditorStore } from './store/createEditorStore';

export interface Connections {
  /** Starts every connection; returns the function that stops them all. */
  mount(): () => void;
  /** Restarts, while mounted, the connections whose options differ from `previous`. */
  update(next: EditorOptions, previous: EditorOptions): void;
}

const noop = () => undefined;

export function createConnections(
  store: EditorStore,
  document: DocumentController,
  persistence: Persistence,
  options: () => EditorOptions,
  onSignatureError: (error: unknown) => void,
): Connections {
  let mounted = false;

  let stopFile: () => void = noop;
  const loadFile = () => {
    stopFile();
    stopFile = noop;
    const { file, workerSrc } = options();
    const { actions } = store.getState();
    if (!file) {
      actions.loadDocument(null);
      return;
    }
    const controller = new AbortController();
    stopFile = () => controller.abort();
    // Fetch pdf.js (and start its worker) while the file downloads, not after, when a view shows it.
    if (document.isFollowing()) void startPdfWorker(workerSrc);
    readPdfFile(file, controller.signal).then(
      (bytes) => {
        if (!controller.signal.aborted) actions.loadDocument(bytes);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) document.failed(error);
      },
    );
  };

  let stopStorage: () => void = noop;
  const loadStored = () => {
    stopStorage();
    stopStorage = persistence.start();
  };

  // `undefined` means the default store, made once per editor.
  let defaultSignatureStore: SignatureStore | undefined;
  const signatureStoreOf = (of: EditorOptions) =>
    of.signatureStore === undefined ? (defaultSignatureStore ??= browserSignatureStore()) : of.signatureStore;
  let stopSignatures: () => void = noop;
  const syncSignatures = () => {
    stopSignatures();
    const signatureStore = signatureStoreOf(options());
    stopSignatures = signatureStore ? syncSavedSignatures(store, signatureStore, onSignatureError) : noop;
  };

  return {
    mount() {
      mounted = true;
      loadFile();
      loadStored();
      syncSignatures();
      return () => {
        mounted = false;
        stopFile();
        stopStorage();
        stopSignatures();
        stopFile = stopStorage = stopSignatures = noop;
      };
    },
    update(next, previous) {
      if (!mounted) return;
      if (next.file !== previous.file) loadFile();
      if (next.storage !== previous.storage || next.documentId !== previous.documentId) loadStored();
      if (signatureStoreOf(next) !== signatureStoreOf(previous)) syncSignatures();
    },
  };
}
