// Freehand: a pen stroke through `points` (absolute page points). `position` is always the top-left
// of the points' bounds, whoever made the stroke (the tool, the importer or a page turn).
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, pointSchema } from '../../model/fields';
import type { AnnotationKind } from '../kind';
import { nearPath, pointParts } from '../shared/points';

export { strokeThrough } from '../shared/points';

/** Validates a {@link FreehandAnnotation}. */
export const freehandAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  type: z.literal('freehand'),
  /** The stroke's points in page points (not relative to `position`), drawn as one smooth path. */
  points: z.array(pointSchema),
}));

/** A pen stroke through `points` (absolute page points); `position` is its bounds' top-left. */
export type FreehandAnnotation = z.infer<typeof freehandAnnotationSchema>;

export const freehandKind: AnnotationKind<FreehandAnnotation> = {
  type: 'freehand',
  schema: freehandAnnotationSchema,
  defaults: () => ({ points: [] }),
  capabilities: { stroke: true, fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'points' },
  ...pointParts,
  hits: (annotation, point, tolerance) => nearPath(annotation.points, false, point, tolerance + annotation.strokeWidth / 2),
};
