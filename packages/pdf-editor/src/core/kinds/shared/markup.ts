// Highlight, strikethrough, underline and squiggly share their geometry: a box, optionally snapped
// to text lines (`rects`), whose lines are what a click hits and what turns with the page.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, boxFields, rectSchema } from '../../model/fields';
import type { Point, Rect } from '../../model/base';
import { DEFAULTS } from '../../model/defaultValues';
import type { Handle, Turn } from '../kind';
import { boxPatch, boxParts } from './box';
import { contains, turnRect } from './geometry';

/** Highlight, strikethrough, underline and squiggly share a shape: a box, optionally snapped to text lines. */
export const markupFields = lazySchema(() => ({
  ...baseFields,
  ...boxFields,
  /** One rectangle per selected text line, when the mark was snapped to text. */
  rects: z.array(rectSchema).optional(),
}));

/** A highlight, strikethrough, underline or squiggly annotation, as their shared parts see it. */
type MarkupAnnotation = z.infer<z.ZodObject<typeof markupFields>>;

export const markupDefaults = () => ({ width: DEFAULTS.markupWidth, height: DEFAULTS.markupHeight });

export const markupParts = {
  bounds: boxParts.bounds,
  handles: boxParts.handles,
  hits(annotation: MarkupAnnotation, point: Point, tolerance: number): boolean {
    if (annotation.rects?.length) return annotation.rects.some((rect) => contains(rect, point, tolerance));
    return contains(boxParts.bounds(annotation), point, tolerance);
  },
  translate(annotation: MarkupAnnotation, dx: number, dy: number) {
    const moved = boxParts.translate(annotation, dx, dy);
    return annotation.rects ? { ...moved, rects: annotation.rects.map((r): Rect => ({ ...r, x: r.x + dx, y: r.y + dy })) } : moved;
  },
  // A resized text mark no longer follows its text lines: it becomes a free box.
  resize: (original: MarkupAnnotation, handle: Handle, point: Point) => ({ ...boxParts.resize(original, handle, point), rects: [] }),
  turn<T extends MarkupAnnotation>(annotation: T, turn: Turn): T {
    const turned = { ...annotation, ...boxPatch(turnRect(boxParts.bounds(annotation), turn)) };
    return annotation.rects ? { ...turned, rects: annotation.rects.map((rect) => turnRect(rect, turn)) } : turned;
  },
};

/** Markups cover text: a line across it, or colour over it. */
export const MARKUP_CAPABILITIES = { fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'box' } as const;
