// Where each page sits in the continuous scroll, and which pages are in or near the viewport:
// only those get a PageView (canvas, text layer, overlay), so a 1,000-page file stays light.
import type { PageSize } from '../../editor/index';

export const PAGE_GAP = 16;

export interface PageLayout {
  tops: number[];
  heights: number[];
  totalHeight: number;
  maxWidth: number;
}

export function layoutPages(sizes: readonly PageSize[], zoom: number): PageLayout {
  const tops: number[] = [];
  const heights: number[] = [];
  let y = PAGE_GAP;
  let maxWidth = 0;
  for (const size of sizes) {
    tops.push(y);
    heights.push(size.height * zoom);
    y += size.height * zoom + PAGE_GAP;
    maxWidth = Math.max(maxWidth, size.width * zoom);
  }
  return { tops, heights, totalHeight: y, maxWidth };
}

/** Index of the last page whose top is at or above `y`. */
function pageAt(layout: PageLayout, y: number): number {
  let low = 0;
  let high = layout.tops.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((layout.tops[mid] as number) <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** 1-based pages to mount for the viewport, `overscan` pages beyond each edge. */
export function visiblePages(layout: PageLayout, scrollTop: number, viewportHeight: number, overscan = 1): { first: number; last: number } {
  if (layout.tops.length === 0) return { first: 1, last: 0 };
  const first = Math.max(0, pageAt(layout, scrollTop) - overscan);
  const last = Math.min(layout.tops.length - 1, pageAt(layout, scrollTop + viewportHeight) + overscan);
  return { first: first + 1, last: last + 1 };
}

/** The page covering the middle of the viewport: the "current" page while scrolling. */
export function centerPage(layout: PageLayout, scrollTop: number, viewportHeight: number): number {
  return layout.tops.length === 0 ? 1 : pageAt(layout, scrollTop + viewportHeight / 2) + 1;
}
