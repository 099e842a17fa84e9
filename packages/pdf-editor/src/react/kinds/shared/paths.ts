// SVG path data of the shapes made of points, as the views of several kinds draw them: straight
// segments (arrow, freehand) and the outlines `traceVertices` traces for both exports (polygon, polyline).
import { traceVertices } from '../../../core/internal';
import type { Point } from '../../../core/index';

/** Straight segments through `points`. */
export function pathOf(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

/** The outline through `points` as both exports trace it, closed for a polygon. */
export function outline(points: readonly Point[], closed: boolean): string {
  const d: string[] = [];
  traceVertices(points, closed, {
    moveTo: (x, y) => d.push(`M${x},${y}`),
    lineTo: (x, y) => d.push(`L${x},${y}`),
    closePath: () => d.push('Z'),
  });
  return d.join(' ');
}
