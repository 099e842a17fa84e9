// Creates one editor instance for a component's lifetime and keeps it in step with the props:
// the file, controlled or uncontrolled annotations, storage, saved signatures, the gate. Custom
// layouts call it and pass the result to <EditorProvider>.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SignatureStore } from '../core/adapters';
import type { Annotation } from '../core/model/types';
import { browserSignatureStore } from '../browser/browserSignatureStore';
import { resolveMessages } from './messages';
import type { Messages } from './messages';
import { createEditorRuntime } from './runtime';
import type { EditorConfig, EditorRuntime } from './runtime';
import { syncSavedSignatures } from './savedSignatures';
import { readPdfFile } from './viewer/loadFile';
import { startPdfWorker } from './viewer/pdfjs';
import type { PdfFile } from './viewer/loadFile';

/** Options of usePdfEditor (and props of <PdfEditor />). */
export interface UsePdfEditorOptions extends EditorConfig {
  /** The PDF to edit; a string or URL is fetched. Changing it loads the new file; null shows none. */
  file?: PdfFile | null;
  /**
   * Controlled annotations; pair with onAnnotationsChange. A list equal in content to the editor's
   * (the host copying what onAnnotationsChange gave it) is no change: no undo step, no call back.
   * A different list is an external change, recorded as `recordExternalChanges` says.
   */
  annotations?: Annotation[];
  /**
   * Called with the new list after every change the user makes, undo and redo included (a
   * gesture reports once, when it ends); never for a change that came in through `annotations`.
   */
  onAnnotationsChange?: (annotations: Annotation[]) => void;
  /**
   * What an `annotations` prop that differs from the editor's list does to undo. `true`
   * (default): it is one undoable step, so Undo goes back to the list before it. `false`: it is
   * a new starting point, and the undo and redo history is emptied (e.g. for a list reloaded from
   * the server, which Undo must not take back).
   */
  recordExternalChanges?: boolean;
  /** Uncontrolled: the annotations to start with. */
  defaultAnnotations?: Annotation[];
  /** The page (1-based) shown first. Default 1. */
  initialPage?: number;
  /** An external zoom: the editor shows no zoom buttons and follows this value. */
  scale?: number;
  /** Replacements for any of the user-visible strings (`defaultMessages` has the English ones). */
  messages?: Partial<Messages>;
  /**
   * Where the signatures the user draws are kept, so the signature dialog offers them next time.
   * Default `browserSignatureStore()` (localStorage); `null` keeps them for the session only. Its
   * errors go to `onError`, and the signatures then stay for the session only.
   */
  signatureStore?: SignatureStore | null;
  /**
   * Where pdf.js's worker is loaded from. Default: the copy shipped in the package's `dist/`,
   * found with `new URL(..., import.meta.url)`, which Vite, webpack and Next.js resolve with no
   * configuration. Give a URL only when the host serves that file itself (copy
   * `pdf.worker.min.mjs` from the package's `dist/`: the version must match). pdf.js has one
   * worker per page, so the first editor's setting is used.
   */
  workerSrc?: string | URL;
}

/**
 * Creates one editor instance for the component's lifetime; pass it to <EditorProvider> for a
 * custom layout built from the pieces (PdfViewer, Toolbar, Thumbnails, PropertiesPanel). The
 * result is also the imperative API (undo, exportPdf, save...).
 *
 * @example
 * function Review({ file }: { file: File }) {
 *   const editor = usePdfEditor({ file });
 *   return (
 *     <EditorProvider editor={editor}>
 *       <Toolbar />
 *       <PdfViewer />
 *     </EditorProvider>
 *   );
 * }
 */
export function usePdfEditor(options: UsePdfEditorOptions = {}): EditorRuntime {
  const [runtime] = useState(() =>
    createEditorRuntime({
      messages: resolveMessages(options.messages),
      config: {},
      annotations: options.annotations ?? options.defaultAnnotations,
      initialPage: options.initialPage,
      zoom: options.scale,
    }),
  );
  const latest = useRef(options);
  latest.current = options;

  // Props that are read when needed, not at creation.
  const { gate, onGatePrompt, storage, documentId, fileName, onError, exportWorker, messages } = options;
  useLayoutEffect(() => {
    runtime.config = { gate, onGatePrompt, storage, documentId, fileName, onError, exportWorker };
    runtime.messages = resolveMessages(messages);
  });

  useEffect(() => runtime.attach(), [runtime]);

  const { file } = options;
  useEffect(() => {
    const controller = new AbortController();
    if (!file) {
      runtime.store.getState().actions.loadDocument(null);
      return;
    }
    // Fetch pdf.js (and start its worker) while the file downloads, not after.
    void startPdfWorker(latest.current.workerSrc);
    readPdfFile(file, controller.signal).then(
      (bytes) => {
        if (!controller.signal.aborted) runtime.store.getState().actions.loadDocument(bytes);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        runtime.document.setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [file, runtime]);

  useEffect(() => {
    if (!storage || !documentId) return;
    let cancelled = false;
    storage.load(documentId).then(
      (stored) => {
        if (cancelled || !stored) return;
        runtime.storageVersion = stored.version;
        runtime.store.history.reset({ ...runtime.store.history.state, annotations: stored.annotations });
        runtime.store.setState({ savedAnnotations: stored.annotations });
      },
      (error: unknown) => latest.current.onError?.(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      cancelled = true;
    };
  }, [storage, documentId, runtime]);

  const [defaultSignatureStore] = useState(() => browserSignatureStore());
  const signatureStore = options.signatureStore === undefined ? defaultSignatureStore : options.signatureStore;
  useEffect(() => {
    if (!signatureStore) return;
    return syncSavedSignatures(runtime.store, signatureStore, (error) => latest.current.onError?.(error));
  }, [signatureStore, runtime]);

  // Controlled mode: the host's list wins whenever its content differs from the editor's. That
  // change came from the host, so it is not reported back to it (no echo, hence no loop).
  const controlled = options.annotations;
  const applyingExternal = useRef(false);
  useEffect(() => {
    if (!controlled || runtime.store.history.inTransaction) return;
    applyingExternal.current = true;
    try {
      runtime.store.getState().actions.setAnnotations(controlled, { record: latest.current.recordExternalChanges ?? true });
    } finally {
      applyingExternal.current = false;
    }
  }, [controlled, runtime]);

  useEffect(() => {
    let emitted = runtime.store.history.state.annotations;
    return runtime.store.history.subscribe((doc) => {
      // A gesture reports once, when it ends, not on every pointer move.
      if (runtime.store.history.inTransaction || doc.annotations === emitted) return;
      emitted = doc.annotations;
      if (!applyingExternal.current) latest.current.onAnnotationsChange?.(doc.annotations);
    });
  }, [runtime]);

  const { scale } = options;
  useEffect(() => {
    if (scale !== undefined) runtime.store.getState().actions.setZoom(scale);
  }, [scale, runtime]);

  return runtime;
}
