// The options of the core's text recognition (see index.ts).
import type { OcrAssets } from './engine';

/** Options of `findPagesWithoutText`. */
export interface FindPagesWithoutTextOptions {
  /** The password of an encrypted file. */
  password?: string;
}

/** Options of `recognizeText`. */
export interface RecognizeTextOptions {
  /**
   * The pages to recognise (from 1). Default: every page without text (`findPagesWithoutText`)
   * that shows an image. A page named here whose picture cannot be read is an `OcrPageError`.
   */
  pages?: readonly number[];
  /**
   * The languages of the text, as Tesseract names them (`eng`, `fra`, `deu`, `chi_sim`...): each
   * needs its data, the npm package `@tesseract.js-data/<language>`. Default `['eng']`.
   */
  languages?: readonly string[];
  /** Called after each page: `done` of `total` pages recognised (first with 0 once the recogniser is ready). */
  onProgress?: (done: number, total: number) => void;
  /** Stops the recognition: the promise rejects with the signal's reason and the recogniser's worker ends. */
  signal?: AbortSignal;
  /** The password of an encrypted file. */
  password?: string;
  /** Where a browser finds the recogniser's files; not needed in Node. */
  assets?: OcrAssets;
}
