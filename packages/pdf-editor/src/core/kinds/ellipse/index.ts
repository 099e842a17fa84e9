// Ellipse: an outline inscribed in the box of `width` x `height` from `position`. Other tools'
// /Circle annotations that are not round import as ellipses (the circle's reader decides). Its
// box covers content, so it turns with the page.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, boxFields } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import type { AnnotationKind } from '../kind';
import { boxParts, boxPatch } from '../shared/box';
import { turnRect } from '../shared/geometry';

/** Validates an {@link EllipseAnnotation}. */
export const ellipseAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('ellipse'),
}));

/** An ellipse outline inscribed in the box of `width` x `height` from `position`. */
export type EllipseAnnotation = z.infer<typeof ellipseAnnotationSchema>;

export const ellipseKind: AnnotationKind<EllipseAnnotation> = {
  type: 'ellipse',
  schema: ellipseAnnotationSchema,
  defaults: () => ({ width: DEFAULTS.shapeSize, height: DEFAULTS.shapeSize }),
  capabilities: { stroke: true, fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'box' },
  ...boxParts,
  turn: (annotation, turn) => ({ ...annotation, ...boxPatch(turnRect(boxParts.bounds(annotation), turn)) }),
};
