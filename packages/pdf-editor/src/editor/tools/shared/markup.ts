// Highlight, strikethrough, underline and squiggly: drag across text and the mark snaps to the
// text the drag selects, as in a reader (one rectangle per line, see textSnap); a drag that touches
// no text stays a free box.
import type { MarkupAnnotation } from '../../../core/index';
import { DEFAULTS, unionOfRects } from '../../../core/internal';
import { styleFields } from '../../store/style';
import { rectFromPoints } from '../geometry';
import { createDragMachine } from './dragCreate';
import { snapToText } from './textSnap';
import type { ToolDefinition, ToolPreset } from '../types';

export function markupTool(type: MarkupAnnotation['type'], preset: Omit<ToolPreset, 'id' | 'creates'>): ToolDefinition {
  return {
    preset: { ...preset, id: type, creates: type },
    createMachine: (context) =>
      createDragMachine(context, {
        build({ page, start, end, click }, { store, textSpans }) {
          const dragged = click
            ? { ...start, width: DEFAULTS.markupWidth, height: DEFAULTS.markupHeight }
            : rectFromPoints(start, end);
          const lines = click || !textSpans ? [] : snapToText(textSpans(page), start, end);
          const box = lines.length > 0 ? unionOfRects(lines) : dragged;
          return {
            type,
            page,
            position: { x: box.x, y: box.y },
            width: box.width,
            height: box.height,
            ...(lines.length > 0 ? { rects: lines } : {}),
            ...styleFields(type, store.getState().style),
          };
        },
      }),
  };
}
