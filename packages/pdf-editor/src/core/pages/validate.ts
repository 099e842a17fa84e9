// Checks page numbers and ranges against a document's page count, with messages a user can act
// on. Shared by the PDF operations and by remapAnnotations, so both reject the same input. Their
// shape (whole numbers from 1, ranges in order) is checked before, by input.ts.
import { PageRangeError } from '../errors';
import type { PageRange } from './types';

function pagesWord(count: number): string {
  return count === 1 ? '1 page' : `${count} pages`;
}

// An infinite page count stands for "unknown" (remapping without page sizes): every page passes.
export function checkPage(page: number, pageCount: number): void {
  if (page > pageCount) {
    throw new PageRangeError(`Page ${page} does not exist: this document has ${pagesWord(pageCount)} (1 to ${pageCount}).`);
  }
}

/** Checks a non-empty list of existing pages; returns them as a set (duplicates folded). */
export function checkPages(pages: readonly number[], pageCount: number, action: string): Set<number> {
  if (pages.length === 0) throw new PageRangeError(`Choose at least one page to ${action}.`);
  for (const page of pages) checkPage(page, pageCount);
  return new Set(pages);
}

export function checkRange(range: PageRange, pageCount: number): void {
  const { from, to } = range;
  checkPage(from, pageCount);
  checkPage(to, pageCount);
}

export function checkRanges(ranges: readonly PageRange[], pageCount: number): void {
  if (ranges.length === 0) throw new PageRangeError('Give at least one page range to split into.');
  for (const range of ranges) checkRange(range, pageCount);
}

export function checkDeletion(pages: readonly number[], pageCount: number): Set<number> {
  const doomed = checkPages(pages, pageCount, 'delete');
  if (doomed.size === pageCount)
    throw new PageRangeError('Cannot delete every page: a PDF needs at least one page.');
  return doomed;
}

export function checkOrder(order: readonly number[], pageCount: number): void {
  const seen = new Set(order);
  const isPermutation =
    order.length === pageCount &&
    seen.size === pageCount &&
    order.every((page) => Number.isInteger(page) && page >= 1 && page <= pageCount);
  if (!isPermutation) {
    throw new PageRangeError(
      `A new page order must list each page from 1 to ${pageCount} exactly once; got [${order.join(', ')}].`,
    );
  }
}

export function checkInsert(at: number, pageCount: number): void {
  if (at > pageCount + 1) {
    throw new PageRangeError(`Pages are inserted before page 1 to ${pageCount + 1}, where ${pageCount + 1} appends; got ${at}.`);
  }
}
