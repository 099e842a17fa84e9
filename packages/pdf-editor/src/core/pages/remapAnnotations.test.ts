import { describe, expect, it } from 'vitest';
import { PageRangeError } from '../errors';
import { createPageSpace } from '../geometry/pageSpace';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation, Point } from '../model/types';
import { createHistory } from '../history/createHistory';
import { mergeAnnotations, remapAnnotations } from './remapAnnotations';
import { turnedSize } from './rotateAnnotation';
import type { PageSize } from './types';

const LETTER: PageSize = { width: 612, height: 792 };

function onPages(...pages: number[]): Annotation[] {
  return pages.map((page, i) =>
    normalizeAnnotation({ type: 'rectangle', page, id: `a${i}`, position: { x: i, y: i } }),
  );
}

const summary = (list: readonly Annotation[]) => list.map((a) => `${a.id}@${a.page}`);

/** One annotation of every type on page 1, with distinctive geometry. */
function everyType(): Annotation[] {
  const at = { x: 30, y: 40 };
  return [
    normalizeAnnotation({ type: 'rectangle', page: 1, position: at, width: 120, height: 60 }),
    normalizeAnnotation({ type: 'whiteout', page: 1, position: at, width: 100, height: 20 }),
    normalizeAnnotation({
      type: 'highlight',
      page: 1,
      position: at,
      width: 200,
      height: 30,
      rects: [
        { x: 30, y: 40, width: 200, height: 14 },
        { x: 30, y: 56, width: 120, height: 14 },
      ],
    }),
    normalizeAnnotation({ type: 'underline', page: 1, position: at }),
    normalizeAnnotation({ type: 'strikethrough', page: 1, position: at }),
    normalizeAnnotation({ type: 'circle', page: 1, position: at, radius: 25 }),
    normalizeAnnotation({ type: 'arrow', page: 1, position: at, endPoint: { x: 300, y: 500 } }),
    normalizeAnnotation({
      type: 'freehand',
      page: 1,
      position: at,
      points: [at, { x: 35, y: 48 }, { x: 90, y: 70 }],
    }),
    normalizeAnnotation({
      type: 'image',
      page: 1,
      position: at,
      width: 200,
      height: 80,
      imageData: 'data:,',
    }),
    normalizeAnnotation({ type: 'signature', page: 1, position: at, imageData: 'data:,' }),
    normalizeAnnotation({ type: 'text', page: 1, position: at, content: 'Two\nlines', fontSize: 12 }),
    normalizeAnnotation({ type: 'text', page: 1, position: at, content: 'Boxed', width: 150 }),
    normalizeAnnotation({ type: 'comment', page: 1, position: at, content: 'Note' }),
    normalizeAnnotation({ type: 'ellipse', page: 1, position: at, width: 90, height: 40 }),
    normalizeAnnotation({ type: 'squiggly', page: 1, position: at, width: 150, height: 16 }),
    normalizeAnnotation({ type: 'polygon', page: 1, position: at, points: [{ x: 30, y: 95 }, { x: 60, y: 40 }, { x: 110, y: 90 }] }),
    normalizeAnnotation({ type: 'polyline', page: 1, position: at, points: [at, { x: 70, y: 85 }, { x: 120, y: 50 }] }),
    normalizeAnnotation({ type: 'caret', page: 1, position: at }),
    normalizeAnnotation({ type: 'stamp', page: 1, position: at, preset: 'draft' }),
  ];
}

/** Only the coordinates, rounded to 1e-6 so floating-point noise does not count. */
function geometry(a: Annotation): unknown {
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const point = (p: Point) => ({ x: round(p.x), y: round(p.y) });
  return {
    position: point(a.position),
    ...('width' in a &&
      a.width !== undefined && {
        width: round(a.width),
        height: 'height' in a ? round(a.height) : undefined,
      }),
    ...('endPoint' in a && { endPoint: point(a.endPoint) }),
    ...('points' in a && { points: a.points.map(point) }),
    ...('rects' in a &&
      a.rects && {
        rects: a.rects.map((r) => ({ ...point(r), width: round(r.width), height: round(r.height) })),
      }),
  };
}

