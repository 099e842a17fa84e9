// Highlight, strikethrough and underline, over each snapped text-line rectangle or else the box.
import { markupRects } from '../../geometry/annotationGeometry';
import type { HighlightAnnotation, MarkupAnnotation, Rect, StrikethroughAnnotation, UnderlineAnnotation } from '../../model/types';
import type { Canvas } from './frame';

export function drawHighlight(canvas: Canvas, annotation: HighlightAnnotation): void {
  // Multiply keeps the text under the highlight as dark as it was, like a marker pen.
  canvas.setOpacity(annotation.opacity, 'Multiply');
  const { content } = canvas;
  content.fillColor(canvas.color(annotation.color));
  for (const rect of markupRects(annotation)) content.rect(rect.x, rect.y, rect.width, rect.height);
  content.fill();
}

function drawLineAcross(canvas: Canvas, annotation: MarkupAnnotation, lineY: (rect: Rect, thickness: number) => number) {
  canvas.setOpacity(annotation.opacity);
  const { content } = canvas;
  content.strokeColor(canvas.color(annotation.color));
  for (const rect of markupRects(annotation)) {
    const thickness = Math.max(0.5, Math.min(annotation.strokeWidth, rect.height / 2));
    const y = lineY(rect, thickness);
    content.lineWidth(thickness).moveTo(rect.x, y).lineTo(rect.x + rect.width, y).stroke();
  }
}

export function drawStrikethrough(canvas: Canvas, annotation: StrikethroughAnnotation): void {
  drawLineAcross(canvas, annotation, (rect) => rect.y + rect.height / 2);
}

export function drawUnderline(canvas: Canvas, annotation: UnderlineAnnotation): void {
  drawLineAcross(canvas, annotation, (rect, thickness) => rect.y + rect.height - thickness / 2);
}
