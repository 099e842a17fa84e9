// The parts of a kind drawn through a list of `points` (freehand strokes, polygons, polylines):
// the model's rule that `position` is the top-left of the points' bounds, whoever made them (a
// tool, the import or a page turn), moving, the corner handles of those bounds scaling the points,
// turning point by point, and hit tests on the line through them and inside a closed outline.
import { boundsOfPoints } from '../../geometry/annotationGeometry';
import type { Point, Rect } from '../../model/base';
import type { Handle, Turn } from '../kind';
import { cornerHandles, distanceToSegment, resizeBox, shift } from './geometry';

interface Pointed {
  position: Point;
  points: Point[];
}

/** `points` with their position: the top-left of their bounds (`fallback` when there are none). */
export function strokeThrough(points: Point[], fallback: Point): Pointed {
  const box = boundsOfPoints(points, fallback);
  return { points, position: { x: box.x, y: box.y } };
}

/**
 * Whether `point` lies within `reach` of the line through `points`, back to the first when
 * `closed`; a lone point is a dot.
 */
export function nearPath(points: readonly Point[], closed: boolean, point: Point, reach: number): boolean {
  const [first] = points;
  if (!first) return false;
  if (points.length === 1) return Math.hypot(point.x - first.x, point.y - first.y) <= reach;
  for (let i = 1; i < points.length; i++) {
    if (distanceToSegment(point, points[i - 1] as Point, points[i] as Point) <= reach) return true;
  }
  return closed && distanceToSegment(point, points[points.length - 1] as Point, first) <= reach;
}

/**
 * Whether `point` is inside the closed outline through `points` by the nonzero winding rule, the
 * rule both the PDF fill (`f`) and SVG's default fill use, so a click lands where the fill shows.
 */
export function insideOutline(points: readonly Point[], point: Point): boolean {
  let winding = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as Point;
    const b = points[(i + 1) % points.length] as Point;
    // Which side of the edge a -> b the point is on: positive when left, in y-down coordinates.
    const side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y);
    if (a.y <= point.y && b.y > point.y && side > 0) winding++;
    else if (a.y > point.y && b.y <= point.y && side < 0) winding--;
  }
  return winding !== 0;
}

const boundsOf = (annotation: Pointed): Rect => boundsOfPoints(annotation.points, annotation.position);

export const pointParts = {
  bounds: boundsOf,
  translate: (annotation: Pointed, dx: number, dy: number) => ({
    position: shift(annotation.position, dx, dy),
    points: annotation.points.map((p) => shift(p, dx, dy)),
  }),
  handles: (annotation: Pointed) => cornerHandles(boundsOf(annotation)),
  /** The points scaled with their bounds as the corner `handle` is dragged (the opposite corner stays). */
  resize(original: Pointed, handle: Handle, point: Point): Pointed {
    const from = boundsOf(original);
    const to = resizeBox(from, handle, point);
    const sx = from.width === 0 ? 1 : to.width / from.width;
    const sy = from.height === 0 ? 1 : to.height / from.height;
    return { position: { x: to.x, y: to.y }, points: original.points.map((p) => ({ x: to.x + (p.x - from.x) * sx, y: to.y + (p.y - from.y) * sy })) };
  },
  turn: <T extends Pointed>(annotation: T, turn: Turn): T => ({ ...annotation, ...strokeThrough(annotation.points.map(turn), turn(annotation.position)) }),
};
