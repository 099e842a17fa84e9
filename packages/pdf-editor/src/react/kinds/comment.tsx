// Comment on screen: the folded note icon both exports draw (NOTE_ICON_SIZE, its outline, flap and
// lines, its colours), so the note does not shrink or change colour when the PDF is written.
import { NOTE_BODY, NOTE_COLORS, NOTE_FLAP, NOTE_LINES, NOTE_STROKES } from '../../core/internal';
import type { Point } from '../../core/index';
import type { ViewProps } from './types';

const css = ({ r, g, b }: { r: number; g: number; b: number }) => `rgb(${r * 255} ${g * 255} ${b * 255})`;
const polygon = (points: readonly Point[]) => points.map((p) => `${p.x},${p.y}`).join(' ');

export function CommentView({ annotation: a, common }: ViewProps<'comment'>) {
  return (
    <g {...common} transform={`translate(${a.position.x} ${a.position.y})`}>
      <title>{a.content}</title>
      <polygon points={polygon(NOTE_BODY)} fill={css(NOTE_COLORS.fill)} stroke={css(NOTE_COLORS.edge)} strokeWidth={NOTE_STROKES.edge} strokeLinejoin="round" />
      <polygon points={polygon(NOTE_FLAP)} fill={css(NOTE_COLORS.edge)} />
      {NOTE_LINES.map(([from, to], i) => (
        <line key={i} x1={from.x} y1={from.y} x2={to.x} y2={to.y} stroke={css(NOTE_COLORS.ink)} strokeWidth={NOTE_STROKES.ink} />
      ))}
    </g>
  );
}
