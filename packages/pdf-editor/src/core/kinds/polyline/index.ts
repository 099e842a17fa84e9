// Polyline: an open line through at least two `points` (absolute page points); `position` is the
// top-left of the points' bounds. Resized by the corners of those bounds (the points scale),
// turned point by point with its page.
import { z } from 'zod';
import { baseFields } from '../../model/fields';
import type { AnnotationKind } from '../kind';
import { nearPath, pointParts } from '../shared/points';
import { defaultVertices, verticesField } from '../shared/vertices';

/** Validates a {@link PolylineAnnotation}. */
export const polylineAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('polyline'),
  /** The vertices in page points, at least two, joined in order. */
  points: verticesField('polyline'),
});

export const polylineKind: AnnotationKind<'polyline'> = {
  type: 'polyline',
  schema: polylineAnnotationSchema,
  defaults: (position) => ({ points: defaultVertices(position) }),
  capabilities: { stroke: true, fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'points' },
  ...pointParts,
  hits: (annotation, point, tolerance) => nearPath(annotation.points, false, point, tolerance + annotation.strokeWidth / 2),
};
