// Find in the document: each page's text as pdf.js extracts it (document/pageText.ts: in its
// worker, one page at a time as the search reaches it, kept for the document once read), matched
// with the user's options, and each match's boxes in page space, so a view can draw them and
// "Mark all" can cover them. A search of thousands of pages yields between pages: the page stays
// responsive, and `onProgress` and `signal` let a find bar show progress and stop.
import type { Rect } from '../../core/index';
import type { PDFDocumentProxy } from '../document/pdfjs';
import { pageText, type PageText } from '../document/pageText';

/** Options of a search. */
export interface FindOptions {
  /** Tell upper from lower case. Default false. */
  matchCase?: boolean;
  /** Match whole words only (no letter or digit right before or after). Default false. */
  wholeWords?: boolean;
  /** Told after each page is searched. */
  onProgress?: (searched: number, pageCount: number) => void;
  /** Stops the search: it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** One occurrence of the searched text. */
export interface FindMatch {
  /** Its page, from 1. */
  page: number;
  /** The text as the page has it (its case may differ from the query's). */
  text: string;
  /** Its boxes in page space (points, top-left origin, as displayed): one per text run it spans. */
  rects: Rect[];
}

const WORD = /[\p{L}\p{N}_]/u;

/** Where `query` occurs in `text`, as [start, end) ranges, with the options applied; any run of spaces in either matches any other. */
export function findInText(text: string, query: string, options: Pick<FindOptions, 'matchCase' | 'wholeWords'> = {}): [number, number][] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'), options.matchCase ? 'gu' : 'giu');
  const found: [number, number][] = [];
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (options.wholeWords && (WORD.test(text[start - 1] ?? '') || WORD.test(text[end] ?? ''))) continue;
    found.push([start, end]);
  }
  return found;
}

/** The boxes of text[start, end) on the page: each run's share of it, measured along the run's direction. */
function boxesOf(page: PageText, start: number, end: number): Rect[] {
  const rects: Rect[] = [];
  for (const run of page.runs) {
    if (run.end <= start || run.start >= end) continue;
    const length = run.end - run.start;
    const from = (Math.max(start, run.start) - run.start) / length;
    const to = (Math.min(end, run.end) - run.start) / length;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = run.transform;
    const scale = Math.hypot(a, b) || 1;
    // Along the baseline (unit vector), and up from it by the font's size.
    const [ux, uy] = [a / scale, b / scale];
    const size = Math.hypot(c, d) || run.height;
    const [vx, vy] = [(c / (Math.hypot(c, d) || 1)) * size, (d / (Math.hypot(c, d) || 1)) * size];
    const descent = 0.2;
    const corners = [from, to].flatMap((share) => {
      const x = e + ux * run.width * share - vx * descent;
      const y = f + uy * run.width * share - vy * descent;
      return [page.toPageSpace(x, y), page.toPageSpace(x + vx * (1 + descent), y + vy * (1 + descent))];
    });
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    rects.push({ x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y });
  }
  return rects;
}

/**
 * Every occurrence of `query` in `pdf`, page by page in order. Pages are read in pdf.js's worker
 * as the search reaches them and kept for the next search of the same document.
 */
export async function findText(pdf: PDFDocumentProxy, query: string, options: FindOptions = {}): Promise<FindMatch[]> {
  const matches: FindMatch[] = [];
  for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
    options.signal?.throwIfAborted();
    const page = await pageText(pdf, pageNumber);
    for (const [start, end] of findInText(page.text, query, options)) {
      matches.push({ page: pageNumber, text: page.text.slice(start, end), rects: boxesOf(page, start, end) });
    }
    options.onProgress?.(pageNumber, pdf.numPages);
    // Pages read before resolve at once: a turn of the event loop now and then keeps input flowing.
    if (pageNumber % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  options.signal?.throwIfAborted();
  return matches;
}
