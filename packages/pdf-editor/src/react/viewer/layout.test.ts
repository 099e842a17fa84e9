// Virtualisation maths: only pages in or next to the viewport are mounted.
import { describe, expect, it } from 'vitest';
import { centerPage, layoutPages, visiblePages } from './layout';

describe('page layout', () => {
  const layout = layoutPages(Array.from({ length: 1000 }, () => ({ width: 612, height: 792 })), 1.5);

  it('must mount a handful of pages out of a thousand', () => {
    const { first, last } = visiblePages(layout, layout.tops[499] as number, 900);
    expect(first).toBe(499);
    expect(last).toBe(501);
    expect(centerPage(layout, layout.tops[499] as number, 900)).toBe(500);
  });

});
