// Freehand strokes as one smooth path: quadratic curves through the midpoints between samples,
// which removes the jaggedness of pointer sampling without moving the stroke off its points.
// Each quadratic is written as the cubic Bezier that traces the same curve, since content
// streams have no quadratic operator.
import type { FreehandAnnotation, Point } from '../../model/types';
import { parseHexColor } from '../../pdf/color';
import { LineCap } from './contentBuilder';
import type { Canvas } from './frame';

export interface QuadraticSegment {
  control: Point;
  end: Point;
}

/** A smoothed stroke: from `start` through the quadratic segments, then straight to `end`. */
export interface SmoothPath {
  start: Point;
  curves: QuadraticSegment[];
  end: Point;
}

/** The smoothed path through `points`; undefined for fewer than two points. */
export function smoothPath(points: readonly Point[]): SmoothPath | undefined {
  const [first, ...rest] = points;
  const last = rest[rest.length - 1];
  if (!first || !last) return undefined;
  const curves: QuadraticSegment[] = [];
  for (let i = 0; i < rest.length - 1; i++) {
    const control = rest[i] as Point;
    const next = rest[i + 1] as Point;
    curves.push({ control, end: { x: (control.x + next.x) / 2, y: (control.y + next.y) / 2 } });
  }
  return { start: first, curves, end: last };
}

export function drawFreehand(canvas: Canvas, annotation: FreehandAnnotation): void {
  const { content } = canvas;
  const color = parseHexColor(annotation.color);
  const [only] = annotation.points;
  if (annotation.points.length === 1 && only) {
    // A single tap is a dot as wide as the stroke.
    const radius = Math.max(annotation.strokeWidth, 1) / 2;
    canvas.setOpacity(annotation.opacity);
    content.fillColor(color).ellipse(only.x, only.y, radius, radius).fill();
    return;
  }
  const path = smoothPath(annotation.points);
  if (!path) return;
  canvas.setOpacity(annotation.opacity);
  content.strokeColor(color).lineWidth(Math.max(annotation.strokeWidth, 0.5)).lineCap(LineCap.round);
  let { x, y } = path.start;
  content.moveTo(x, y);
  for (const { control, end } of path.curves) {
    content.curveTo(
      x + (2 / 3) * (control.x - x),
      y + (2 / 3) * (control.y - y),
      end.x + (2 / 3) * (control.x - end.x),
      end.y + (2 / 3) * (control.y - end.y),
      end.x,
      end.y,
    );
    ({ x, y } = end);
  }
  content.lineTo(path.end.x, path.end.y).stroke();
}
