import { findPagesWithoutText, OcrLanguageError, recognizeText } from '@marginalia/pdf-editor/core';

declare const bytes: Uint8Array;

// #region node
// Pages a reader extracts no text from: scans.
const scans = await findPagesWithoutText(bytes);

const controller = new AbortController();
const recognised = await recognizeText(bytes, {
  pages: scans, // the default: every page without text
  languages: ['eng', 'fra'], // each needs the package @tesseract.js-data/<language>
  onProgress: (done, total) => console.log(`${done} of ${total} pages`),
  signal: controller.signal, // abort(): rejects with the signal's reason, the worker ends
}).catch((error: unknown) => {
  if (error instanceof OcrLanguageError) console.error(`Install @tesseract.js-data/${error.language}`);
  throw error;
});
// #endregion

// #region browser
const inBrowser = await recognizeText(bytes, {
  assets: {
    workerPath: new URL('/ocr/worker.min.js', location.href).href,
    corePath: new URL('/ocr/core/', location.href).href,
    langPath: new URL('/ocr/lang/', location.href).href,
  },
});
// #endregion

export { inBrowser, recognised };
