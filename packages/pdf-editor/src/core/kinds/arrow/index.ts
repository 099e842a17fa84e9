// Arrow: a straight shaft from `position` to `endPoint` with its head at `endPoint`; resized by
// dragging either end, turned point by point with its page.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, pointSchema } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import type { AnnotationKind } from '../kind';
import { distanceToSegment, rectFromPoints, shift } from '../shared/geometry';

/** Validates an {@link ArrowAnnotation}. */
export const arrowAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  type: z.literal('arrow'),
  /** The tip, where the head is drawn, in page points; the shaft starts at `position`. */
  endPoint: pointSchema,
}));

/** A straight arrow from `position` to `endPoint`, with its head at `endPoint`. */
export type ArrowAnnotation = z.infer<typeof arrowAnnotationSchema>;

export const arrowKind: AnnotationKind<ArrowAnnotation> = {
  type: 'arrow',
  schema: arrowAnnotationSchema,
  defaults: (position) => ({ endPoint: { x: position.x + DEFAULTS.shapeSize, y: position.y + DEFAULTS.shapeSize } }),
  capabilities: { stroke: true, fill: false, text: false, color: true, opacity: true, resize: 'ends', rotate: 'points' },
  bounds: (annotation) => rectFromPoints(annotation.position, annotation.endPoint),
  hits: (annotation, point, tolerance) =>
    distanceToSegment(point, annotation.position, annotation.endPoint) <= tolerance + annotation.strokeWidth / 2,
  translate: (annotation, dx, dy) => ({ position: shift(annotation.position, dx, dy), endPoint: shift(annotation.endPoint, dx, dy) }),
  handles: (annotation) => [
    { handle: 'start', point: annotation.position },
    { handle: 'end', point: annotation.endPoint },
  ],
  resize: (_original, handle, point) => (handle === 'start' ? { position: point } : { endPoint: point }),
  turn: (annotation, turn) => ({ ...annotation, position: turn(annotation.position), endPoint: turn(annotation.endPoint) }),
};
