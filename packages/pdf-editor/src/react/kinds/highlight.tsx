// Highlight on screen: the same rectangles (`markupRects`) as both exports fill.
import { markupRects } from '../../core/internal';
import type { ViewProps } from './types';

export function HighlightView({ annotation: a, common }: ViewProps<'highlight'>) {
  return (
    <g {...common} fill={a.color} style={{ mixBlendMode: 'multiply' }}>
      {markupRects(a).map((r, i) => <rect key={i} x={r.x} y={r.y} width={r.width} height={r.height} />)}
    </g>
  );
}
