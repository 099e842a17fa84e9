// Highlight, strikethrough, underline and squiggly: drag a box; when the box covers text lines of
// the page's text layer the mark snaps to them (one rectangle per line), otherwise it stays a free
// box.
import { DEFAULTS, normalizeAnnotation } from '../../../core/model/defaults';
import type { Annotation, MarkupAnnotation, Rect } from '../../../core/model/types';
import { styleFields } from '../../store/style';
import { rectFromPoints } from '../geometry';
import { createDragMachine } from './dragCreate';
import type { ToolDefinition, ToolPreset } from '../types';

function union(rects: Rect[]): Rect {
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function markupTool(type: MarkupAnnotation['type'], preset: Omit<ToolPreset, 'id' | 'creates' | 'styled'>): ToolDefinition {
  return {
    preset: { ...preset, id: type, creates: type, styled: true },
    createMachine: (context) =>
      createDragMachine(context, {
        build({ page, start, end, click }, { store, snapToText }) {
          const dragged = click
            ? { ...start, width: DEFAULTS.markupWidth, height: DEFAULTS.markupHeight }
            : rectFromPoints(start, end);
          const lines = click ? [] : (snapToText?.(page, dragged) ?? []);
          const box = lines.length > 0 ? union(lines) : dragged;
          return normalizeAnnotation({
            type,
            page,
            position: { x: box.x, y: box.y },
            width: box.width,
            height: box.height,
            ...(lines.length > 0 ? { rects: lines } : {}),
            ...styleFields(type, store.getState().style),
          }) as Annotation;
        },
      }),
  };
}
