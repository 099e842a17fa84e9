// Text on screen: each line on the baseline the export puts it on, 1.2 em apart (TEXT_LINE_HEIGHT),
// in the export's fonts (the viewer's --mg-unicode-fonts) when the standard fonts cannot draw it.
import { TEXT_LINE_HEIGHT } from '../../core/internal';
import { useContext } from 'react';
import { TextHeightsContext } from '../viewer/screenFonts';
import { firstBaselineOffset, standardFontDraws } from '../viewer/textBaseline';
import type { ViewProps } from './types';

export function TextView({ annotation: a, common }: ViewProps<'text'>) {
  const anchor = a.textAlign === 'center' ? 'middle' : a.textAlign === 'right' ? 'end' : 'start';
  const width = a.width ?? 0;
  const x = a.textAlign === 'center' ? a.position.x + width / 2 : a.textAlign === 'right' ? a.position.x + width : a.position.x;
  const firstBaseline = firstBaselineOffset(a, useContext(TextHeightsContext)(a.content));
  return (
    <text {...common} x={x} y={a.position.y} fill={a.color} fontSize={a.fontSize} fontFamily={a.fontFamily}
      style={standardFontDraws(a.content) ? undefined : { fontFamily: 'var(--mg-unicode-fonts, sans-serif)' }} fontWeight={a.fontWeight}
      fontStyle={a.fontStyle} textDecoration={a.textDecoration === 'underline' ? 'underline' : undefined} textAnchor={anchor}>
      {a.content.split('\n').map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? firstBaseline : a.fontSize * TEXT_LINE_HEIGHT}>{line || ' '}</tspan>
      ))}
    </text>
  );
}
