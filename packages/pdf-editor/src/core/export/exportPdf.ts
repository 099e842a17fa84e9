// exportPdf: burns annotations into a PDF (flatten mode) or writes them as native PDF annotations,
// optionally adds the free-version watermark, and saves. The save is incremental by default: the
// original bytes stay untouched at the front of the output and only new and changed objects follow,
// so signatures, usage rights and encryption survive and the cost follows the edit, not the file.
// Page count and page sizes never change; unreadable input raises a typed error.
import { checkExportArguments } from '../exportInput';
import type { Annotation } from '../model/types';
import { openPdf } from '../pdf/openPdf';
import { toBytes, type PdfSource } from '../pdf/source';
import { createExportContext } from './createExportContext';
import { flattenAnnotations } from './flatten/flattenAnnotations';
import { createPageCanvases } from './flatten/frame';
import { addWatermarkAnnotations } from './native/watermarkAnnotation';
import { writeNativeAnnotations } from './native/writeNativeAnnotations';
import type { ExportOptions, ExportResult } from './options';
import { DEFAULT_WATERMARK_TEXT, watermarkPainter } from './watermark';

/**
 * New streams up to this size are stored uncompressed: deflate's set-up costs far more than it
 * saves on what an export adds (appearances, a page of ordinary marks, our private copies of the
 * annotations: a few hundred bytes to a few kilobytes each). Beyond it, typically a page of
 * handwriting or an embedded font, the file size wins.
 */
const COMPRESS_FROM_BYTES = 32 * 1024;

/** Bytes compared at each end of the original to tell an appended update from a rewrite. */
const PROBE_BYTES = 1024;

/**
 * Whether `output` is `original` with bytes appended. Both ends of the original are compared, not
 * every byte (milliseconds on a large file): a rewritten file cannot have the original's trailer
 * and `%%EOF` at the very offset where the original ends.
 */
function appendsTo(output: Uint8Array, original: Uint8Array): boolean {
  if (output.length < original.length) return false;
  const probe = Math.min(PROBE_BYTES, original.length);
  for (const start of [0, original.length - probe]) {
    for (let i = start; i < start + probe; i++) if (output[i] !== original[i]) return false;
  }
  return true;
}

/**
 * Writes `annotations` into the PDF `source` and returns the new file's bytes with how they were
 * saved: `incremental` when the original bytes are kept as they are and the changes appended
 * (the default), a full rewrite when the file had to be repaired to be read or
 * `options.incremental` is false. See `exportPdf` for the rest.
 *
 * @throws InvalidInputError when `source` is not bytes or an option has a wrong value (its
 * `field` names it, e.g. `options.mode`).
 * @throws AnnotationValidationError when an annotation does not fit the model; its `issues` name
 * the index and field (`annotations[3].color: ...`).
 * @throws PdfInvalidError when `source` is not a readable PDF (not a PDF, corrupt beyond repair).
 * @throws PdfPasswordError when `source` needs a password and `options.password` is missing or wrong.
 * @throws PdfEmptyError when `source` has no pages.
 * @throws AnnotationExportError when an annotation cannot be written; it names the annotation.
 *
 * @example
 * const { bytes, incremental } = await exportPdfWithReport(original, annotations, { mode: 'native' });
 * // incremental: `original` is a prefix of `bytes`, and its signatures still verify.
 */
