// Page operations on PDF bytes: each opens the source(s) with openPdf (typed errors for broken
// files and missing or wrong passwords; damaged files repaired as readers do), checks the page
// numbers it is given, and returns new bytes.
//
// Operations that drop pages (delete, extract, split) build a new document from the kept pages, so
// the content of a removed page is really gone from the file; so does merge. These new documents
// are written without encryption: the engine can encrypt a new document, but not with the source's
// owner password, which the caller does not give. Rotate, reorder and insert keep the document and
// only change its page tree, so outlines, forms, metadata and encryption survive them; they append
// an incremental update unless the source had to be repaired. Delete on an encrypted source does
// the same, so the file stays encrypted: there the removed pages leave the page tree but stay in
// the earlier revision of the file, which the password protects.
import { PDF, PdfNumber } from '../pdf/engine';
import { PageRangeError } from '../errors';
import { checkArray, checkBytes, checkInteger } from '../input';
import { normalizeRotation } from '../geometry/pageSpace';
import { openPdf, type OpenedPdf } from '../pdf/openPdf';
import { pageRotation, pageSpaceOf } from '../pdf/pageAttributes';
import type { PdfSource } from '../pdf/source';
import { copyPagesInto } from './copyPages';
import { checkDegrees, checkInsertOptions, checkPageList, checkPageOptions, checkPageRange, checkRangeList } from './input';
import type { PageRange, PageSize, RotationDelta } from './types';
import { checkDeletion, checkInsert, checkOrder, checkPages, checkRanges } from './validate';

/** Options every page operation takes. */
export interface PageOperationOptions {
  /** The password of a source that needs one to open; files with an empty user password need none. */
  password?: string;
}

function open(source: PdfSource, options: PageOperationOptions): Promise<OpenedPdf> {
  return openPdf(source, options.password === undefined ? {} : { password: options.password });
}

