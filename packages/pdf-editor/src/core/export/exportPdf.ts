// exportPdf: burns annotations into a PDF (flatten mode) or writes them as native PDF annotations,
// optionally adds the free-version watermark, and saves. The save is incremental by default: the
// original bytes stay untouched at the front of the output and only new and changed objects follow,
// so signatures, usage rights and encryption survive and the cost follows the edit, not the file.
// Page count and page sizes never change; unreadable input raises a typed error.
import { checkExportArguments } from '../exportInput';
import type { Annotation } from '../model/types';
import type { PDF, PDFPage } from '../pdf/engine';
import { ObjectBytesWriter, type ObjectSink } from '../pdf/objectWriter';
import { openPdf } from '../pdf/openPdf';
import { toBytes, type PdfSource } from '../pdf/source';
import type { ExportContext } from './context';
import { createExportContext } from './createExportContext';
import { flattenAnnotations } from './flatten/flattenAnnotations';
import { createPageCanvases, type PageCanvases } from './flatten/frame';
import { addWatermarkAnnotations } from './native/watermarkAnnotation';
import { nativeObjectCount, writeNativeAnnotations } from './native/writeNativeAnnotations';
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
  const original = toBytes(source);
  const fast = await exportLazily(original, checked, options);
  if (fast) return fast;

  const { pdf, repaired } = await openPdf(source, { password: options.password });
  await writeAnnotations(pdf, checked, options, {
    pageCount: pdf.getPageCount(),
    warn: (message) => options.onWarning?.(message),
  });
  // A repaired file's offsets are wrong: appending to it would point into the wrong bytes.
  const incremental = options.incremental !== false && !repaired;
  const bytes = await pdf.save({ incremental, subsetFonts: true, compressionThreshold: COMPRESS_FROM_BYTES });
  // Reported from the bytes themselves: the engine writes files it cannot append to anew.
  return { bytes, incremental: incremental && appendsTo(bytes, original), pagesRead: 'all' };
}

/** The annotations that lie on one of the document's `pageCount` pages. */
function onPages(annotations: readonly Annotation[], pageCount: number): Annotation[] {
  return annotations.filter(
    (annotation) => Number.isInteger(annotation.page) && annotation.page >= 1 && annotation.page <= pageCount,
  );
}

/**
 * The fast path (see pdf/lazyAppend.ts) of an incremental export, which reads only the pages it
 * writes on: undefined when it does not apply, and then nothing was reported through `onWarning`
 * yet. A native export with a watermark takes the engine path (its watermark annotations are
 * added through the whole document).
 */
async function exportLazily(
  original: Uint8Array,
  annotations: readonly Annotation[],
  options: ExportOptions,
): Promise<ExportResult | undefined> {
  const native = options.mode === 'native';
  if ((native && options.watermark) || options.incremental === false) return undefined;
  // Loaded on the first export, as the object parser it uses: the core's entry stays within its
  // budget of what loads at once.
  const { openLazyAppend } = await import('../pdf/lazyAppend');
  const lazy = await openLazyAppend(
    original,
    (pageCount) => onPages(annotations, pageCount).map((annotation) => annotation.page - 1),
    native ? nativeObjectCount(annotations) : 0,
  );
  if (!lazy) return undefined;
  const warnings: string[] = [];
  const objects = new ObjectBytesWriter(lazy.pdf, COMPRESS_FROM_BYTES, lazy.numbers);
  await writeAnnotations(lazy.pdf, annotations, options, {
    pageCount: lazy.pageCount,
    pageAt: lazy.pageAt,
    objects,
    warn: (message) => warnings.push(message),
  });
  // What the engine would write is most often only the touched pages: then written here.
  const changed = lazy.changedObjects();
  if (changed) for (const [ref, object] of changed) objects.rewrite(ref, object);
  const saved = changed
    ? undefined
    : await lazy.pdf.save({ incremental: true, subsetFonts: true, compressionThreshold: COMPRESS_FROM_BYTES });
  const bytes = await lazy.finish(saved, objects.written());
  if (!bytes) return undefined;
  for (const message of warnings) options.onWarning?.(message);
  return { bytes, incremental: true, pagesRead: 'touched' };
}

interface WriteTarget {
  pageCount: number;
  pageAt?: (pageIndex: number) => PDFPage | undefined;
  /** Where native annotations' objects go; by default the engine's registry. */
  objects?: ObjectSink;
  warn: (message: string) => void;
}

/** Draws (flatten) or adds (native) the annotations and the watermark into `pdf`, unsaved. */
async function writeAnnotations(
  pdf: PDF,
  annotations: readonly Annotation[],
  options: ExportOptions,
  { pageCount, pageAt, objects, warn }: WriteTarget,
): Promise<void> {
  const native = options.mode === 'native';
  const context = createExportContext(pdf, { fonts: options.fonts, onWarning: warn, pageAt, objects });
  const existing = onPages(annotations, pageCount);
  const written = new Set(existing);
  for (const annotation of annotations) {
    if (written.has(annotation)) continue;
    context.warn(
      `Annotation ${annotation.id} is on page ${annotation.page}, which this ${pageCount}-page document does not have; it was skipped.`,
    );
  }

  if (native) {
    await writeNativeAnnotations(pdf, existing, context, pageAt, objects);
    if (options.watermark) await addWatermark(pdf, existing, options.watermark, context, undefined);
    context.finish();
    return;
  }
  // Flattened annotations are drawn into the pages' content; native ones are added to /Annots.
  const canvases = createPageCanvases(pdf, context, pageAt, objects);
  await flattenAnnotations(canvases, existing, context);
  if (options.watermark) await addWatermark(pdf, existing, options.watermark, context, canvases);
  canvases.commit();
  context.finish();
}

/**
 * The watermark comes after the annotations so that none of them hides it: last in the content
 * when flattening (`canvases`), last in /Annots in native mode (viewers paint annotations over the content).
 */
async function addWatermark(
  pdf: PDF,
  annotations: readonly Annotation[],
  watermark: NonNullable<ExportOptions['watermark']>,
  context: ExportContext,
  canvases: PageCanvases | undefined,
): Promise<void> {
  const text = (typeof watermark === 'object' ? watermark.text : undefined) ?? DEFAULT_WATERMARK_TEXT;
  const paint = await watermarkPainter(text, context);
  if (!paint) return;
  const annotatedPages = [...new Set(annotations.map((annotation) => annotation.page - 1))].sort(
    (a, b) => a - b,
  );
  if (!canvases) addWatermarkAnnotations(pdf, annotatedPages, paint, context);
  else for (const pageIndex of annotatedPages) paint(canvases.canvas(pageIndex));
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
 * Sans unless `options.fonts` gives one, then `options.fonts.fallbacks`); characters no font has
 * fail it with `UnsupportedCharactersError`, a font that cannot be loaded with `FontLoadError`. Page count and page boxes never change. `exportPdfWithReport` also says how the file
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
