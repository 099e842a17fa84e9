// Text recognition of scanned pages: `findPagesWithoutText` tells which pages have no text a
// reader can extract (a scan is a picture of text), and `recognizeText` reads the words in each
// such page's image and appends them as an invisible text layer (textLayer.ts), so the text can
// be found, selected and copied while the page looks exactly as it did. The layer is an
// incremental update: the original bytes stay a prefix of the result (unless the file had to be
// repaired to open, as every other change of the core). The recogniser (engine.ts) is loaded only
// here, by a dynamic import; this module itself loads only when one of them is called (index.ts).
import { InvalidInputError, OcrPageError, PageRangeError } from '../errors';
import { checkArray, checkBytes, checkInteger, checkObject, checkOptional, checkOptions } from '../input';
import { createContentAppender } from '../export/flatten/pageContents';
import type { PDF, PDFPage } from '../pdf/engine';
import { openPdf } from '../pdf/openPdf';
import { pageRotation, visibleBox } from '../pdf/pageAttributes';
import type { PdfSource } from '../pdf/source';
import { scanPage } from './contentScan';
import type { FindPagesWithoutTextOptions, RecognizeTextOptions } from './types';
import { pageImage, upright, type PickedImage } from './pageImage';
import { appendTextLayer, registerTextLayerFont } from './textLayer';

function withPassword(password: string | undefined): { password?: string } {
  return password === undefined ? {} : { password };
}

export async function findPagesWithoutText(source: PdfSource, options: FindPagesWithoutTextOptions = {}): Promise<number[]> {
  checkBytes(source, 'source');
  const fields = checkOptions(options);
  checkOptional(fields.password, 'options.password', 'string');
  const { pdf } = await openPdf(source, withPassword(options.password));
  return pdf.getPages().flatMap((page, index) => (scanPage(pdf, page).hasText ? [] : [index + 1]));
}

const LANGUAGE = /^[a-z][a-z0-9_]*$/i;

function checkRecognizeOptions(options: RecognizeTextOptions): void {
  const fields = checkOptions(options);
  checkOptional(fields.password, 'options.password', 'string');
  checkOptional(fields.onProgress, 'options.onProgress', 'function');
  if (fields.pages !== undefined) checkArray(fields.pages, 'options.pages', 'page numbers').forEach((page, i) => checkInteger(page, `options.pages[${i}]`, 1));
  if (fields.languages !== undefined) {
    const languages = checkArray(fields.languages, 'options.languages', 'language codes');
    if (languages.length === 0) throw new InvalidInputError('options.languages', 'expected at least one language');
    languages.forEach((language, i) => {
      if (typeof language !== 'string' || !LANGUAGE.test(language)) throw new InvalidInputError(`options.languages[${i}]`, `expected a Tesseract language code such as "eng", got ${JSON.stringify(language)}`);
    });
  }
  if (fields.signal !== undefined && !(fields.signal instanceof AbortSignal)) throw new InvalidInputError('options.signal', 'expected an AbortSignal');
  if (fields.assets !== undefined) {
    const assets = checkObject(fields.assets, 'options.assets');
    for (const key of ['workerPath', 'corePath', 'langPath'] as const) {
      if (typeof assets[key] !== 'string') throw new InvalidInputError(`options.assets.${key}`, 'expected a URL');
    }
  }
}

/** The pages to recognise, each with its picture; a page named by the caller must have one. */
function chosenPages(pdf: PDF, requested: readonly number[] | undefined): { number: number; page: PDFPage; image: PickedImage }[] {
  const pages = pdf.getPages();
  const missing = requested?.find((number) => number > pages.length);
  if (missing !== undefined) throw new PageRangeError(`The document has ${pages.length} pages; there is no page ${missing}.`);
  const numbers = requested ? [...new Set(requested)].sort((a, b) => a - b) : pages.map((_, index) => index + 1);
  return numbers.flatMap((number) => {
    const page = pages[number - 1] as PDFPage;
    const content = scanPage(pdf, page);
    if (!requested && content.hasText) return [];
    const image = pageImage(pdf, content.images, pageRotation(pdf, page.dict));
    if (typeof image !== 'string') return [{ number, page, image }];
    if (requested) throw new OcrPageError(number, image);
    return [];
  });
}

/** A promise that rejects with the signal's reason as soon as it aborts, and how to stop listening. */
function whenAborted(signal: AbortSignal | undefined): { aborted: Promise<never>; stop(): void } {
  let stop = () => undefined as void;
  const aborted = new Promise<never>((_, reject) => {
    if (!signal) return;
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    stop = () => signal.removeEventListener('abort', abort);
  });
  // Nothing more happens once it rejects; each race below has its reason.
  aborted.catch(() => undefined);
  return { aborted, stop: () => stop() };
}

export async function recognizeText(source: PdfSource, options: RecognizeTextOptions = {}): Promise<Uint8Array> {
  checkBytes(source, 'source');
  checkRecognizeOptions(options);
  const { signal } = options;
  signal?.throwIfAborted();
  const { pdf, repaired } = await openPdf(source, withPassword(options.password));
  const pages = chosenPages(pdf, options.pages);
  if (pages.length === 0) return new Uint8Array(source instanceof ArrayBuffer ? source.slice(0) : source);
  const { aborted, stop } = whenAborted(signal);
  try {
    return await recognizePages(pdf, repaired, pages, options, aborted);
  } finally {
    stop();
  }
}

async function recognizePages(
  pdf: PDF,
  repaired: boolean,
  pages: readonly { number: number; page: PDFPage; image: PickedImage }[],
  options: RecognizeTextOptions,
  aborted: Promise<never>,
): Promise<Uint8Array> {
  const { signal, onProgress } = options;
  const { prepareLanguages, startWorker } = await Promise.race([import('./engine'), aborted]);
  const languages = await Promise.race([prepareLanguages(options.languages ?? ['eng'], options.assets), aborted]);
  const starting = startWorker(languages, options.assets);
  // Aborted while the worker starts: it ends as soon as it has started.
  aborted.catch(() => starting.then((started) => started.terminate(), () => undefined));
  const worker = await Promise.race([starting, aborted]).finally(() => languages.dispose());
  try {
    onProgress?.(0, pages.length);
    const font = registerTextLayerFont(pdf);
    const appender = createContentAppender(pdf);
    let done = 0;
    for (const { number, page, image: picked } of pages) {
      signal?.throwIfAborted();
      // Decoded here, page by page, so a long scan is never held in memory all at once.
      const stored = picked.load();
      if (typeof stored === 'string') {
        if (options.pages) throw new OcrPageError(number, stored);
        onProgress?.(++done, pages.length);
        continue;
      }
      const image = await Promise.race([upright(stored), aborted]);
      const box = visibleBox(pdf, page.dict);
      const widthOnPage = Math.hypot(image.matrix[0], image.matrix[1]) || box.right - box.left;
      signal?.throwIfAborted();
      const lines = await Promise.race([worker.recognize(image.bytes, (image.width * 72) / widthOnPage), aborted]);
      appendTextLayer(pdf, appender, page, font, { width: image.width, height: image.height, matrix: image.matrix, lines });
      onProgress?.(++done, pages.length);
    }
    return await pdf.save({ incremental: !repaired && pdf.canSaveIncrementally() === null });
  } finally {
    await worker.terminate();
  }
}
