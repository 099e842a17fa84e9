// The line markups on screen (strikethrough, underline): the same rectangles (`markupRects`) and
// the same thickness and position (`markupLine`) as both exports.
import { kindOf, markupLine, markupRects } from '../../../core/internal';
import type { ViewProps } from '../types';

export function LineMarkView({ annotation: a, common }: ViewProps<'strikethrough'> | ViewProps<'underline'>) {
  const { markup } = kindOf(a.type);
  return (
    <g {...common} stroke={a.color}>
      {markupRects(a).map((r, i) => {
        const { y, thickness } = markupLine(markup, r, a.strokeWidth);
        return <line key={i} x1={r.x} y1={y} x2={r.x + r.width} y2={y} strokeWidth={thickness} />;
      })}
      {/* An invisible box so the whole mark, not only its thin line, can be clicked. */}
      <rect x={a.position.x} y={a.position.y} width={a.width} height={a.height} fill="transparent" stroke="none" />
    </g>
  );
}
