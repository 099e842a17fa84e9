// exportPdf: burns annotations into a copy of a PDF (flatten mode) or writes them as native PDF
// annotations, optionally adds the free-version watermark, and saves. Page count and page sizes
// never change; encrypted or unreadable input raises a typed error instead of a corrupt file.
import type { Annotation } from '../model/types';
import { loadPdf, type PdfSource } from '../pdf/loadPdf';
import { createExportContext } from './createExportContext';
import { flattenAnnotations } from './flatten/flattenAnnotations';
import { createPageCanvases } from './flatten/frame';
import { writeNativeAnnotations } from './native/writeNativeAnnotations';
import type { ExportOptions } from './options';
import { DEFAULT_WATERMARK_TEXT, drawWatermark } from './watermark';

/**
 * Objects pdf-lib writes between yields to the event loop while saving. Its default of 50 waits a
 * timer tick (at least 1 ms; 4 ms in browsers once timers nest) after well under a millisecond of
 * work, so a save spent most of its time idle. Export runs in a Web Worker in the editor and in a
 * child process on the server, where yielding buys nothing; a thousand objects (some milliseconds
 * of work) still lets a caller on a main thread breathe while a very large file is written.
 */
const OBJECTS_PER_TICK = 1000;

/**
 * Writes `annotations` into a copy of the PDF `source` and returns the new file's bytes.
 *
 * In 'flatten' mode (the default) each annotation is drawn into its page's content exactly where
 * it was shown (page rotation and CropBox offsets included); in 'native' mode it becomes an
 * editable PDF annotation. Annotations on pages the document lacks, blank text and images that
 * cannot be embedded are skipped and reported through `options.onWarning`. Text outside WinAnsi is
 * drawn with an embedded Unicode font (DejaVu Sans unless `options.fonts` gives one); characters
 * no font has are drawn as U+FFFD and reported. Page count and page boxes never change.
 *
 * @throws PdfInvalidError when `source` is not a readable PDF (not a PDF, truncated, corrupt).
 * @throws PdfEncryptedError when `source` is password-protected.
 * @throws PdfEmptyError when `source` has no pages.
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
  const doc = await loadPdf(source);
  const context = createExportContext(doc, { fonts: options.fonts, onWarning: options.onWarning });
  const pageCount = doc.getPageCount();

  const onExistingPages = annotations.filter((annotation) => {
    const exists = Number.isInteger(annotation.page) && annotation.page >= 1 && annotation.page <= pageCount;
    if (!exists) {
      context.warn(
        `Annotation ${annotation.id} is on page ${annotation.page}, which this ${pageCount}-page document does not have; it was skipped.`,
      );
    }
    return exists;
  });

  // Flattened annotations and the watermark are drawn into the pages' content.
  const canvases = createPageCanvases(doc, context);
  if (options.mode === 'native') await writeNativeAnnotations(doc, onExistingPages, context);
  else await flattenAnnotations(canvases, onExistingPages, context);

  if (options.watermark) {
    const text = (typeof options.watermark === 'object' ? options.watermark.text : undefined) ?? DEFAULT_WATERMARK_TEXT;
    const annotatedPages = [...new Set(onExistingPages.map((annotation) => annotation.page - 1))].sort((a, b) => a - b);
    await drawWatermark(canvases, annotatedPages, text, context);
  }
  canvases.commit();

  // addDefaultPage: false, so a document can never gain a page on the way out.
  return doc.save({ addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: OBJECTS_PER_TICK });
}
