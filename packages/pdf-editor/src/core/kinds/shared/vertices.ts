// What polygons and polylines share as kinds: vertices in page points (not relative to `position`,
// which is the top-left of their bounds, as for freehand strokes), the least number each needs,
// and the shape a click without vertices makes. Their geometry is the point kinds' (points.ts).
import * as z from 'zod';
import { pointSchema } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import type { Point } from '../../model/base';

/** Fewest vertices of each kind: a polyline is at least one segment, a polygon at least a triangle. */
export const MIN_VERTICES = { polyline: 2, polygon: 3 } as const;

/** The `points` field of a kind with at least MIN_VERTICES[type] vertices; the error says how many. */
export function verticesField(type: keyof typeof MIN_VERTICES) {
  const min = MIN_VERTICES[type];
  return z.array(pointSchema).min(min, `a ${type} needs at least ${min} vertices`);
}

/**
 * The vertices of a new polygon or polyline given only a position: a peak filling the default
 * shape box, closed into a triangle by a polygon and left open by a polyline.
 */
export function defaultVertices(position: Point): Point[] {
  const size = DEFAULTS.shapeSize;
  return [
    { x: position.x, y: position.y + size },
    { x: position.x + size / 2, y: position.y },
    { x: position.x + size, y: position.y + size },
  ];
}
