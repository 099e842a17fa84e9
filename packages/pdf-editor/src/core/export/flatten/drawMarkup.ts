// Highlight, strikethrough and underline, over each snapped text-line rectangle or else the box.
import { BlendMode } from 'pdf-lib';
import type { HighlightAnnotation, MarkupAnnotation, Rect, StrikethroughAnnotation, UnderlineAnnotation } from '../../model/types';
import { toPdfColor } from '../../pdf/color';
import type { Canvas } from './frame';

export function markupRects(annotation: MarkupAnnotation): Rect[] {
  if (annotation.rects && annotation.rects.length > 0) return annotation.rects;
  return [{ ...annotation.position, width: annotation.width, height: annotation.height }];
}

export function drawHighlight(canvas: Canvas, annotation: HighlightAnnotation): void {
  const color = toPdfColor(annotation.color);
  for (const rect of markupRects(annotation)) {
    canvas.page.drawRectangle({
      x: rect.x,
      y: canvas.y(rect.y + rect.height),
      width: rect.width,
      height: rect.height,
      color,
      opacity: annotation.opacity,
      // Multiply keeps the text under the highlight as dark as it was, like a marker pen.
      blendMode: BlendMode.Multiply,
    });
  }
}

function drawLineAcross(canvas: Canvas, annotation: MarkupAnnotation, lineY: (rect: Rect, thickness: number) => number) {
  const color = toPdfColor(annotation.color);
  for (const rect of markupRects(annotation)) {
    const thickness = Math.max(0.5, Math.min(annotation.strokeWidth, rect.height / 2));
    const y = canvas.y(lineY(rect, thickness));
    canvas.page.drawLine({
      start: { x: rect.x, y },
      end: { x: rect.x + rect.width, y },
      thickness,
      color,
      opacity: annotation.opacity,
    });
  }
}

export function drawStrikethrough(canvas: Canvas, annotation: StrikethroughAnnotation): void {
  drawLineAcross(canvas, annotation, (rect) => rect.y + rect.height / 2);
}

export function drawUnderline(canvas: Canvas, annotation: UnderlineAnnotation): void {
  drawLineAcross(canvas, annotation, (rect, thickness) => rect.y + rect.height - thickness / 2);
}
