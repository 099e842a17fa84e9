// Circle on screen: the outline of `radius` around position + radius.
import type { ViewProps } from './types';

export function CircleView({ annotation: a, common }: ViewProps<'circle'>) {
  return <circle {...common} cx={a.position.x + a.radius} cy={a.position.y + a.radius} r={a.radius} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" />;
}
