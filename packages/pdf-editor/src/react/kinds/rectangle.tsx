// Rectangle on screen: the box, stroked and filled as the export draws it.
import type { ViewProps } from './types';

export function RectangleView({ annotation: a, common }: ViewProps<'rectangle'>) {
  return (
    <rect {...common} x={a.position.x} y={a.position.y} width={a.width} height={a.height} stroke={a.color} strokeWidth={a.strokeWidth}
      fill={a.fillStyle === 'solid' ? (a.fillColor ?? a.color) : 'none'} />
  );
}
