// Virtualisation maths: only pages in or next to the viewport are mounted.
import { describe, expect, it } from 'vitest';
import { centerPage, layoutPages, visiblePages } from './layout';
import { snapToLines } from './textSnap';

describe('page layout', () => {
  const layout = layoutPages(Array.from({ length: 1000 }, () => ({ width: 612, height: 792 })), 1.5);

  it('must mount a handful of pages out of a thousand', () => {
    const { first, last } = visiblePages(layout, layout.tops[499] as number, 900);
    expect(first).toBe(499);
    expect(last).toBe(501);
    expect(centerPage(layout, layout.tops[499] as number, 900)).toBe(500);
  });

  it('must snap a box to the text lines it covers, cut to the box', () => {
    const spans = [
      { x: 10, y: 100, width: 80, height: 10 },
      { x: 95, y: 101, width: 80, height: 10 },
      { x: 10, y: 114, width: 150, height: 10 },
      { x: 10, y: 300, width: 150, height: 10 },
    ];
    expect(snapToLines(spans, { x: 20, y: 98, width: 100, height: 28 })).toEqual([
      { x: 20, y: 100, width: 100, height: 11 },
      { x: 20, y: 114, width: 100, height: 10 },
    ]);
    expect(snapToLines(spans, { x: 300, y: 0, width: 10, height: 10 })).toEqual([]);
  });
});
