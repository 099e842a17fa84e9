// Rectangle: an outline of `strokeWidth`, optionally filled; its box covers content, so it turns
// with the page.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, boxFields } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import type { AnnotationKind } from '../kind';
import { boxParts, boxPatch } from '../shared/box';
import { turnRect } from '../shared/geometry';

/** Validates a {@link RectangleAnnotation}. */
export const rectangleAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('rectangle'),
  fillStyle: z.enum(['none', 'solid']),
  /** Fill colour for `fillStyle: 'solid'`; the stroke colour when absent. */
  fillColor: z.string().optional(),
}));

/** A rectangle outline of `strokeWidth`, optionally filled (`fillStyle: 'solid'`). */
export type RectangleAnnotation = z.infer<typeof rectangleAnnotationSchema>;

export const rectangleKind: AnnotationKind<RectangleAnnotation> = {
  type: 'rectangle',
  schema: rectangleAnnotationSchema,
  defaults: () => ({ width: DEFAULTS.shapeSize, height: DEFAULTS.shapeSize, fillStyle: 'none' }),
  capabilities: { stroke: true, fill: true, text: false, color: true, opacity: true, resize: 'corners', rotate: 'box' },
  ...boxParts,
  turn: (annotation, turn) => ({ ...annotation, ...boxPatch(turnRect(boxParts.bounds(annotation), turn)) }),
};
