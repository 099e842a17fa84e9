// Squiggly on screen: the same wave (`squigglyWave`) under the same rectangles (`markupRects`) as
// both exports draw.
import { markupRects, squigglyWave } from '../../core/internal';
import type { ViewProps } from './types';

export function SquigglyView({ annotation: a, common }: ViewProps<'squiggly'>) {
  return (
    <g {...common} stroke={a.color} fill="none">
      {markupRects(a).map((r, i) => {
        const wave = squigglyWave(r, a.strokeWidth);
        const d: string[] = [];
        wave.trace({
          moveTo: (x, y) => d.push(`M${x},${y}`),
          quadTo: (cx, cy, x, y) => d.push(`Q${cx},${cy} ${x},${y}`),
          lineTo: (x, y) => d.push(`L${x},${y}`),
        });
        return <path key={i} d={d.join(' ')} strokeWidth={wave.thickness} />;
      })}
      {/* An invisible box so the whole mark, not only its thin wave, can be clicked. */}
      <rect x={a.position.x} y={a.position.y} width={a.width} height={a.height} fill="transparent" stroke="none" />
    </g>
  );
}
