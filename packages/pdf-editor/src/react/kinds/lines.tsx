// Arrow and freehand on screen, from the shape maths both exports use (`arrowPath`, `smoothPath`).
import { arrowPath, CubicPathWriter, smoothPath } from '../../core/internal';
import type { Point } from '../../core/index';
import type { ViewProps } from './types';

function pathOf(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

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

export function ArrowView({ annotation: a, common }: ViewProps<'arrow'>) {
  return (
    <g {...common} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round">
      <line x1={a.position.x} y1={a.position.y} x2={a.endPoint.x} y2={a.endPoint.y} />
      <path d={pathOf(arrowPath(a.position, a.endPoint)[1])} />
    </g>
  );
}

export function FreehandView({ annotation: a, common }: ViewProps<'freehand'>) {
  return <path {...common} d={strokePath(a.points)} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round" />;
}
