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
  /**
   * Searches the document as a user typing `query` in the find bar would: performance.now() when
   * the search started, when its first match was shown, and when every page was searched, with the
   * count of matches.
   */
  find(query: string): Promise<FindTiming>;
}

export interface FindTiming {
  start: number;
  firstMatch: number;
  end: number;
  count: number;
}
