// Text recognition of scanned pages, as the core's index exports it: the options, and two thin
// functions that load the work (recognize.ts, with the text layer and the page scan) only when
// called, so importing the core costs nothing of it.
import type { PdfSource } from '../pdf/source';
import type { FindPagesWithoutTextOptions, RecognizeTextOptions } from './types';

export type { FindPagesWithoutTextOptions, RecognizeTextOptions } from './types';

/** Pages (from 1) that show no text a reader can extract: scans, or pages drawn without text. */
export async function findPagesWithoutText(source: PdfSource, options: FindPagesWithoutTextOptions = {}): Promise<number[]> {
  return (await import('./recognize')).findPagesWithoutText(source, options);
}

/**
 * Recognises the text of scanned pages and returns the PDF with an invisible text layer on each,
 * so readers (and the editor's Find) find, select and copy the words while the pages look as
 * before. Runs tesseract.js in a worker (a worker thread in Node, a Web Worker in browsers); in
 * browsers give `assets`. Rejects with `OcrLanguageError` for a language whose data is missing,
 * `OcrPageError` for a requested page without a readable picture, `PageRangeError` for a page that
 * does not exist, and the core's errors for a file that cannot be read.
 */
export async function recognizeText(source: PdfSource, options: RecognizeTextOptions = {}): Promise<Uint8Array> {
  return (await import('./recognize')).recognizeText(source, options);
}
