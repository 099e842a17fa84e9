// Arrow on screen, from the shape maths both exports use (`arrowPath`).
import { arrowPath } from '../../core/internal';
import { pathOf } from './shared/paths';
import type { ViewProps } from './types';

export function ArrowView({ annotation: a, common }: ViewProps<'arrow'>) {
  return (
    <g {...common} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round">
      <line x1={a.position.x} y1={a.position.y} x2={a.endPoint.x} y2={a.endPoint.y} />
      <path d={pathOf(arrowPath(a.position, a.endPoint)[1])} />
    </g>
  );
}
