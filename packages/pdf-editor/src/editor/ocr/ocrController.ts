// Text recognition of the open document (`editor.ocr`): the core's `recognizeText` on the
// document's current revision, in tesseract.js's own worker (a Web Worker in browsers), with
// progress and cancel; the recognised PDF becomes the document's next revision as one undo step,
// the way page operations replace it, so the viewer reopens it and Find, text selection and the
// markup tools' snapping see the new text. The core's OCR code (and the recogniser under it) loads
// on the first run, never with the editor.
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { EditorOptions } from '../options';
import type { EditorStore } from '../store/createEditorStore';

/** Where a recognition stands, for a progress bar. */
export interface OcrState {
  /** `cancelled` after `cancel()`; `failed` with `error` when it could not finish. */
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  /** Pages recognised so far, of `total` (0 until the recogniser has started). */
  done: number;
  total: number;
  error: Error | null;
}

/** What `editor.ocr.run` recognises. */
export interface OcrRunOptions {
  /** Pages (from 1). Default: every page without text. */
  pages?: readonly number[];
  /** Tesseract language codes. Default: the `ocr` option's `languages`, else `['eng']`. */
  languages?: readonly string[];
}

/** Text recognition of the open document (`editor.ocr`): state to subscribe to, run and cancel. */
export interface OcrController extends Omit<StoreApi<OcrState>, 'setState'> {
  /**
   * Recognises the text of `pages` and makes the result the document's next revision (one undo
   * step, "Recognise text"). Asks the gate first (`{ type: 'ocr' }`: a prompt goes to the host and
   * nothing runs). Resolves true when done (also when no page needed it), false when refused,
   * cancelled or failed (the error is in the state and goes to `onError` as `'ocr'`). One run at a
   * time: a run asked while one runs resolves false.
   */
  run(options?: OcrRunOptions): Promise<boolean>;
  /** Stops the running recognition; its worker ends and the document stays as it was. */
  cancel(): void;
}

const IDLE: OcrState = { status: 'idle', done: 0, total: 0, error: null };

const recognizer = () => import('../../core/ocr/recognize');

export function createOcrController(store: EditorStore, options: () => EditorOptions, onError: (error: Error) => void): OcrController {
  const state = createStore<OcrState>()(() => IDLE);
  let running: AbortController | undefined;

  return {
    getState: state.getState,
    getInitialState: state.getInitialState,
    subscribe: state.subscribe,
    async run(runOptions = {}) {
      const { pdf } = store.history.state;
      if (!pdf || running || !store.getState().actions.allow({ type: 'ocr' })) return false;
      const controller = new AbortController();
      running = controller;
      state.setState({ status: 'running', done: 0, total: 0, error: null });
      const { ocr } = options();
      const password = store.getState().pdfPassword;
      try {
        const { recognizeText } = await recognizer();
        const bytes = await recognizeText(pdf.bytes(), {
          ...(runOptions.pages ? { pages: runOptions.pages } : {}),
          languages: runOptions.languages ?? ocr?.languages ?? ['eng'],
          ...(ocr?.assets ? { assets: ocr.assets } : {}),
          ...(password === null ? {} : { password }),
          signal: controller.signal,
          onProgress: (done, total) => state.setState({ done, total }),
        });
        if (store.history.state.pdf !== pdf) throw new Error('The document changed during text recognition.');
        // Nothing recognised (no page without text): the same bytes, no new revision.
        if (bytes.length !== pdf.bytes().length) store.history.apply((doc) => ({ ...doc, pdf: pdf.next(bytes) }), 'Recognise text');
        state.setState({ status: 'done' });
        return true;
      } catch (error) {
        if (controller.signal.aborted) {
          state.setState({ status: 'cancelled' });
          return false;
        }
        const failure = error instanceof Error ? error : new Error(String(error));
        state.setState({ status: 'failed', error: failure });
        onError(failure);
        return false;
      } finally {
        running = undefined;
      }
    },
    cancel() {
      running?.abort(new DOMException('Text recognition was cancelled.', 'AbortError'));
    },
  };
}
