// Rectangles (stroke, optional solid fill), circles, arrows and whiteout boxes.
import { arrowPath } from '../../geometry/annotationGeometry';
import type { ArrowAnnotation, CircleAnnotation, RectangleAnnotation, WhiteoutAnnotation } from '../../model/types';
import { LineCap } from './contentBuilder';
import type { Canvas } from './frame';

const WHITE = { r: 1, g: 1, b: 1 };

export function drawRectangle(canvas: Canvas, annotation: RectangleAnnotation): void {
  const stroke = annotation.strokeWidth > 0;
  const fill = annotation.fillStyle === 'solid';
  if (!stroke && !fill) return;
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  if (fill) content.fillColor(canvas.color(annotation.fillColor ?? annotation.color));
  if (stroke) content.strokeColor(canvas.color(annotation.color)).lineWidth(annotation.strokeWidth);
  content.rect(annotation.position.x, annotation.position.y, annotation.width, annotation.height);
  if (!fill) content.stroke();
  else if (stroke) content.fillAndStroke();
  else content.fill();
}

export function drawCircle(canvas: Canvas, annotation: CircleAnnotation): void {
  const { radius } = annotation;
  strokeEllipse(canvas, annotation, annotation.position.x + radius, annotation.position.y + radius, radius, radius);
}

/** The outline of an ellipse centred on (cx, cy), as circles and ellipses draw it. */
export function strokeEllipse(canvas: Canvas, style: Pick<CircleAnnotation, 'color' | 'opacity' | 'strokeWidth'>, cx: number, cy: number, rx: number, ry: number): void {
  // A zero-width stroke would still paint a hairline in PDF; the editor shows nothing.
  if (style.strokeWidth <= 0) return;
  canvas.setOpacity(style.opacity);
  canvas.content.strokeColor(canvas.color(style.color)).lineWidth(style.strokeWidth).ellipse(cx, cy, rx, ry).stroke();
}

export function drawArrow(canvas: Canvas, annotation: ArrowAnnotation): void {
  const [shaft, head] = arrowPath(annotation.position, annotation.endPoint);
  canvas.setOpacity(annotation.opacity);
  canvas.content
    .strokeColor(canvas.color(annotation.color))
    .lineWidth(Math.max(annotation.strokeWidth, 0.5))
    .lineCap(LineCap.round)
    .polyline(shaft)
    .polyline(head)
    .stroke();
}

export function drawWhiteout(canvas: Canvas, annotation: WhiteoutAnnotation): void {
  // Whiteout hides what is beneath, so it is always opaque white, whatever colour it carries.
  canvas.content.fillColor(WHITE).rect(annotation.position.x, annotation.position.y, annotation.width, annotation.height).fill();
}
