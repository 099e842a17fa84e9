// Text recognition in the product's editors: the recogniser's files come from the site itself
// (copied from the SDK's dependencies by vite.config.ts), English only for now. The gate makes it
// a Pro feature ("OCR and AI", spec section 6); it runs in the user's browser, so there is nothing
// for the server to refuse.
import type { PdfEditorProps } from '@marginalia/pdf-editor';

export const OCR_OPTION: NonNullable<PdfEditorProps['ocr']> = {
  assets: { workerPath: '/ocr/worker.min.js', corePath: '/ocr/core/', langPath: '/ocr/lang/' },
  languages: ['eng'],
};
