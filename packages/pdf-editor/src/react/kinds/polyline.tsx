// Polyline on screen: the open outline traced by `traceVertices` and its endings by
// `lineEndingPaths`, the helpers both exports draw with, with the round joins and caps they use.
import { lineEndingPaths, svgPathData } from '../../core/internal';
import { outline } from './shared/paths';
import type { ViewProps } from './types';

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
