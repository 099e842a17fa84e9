// The editor's summary (`editor.summary`): the key sentences of the open document with the page
// each comes from, for a side panel. The text is the one find reads (document/pageText.ts, pdf.js
// in its worker, one page at a time, kept once read), with progress and a stop. The host's
// `summaryProvider` (a language model behind its server, say) writes the summary when it has one;
// otherwise, or when the provider answers null (not available), the core's offline extractive
// summary does, loaded on first use so it costs nothing before. Opening asks the gate
// (`{ type: 'summary' }`), so a host can make it a Pro feature. A zustand vanilla store, as find's.
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { DEFAULT_SUMMARY_SENTENCES } from '../../core/internal';
import type { SummaryPage, SummarySentence } from '../../core/index';
import type { DocumentController } from '../document/documentController';
import { documentText } from '../document/pageText';
import type { EditorStore } from '../store/createEditorStore';

/** What a summary provider is given: the document's text, page by page, and how many sentences to write. */
export interface SummaryInput {
  pages: SummaryPage[];
  sentences: number;
}

/**
 * Writes a summary in the host's own way, e.g. with a language model behind its server: the
 * sentences with their pages (from 1, within the document), in reading order. Resolve null when
 * it cannot now (not configured, no network): the editor then makes the offline summary. A
 * rejection is shown as the summary's error. Stop when `signal` aborts.
 */
export interface SummaryProvider {
  summarize(input: SummaryInput, options: { signal: AbortSignal }): Promise<SummarySentence[] | null>;
}

/** Where the summary stands, for a side panel. */
export interface SummaryState {
  /** Whether the summary panel is open. */
  open: boolean;
  /** reading: the pages' text is being read; summarizing: the sentences are being picked or written. */
  status: 'idle' | 'reading' | 'summarizing' | 'done' | 'error';
  /** Pages read so far, of `pageCount`. */
  read: number;
  pageCount: number;
  /** The summary's sentences in reading order, each with its page. */
  sentences: readonly SummarySentence[];
  /** Who wrote `sentences`: the host's provider or the offline summary; null before. */
  source: 'provider' | 'offline' | null;
  /** Why the last summary failed (status 'error'). */
  error: Error | null;
}

/** Options of `editor.summary.summarize`. */
export interface SummarizeDocumentOptions {
  /** How many sentences at most (1 to 50). Default 5. */
  sentences?: number;
}

/** The document's summary (`editor.summary`): state to subscribe to, and the commands of a summary panel. */
export interface SummaryController extends Omit<StoreApi<SummaryState>, 'setState'> {
  /**
   * Opens the summary panel, once the gate allows `{ type: 'summary' }` (a prompt goes to
   * `onGatePrompt` and this answers false), and summarizes the document unless it already did.
   */
  open(): boolean;
  /** Closes the panel: a summary running stops; one made is kept for the next opening. */
  close(): void;
  /**
   * Summarizes the open document (a new run stops the last): reads its text, then asks the
   * `summaryProvider`, or makes the offline summary. Resolves with the sentences; rejects with the
   * error (also in the state) when it fails, and with the signal's reason when stopped.
   */
  summarize(options?: SummarizeDocumentOptions): Promise<readonly SummarySentence[]>;
  /** Stops a summary running; the state goes back to what it was before it. */
  cancel(): void;
  /** Goes to the page of `sentence`. */
  goTo(sentence: SummarySentence): void;
}

/** What the summary needs of the editor. */
export interface SummaryContext {
  store: EditorStore;
  document: DocumentController;
  goToPage(page: number): void;
  provider(): SummaryProvider | undefined;
}

const IDLE: SummaryState = { open: false, status: 'idle', read: 0, pageCount: 0, sentences: [], source: null, error: null };

/** The provider's answer, checked: sentences of text on pages of the document. */
function checkSentences(answer: unknown, pageCount: number): SummarySentence[] {
  const valid =
    Array.isArray(answer) &&
    answer.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as SummarySentence).text === 'string' &&
        Number.isInteger((item as SummarySentence).page) &&
        (item as SummarySentence).page >= 1 &&
        (item as SummarySentence).page <= pageCount,
    );
  if (!valid) throw new TypeError(`The summary provider must answer a list of { text, page } with pages from 1 to ${pageCount}, or null`);
  return (answer as SummarySentence[]).map(({ text, page }) => ({ text, page }));
}

export function createSummaryController(context: SummaryContext): SummaryController {
  const state = createStore<SummaryState>()(() => IDLE);
  let running: AbortController | undefined;
  let summarizedPdf: unknown = null;

  // A new document forgets the summary of the last one.
  context.document.subscribe((next, previous) => {
    if (next.pdf === previous.pdf) return;
    running?.abort();
    summarizedPdf = null;
    state.setState({ ...IDLE, open: state.getState().open });
    if (next.pdf && state.getState().open) void summarize().catch(() => undefined);
  });

  async function summarize(options: SummarizeDocumentOptions = {}): Promise<readonly SummarySentence[]> {
    running?.abort();
    const pdf = context.document.getState().pdf;
    if (!pdf) {
      state.setState({ status: 'idle', read: 0, pageCount: 0, sentences: [], source: null, error: null });
      return [];
    }
    const controller = (running = new AbortController());
    const { signal } = controller;
    const before = state.getState();
    state.setState({ status: 'reading', read: 0, pageCount: pdf.numPages, error: null });
    try {
      const pages = await documentText(pdf, { signal, onProgress: (read) => state.setState({ read }) });
      state.setState({ status: 'summarizing' });
      const count = options.sentences ?? DEFAULT_SUMMARY_SENTENCES;
      const provider = context.provider();
      const written = provider ? await provider.summarize({ pages, sentences: count }, { signal }) : null;
      signal.throwIfAborted();
      const sentences =
        written === null
          ? (await import('../../core/summary/summarizeText')).summarizeText(pages, { sentences: count })
          : checkSentences(written, pdf.numPages);
      signal.throwIfAborted();
      summarizedPdf = pdf;
      state.setState({ status: 'done', sentences, source: written === null ? 'offline' : 'provider' });
      return sentences;
    } catch (error) {
      if (signal.aborted) {
        if (running === controller) state.setState({ status: before.status, read: before.read, pageCount: before.pageCount });
        throw signal.reason;
      }
      const failure = error instanceof Error ? error : new Error(String(error));
      state.setState({ status: 'error', error: failure });
      throw failure;
    } finally {
      if (running === controller) running = undefined;
    }
  }

  return {
    getState: state.getState,
    getInitialState: state.getInitialState,
    subscribe: state.subscribe,
    open() {
      if (!context.store.getState().actions.allow({ type: 'summary' })) return false;
      state.setState({ open: true });
      const pdf = context.document.getState().pdf;
      if (pdf && summarizedPdf !== pdf && !running) void summarize().catch(() => undefined);
      return true;
    },
    close() {
      running?.abort();
      state.setState({ open: false });
    },
    summarize,
    cancel() {
      running?.abort();
    },
    goTo(sentence) {
      context.goToPage(sentence.page);
    },
  };
}
