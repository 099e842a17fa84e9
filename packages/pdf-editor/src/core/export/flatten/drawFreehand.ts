// Freehand strokes as one smooth path: quadratic curves through the midpoints between samples,
// which removes the jaggedness of pointer sampling without moving the stroke off its points.
import { LineCapStyle } from 'pdf-lib';
import type { FreehandAnnotation, Point } from '../../model/types';
import { toPdfColor } from '../../pdf/color';
import type { Canvas } from './frame';

const fmt = (value: number) => Number(value.toFixed(2));

/** SVG path (display coordinates) through `points`, smoothed; empty for fewer than two points. */
export function smoothPath(points: readonly Point[]): string {
  const [first, ...rest] = points;
  if (!first || rest.length === 0) return '';
  let path = `M ${fmt(first.x)} ${fmt(first.y)}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const control = rest[i] as Point;
    const next = rest[i + 1] as Point;
    path += ` Q ${fmt(control.x)} ${fmt(control.y)} ${fmt((control.x + next.x) / 2)} ${fmt((control.y + next.y) / 2)}`;
  }
  const last = rest[rest.length - 1] as Point;
  return `${path} L ${fmt(last.x)} ${fmt(last.y)}`;
}

export function drawFreehand(canvas: Canvas, annotation: FreehandAnnotation): void {
  const color = toPdfColor(annotation.color);
  const [only] = annotation.points;
  if (annotation.points.length === 1 && only) {
    // A single tap is a dot as wide as the stroke.
    const centre = canvas.at(only);
    const radius = Math.max(annotation.strokeWidth, 1) / 2;
    canvas.page.drawCircle({ x: centre.x, y: centre.y, size: radius, color, opacity: annotation.opacity });
    return;
  }
  const path = smoothPath(annotation.points);
  if (!path) return;
  canvas.page.drawSvgPath(path, {
    x: 0,
    y: canvas.height,
    borderColor: color,
    borderWidth: Math.max(annotation.strokeWidth, 0.5),
    borderOpacity: annotation.opacity,
    borderLineCap: LineCapStyle.Round,
  });
}
