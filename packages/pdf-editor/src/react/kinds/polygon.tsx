// Polygon on screen: the closed outline traced by `traceVertices`, the helper both exports draw
// with, with the round joins and caps they use.
import { outline } from './shared/paths';
import type { ViewProps } from './types';

export function PolygonView({ annotation: a, common }: ViewProps<'polygon'>) {
  return (
    <path {...common} d={outline(a.points, true)} stroke={a.color} strokeWidth={a.strokeWidth} strokeLinecap="round" strokeLinejoin="round"
      fill={a.fillStyle === 'solid' ? (a.fillColor ?? a.color) : 'none'} />
  );
}
