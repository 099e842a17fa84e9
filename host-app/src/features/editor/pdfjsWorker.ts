// Points pdf.js at its worker bundled by Vite (the SDK would otherwise resolve it relative to its own
// file, which a bundler does not copy). Imported once by the editor chunk.
import { GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;
