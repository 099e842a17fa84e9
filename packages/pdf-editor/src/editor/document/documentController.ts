// Keeps the pdf.js document in step with the editor's PDF: opens it (asking for a password
// when needed), learns page sizes as pages are drawn, and swaps documents after a page operation without flashing
// an empty viewer. A zustand vanilla store, so every view of the editor reads the same document.
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { PdfRevision } from '../../core/index';
import type { EditorStore } from '../store/createEditorStore';
import { openPdf } from './pdfjs';
import type { PDFDocumentProxy } from './pdfjs';

/** A page's size in PDF points, as displayed (rotation applied). */
export interface PageSize {
  width: number;
  height: number;
}

/** The state of the loaded PDF: status, error, pdf.js document and page sizes. */
export interface DocumentView {
  status: 'empty' | 'loading' | 'ready' | 'error' | 'password';
  pdf: PDFDocumentProxy | null;
  error: string | null;
  /** The password prompt is showing after a wrong password. */
  passwordRetry: boolean;
  /** Page sizes in points as displayed (rotation applied); a page not drawn yet has page 1's size
   * (or its size before a page operation) until the viewer measures it. */
  pageSizes: PageSize[];
}

/**
 * The loaded PDF as pdf.js shows it (`editor.document`): a zustand store of its `DocumentView`
 * (without `setState`: the view changes through the methods below only), the answer to its
 * password prompt, and the switch that makes it follow the editor's PDF.
 */
export interface DocumentController extends Omit<StoreApi<DocumentView>, 'setState'> {
  /** Answers the password prompt: a password to try, or null to give up (the document fails). */
  submitPassword(password: string | null): void;
  /**
   * Shows that the file could not be read (`error`'s message).
   * @internal The editor reads the file; not part of the package's API.
   */
  failed(error: unknown): void;
  /** Records a page's real size once pdf.js has it. */
  measured(page: number, size: PageSize): void;
  /** Follows the editor's PDF bytes until the returned function is called (React effects may
   * attach, detach and attach again, as StrictMode does). */
  attach(): () => void;
  /** Whether a view has attached it, so the PDF will be opened with pdf.js. */
  isFollowing(): boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createDocumentController(editor: EditorStore): DocumentController {
  const view = createStore<DocumentView>()(() => ({ status: 'empty', pdf: null, error: null, passwordRetry: false, pageSizes: [] }));
  let answerPassword: ((password: string | null) => void) | undefined;
  let generation = 0;
  let disposed = false;
  let following = false;

  const load = async (bytes: Uint8Array | null) => {
    const mine = ++generation;
    const previous = view.getState().pdf;
    if (!bytes) {
      view.setState({ status: 'empty', pdf: null, error: null, pageSizes: [] });
      void previous?.loadingTask.destroy();
      return;
    }
    if (!previous) view.setState({ status: 'loading', error: null });
    try {
      // After a page operation the document is still protected by the password typed for it.
      let password = editor.getState().pdfPassword ?? undefined;
      const pdf = await openPdf(
        bytes,
        (retry) => {
          view.setState({ status: 'password', passwordRetry: retry });
          return new Promise((resolve) => {
            answerPassword = (typed) => {
              password = typed ?? undefined;
              resolve(typed);
            };
          });
        },
        password,
      );
      if (mine !== generation || disposed) {
        void pdf.loadingTask.destroy();
        return;
      }
      // Only page 1 is asked for: the others take its size (or the size they had before a page
      // operation) until the viewer draws them and reports theirs (measured), as pdf.js's viewer
      // does. Asking for every page up front made the worker parse them while page 1 was drawing.
      const first = await pdf.getPage(1);
      const { width, height } = first.getViewport({ scale: 1 });
      const kept = view.getState().pageSizes;
      const pageSizes = Array.from({ length: pdf.numPages }, (_, i) => (i === 0 ? { width, height } : (kept[i] ?? { width, height })));
      view.setState({ status: 'ready', pdf, error: null, passwordRetry: false, pageSizes });
      editor.getState().actions.setPageCount(pdf.numPages);
      // Page operations and exports open the same bytes with the core, which needs the password too.
      editor.getState().actions.setPdfPassword(password ?? null);
      // Pages of the old document cancel their renders when React moves to the new one; destroy
      // it only after that, or their pending getPage calls fail with "Transport destroyed".
      if (previous) setTimeout(() => void previous.loadingTask.destroy(), 1000);
    } catch (error) {
      if (mine !== generation) return;
      // A cancelled password prompt is an Error too (PasswordCancelledError): its message is shown.
      view.setState({ status: 'error', pdf: null, error: messageOf(error) });
    }
  };

  let shown: PdfRevision | null | undefined;
  const follow = () => {
    const next = editor.getState().pdf;
    if (next === shown) return;
    shown = next;
    // openPdf hands pdf.js a copy: the revision's bytes are shared with the undo history.
    void load(next && next.bytes());
  };

  const { getState, getInitialState, subscribe } = view;
  return {
    getState,
    getInitialState,
    subscribe,
    submitPassword(password) {
      const answer = answerPassword;
      answerPassword = undefined;
      if (password !== null) view.setState({ status: 'loading' });
      answer?.(password);
    },
    failed(error) {
      view.setState({ status: 'error', error: messageOf(error) });
    },
    measured(page, size) {
      const current = view.getState().pageSizes[page - 1];
      if (current && current.width === size.width && current.height === size.height) return;
      const pageSizes = view.getState().pageSizes.slice();
      pageSizes[page - 1] = size;
      view.setState({ pageSizes });
    },
    isFollowing() {
      return following;
    },
    attach() {
      disposed = false;
      following = true;
      follow();
      const unsubscribe = editor.subscribe(follow);
      return () => {
        unsubscribe();
        disposed = true;
        following = false;
        generation++;
        shown = undefined;
        void view.getState().pdf?.loadingTask.destroy();
        view.setState({ status: 'empty', pdf: null });
      };
    },
  };
}
