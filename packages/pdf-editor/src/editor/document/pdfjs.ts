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

type PdfWorker = InstanceType<PdfJs['PDFWorker']>;
let worker: Promise<PdfWorker> | undefined;

/**
 * pdf.js's worker script started right away, without waiting for pdf.js itself: the two are the
 * largest scripts before the first page, and fetching and compiling them side by side instead of
 * one after the other takes the worker's start-up off that time. Resolves with the worker once it
 * has answered (pdf.js's own "ready"), or undefined when it cannot start (no Worker, another
 * origin, blocked, failed to load): then pdf.js starts it as usual, with its fallbacks.
 */
function spawnWorker(src: string): Promise<Worker | undefined> {
  if (typeof Worker === 'undefined' || typeof location === 'undefined' || new URL(src, location.href).origin !== location.origin) {
    return Promise.resolve(undefined);
  }
  let spawned: Worker;
  try {
    spawned = new Worker(src, { type: 'module' });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const settle = (ready: boolean) => {
      spawned.removeEventListener('message', onMessage);
      spawned.removeEventListener('error', onError);
      if (!ready) spawned.terminate();
      resolve(ready ? spawned : undefined);
    };
    const onMessage = (event: MessageEvent) => settle((event.data as { action?: unknown } | null)?.action === 'ready');
    const onError = () => settle(false);
    spawned.addEventListener('message', onMessage);
    spawned.addEventListener('error', onError);
  });
}

/**
 * One pdf.js worker for every document of the page, started as early as possible: booting it
 * while the file still downloads takes its start-up off the time to the first page. `workerSrc`
 * (the editor's option) is taken when it is the first to start pdf.js.
 */
export function startPdfWorker(workerSrc?: string | URL): Promise<PdfWorker> {
  if (workerSrc !== undefined && !loading) requestedWorkerSrc = String(workerSrc);
  worker ??= (async () => {
    // The host's own GlobalWorkerOptions are only known once pdf.js is loaded; the early worker is
    // the one it would get unless it set them.
    const src = requestedWorkerSrc ?? bundledPdfWorkerUrl();
    const spawning = spawnWorker(src);
    const pdfjs = await loadPdfJs().catch(async (error: unknown) => {
      (await spawning)?.terminate();
      throw error;
    });
    const early = await spawning;
    const options = pdfjs.GlobalWorkerOptions;
    if (early && options.workerSrc === src && !options.workerPort) return pdfjs.PDFWorker.create({ port: early });
    early?.terminate();
    return new pdfjs.PDFWorker();
  })();
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
  // pdf.js transfers the buffer to its worker; the editor keeps its own copy for export. A real
  // copy: a Node Buffer's `.slice()` is a view, whose whole buffer would be transferred away.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
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
