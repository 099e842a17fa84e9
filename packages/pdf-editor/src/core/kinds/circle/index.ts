// Circle: an outline of `radius`; `position` is its bounding box's top-left. Resizing keeps it
// round (the larger side of the dragged box is the diameter).
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import type { AnnotationKind } from '../kind';
import { cornerHandles, resizeBox, shift, turnRect } from '../shared/geometry';

/** Validates a {@link CircleAnnotation}. */
export const circleAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  type: z.literal('circle'),
  /** `position` is the top-left of the circle's bounding box; its centre is position + radius. */
  radius: z.number().finite().nonnegative(),
}));

const boundsOf = (annotation: { position: { x: number; y: number }; radius: number }) => ({
  ...annotation.position,
  width: annotation.radius * 2,
  height: annotation.radius * 2,
});

/** A circle outline of `radius`; `position` is its bounding box's top-left (centre: position + radius). */
export type CircleAnnotation = z.infer<typeof circleAnnotationSchema>;

export const circleKind: AnnotationKind<CircleAnnotation> = {
  type: 'circle',
  schema: circleAnnotationSchema,
  defaults: () => ({ radius: DEFAULTS.radius }),
  capabilities: { stroke: true, fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'box' },
  bounds: boundsOf,
  translate: (annotation, dx, dy) => ({ position: shift(annotation.position, dx, dy) }),
  handles: (annotation) => cornerHandles(boundsOf(annotation)),
  resize(original, handle, point) {
    const to = resizeBox(boundsOf(original), handle, point);
    return { position: { x: to.x, y: to.y }, radius: Math.max(to.width, to.height) / 2 };
  },
  turn(annotation, turn) {
    const box = turnRect(boundsOf(annotation), turn);
    return { ...annotation, position: { x: box.x, y: box.y } };
  },
};
