// Caret on screen: the filled caret shape both exports draw (caretPath); its text as a tooltip.
import { caretPath, svgPathData } from '../../core/internal';
import type { ViewProps } from './types';

export function CaretView({ annotation: a, common }: ViewProps<'caret'>) {
  return (
    <path {...common} d={svgPathData(caretPath({ ...a.position, width: a.width, height: a.height }))} fill={a.color}>
      {a.content && <title>{a.content}</title>}
    </path>
  );
}
