// Stamp on screen: the frame and the word laid out as both exports lay them out (stampLayout), the
// word pinned to the width the export's Helvetica-Bold gives it, so it neither overflows nor moves.
import { STAMP_FONT, stampColor, stampLabel, stampLayout, svgPathData } from '../../core/internal';
import type { ViewProps } from './types';

export function StampView({ annotation: a, common }: ViewProps<'stamp'>) {
  const label = stampLabel(a).replace(/\s+/g, ' ');
  const layout = stampLayout({ ...a.position, width: a.width, height: a.height }, label);
  const color = stampColor(a);
  return (
    <g {...common}>
      <path d={svgPathData(layout.frame)} fill="none" stroke={color} strokeWidth={layout.border} strokeLinejoin="round" />
      {layout.fontSize > 0 && (
        <text x={layout.x} y={layout.baseline} fill={color} fontSize={layout.fontSize} fontFamily={`${STAMP_FONT.fontFamily}, Arial, sans-serif`}
          fontWeight="bold" textLength={layout.labelWidth} lengthAdjust="spacingAndGlyphs" style={{ whiteSpace: 'pre' }}>
          {label}
        </text>
      )}
    </g>
  );
}
