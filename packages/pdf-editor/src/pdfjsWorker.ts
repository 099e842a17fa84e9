// The URL of pdf.js's worker. The build copies pdfjs-dist's worker into dist/ (scripts/copy-assets.mjs);
// this module sits directly in src/ so that '../dist/' names that folder both from the sources and
// from the bundled dist/*.js. Written as a literal `new URL(..., import.meta.url)`, which Vite (dev
// and build), webpack 5, Next.js and Rollup all recognise: they serve or emit the file themselves.

/** Where the editor loads pdf.js's worker from unless the host says otherwise (`workerSrc`). */
export function bundledPdfWorkerUrl(): string {
  return new URL('../dist/pdf.worker.min.mjs', import.meta.url).href;
}
