// Highlight, strikethrough and underline on screen: the same rectangles (`markupRects`) and, for
// the lines, the same thickness and position (`markupLine`) as both exports.
import { kindOf, markupLine, markupRects } from '../../core/internal';
import type { ViewProps } from './types';

export function HighlightView({ annotation: a, common }: ViewProps<'highlight'>) {
  return (
    <g {...common} fill={a.color} style={{ mixBlendMode: 'multiply' }}>
      {markupRects(a).map((r, i) => <rect key={i} x={r.x} y={r.y} width={r.width} height={r.height} />)}
    </g>
  );
}

function LineMarkView({ annotation: a, common }: ViewProps<'strikethrough'> | ViewProps<'underline'>) {
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

export const StrikethroughView = (props: ViewProps<'strikethrough'>) => LineMarkView(props);
export const UnderlineView = (props: ViewProps<'underline'>) => LineMarkView(props);
