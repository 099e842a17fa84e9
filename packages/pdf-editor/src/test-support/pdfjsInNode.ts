// What the editor's tests in Node need around pdf.js: its worker module from node_modules (the
// legacy build, which runs in Node; dist/ may not be built), and a wait for the editor's
// asynchronous state, polled every 5 ms up to a bound each test sets.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { loadPdfJs } from '../editor/document/pdfjs';

/** Points pdf.js at its worker module for Node; call in `beforeAll`. */
export async function usePdfjsWorkerInNode(): Promise<void> {
  const pdfjs = await loadPdfJs();
  pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href;
}

/** Waits until `done()` holds, checking every 5 ms; throws `message` after `tries` checks. */
export async function until(done: () => boolean, { tries = 2000, message = 'Timed out' }: { tries?: number; message?: string } = {}): Promise<void> {
  for (let tried = 0; !done(); tried++) {
    if (tried > tries) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
