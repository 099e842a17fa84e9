import { describe, expect, it } from 'vitest';
import { mergedPageCount, mergeSteps, moveItem } from './mergePlan';

describe('mergeSteps', () => {
  it('must merge untouched documents with nothing else to do', () => {
    expect(
      mergeSteps([
        { pageCount: 3, pages: [1, 2, 3] },
        { pageCount: 2, pages: [1, 2] },
      ]),
    ).toEqual({
      sources: [0, 1],
      deleted: [],
      order: null,
    });
  });

  it('must delete removed pages in merged numbering and reorder the rest', () => {
    // A: 3 pages, keeps 3 then 1; B: 2 pages, keeps 2 then 1.
    const steps = mergeSteps([
      { pageCount: 3, pages: [3, 1] },
      { pageCount: 2, pages: [2, 1] },
    ]);
    expect(steps.sources).toEqual([0, 1]);
    expect(steps.deleted).toEqual([2]);
    // After deleting merged page 2: A1→1, A3→2, B1→3, B2→4; wanted A3, A1, B2, B1.
    expect(steps.order).toEqual([2, 1, 4, 3]);
  });

  it('must leave out a document whose pages were all removed', () => {
    const steps = mergeSteps([
      { pageCount: 2, pages: [] },
      { pageCount: 2, pages: [2] },
    ]);
    expect(steps).toEqual({ sources: [1], deleted: [1], order: null });
  });

  it('must count the pages of the result', () => {
    expect(
      mergedPageCount([
        { pageCount: 3, pages: [3, 1] },
        { pageCount: 2, pages: [1, 2] },
      ]),
    ).toBe(4);
  });
});

describe('moveItem', () => {
  it('must move an item forwards and backwards, clamping the target', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
