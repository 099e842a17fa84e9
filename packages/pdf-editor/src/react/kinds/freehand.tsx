// Freehand on screen, from the shape maths both exports use (`smoothPath`).
import { CubicPathWriter, smoothPath } from '../../core/internal';
import type { Point } from '../../core/index';
import { pathOf } from './shared/paths';
import type { ViewProps } from './types';

/** A freehand stroke smoothed by the same helper, into the same cubics, as both exports draw it. */
function strokePath(points: readonly Point[]): string {
  // A lone point: a zero-length segment, which the round cap shows as the dot the export draws.
  if (points.length === 1) return pathOf([points[0] as Point, points[0] as Point]);
  const d: string[] = [];
  smoothPath(
    points,
    new CubicPathWriter({
      moveTo: (x, y) => d.push(`M${x},${y}`),
      curveTo: (x1, y1, x2, y2, x, y) => d.push(`C${x1},${y1} ${x2},${y2} ${x},${y}`),
      lineTo: (x, y) => d.push(`L${x},${y}`),
    }),
  );
  return d.join(' ');
}

export function FreehandView({ annotation: a, common }: ViewProps<'freehand'>) {
  return <path {...common} d={strokePath(a.points)} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round" />;
}
