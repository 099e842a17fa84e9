// Freehand strokes as one smooth path: quadratic curves through the midpoints between samples,
// which removes the jaggedness of pointer sampling without moving the stroke off its points.
// Each quadratic is written as the cubic Bezier that traces the same curve, since content
// streams have no quadratic operator.
import type { FreehandAnnotation } from '../../model/types';
import { CubicPathWriter, smoothPath } from '../../geometry/annotationGeometry';
import { LineCap } from './contentBuilder';
import type { Canvas } from './frame';

export function drawFreehand(canvas: Canvas, annotation: FreehandAnnotation): void {
  const { points } = annotation;
  const [only] = points;
  if (!only) return;
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  if (points.length === 1) {
    // A single tap is a dot as wide as the stroke.
    const radius = Math.max(annotation.strokeWidth, 1) / 2;
    content.fillColor(canvas.color(annotation.color)).ellipse(only.x, only.y, radius, radius).fill();
    return;
  }
  content.strokeColor(canvas.color(annotation.color)).lineWidth(Math.max(annotation.strokeWidth, 0.5)).lineCap(LineCap.round);
  smoothPath(points, new CubicPathWriter(content));
  content.stroke();
}
