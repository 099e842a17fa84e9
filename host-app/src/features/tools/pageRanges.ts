// Page ranges as people type them for Split: "1-3, 5, 8-" (an open end runs to the last page), or
// "every page". Pages are 1-based and both ends are included, as the SDK core's PageRange.
import type { PageRange } from '@marginalia/pdf-editor/core';

export type RangeParse = { ok: true; ranges: PageRange[] } | { ok: false; error: string };

const PART = /^(\d+)\s*(?:(-)\s*(\d+)?)?$/;

/** The ranges in `text` for a document of `pageCount` pages, or the first problem found, in words. */
export function parsePageRanges(text: string, pageCount: number): RangeParse {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return { ok: false, error: 'Enter the pages to split out, e.g. 1-3, 5, 8-.' };
  const ranges: PageRange[] = [];
  for (const part of parts) {
    const match = PART.exec(part);
    if (!match) return { ok: false, error: `"${part}" is not a page or a range like 1-3.` };
    const from = Number(match[1]);
    const to = match[2] ? (match[3] === undefined ? pageCount : Number(match[3])) : from;
    if (from < 1) return { ok: false, error: `"${part}": pages start at 1.` };
    if (to < from) return { ok: false, error: `"${part}": the range runs backwards.` };
    if (Math.max(from, to) > pageCount) {
      return {
        ok: false,
        error: `"${part}": the document has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}.`,
      };
    }
    ranges.push({ from, to });
  }
  return { ok: true, ranges };
}

/** One range per page: the "every page" choice. */
export function everyPage(pageCount: number): PageRange[] {
  return Array.from({ length: pageCount }, (_, index) => ({ from: index + 1, to: index + 1 }));
}

/** "pages 1–3" / "page 5", as the split preview shows a part. */
export function describeRange({ from, to }: PageRange): string {
  return from === to ? `page ${from}` : `pages ${from}–${to}`;
}
