// Polygon and polyline on screen: the outline traced by `traceVertices` and a polyline's endings
// by `lineEndingPaths`, the helpers both exports draw with, with the round joins and caps they use.
import { lineEndingPaths, svgPathData, traceVertices } from '../../core/internal';
import type { Point } from '../../core/index';
import type { ViewProps } from './types';

function outline(points: readonly Point[], closed: boolean): string {
  const d: string[] = [];
  traceVertices(points, closed, {
    moveTo: (x, y) => d.push(`M${x},${y}`),
    lineTo: (x, y) => d.push(`L${x},${y}`),
    closePath: () => d.push('Z'),
  });
  return d.join(' ');
}

export function PolygonView({ annotation: a, common }: ViewProps<'polygon'>) {
  return (
    <path {...common} d={outline(a.points, true)} stroke={a.color} strokeWidth={a.strokeWidth} strokeLinecap="round" strokeLinejoin="round"
      fill={a.fillStyle === 'solid' ? (a.fillColor ?? a.color) : 'none'} />
  );
}

/** A polyline and its endings (`lineEndingPaths`), closed ones filled with its `fillColor` as the exports fill them. */
export function PolylineView({ annotation: a, common }: ViewProps<'polyline'>) {
  return (
    <g {...common} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round">
      <path d={outline(a.points, false)} />
      {lineEndingPaths(a.points, a.lineEndings).map((ending, i) => (
        <path key={i} d={svgPathData(ending)} fill={a.fillColor !== undefined && ending[ending.length - 1]?.[0] === 'Z' ? a.fillColor : 'none'} />
      ))}
    </g>
  );
}
