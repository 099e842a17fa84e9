// pdf.js, loaded on first use, configured once: its worker is the copy shipped in the package's
// dist/, found through `new URL(..., import.meta.url)` (never a CDN), unless the host names another
// with `workerSrc` or set pdf.js's GlobalWorkerOptions itself. pdf.js 6 has no eval path any more (the old
// isEvalSupported option is gone) and we never create its scripting sandbox or form layer, so a
// PDF's JavaScript never runs.
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { bundledPdfWorkerUrl } from '../../pdfjsWorker';

type PdfJs = typeof import('pdfjs-dist');
let loading: Promise<PdfJs> | undefined;
// pdf.js has one worker setting per page, so the first editor's `workerSrc` is the one used.
let requestedWorkerSrc: string | undefined;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    const options = pdfjs.GlobalWorkerOptions;
    if (requestedWorkerSrc) options.workerSrc = requestedWorkerSrc;
    else if (!options.workerSrc && !options.workerPort) options.workerSrc = bundledPdfWorkerUrl();
    return pdfjs;
  });
  return loading;
}

let worker: InstanceType<PdfJs['PDFWorker']> | undefined;

/**
 * One pdf.js worker for every document of the page, started as early as possible: booting it
 * while the file still downloads takes its start-up off the time to the first page. `workerSrc`
 * (the editor's option) is taken when it is the first to start pdf.js.
 */
export async function startPdfWorker(workerSrc?: string | URL): Promise<InstanceType<PdfJs['PDFWorker']>> {
  if (workerSrc !== undefined && !loading) requestedWorkerSrc = String(workerSrc);
  const pdfjs = await loadPdfJs();
  worker ??= new pdfjs.PDFWorker();
  return worker;
}

/** Asked when the PDF needs a password: resolves with one to try, or null to give up. */
export type PasswordCallback = (retry: boolean) => Promise<string | null>;

export class PasswordCancelledError extends Error {
  override readonly name = 'PasswordCancelledError';
}

/** Opens `bytes` with pdf.js, trying `password` (when given) before asking for one. */
export async function openPdf(bytes: Uint8Array, askPassword: PasswordCallback, password?: string): Promise<PDFDocumentProxy> {
  const [pdfjs, sharedWorker] = await Promise.all([loadPdfJs(), startPdfWorker()]);
  // pdf.js transfers the buffer to its worker; the editor keeps its own copy for export.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    worker: sharedWorker,
    enableXfa: false,
    stopAtErrors: false,
    ...(password !== undefined && { password }),
  });
  task.onPassword = (update: (password: string) => void, reason: number) => {
    askPassword(reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD).then(
      (password) => {
        if (password === null) void task.destroy();
        else update(password);
      },
      () => void task.destroy(),
    );
  };
  try {
    return await task.promise;
  } catch (error) {
    if (task.destroyed) throw new PasswordCancelledError('The password prompt was cancelled.');
    throw error;
  }
}

export type { PDFDocumentProxy, PDFPageProxy };

/** The largest canvas drawn (in device pixels); beyond it the page is drawn at a lower resolution
 * and scaled up by CSS, so high zoom never gives browsers a canvas too big to paint (blank). */
export const MAX_CANVAS_PIXELS = 2 ** 24;

export function outputScale(cssWidth: number, cssHeight: number, devicePixelRatio: number): number {
  const wanted = Math.max(1, devicePixelRatio);
  const pixels = cssWidth * cssHeight * wanted * wanted;
  return pixels <= MAX_CANVAS_PIXELS ? wanted : Math.sqrt(MAX_CANVAS_PIXELS / (cssWidth * cssHeight));
}
