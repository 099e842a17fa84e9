// Polygon: a closed outline through at least three `points` (absolute page points), optionally
// filled like a rectangle; `position` is the top-left of the points' bounds. Resized by the corners
// of those bounds (the points scale), turned point by point with its page.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields } from '../../model/fields';
import type { AnnotationKind } from '../kind';
import { insideOutline, nearPath, pointParts } from '../shared/points';
import { defaultVertices, verticesField } from '../shared/vertices';

/** Validates a {@link PolygonAnnotation}. */
export const polygonAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  type: z.literal('polygon'),
  /** The vertices in page points, at least three; the outline closes back to the first. */
  points: verticesField('polygon'),
  fillStyle: z.enum(['none', 'solid']),
  /** Fill colour for `fillStyle: 'solid'`; the stroke colour when absent. */
  fillColor: z.string().optional(),
}));

/** A closed outline through `points` (at least three, page points), optionally filled; `position` is its bounds' top-left. */
export type PolygonAnnotation = z.infer<typeof polygonAnnotationSchema>;

export const polygonKind: AnnotationKind<PolygonAnnotation> = {
  type: 'polygon',
  schema: polygonAnnotationSchema,
  defaults: (position) => ({ points: defaultVertices(position), fillStyle: 'none' }),
  capabilities: { stroke: true, fill: true, text: false, color: true, opacity: true, resize: 'corners', rotate: 'points' },
  ...pointParts,
  hits: (annotation, point, tolerance) =>
    nearPath(annotation.points, true, point, tolerance + annotation.strokeWidth / 2) ||
    (annotation.fillStyle === 'solid' && insideOutline(annotation.points, point)),
};
