// Drawing maths for freehand strokes: drop points closer than a minimum step (jitter of the input
// device), then Chaikin corner cutting for a smooth line that keeps the stroke's ends.
import type { Point } from '../../../core/index';

export function simplify(points: readonly Point[], minStep: number): Point[] {
  const kept: Point[] = [];
  for (const point of points) {
    const last = kept.at(-1);
    if (!last || Math.hypot(point.x - last.x, point.y - last.y) >= minStep) kept.push(point);
  }
  const end = points.at(-1);
  if (end && kept.at(-1) !== end && kept.length > 0) kept.push(end);
  return kept;
}

export function smooth(points: readonly Point[], iterations = 2): Point[] {
  let current = [...points];
  for (let n = 0; n < iterations && current.length > 2; n++) {
    const next: Point[] = [current[0] as Point];
    for (let i = 0; i < current.length - 1; i++) {
      const a = current[i] as Point;
      const b = current[i + 1] as Point;
      next.push({ x: 0.75 * a.x + 0.25 * b.x, y: 0.75 * a.y + 0.25 * b.y });
      next.push({ x: 0.25 * a.x + 0.75 * b.x, y: 0.25 * a.y + 0.75 * b.y });
    }
    next.push(current.at(-1) as Point);
    current = next;
  }
  return current.map((p) => ({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 }));
}
