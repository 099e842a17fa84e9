// What both bench pages (bare.ts, editor.tsx) expose to react.bench.mjs, so it drives them alike.
export interface BenchWindow {
  /** performance.now() when page 1 was first drawn. */
  firstPaint?: number;
  /** The element that scrolls the pages. */
  scroller: HTMLElement;
  /** Shows `page` as a user typing its number would. */
  jumpTo(page: number): void;
  /** Whether `page`'s canvas holds its drawing now. */
  isDrawn(page: number): boolean;
}
