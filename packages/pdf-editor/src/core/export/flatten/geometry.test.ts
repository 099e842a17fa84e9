// The drawing maths behind flattened shapes: arrow heads and freehand smoothing.
import { describe, expect, it } from 'vitest';
import type { Point } from '../../model/types';
import { ARROW_HEAD, arrowPath, smoothPath } from '../../geometry/annotationGeometry';
import { standardFamily } from '../fontFamily';

/** Every coordinate of the arrow's polylines in drawing order: shaft start and end, then the head. */
const numbers = (lines: Point[][]) => lines.flat().flatMap((point) => [point.x, point.y]);

/** The smoothed path through `points` as SVG path data, '' when there is none. */
const svg = (points: Point[]) => {
  const parts: string[] = [];
  smoothPath(points, {
    moveTo: (x, y) => parts.push(`M ${x} ${y}`),
    quadTo: (cx, cy, x, y) => parts.push(`Q ${cx} ${cy} ${x} ${y}`),
    lineTo: (x, y) => parts.push(`L ${x} ${y}`),
  });
  return parts.join(' ');
};

describe('arrowPath', () => {
  it('draws the shaft and a 15 pt head whose sides are 30 degrees off the shaft', () => {
    const [sx, sy, ex, ey, lx, ly, ex2, ey2, rx, ry] = numbers(arrowPath({ x: 0, y: 0 }, { x: 100, y: 0 }));
    expect([sx, sy, ex, ey, ex2, ey2]).toEqual([0, 0, 100, 0, 100, 0]);
    for (const [x, y] of [[lx, ly], [rx, ry]] as [number, number][]) {
      expect(Math.hypot(100 - x, y)).toBeCloseTo(ARROW_HEAD.length, 6);
      expect((Math.atan2(Math.abs(y), 100 - x) * 180) / Math.PI).toBeCloseTo(30, 6);
    }
    expect(Math.sign(ly ?? 0)).toBe(-Math.sign(ry ?? 0));
  });
});

describe('smoothPath', () => {
  it('starts and ends on the first and last sample and curves through midpoints', () => {
    const path = svg([{ x: 0, y: 0 }, { x: 10, y: 10 }, { x: 20, y: 0 }, { x: 30, y: 10 }]);
    expect(path).toBe('M 0 0 Q 10 10 15 5 Q 20 0 25 5 L 30 10');
  });

  it('is a straight segment for two points and empty for fewer', () => {
    expect(svg([{ x: 1, y: 2 }, { x: 3, y: 4 }])).toBe('M 1 2 L 3 4');
    expect(svg([{ x: 1, y: 2 }])).toBe('');
    expect(svg([])).toBe('');
  });
});

describe('standardFamily', () => {
  it.each([
    ['Arial', 'helvetica'],
    ['Verdana', 'helvetica'],
    ['Comic Sans MS', 'helvetica'],
    ['"Times New Roman", serif', 'times'],
    ['Georgia', 'times'],
    ['Courier New', 'courier'],
    ['monospace', 'courier'],
    ['sans-serif', 'helvetica'],
    ['serif', 'times'],
  ])('%s -> %s', (family, expected) => {
    expect(standardFamily(family)).toBe(expected);
  });
});
