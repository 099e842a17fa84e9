// Ellipse on screen: the outline inscribed in its box, stroked as both exports draw it.
import type { ViewProps } from './types';

export function EllipseView({ annotation: a, common }: ViewProps<'ellipse'>) {
  return (
    <ellipse {...common} cx={a.position.x + a.width / 2} cy={a.position.y + a.height / 2} rx={a.width / 2} ry={a.height / 2}
      stroke={a.color} strokeWidth={a.strokeWidth} fill="none" />
  );
}
