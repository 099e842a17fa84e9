// Points pdf.js at its worker bundled by Vite (the SDK would otherwise resolve it relative to its own
// file, which a bundler does not copy). Imported by the editor chunk; pdf.js itself stays lazy, and
// this import starts first, so the worker is set before the SDK's own first use.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export const pdfjsReady = import('pdfjs-dist').then((pdfjs) => {
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
});
