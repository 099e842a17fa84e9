// The public exportPdf and exportPdfWithReport: the writer (export/exportPdf.ts) behind the check
// of every argument (exportInput.ts).
import { exportPdf as writePdf, exportPdfWithReport as writePdfWithReport } from './export/exportPdf';
import type { ExportOptions, ExportResult } from './export/options';
import { checkExportArguments } from './exportInput';
import type { Annotation } from './model/types';
import type { PdfSource } from './pdf/source';

/**
 * Writes `annotations` into the PDF `source` and returns the new file's bytes: drawn into the
 * pages (`mode: 'flatten'`, the default) or as editable PDF annotations (`mode: 'native'`).
 * Every argument is checked first. See the export guide (docs/export-and-import.md) for fonts,
 * watermark, passwords and incremental saving.
 *
 * @throws InvalidInputError when `source` is not bytes or an option has a wrong value (its
 * `field` names it, e.g. `options.mode`).
 * @throws AnnotationValidationError when an annotation does not fit the model; its `issues` name
 * the index and field (`annotations[3].color: ...`).
 * @throws PdfInvalidError, PdfPasswordError, PdfEmptyError, AnnotationExportError as the writer
 * finds the file or an annotation it cannot write.
 *
 * @example
 * const note = normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 72 }, content: 'Approved' });
 * const bytes = await exportPdf(await readFile('in.pdf'), [note], { mode: 'native' });
 */
export async function exportPdf(source: PdfSource, annotations: readonly Annotation[], options?: ExportOptions): Promise<Uint8Array> {
  return writePdf(source, checkExportArguments(source, annotations, options), options);
}

/**
 * `exportPdf`, also telling how the file was saved: `incremental` when the original bytes are
 * kept unchanged at the start and the changes appended (existing signatures stay valid). Checks
 * its arguments and throws as `exportPdf` does.
 *
 * @example
 * const { bytes, incremental } = await exportPdfWithReport(original, annotations, { mode: 'native' });
 */
export async function exportPdfWithReport(
  source: PdfSource,
  annotations: readonly Annotation[],
  options?: ExportOptions,
): Promise<ExportResult> {
  return writePdfWithReport(source, checkExportArguments(source, annotations, options), options);
}
