// Geometry the kinds share: boxes (bounds, corner handles, resizing from the opposite corner,
// turning with the page), segments and upright content turned about its centre. Pure functions
// of page points; each kind module picks the ones that fit it.
import type { Point, Rect } from '../../model/base';
import type { Handle, Turn } from '../kind';

export function rectFromPoints(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

export function contains(rect: Rect, point: Point, tolerance = 0): boolean {
  return (
    point.x >= rect.x - tolerance &&
    point.x <= rect.x + rect.width + tolerance &&
    point.y >= rect.y - tolerance &&
    point.y <= rect.y + rect.height + tolerance
  );
}

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

export const shift = (p: Point, dx: number, dy: number): Point => ({ x: p.x + dx, y: p.y + dy });

/** The box of an annotation with `position`, `width` and `height`. */
export function boxOf(annotation: { position: Point; width: number; height: number }): Rect {
  return { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
}

/** The four corner handles of a box. */
export function cornerHandles(box: Rect): { handle: Handle; point: Point }[] {
  return [
    { handle: 'nw', point: { x: box.x, y: box.y } },
    { handle: 'ne', point: { x: box.x + box.width, y: box.y } },
    { handle: 'sw', point: { x: box.x, y: box.y + box.height } },
    { handle: 'se', point: { x: box.x + box.width, y: box.y + box.height } },
  ];
}

/** The box `original` becomes when its `handle` corner is dragged to `point` (the opposite corner stays). */
export function resizeBox(original: Rect, handle: Handle, point: Point): Rect {
  const anchor: Point = {
    x: handle === 'nw' || handle === 'sw' ? original.x + original.width : original.x,
    y: handle === 'nw' || handle === 'ne' ? original.y + original.height : original.y,
  };
  return rectFromPoints(anchor, point);
}

/** A box turned with its page: it covers the same content, so width and height swap on quarter turns. */
export function turnRect(rect: Rect, turn: Turn): Rect {
  return rectFromPoints(turn({ x: rect.x, y: rect.y }), turn({ x: rect.x + rect.width, y: rect.y + rect.height }));
}

/** Where the top-left of an upright box of this size goes when its centre turns with the page. */
export function turnUpright(position: Point, width: number, height: number, turn: Turn): Point {
  const centre = turn({ x: position.x + width / 2, y: position.y + height / 2 });
  return { x: centre.x - width / 2, y: centre.y - height / 2 };
}
