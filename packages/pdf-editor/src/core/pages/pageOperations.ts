// Page operations on PDF bytes: each reads the source(s) with loadPdf (typed errors for encrypted
// or broken files), checks the page numbers it is given, and returns new bytes.
//
// Operations that drop pages (delete, extract, split) build a new document from the kept pages, so
// the content of a removed page is really gone from the file. Rotate, reorder and insert keep the
// document and only change its page tree, so outlines, forms and metadata survive them.
import { degrees as pdfDegrees } from 'pdf-lib';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { PageRangeError } from '../errors';
import { createPageSpace, normalizeRotation } from '../geometry/pageSpace';
import { loadPdf } from '../pdf/loadPdf';
import type { PdfSource } from '../pdf/loadPdf';
import { copyPagesInto, copyDocumentInfo, createTarget } from './copyPages';
import type { PageRange, PageSize, RotationDelta } from './types';
import { checkDeletion, checkInsert, checkOrder, checkPages, checkRanges, checkRotation } from './validate';

const save = (doc: PDFDocument): Promise<Uint8Array> => doc.save({ addDefaultPage: false });

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** One document with the pages of every source, in order. The first source's metadata is kept. */
export async function mergePdfs(sources: ReadonlyArray<PdfSource>): Promise<Uint8Array> {
  if (sources.length === 0) throw new PageRangeError('Give at least one PDF to merge.');
  const target = await createTarget();
  for (const [i, source] of sources.entries()) {
    const doc = await loadPdf(source);
    if (i === 0) copyDocumentInfo(doc, target);
    await copyPagesInto(target, doc, range(0, doc.getPageCount() - 1));
  }
  return save(target);
}

async function buildFrom(doc: PDFDocument, indices: readonly number[]): Promise<Uint8Array> {
  const target = await createTarget();
  copyDocumentInfo(doc, target);
  await copyPagesInto(target, doc, indices, { namedDestinations: true });
  return save(target);
}

/** One new document per range (1-based, both ends included); ranges may overlap. */
export async function splitPdf(source: PdfSource, ranges: ReadonlyArray<PageRange>): Promise<Uint8Array[]> {
  const doc = await loadPdf(source);
  checkRanges(ranges, doc.getPageCount());
  const parts: Uint8Array[] = [];
  for (const { from, to } of ranges) parts.push(await buildFrom(doc, range(from - 1, to - 1)));
  return parts;
}

/** A new document holding only the pages of `pages` (1-based, both ends included). */
export async function extractPages(source: PdfSource, pages: PageRange): Promise<Uint8Array> {
  const [part] = await splitPdf(source, [pages]);
  return part!;
}

/** Adds `degrees` (clockwise) to the /Rotate of each listed page. */
export async function rotatePages(
  source: PdfSource,
  pages: readonly number[],
  degrees: RotationDelta,
): Promise<Uint8Array> {
  checkRotation(degrees);
  const doc = await loadPdf(source);
  const all = doc.getPages();
  for (const page of checkPages(pages, all.length, 'rotate')) {
    const target = all[page - 1]!;
    target.setRotation(pdfDegrees(normalizeRotation(target.getRotation().angle + degrees)));
  }
  return save(doc);
}

/** Removes the listed pages; deleting every page is refused. */
export async function deletePages(source: PdfSource, pages: readonly number[]): Promise<Uint8Array> {
  const doc = await loadPdf(source);
  const doomed = checkDeletion(pages, doc.getPageCount());
  const kept = range(0, doc.getPageCount() - 1).filter((index) => !doomed.has(index + 1));
  return buildFrom(doc, kept);
}

/** Puts the pages in a new order: `order[i]` is the old number of the page that becomes page i + 1. */
export async function reorderPages(source: PdfSource, order: readonly number[]): Promise<Uint8Array> {
  const doc = await loadPdf(source);
  const pages = doc.getPages();
  checkOrder(order, pages.length);
  for (let index = pages.length - 1; index >= 0; index--) doc.removePage(index);
  for (const page of order) doc.addPage(pages[page - 1]!);
  return save(doc);
}

/** Displayed sizes (rotation applied) of every page, as remapAnnotations wants them for rotations. */
export async function getPageSizes(source: PdfSource): Promise<PageSize[]> {
  const doc = await loadPdf(source);
  return doc.getPages().map(displayedSize);
}

/** What `insertPages` inserts: another PDF's pages, or blank pages of a size. */
export interface InsertPagesOptions {
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
  const doc = await loadPdf(source);
  const pageCount = doc.getPageCount();
  checkInsert(at, count, pageCount);
  if (options.document) {
    const donor = await loadPdf(options.document);
    if (donor.getPageCount() !== count) {
      throw new PageRangeError(
        `The inserted PDF has ${donor.getPageCount()} pages, not the ${count} announced.`,
      );
    }
    await copyPagesInto(doc, donor, range(0, count - 1), { at: at - 1 });
    return save(doc);
  }
  const neighbour = doc.getPage(Math.max(at - 2, 0));
  const size = options.size ?? displayedSize(neighbour);
  for (let i = 0; i < count; i++) doc.insertPage(at - 1 + i, [size.width, size.height]);
  return save(doc);
}

function displayedSize(page: PDFPage): PageSize {
  const box = page.getCropBox();
  const space = createPageSpace(
    { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height },
    page.getRotation().angle,
  );
  return { width: space.width, height: space.height };
}