/** The changed document: appended to the original bytes, or rewritten when it had to be repaired. */
function saveInPlace({ pdf, repaired }: OpenedPdf): Promise<Uint8Array> {
  return pdf.save({ incremental: !repaired && pdf.canSaveIncrementally() === null });
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A new document with the source's document information (title, author...). */
function createTarget(source: PDF): PDF {
  const target = PDF.create();
  target.setMetadata(source.getMetadata());
  return target;
}

/**
 * One document with the pages of every source, in order. The first source's metadata is kept;
 * `password` is tried on every source that needs one. The result is not encrypted, even when a
 * source is: protect it again with `protectPdf` if it must be.
 */
export async function mergePdfs(sources: ReadonlyArray<PdfSource>, options: PageOperationOptions = {}): Promise<Uint8Array> {
  checkArray(sources, 'sources', 'PDFs').forEach((source, index) => checkBytes(source, `sources[${index}]`));
  checkPageOptions(options);
  if (sources.length === 0) throw new PageRangeError('Give at least one PDF to merge.');
  let target: PDF | undefined;
  for (const source of sources) {
    const { pdf } = await open(source, options);
    target ??= createTarget(pdf);
    copyPagesInto(target, pdf, range(0, pdf.getPageCount() - 1));
  }
  return target!.save();
}

function buildFrom(pdf: PDF, indices: readonly number[]): Promise<Uint8Array> {
  const target = createTarget(pdf);
  copyPagesInto(target, pdf, indices, { namedDestinations: true });
  return target.save();
}

/**
 * One new document per range (1-based, both ends included); ranges may overlap. The parts are
 * not encrypted, even when the source is: protect them again with `protectPdf` if they must be.
 */
export async function splitPdf(
  source: PdfSource,
  ranges: ReadonlyArray<PageRange>,
  options: PageOperationOptions = {},
): Promise<Uint8Array[]> {
  checkBytes(source, 'source');
  checkRangeList(ranges, 'ranges');
  checkPageOptions(options);
  const { pdf } = await open(source, options);
  checkRanges(ranges, pdf.getPageCount());
  const parts: Uint8Array[] = [];
  for (const { from, to } of ranges) parts.push(await buildFrom(pdf, range(from - 1, to - 1)));
  return parts;
}

/**
 * A new document holding only the pages of `pages` (1-based, both ends included). It is not
 * encrypted, even when the source is (the pages left out are not in it at all, which an update
 * of the encrypted original could not promise): protect it with `protectPdf` if it must be.
 */
export async function extractPages(source: PdfSource, pages: PageRange, options: PageOperationOptions = {}): Promise<Uint8Array> {
  checkPageRange(pages, 'pages');
  const [part] = await splitPdf(source, [pages], options);
  return part!;
}

/** Adds `degrees` (clockwise) to the /Rotate of each listed page. */
export async function rotatePages(
  source: PdfSource,
  pages: readonly number[],
  degrees: RotationDelta,
  options: PageOperationOptions = {},
): Promise<Uint8Array> {
  checkBytes(source, 'source');
  checkPageList(pages, 'pages');
  checkDegrees(degrees, 'degrees');
  checkPageOptions(options);
  const opened = await open(source, options);
  const { pdf } = opened;
  const all = pdf.getPages();
  for (const page of checkPages(pages, all.length, 'rotate')) {
    const target = all[page - 1]!;
    // The page's own /Rotate, from what it shows now (which may be inherited from the page tree).
    target.dict.set('Rotate', PdfNumber.of(normalizeRotation(pageRotation(pdf, target.dict) + degrees)));
  }
  return saveInPlace(opened);
}

/**
 * Removes the listed pages; deleting every page is refused. The result of an unencrypted source
 * is a new document of the kept pages, so the removed pages' content is gone from the file. An
 * encrypted source stays encrypted with the same handler, password and permissions: the pages
 * leave its page tree in an update appended to it, and their content stays in the file's earlier
 * revision, readable with the password (use `extractPages` and `protectPdf` to drop it for good).
 */
export async function deletePages(source: PdfSource, pages: readonly number[], options: PageOperationOptions = {}): Promise<Uint8Array> {
  checkBytes(source, 'source');
  checkPageList(pages, 'pages');
  checkPageOptions(options);
  const opened = await open(source, options);
  const { pdf } = opened;
  const doomed = checkDeletion(pages, pdf.getPageCount());
  if (opened.encrypted) {
    for (const page of [...doomed].sort((a, b) => b - a)) pdf.removePage(page - 1);
    return saveInPlace(opened);
  }
  const kept = range(0, pdf.getPageCount() - 1).filter((index) => !doomed.has(index + 1));
  return buildFrom(pdf, kept);
}

/** Puts the pages in a new order: `order[i]` is the old number of the page that becomes page i + 1. */
export async function reorderPages(source: PdfSource, order: readonly number[], options: PageOperationOptions = {}): Promise<Uint8Array> {
  checkBytes(source, 'source');
  checkPageList(order, 'order');
  checkPageOptions(options);
  const opened = await open(source, options);
  const { pdf } = opened;
  const refs = pdf.getPages().map((page) => page.ref);
  checkOrder(order, refs.length);
  for (let index = refs.length - 1; index >= 0; index--) pdf.removePage(index);
  order.forEach((page, index) => pdf.insertPage(index, refs[page - 1]!));
  return saveInPlace(opened);
}

/** Displayed sizes (rotation applied) of every page, as remapAnnotations wants them for rotations. */
export async function getPageSizes(source: PdfSource, options: PageOperationOptions = {}): Promise<PageSize[]> {
  checkBytes(source, 'source');
  checkPageOptions(options);
  const { pdf } = await open(source, options);
  return pdf.getPages().map((_, index) => displayedSize(pdf, index));
}

/** What `insertPages` inserts: another PDF's pages, or blank pages of a size. */
export interface InsertPagesOptions extends PageOperationOptions {
  /** Insert the pages of this PDF; it must have exactly `count` pages. */
  document?: PdfSource;
  /** Size of blank pages; default: the page before them, or the first page at the start. */
  size?: PageSize;
}

/** Inserts `count` pages before page `at` (page count + 1 appends). */
export async function insertPages(
  source: PdfSource,
  at: number,
  count: number,
  options: InsertPagesOptions = {},
): Promise<Uint8Array> {
  checkBytes(source, 'source');
  checkInteger(at, 'at', 1);
  checkInteger(count, 'count', 1);
  checkInsertOptions(options);
  const opened = await open(source, options);
  const { pdf } = opened;
  const pageCount = pdf.getPageCount();
  checkInsert(at, pageCount);
  if (options.document) {
    const { pdf: donor } = await openPdf(options.document);
    if (donor.getPageCount() !== count) {
      throw new PageRangeError(
        `The inserted PDF has ${donor.getPageCount()} pages, not the ${count} announced.`,
      );
    }
    copyPagesInto(pdf, donor, range(0, count - 1), { at: at - 1 });
    return saveInPlace(opened);
  }
  const size = options.size ?? displayedSize(pdf, Math.max(at - 2, 0));
  for (let i = 0; i < count; i++) pdf.addPage({ width: size.width, height: size.height, insertAt: at - 1 + i });
  return saveInPlace(opened);
}

function displayedSize(pdf: PDF, pageIndex: number): PageSize {
  const { width, height } = pageSpaceOf(pdf, pageIndex);
  return { width, height };
}
