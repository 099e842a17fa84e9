// What a tool hands back: one PDF, or several (packed in a ZIP to download). The guest's daily
// edit is spent on the result, once: its key is the result's fingerprint, the same key the editor
// uses, so opening the merged file in the editor afterwards spends nothing more.
import { exportPdf, type Annotation } from '@marginalia/pdf-editor/core';
import { zipSync } from 'fflate';
import { EXPORT_FONTS } from '../../lib/exportFonts';
import { baseName } from '../../lib/format';
import { fileFingerprint } from '../guest/editCounter';

export interface ToolOutput {
  name: string;
  bytes: Uint8Array;
  /** The editor's annotations on the result's pages (from documents taken from My Documents). */
  annotations: Annotation[];
}

/** The file to download: the annotations drawn into the PDF, as the editor's Download PDF does. */
export function downloadBytes(output: ToolOutput): Promise<Uint8Array> {
  return output.annotations.length > 0
    ? exportPdf(output.bytes, output.annotations, { fonts: EXPORT_FONTS })
    : Promise.resolve(output.bytes);
}

/** The guest-edit key of a result. */
export async function outputKey(outputs: readonly ToolOutput[]): Promise<string> {
  const prints = await Promise.all(outputs.map((output) => fileFingerprint(output.bytes)));
  return prints.length === 1 ? prints[0]! : fileFingerprint(new TextEncoder().encode(prints.join(',')));
}

/** One PDF as it is; several as a ZIP named after the source. */
export async function packOutputs(
  outputs: readonly ToolOutput[],
  zipName: string,
): Promise<{ name: string; blob: Blob }> {
  const files = await Promise.all(
    outputs.map(async (output) => [output.name, await downloadBytes(output)] as const),
  );
  if (files.length === 1) {
    const [[name, bytes]] = files as [readonly [string, Uint8Array]];
    return { name, blob: new Blob([bytes.slice().buffer], { type: 'application/pdf' }) };
  }
  // PDFs are compressed already: stored as they are.
  const zipped = zipSync(Object.fromEntries(files), { level: 0 });
  return { name: zipName, blob: new Blob([zipped.slice().buffer], { type: 'application/zip' }) };
}

/** "report.pdf" → "report_merged.pdf" and the like. */
export function outputName(sourceName: string, suffix: string, extension = 'pdf'): string {
  return `${baseName(sourceName)}_${suffix}.${extension}`;
}
