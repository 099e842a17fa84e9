import { describe, expect, it } from 'vitest';
import { describeRange, everyPage, parsePageRanges } from './pageRanges';

describe('parsePageRanges', () => {
  it('must read single pages, closed ranges and open ends', () => {
    expect(parsePageRanges('1-3, 5, 8-', 10)).toEqual({
      ok: true,
      ranges: [
        { from: 1, to: 3 },
        { from: 5, to: 5 },
        { from: 8, to: 10 },
      ],
    });
  });

  it('must accept spaces and a trailing comma, and keep overlapping ranges in the order typed', () => {
    expect(parsePageRanges(' 4 - 6 ,2,, 2-3 ,', 6)).toEqual({
      ok: true,
      ranges: [
        { from: 4, to: 6 },
        { from: 2, to: 2 },
        { from: 2, to: 3 },
      ],
    });
  });

  it('must refuse pages past the end, page 0, backwards ranges and words', () => {
    expect(parsePageRanges('1-4', 3)).toEqual({ ok: false, error: '"1-4": the document has 3 pages.' });
    expect(parsePageRanges('2', 1)).toEqual({ ok: false, error: '"2": the document has 1 page.' });
    expect(parsePageRanges('0-2', 3)).toEqual({ ok: false, error: '"0-2": pages start at 1.' });
    expect(parsePageRanges('3-1', 3)).toEqual({ ok: false, error: '"3-1": the range runs backwards.' });
    expect(parsePageRanges('1, two', 3)).toEqual({
      ok: false,
      error: '"two" is not a page or a range like 1-3.',
    });
    expect(parsePageRanges('-3', 3)).toEqual({ ok: false, error: '"-3" is not a page or a range like 1-3.' });
    expect(parsePageRanges(' , ', 3)).toEqual({
      ok: false,
      error: 'Enter the pages to split out, e.g. 1-3, 5, 8-.',
    });
  });

  it('must give one range per page for "every page"', () => {
    expect(everyPage(3)).toEqual([
      { from: 1, to: 1 },
      { from: 2, to: 2 },
      { from: 3, to: 3 },
    ]);
  });

  it('must describe a part in words', () => {
    expect(describeRange({ from: 1, to: 3 })).toBe('pages 1–3');
    expect(describeRange({ from: 5, to: 5 })).toBe('page 5');
  });
});