describe('remapAnnotations', () => {
  it('must drop annotations of deleted pages and renumber the rest', () => {
    const list = onPages(1, 2, 3, 4, 5);
    const next = remapAnnotations(list, { type: 'delete', pages: [2, 4] }, Array(5).fill(LETTER));
    expect(summary(next)).toEqual(['a0@1', 'a2@2', 'a4@3']);
    expect(next[0]).toBe(list[0]);
    expect(() => remapAnnotations(list, { type: 'delete', pages: [1, 2] }, [LETTER, LETTER])).toThrow(
      /every page/,
    );
    expect(() => remapAnnotations(list, { type: 'delete', pages: [6] }, Array(5).fill(LETTER))).toThrow(
      PageRangeError,
    );
  });

  it('must renumber annotations when pages are reordered', () => {
    const list = onPages(1, 2, 3);
    expect(summary(remapAnnotations(list, { type: 'reorder', order: [3, 1, 2] }))).toEqual([
      'a0@2',
      'a1@3',
      'a2@1',
    ]);
    expect(() => remapAnnotations(list, { type: 'reorder', order: [1, 2, 2] })).toThrow(PageRangeError);
    expect(() => remapAnnotations(onPages(1, 4), { type: 'reorder', order: [2, 1] })).toThrow(/page 4/);
  });

  it('must shift annotations after inserted pages', () => {
    const list = onPages(1, 2, 3);
    const next = remapAnnotations(list, { type: 'insert', at: 2, count: 5 });
    expect(summary(next)).toEqual(['a0@1', 'a1@7', 'a2@8']);
    expect(next[0]).toBe(list[0]);
    expect(() =>
      remapAnnotations(list, { type: 'insert', at: 5, count: 1 }, [LETTER, LETTER, LETTER]),
    ).toThrow(/1 to 4/);
  });

  it('must leave the first document unchanged by a merge and shift the others', () => {
    const list = onPages(1, 2);
    expect(remapAnnotations(list, { type: 'merge', documents: [] })).toBe(list);
    const merged = mergeAnnotations([onPages(1, 14), onPages(2, 3)], [14, 3]);
    expect(merged.map((a) => a.page)).toEqual([1, 14, 16, 17]);
    expect(() => mergeAnnotations([list], [])).toThrow(PageRangeError);
  });

  it('must keep only the extracted range, renumbered from 1, and one list per split range', () => {
    const list = onPages(1, 3, 4, 7, 9);
    expect(summary(remapAnnotations(list, { type: 'extract', range: { from: 3, to: 7 } }))).toEqual([
      'a1@1',
      'a2@2',
      'a3@5',
    ]);
    const parts = remapAnnotations(list, {
      type: 'split',
      ranges: [
        { from: 1, to: 3 },
        { from: 4, to: 9 },
        { from: 9, to: 9 },
      ],
    });
    expect(parts.map(summary)).toEqual([['a0@1', 'a1@3'], ['a2@1', 'a3@4', 'a4@6'], ['a4@1']]);
    expect(() =>
      remapAnnotations(list, { type: 'extract', range: { from: 2, to: 12 } }, Array(10).fill(LETTER)),
    ).toThrow(/Page 12 does not exist: this document has 10 pages/);
  });

  it('must move a rectangle at the top-left of a 612x792 page to the top-right when turned 90 degrees', () => {
    const rect = normalizeAnnotation({
      type: 'rectangle',
      page: 1,
      position: { x: 0, y: 0 },
      width: 100,
      height: 50,
    });
    const [turned] = remapAnnotations([rect], { type: 'rotate', pages: [1], degrees: 90 }, [LETTER]);
    // The page now shows 792 wide and 612 high; the box covers the same content, so it is 50 x 100.
    expect(turned).toMatchObject({ position: { x: 742, y: 0 }, width: 50, height: 100, page: 1 });
    const [back] = remapAnnotations([turned!], { type: 'rotate', pages: [1], degrees: -90 }, [
      turnedSize(LETTER, 90),
    ]);
    expect(geometry(back!)).toEqual(geometry(rect));
  });

  it('must return every type to its original geometry after four quarter turns', () => {
    for (const degrees of [90, -90, 180, 270] as const) {
      const original = everyType();
      let list = original;
      let size = LETTER;
      for (let i = 0; i < 4; i++) {
        list = remapAnnotations(list, { type: 'rotate', pages: [1], degrees }, [size]);
        size = turnedSize(size, degrees);
      }
      expect(list.map(geometry)).toEqual(original.map(geometry));
      expect(list.map((a) => a.id)).toEqual(original.map((a) => a.id));
    }
  });

  it('must keep each box over the same spot of the PDF, whatever rotation the page already had', () => {
    // Export maps display boxes to PDF space through the page's rotation: before and after the
    // turn the box must land on the same PDF rectangle (habibi-rotated.pdf: A4 at 90/180/270/0).
    const box = { left: 0, bottom: 0, right: 595.276, top: 841.89 };
    for (const existing of [0, 90, 180, 270]) {
      for (const degrees of [90, 180, 270, -90] as const) {
        const before = createPageSpace(box, existing);
        const after = createPageSpace(box, existing + degrees);
        const rect = normalizeAnnotation({
          type: 'whiteout',
          page: 1,
          position: { x: 40, y: 70 },
          width: 150,
          height: 30,
        });
        const [turned] = remapAnnotations([rect], { type: 'rotate', pages: [1], degrees }, [before]);
        if (turned?.type !== 'whiteout') throw new Error('expected the whiteout back');
        const pdfBefore = before.rectToPdf({ ...rect.position, width: rect.width, height: rect.height });
        const pdfAfter = after.rectToPdf({ ...turned.position, width: turned.width, height: turned.height });
        for (const key of ['x', 'y', 'width', 'height'] as const)
          expect(pdfAfter[key]).toBeCloseTo(pdfBefore[key], 6);
      }
    }
  });

  it('must keep upright content upright and on the page', () => {
    const image = normalizeAnnotation({
      type: 'image',
      page: 1,
      position: { x: 0, y: 0 },
      width: 200,
      height: 80,
      imageData: 'data:,',
    });
    const [turned] = remapAnnotations([image], { type: 'rotate', pages: [1], degrees: 90 }, [LETTER]);
    expect(turned).toMatchObject({ width: 200, height: 80 });
    // Centre (100, 40) moves to (792 - 40, 100): the image stays inside the 792-wide page.
    expect(turned?.position).toEqual({ x: 652, y: 60 });
  });

  it('must leave other pages alone and need page sizes only to rotate', () => {
    const list = onPages(1, 2);
    const next = remapAnnotations(list, { type: 'rotate', pages: [2], degrees: 180 }, [LETTER, LETTER]);
    expect(next[0]).toBe(list[0]);
    expect(next[1]).not.toBe(list[1]);
    expect(
      remapAnnotations(list, { type: 'rotate', pages: [3], degrees: 90 }, [LETTER, LETTER, LETTER]),
    ).toBe(list);
    expect(() => remapAnnotations(list, { type: 'rotate', pages: [1], degrees: 90 })).toThrow(/getPageSizes/);
  });

  it('must make one undo step of a page operation in a history', () => {
    const history = createHistory<readonly Annotation[]>(onPages(1, 2, 3));
    history.apply((list) => remapAnnotations(list, { type: 'delete', pages: [1] }), 'Delete page 1');
    history.apply((list) => remapAnnotations(list, { type: 'insert', at: 9, count: 1 }), 'Nothing to move');
    expect(summary(history.state)).toEqual(['a1@1', 'a2@2']);
    expect(history.undoCount).toBe(1);
    history.undo();
    expect(summary(history.state)).toEqual(['a0@1', 'a1@2', 'a2@3']);
  });
});
