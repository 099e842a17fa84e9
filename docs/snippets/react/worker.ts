import { GlobalWorkerOptions } from 'pdfjs-dist';

// Before the first editor renders: serve pdf.js's worker yourself (copied from
// node_modules/pdfjs-dist/build/pdf.worker.min.mjs into your public folder). The editor keeps a
// worker source that is already set.
GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