export async function exportPdfWithReport(
  source: PdfSource,
  annotations: readonly Annotation[],
  options: ExportOptions = {},
): Promise<ExportResult> {
  const checked = checkExportArguments(source, annotations, options);
  const { pdf, repaired } = await openPdf(source, { password: options.password });
  const context = createExportContext(pdf, { fonts: options.fonts, onWarning: options.onWarning });
  const pageCount = pdf.getPageCount();

  const onExistingPages = checked.filter((annotation) => {
    const exists = Number.isInteger(annotation.page) && annotation.page >= 1 && annotation.page <= pageCount;
    if (!exists) {
      context.warn(
        `Annotation ${annotation.id} is on page ${annotation.page}, which this ${pageCount}-page document does not have; it was skipped.`,
      );
    }
    return exists;
  });

  // Flattened annotations are drawn into the pages' content; native ones are added to /Annots.
  const canvases = createPageCanvases(pdf, context);
  const native = options.mode === 'native';
  if (native) await writeNativeAnnotations(pdf, onExistingPages, context);
  else await flattenAnnotations(canvases, onExistingPages, context);

  // The watermark comes after the annotations so that none of them hides it: last in the content
  // when flattening, last in /Annots in native mode (viewers paint annotations over the content).
  if (options.watermark) {
    const text = (typeof options.watermark === 'object' ? options.watermark.text : undefined) ?? DEFAULT_WATERMARK_TEXT;
    const paint = await watermarkPainter(text, context);
    const annotatedPages = [...new Set(onExistingPages.map((annotation) => annotation.page - 1))].sort((a, b) => a - b);
    if (paint && native) addWatermarkAnnotations(pdf, annotatedPages, paint, context);
    else if (paint) for (const pageIndex of annotatedPages) paint(canvases.canvas(pageIndex));
  }
  canvases.commit();

  // A repaired file's offsets are wrong: appending to it would point into the wrong bytes.
  const incremental = options.incremental !== false && !repaired;
  const bytes = await pdf.save({ incremental, subsetFonts: true, compressionThreshold: COMPRESS_FROM_BYTES });
  // Reported from the bytes themselves: the engine writes files it cannot append to anew.
  return { bytes, incremental: incremental && appendsTo(bytes, toBytes(source)) };
}

/**
 * Writes `annotations` into the PDF `source` and returns the new file's bytes.
 *
 * In 'flatten' mode (the default) each annotation is drawn into its page's content exactly where
 * it was shown (page rotation and CropBox offsets included); in 'native' mode it becomes an
 * editable PDF annotation. The original bytes are kept and the changes appended (an incremental
 * update), unless the file had to be repaired or `options.incremental` is false; encrypted files
 * stay encrypted with the same password and permissions. Annotations on pages the document lacks,
 * blank text and images without data are skipped and reported through `options.onWarning`; any
 * other annotation that cannot be written (an image that cannot be fetched or decoded, say)
 * fails the export with `AnnotationExportError` naming it. Text outside WinAnsi is drawn with an embedded Unicode font (DejaVu
 * Sans unless `options.fonts` gives one); characters no font has are drawn as U+FFFD and
 * reported. Page count and page boxes never change. `exportPdfWithReport` also says how the file
 * was saved.
 *
 * @throws InvalidInputError when `source` is not bytes or an option has a wrong value (its
 * `field` names it, e.g. `options.mode`).
 * @throws AnnotationValidationError when an annotation does not fit the model; its `issues` name
 * the index and field (`annotations[3].color: ...`).
 * @throws PdfInvalidError when `source` is not a readable PDF (not a PDF, corrupt beyond repair).
 * @throws PdfPasswordError when `source` needs a password and `options.password` is missing or wrong.
 * @throws PdfEmptyError when `source` has no pages.
 * @throws AnnotationExportError when an annotation cannot be written; it names the annotation.
 *
 * @example
 * // "Approved", an inch in from the top and left edges of page 1 (72 points to the inch).
 * const at = { x: 72, y: 72 };
 * const note = normalizeAnnotation({ type: 'text', page: 1, position: at, content: 'Approved' });
 * const bytes = await exportPdf(await readFile('in.pdf'), [note], { onWarning: console.warn });
 * await writeFile('out.pdf', bytes);
 */
export async function exportPdf(
  source: PdfSource,
  annotations: readonly Annotation[],
  options: ExportOptions = {},
): Promise<Uint8Array> {
  return (await exportPdfWithReport(source, annotations, options)).bytes;
}
