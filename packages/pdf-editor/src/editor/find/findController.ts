// The editor's find (`editor.find`): one search at a time over the document pdf.js shows (a new
// one stops the last), the matches and the current one for views to draw and scroll to, and
// "Mark all", which covers every match with a highlight, underline or strike-through in one undo
// step. A zustand vanilla store, as the document controller is, so a find bar and the pages read
// the same state without re-rendering the editor's other views.
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { Annotation, MarkupAnnotation } from '../../core/index';
import { normalizeAnnotation, unionOfRects } from '../../core/internal';
import type { DocumentController } from '../document/documentController';
import type { EditorStore } from '../store/createEditorStore';
import { styleFields } from '../store/style';
import { findText, type FindMatch, type FindOptions } from './findText';

/** Where a search stands, for a find bar. */
export interface FindState {
  /** Whether the find bar is open (Ctrl/Cmd+F opens it). */
  open: boolean;
  query: string;
  matchCase: boolean;
  wholeWords: boolean;
  status: 'idle' | 'searching' | 'done';
  /** Pages searched so far, of `pageCount`. */
  searched: number;
  pageCount: number;
  matches: readonly FindMatch[];
  /** The index in `matches` of the current one, or -1. */
  current: number;
}

/** The kinds "Mark all" can make. */
export type MarkKind = Extract<MarkupAnnotation['type'], 'highlight' | 'underline' | 'strikethrough'>;

/** Find in the document (`editor.find`): state to subscribe to, and the commands of a find bar. */
export interface FindController extends Omit<StoreApi<FindState>, 'setState'> {
  /**
   * Searches the document for `query` (a new search stops the one running) and makes the first
   * match at or after the current page current. Resolves with the matches; an empty query clears.
   */
  search(query: string, options?: Pick<FindOptions, 'matchCase' | 'wholeWords'>): Promise<readonly FindMatch[]>;
  /** Makes the next match current (after the last, the first) and goes to its page. */
  next(): void;
  /** Makes the previous match current (before the first, the last) and goes to its page. */
  previous(): void;
  /** Opens the find bar (Ctrl/Cmd+F); its field then takes the focus. */
  open(): void;
  /** Closes the find bar: the search stops and its matches are forgotten. */
  close(): void;
  /** Stops the search and forgets the matches, leaving the bar as it is. */
  clear(): void;
  /** Covers every match with a mark of `kind` in the current style, as one undo step; returns how many were made. */
  markAll(kind: MarkKind): number;
}

const IDLE: FindState = { open: false, query: '', matchCase: false, wholeWords: false, status: 'idle', searched: 0, pageCount: 0, matches: [], current: -1 };

export function createFindController(store: EditorStore, document: DocumentController, goToPage: (page: number) => void): FindController {
  const state = createStore<FindState>()(() => IDLE);
  let running: AbortController | undefined;

  const show = (current: number) => {
    const match = state.getState().matches[current];
    state.setState({ current });
    if (match) goToPage(match.page);
  };

  const step = (by: 1 | -1) => {
    const { matches, current } = state.getState();
    if (matches.length > 0) show((current + by + matches.length) % matches.length);
  };

  return {
    getState: state.getState,
    getInitialState: state.getInitialState,
    subscribe: state.subscribe,
    async search(query, options = {}) {
      running?.abort();
      const pdf = document.getState().pdf;
      const matchCase = options.matchCase ?? false;
      const wholeWords = options.wholeWords ?? false;
      if (!pdf || !query.trim()) {
        state.setState({ ...IDLE, open: state.getState().open, query, matchCase, wholeWords });
        return [];
      }
      const controller = (running = new AbortController());
      state.setState({ query, matchCase, wholeWords, status: 'searching', searched: 0, pageCount: pdf.numPages, matches: [], current: -1 });
      // The first match at or after the page in view becomes current as soon as it is found, as in
      // every reader's find bar; the count goes on growing while later pages are searched.
      const from = store.getState().currentPage;
      try {
        const matches = await findText(
          pdf,
          query,
          { matchCase, wholeWords, signal: controller.signal, onProgress: (searched) => state.setState({ searched }) },
          (found) => {
            if (controller.signal.aborted) return;
            const { matches: before, current } = state.getState();
            state.setState({ matches: [...before, ...found] });
            if (current < 0 && (found[0]?.page ?? 0) >= from) show(before.length);
          },
        );
        state.setState({ status: 'done', matches });
        if (matches.length > 0 && state.getState().current < 0) show(0);
        return matches;
      } catch (error) {
        if (controller.signal.aborted) return [];
        state.setState({ status: 'idle' });
        throw error;
      }
    },
    next: () => step(1),
    previous: () => step(-1),
    open() {
      state.setState({ open: true });
    },
    close() {
      running?.abort();
      state.setState(IDLE);
    },
    clear() {
      running?.abort();
      state.setState({ ...IDLE, open: state.getState().open });
    },
    markAll(kind) {
      const { matches } = state.getState();
      if (matches.length === 0) return 0;
      const { style, annotations, actions } = store.getState();
      const marks = matches
        .filter((match) => match.rects.length > 0)
        .map((match) => {
          const box = unionOfRects(match.rects);
          return normalizeAnnotation({
            type: kind,
            page: match.page,
            position: { x: box.x, y: box.y },
            width: box.width,
            height: box.height,
            rects: match.rects,
            ...styleFields(kind, style),
          }) as Annotation;
        });
      actions.setAnnotations([...annotations, ...marks]);
      return marks.length;
    },
  };
}
