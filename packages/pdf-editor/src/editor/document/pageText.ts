// The text of a document's pages as pdf.js extracts it, read in its worker one page at a time and
// kept for the document once read: find searches it (find/findText.ts) and the summary reads it
// (summary/summaryController.ts), so a page is extracted once whichever asks first.
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs';

export interface TextRun {
  /** Where the run starts and ends in the page's text. */
  start: number;
  end: number;
  transform: number[];
  width: number;
  height: number;
}

export interface PageText {
  /** The page's text: its runs in pdf.js's order, a line's end read as a space. */
  text: string;
  /** The same text with each line's end as "\n" (so at the same offsets), for what reads lines. */
  lines: string;
  runs: TextRun[];
  /** PDF user space to page space (pdf.js's viewport at scale 1: rotation and crop box applied). */
  toPageSpace(x: number, y: number): [number, number];
}

const pageTexts = new WeakMap<PDFDocumentProxy, Map<number, Promise<PageText>>>();

function isTextItem(item: unknown): item is { str: string; transform: number[]; width: number; height: number; hasEOL: boolean } {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

async function readPage(page: PDFPageProxy): Promise<PageText> {
  const content = await page.getTextContent();
  const viewport = page.getViewport({ scale: 1 });
  let text = '';
  let lines = '';
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!isTextItem(item)) continue;
    const start = text.length;
    text += item.str;
    lines += item.str;
    if (item.str.length > 0) runs.push({ start, end: text.length, transform: item.transform, width: item.width, height: item.height });
    // A line's end reads as a space, so a phrase broken over two lines is found.
    if (item.hasEOL) {
      text += ' ';
      lines += '\n';
    }
  }
  return { text, lines, runs, toPageSpace: (x, y) => viewport.convertToViewportPoint(x, y) as [number, number] };
}

/** A page's text, read once per document. */
export function pageText(pdf: PDFDocumentProxy, pageNumber: number): Promise<PageText> {
  let pages = pageTexts.get(pdf);
  if (!pages) pageTexts.set(pdf, (pages = new Map()));
  let text = pages.get(pageNumber);
  if (!text) {
    text = pdf.getPage(pageNumber).then(readPage);
    pages.set(pageNumber, text);
    // A failed read is tried again by the next search.
    text.catch(() => pages.delete(pageNumber));
  }
  return text;
}

/** Options of `documentText`. */
export interface DocumentTextOptions {
  /** Told after each page is read. */
  onProgress?: (read: number, pageCount: number) => void;
  /** Stops the reading: it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Every page's text with its line ends, in page order: what a summary reads. */
export async function documentText(pdf: PDFDocumentProxy, options: DocumentTextOptions = {}): Promise<{ page: number; text: string }[]> {
  const pages: { page: number; text: string }[] = [];
  for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
    options.signal?.throwIfAborted();
    pages.push({ page: pageNumber, text: (await pageText(pdf, pageNumber)).lines });
    options.onProgress?.(pageNumber, pdf.numPages);
    // Pages read before resolve at once: a turn of the event loop now and then keeps input flowing.
    if (pageNumber % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  options.signal?.throwIfAborted();
  return pages;
}
