// Checks page numbers and ranges against a document's page count, with messages a user can act
// on. Shared by the PDF operations and by remapAnnotations, so both reject the same input.
import { PageRangeError } from '../errors';
import type { PageRange, RotationDelta } from './types';

function pagesWord(count: number): string {
  return count === 1 ? '1 page' : `${count} pages`;
}

// An infinite page count stands for "unknown" (remapping without page sizes): only the lower bound holds.
function countHint(pageCount: number): string {
  return Number.isFinite(pageCount)
    ? `this document has ${pagesWord(pageCount)} (1 to ${pageCount})`
    : 'pages are numbered from 1';
}

export function checkPage(page: number, pageCount: number): void {
  if (!Number.isInteger(page) || page < 1 || page > pageCount) {
    throw new PageRangeError(`Page ${page} does not exist: ${countHint(pageCount)}.`);
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
  if (!Number.isInteger(from) || !Number.isInteger(to) || from > to) {
    throw new PageRangeError(
      `Page range ${from}-${to} is not valid: give whole page numbers with "from" no greater than "to".`,
    );
  }
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

export function checkInsert(at: number, count: number, pageCount: number): void {
  if (!Number.isInteger(at) || at < 1 || at > pageCount + 1) {
    const where = Number.isFinite(pageCount)
      ? `1 to ${pageCount + 1}, where ${pageCount + 1} appends`
      : 'numbered from 1';
    throw new PageRangeError(`Pages are inserted before page ${where}; got ${at}.`);
  }
  if (!Number.isInteger(count) || count < 1)
    throw new PageRangeError(`Insert at least one page; got ${count}.`);
}

export function checkRotation(degrees: RotationDelta): void {
  if (![90, 180, 270, -90].includes(degrees)) {
    throw new RangeError(`Pages rotate by 90, 180, 270 or -90 degrees; got ${String(degrees)}.`);
  }
}
