// Whiteout on screen: the box filled in its colour (white), as the export paints it.
import type { ViewProps } from './types';

export function WhiteoutView({ annotation: a, common }: ViewProps<'whiteout'>) {
  return <rect {...common} x={a.position.x} y={a.position.y} width={a.width} height={a.height} fill={a.color} />;
}
