// Content equality as controlled mode, collaboration and native export's private copy rely on it.
import { describe, expect, it } from 'vitest';
import { sameAnnotations, sameValue } from './equality';

describe('sameValue', () => {
  it('compares JSON-like values by content', () => {
    expect(sameValue({ x: 1, points: [{ x: 1, y: 2 }] }, { points: [{ x: 1, y: 2 }], x: 1 })).toBe(true);
    expect(sameValue([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
    expect(sameValue('a', 'a')).toBe(true);
  });

  it('counts a field set to undefined as absent, on either side', () => {
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
  });

  it('tells apart values that differ anywhere', () => {
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: undefined, b: 1 })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameValue({ points: [{ x: 1, y: 2 }] }, { points: [{ x: 1, y: 2.5 }] })).toBe(false);
    expect(sameValue(0, -0)).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });

  it('compares annotation lists item by item', () => {
    const list = [
      { id: 'a', page: 1 },
      { id: 'b', page: 2 },
    ];
    expect(
      sameAnnotations(
        list,
        list.map((item) => ({ ...item })),
      ),
    ).toBe(true);
    expect(sameAnnotations(list, [list[0] as object])).toBe(false);
  });
});
