// Starts an export in a Web Worker and resolves with the PDF bytes; aborting the signal terminates
// the worker. Where workers do not exist (tests, server rendering) it runs in place, and so does
// the export of a host's own kinds: their drawing code is registered on this thread, and functions
// cannot be posted to a worker.
import type { Annotation, ExportOptions, FormValues } from '../../core/index';
import { checkExportArguments, isCustomType, kindFor, reviveError, withFallbacksLoaded } from '../../core/internal';
import type { ExportRequest, ExportResponse } from './exportWorker';
import type { ExportForm } from './formFill';

/** Options of an export: the core export options, an AbortSignal and a warning callback. */
export interface RunExportOptions extends Omit<ExportOptions, 'onWarning'> {
  /** Aborting it stops the export; the promise rejects with an `AbortError` DOMException. */
  signal?: AbortSignal;
  /** What the export skipped or replaced, one message each, delivered before the promise resolves. */
  onWarning?: (message: string) => void;
  /**
   * Starts the worker the export runs in. Default: the package's own `dist/exportWorker.js`, a
   * self-contained ES module found through `import.meta.url`. Give one only when the host serves
   * that file from elsewhere, e.g. `() => new Worker('/assets/exportWorker.js', { type: 'module' })`.
   */
  worker?: () => Worker;
  /**
   * Values to write into the PDF's form fields (by full name, as `fillForm` takes them) before the
   * annotations: appended with the fields' appearances drawn anew, so every reader shows them. The
   * editor's `exportPdf` gives the values the user filled in. Fields the file lacks or keeps
   * read-only are left out.
   */
  formValues?: FormValues;
  /** Draws the form's fields into the pages and removes them, so their values cannot change any more. Default false. */
  flattenForm?: boolean;
}

function bundledExportWorker(): Worker {
  return new Worker(new URL('./exportWorker.js', import.meta.url), { type: 'module' });
}

function abortError(): DOMException {
  return new DOMException('The export was cancelled.', 'AbortError');
}

/**
 * Runs the core's `exportPdf` in a Web Worker, so a large export never freezes the page (in place
 * where there are no workers, and for annotations of a host's own kinds, whose code is registered
 * on this thread only). `bytes` is copied, never detached. Aborting `options.signal`
 * terminates the worker.
 *
 * @example
 * const controller = new AbortController();
 * const pdf = await runExport(bytes, annotations, { mode: 'native', signal: controller.signal });
 */
export function runExport(bytes: Uint8Array, annotations: readonly Annotation[], options: RunExportOptions = {}): Promise<Uint8Array> {
  const { signal, onWarning, worker: startWorker = bundledExportWorker, formValues, flattenForm, ...exportOptions } = options;
  const form: ExportForm | undefined = formValues || flattenForm ? { values: formValues ?? {}, flatten: flattenForm ?? false } : undefined;
  if (signal?.aborted) return Promise.reject(abortError());
  try {
    checkExportArguments(bytes, annotations, exportOptions);
  } catch (error) {
    return Promise.reject(error);
  }
  // A host's kinds are registered on this thread only: their drawing code cannot reach a worker.
  if (typeof Worker === 'undefined' || annotations.some((annotation) => isCustomType(annotation.type))) {
    const running = Promise.all([import('../../core/export/exportPdf'), import('./formFill')]).then(async ([{ exportPdf }, { withFormFilled }]) =>
      exportPdf(await withFormFilled(bytes, form, exportOptions.password), annotations, { ...exportOptions, ...(onWarning && { onWarning }) }),
    );
    // Work on this thread cannot be stopped: an abort rejects at once and its result is dropped.
    const aborted = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(abortError()), { once: true }));
    return signal ? Promise.race([running, aborted]) : running;
  }
  // A loader function cannot be sent to the worker: the fallbacks the texts need are loaded here.
  const texts = annotations.flatMap((annotation) => kindFor(annotation).fontText?.(annotation) ?? []);
  const watermark = exportOptions.watermark;
  if (typeof watermark === 'object' && watermark.text) texts.push(watermark.text);
  const fontsLoaded = exportOptions.fonts ? withFallbacksLoaded(exportOptions.fonts, texts) : Promise.resolve(undefined);
  return fontsLoaded.then((fonts) => inWorker(bytes, annotations, { ...exportOptions, fonts }, form, startWorker, signal, onWarning));
}

function inWorker(
  bytes: Uint8Array,
  annotations: readonly Annotation[],
  exportOptions: ExportRequest['options'],
  form: ExportForm | undefined,
  startWorker: () => Worker,
  signal: AbortSignal | undefined,
  onWarning: ((message: string) => void) | undefined,
): Promise<Uint8Array> {
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise<Uint8Array>((resolve, reject) => {
    const worker = startWorker();
    const stop = () => {
      worker.terminate();
      reject(abortError());
    };
    signal?.addEventListener('abort', stop, { once: true });
    const done = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<ExportResponse>) => {
      done();
      const response = event.data;
      if (!response.ok) {
        reject(reviveError(response.error));
        return;
      }
      response.warnings.forEach((warning) => onWarning?.(warning));
      resolve(response.bytes);
    };
    worker.onerror = (event) => {
      done();
      reject(new Error(event.message || 'The export worker failed.'));
    };
    // A real copy to transfer: a Node Buffer's `.slice()` is a view, and transferring its buffer
    // would empty the caller's bytes.
    const request: ExportRequest = { bytes: new Uint8Array(bytes), annotations: [...annotations], options: exportOptions, ...(form && { form }) };
    worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
  });
}

/**
 * Offers `file` (a PDF's bytes, or any Blob) to the user as a download named `fileName`. A
 * Uint8Array view contributes only its own bytes, never the rest of its buffer.
 */
export function downloadFile(file: Uint8Array | Blob, fileName: string): void {
  const url = URL.createObjectURL(file instanceof Blob ? file : new Blob([file as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
