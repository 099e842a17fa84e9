// Runs the core's exportPdf off the main thread, so a large file never freezes the page.
// The editor terminates the worker to cancel an export.
import { type Annotation, type ExportOptions, exportPdf } from '../../core/index';
import { type PreloadedFonts, revivePreloaded, transferError, type TransferredError } from '../../core/internal';
import { type ExportForm, withFormFilled } from './formFill';

export interface ExportRequest {
  bytes: Uint8Array;
  annotations: Annotation[];
  /** Fonts as `withFallbacksLoaded` preloaded them: a loader function cannot be sent to a worker. */
  options: Omit<ExportOptions, 'onWarning' | 'fonts'> & { fonts?: PreloadedFonts };
  /** The form values to write into the fields first, and whether to flatten the form. */
  form?: ExportForm;
}

export type ExportResponse = { ok: true; bytes: Uint8Array; warnings: string[] } | { ok: false; error: TransferredError };

const scope = self as unknown as { onmessage: ((event: MessageEvent<ExportRequest>) => void) | null; postMessage(message: ExportResponse, transfer?: Transferable[]): void };

scope.onmessage = async (event) => {
  const { bytes, annotations, options, form } = event.data;
  const warnings: string[] = [];
  try {
    const fonts = options.fonts && revivePreloaded(options.fonts);
    const filled = await withFormFilled(bytes, form, options.password);
    const out = await exportPdf(filled, annotations, { ...options, fonts, onWarning: (message) => warnings.push(message) });
    scope.postMessage({ ok: true, bytes: out, warnings }, [out.buffer as ArrayBuffer]);
  } catch (error) {
    // Sent as data: the main thread rebuilds the same typed error (PdfPasswordError, ...).
    scope.postMessage({ ok: false, error: transferError(error) });
  }
};
