// Runs the core's exportPdf off the main thread, so a large file never freezes the page.
// The editor terminates the worker to cancel an export.
import { exportPdf } from '../../core/export/exportPdf';
import type { Annotation } from '../../core/model/types';
import type { ExportOptions } from '../../core/export/options';

export interface ExportRequest {
  bytes: Uint8Array;
  annotations: Annotation[];
  options: Omit<ExportOptions, 'onWarning'>;
}

export type ExportResponse = { ok: true; bytes: Uint8Array; warnings: string[] } | { ok: false; message: string };

const scope = self as unknown as { onmessage: ((event: MessageEvent<ExportRequest>) => void) | null; postMessage(message: ExportResponse, transfer?: Transferable[]): void };

scope.onmessage = async (event) => {
  const { bytes, annotations, options } = event.data;
  const warnings: string[] = [];
  try {
    const out = await exportPdf(bytes, annotations, { ...options, onWarning: (message) => warnings.push(message) });
    scope.postMessage({ ok: true, bytes: out, warnings }, [out.buffer as ArrayBuffer]);
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
