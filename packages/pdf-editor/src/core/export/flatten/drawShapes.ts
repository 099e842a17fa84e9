// Rectangles (stroke, optional solid fill), circles, arrows and whiteout boxes.
import { LineCapStyle } from 'pdf-lib';
import { DEFAULTS } from '../../model/defaults';
import type { ArrowAnnotation, CircleAnnotation, RectangleAnnotation, WhiteoutAnnotation } from '../../model/types';
import { toPdfColor } from '../../pdf/color';
import type { Canvas } from './frame';

/** The spec's arrow head: 15 pt long, each side 30 degrees off the shaft. */
export const ARROW_HEAD = { length: 15, angle: Math.PI / 6 } as const;

export function drawRectangle(canvas: Canvas, annotation: RectangleAnnotation): void {
  const { x, y } = annotation.position;
  const stroke = toPdfColor(annotation.color);
  const solid = annotation.fillStyle === 'solid';
  canvas.page.drawRectangle({
    x,
    y: canvas.y(y + annotation.height),
    width: annotation.width,
    height: annotation.height,
    color: solid ? toPdfColor(annotation.fillColor ?? annotation.color) : undefined,
    opacity: annotation.opacity,
    borderColor: annotation.strokeWidth > 0 ? stroke : undefined,
    borderWidth: annotation.strokeWidth,
    borderOpacity: annotation.opacity,
  });
}

export function drawCircle(canvas: Canvas, annotation: CircleAnnotation): void {
  const { radius } = annotation;
  const centre = canvas.at({ x: annotation.position.x + radius, y: annotation.position.y + radius });
  canvas.page.drawEllipse({
    x: centre.x,
    y: centre.y,
    xScale: radius,
    yScale: radius,
    borderColor: toPdfColor(annotation.color),
    borderWidth: annotation.strokeWidth,
    borderOpacity: annotation.opacity,
  });
}

/** The shaft and both head strokes as one SVG path in display coordinates. */
export function arrowPath(start: { x: number; y: number }, end: { x: number; y: number }): string {
  const angle = Math.atan2(end.y - start.y, end.x - start.x);
  const wing = (side: number) => ({
    x: end.x - ARROW_HEAD.length * Math.cos(angle + side * ARROW_HEAD.angle),
    y: end.y - ARROW_HEAD.length * Math.sin(angle + side * ARROW_HEAD.angle),
  });
  const left = wing(-1);
  const right = wing(1);
  return `M ${start.x} ${start.y} L ${end.x} ${end.y} M ${left.x} ${left.y} L ${end.x} ${end.y} L ${right.x} ${right.y}`;
}

export function drawArrow(canvas: Canvas, annotation: ArrowAnnotation): void {
  canvas.page.drawSvgPath(arrowPath(annotation.position, annotation.endPoint), {
    x: 0,
    y: canvas.height,
    borderColor: toPdfColor(annotation.color),
    borderWidth: Math.max(annotation.strokeWidth, 0.5),
    borderOpacity: annotation.opacity,
    borderLineCap: LineCapStyle.Round,
  });
}

export function drawWhiteout(canvas: Canvas, annotation: WhiteoutAnnotation): void {
  // Whiteout hides what is beneath, so it is always opaque white, whatever colour it carries.
  canvas.page.drawRectangle({
    x: annotation.position.x,
    y: canvas.y(annotation.position.y + annotation.height),
    width: annotation.width,
    height: annotation.height,
    color: toPdfColor(DEFAULTS.whiteoutColor),
    opacity: 1,
  });
}
