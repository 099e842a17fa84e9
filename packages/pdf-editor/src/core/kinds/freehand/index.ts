// Freehand: a pen stroke through `points` (absolute page points). `position` is always the top-left
// of the points' bounds, whoever made the stroke (the tool, the importer or a page turn).
import { z } from 'zod';
import { baseFields, pointSchema } from '../../model/fields';
import type { FreehandAnnotation, Point } from '../../model/types';
import { boundsOfPoints } from '../../geometry/annotationGeometry';
import type { AnnotationKind } from '../kind';
import { cornerHandles, distanceToSegment, resizeBox, shift } from '../shared/geometry';

/** Validates a {@link FreehandAnnotation}. */
export const freehandAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('freehand'),
  /** The stroke's points in page points (not relative to `position`), drawn as one smooth path. */
  points: z.array(pointSchema),
});

const boundsOf = (annotation: Pick<FreehandAnnotation, 'points' | 'position'>) => boundsOfPoints(annotation.points, annotation.position);

/** A stroke through `points`, its position the top-left of their bounds. */
export function strokeThrough(points: Point[], fallback: Point): Pick<FreehandAnnotation, 'points' | 'position'> {
  const box = boundsOfPoints(points, fallback);
  return { points, position: { x: box.x, y: box.y } };
}

export const freehandKind: AnnotationKind<'freehand'> = {
  type: 'freehand',
  schema: freehandAnnotationSchema,
  defaults: () => ({ points: [] }),
  capabilities: { stroke: true, fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'points' },
  bounds: boundsOf,
  hits(annotation, point, tolerance) {
    const reach = tolerance + annotation.strokeWidth / 2;
    const pts = annotation.points;
    if (pts.length === 1 && pts[0]) return Math.hypot(point.x - pts[0].x, point.y - pts[0].y) <= reach;
    for (let i = 1; i < pts.length; i++) {
      if (distanceToSegment(point, pts[i - 1] as Point, pts[i] as Point) <= reach) return true;
    }
    return false;
  },
  translate: (annotation, dx, dy) => ({ position: shift(annotation.position, dx, dy), points: annotation.points.map((p) => shift(p, dx, dy)) }),
  handles: (annotation) => cornerHandles(boundsOf(annotation)),
  resize(original, handle, point) {
    const from = boundsOf(original);
    const to = resizeBox(from, handle, point);
    const sx = from.width === 0 ? 1 : to.width / from.width;
    const sy = from.height === 0 ? 1 : to.height / from.height;
    return { position: { x: to.x, y: to.y }, points: original.points.map((p) => ({ x: to.x + (p.x - from.x) * sx, y: to.y + (p.y - from.y) * sy })) };
  },
  turn: (annotation, turn) => ({ ...annotation, ...strokeThrough(annotation.points.map(turn), turn(annotation.position)) }),
};
