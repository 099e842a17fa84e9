// Highlight, strikethrough and underline, over each snapped text-line rectangle or else the box.
import { markupLine, markupRects } from '../../geometry/annotationGeometry';
import { kindOf } from '../../kinds/registry';
import type { HighlightAnnotation, StrikethroughAnnotation, UnderlineAnnotation } from '../../model/types';
import type { Canvas } from './frame';

export function drawHighlight(canvas: Canvas, annotation: HighlightAnnotation): void {
  // Multiply keeps the text under the highlight as dark as it was, like a marker pen.
  canvas.setOpacity(annotation.opacity, 'Multiply');
  const { content } = canvas;
  content.fillColor(canvas.color(annotation.color));
  for (const rect of markupRects(annotation)) content.rect(rect.x, rect.y, rect.width, rect.height);
  content.fill();
}

function drawLineAcross(canvas: Canvas, annotation: StrikethroughAnnotation | UnderlineAnnotation) {
  canvas.setOpacity(annotation.opacity);
  const { content } = canvas;
  content.strokeColor(canvas.color(annotation.color));
  const { markup } = kindOf(annotation.type);
  for (const rect of markupRects(annotation)) {
    const { y, thickness } = markupLine(markup, rect, annotation.strokeWidth);
    content.lineWidth(thickness).moveTo(rect.x, y).lineTo(rect.x + rect.width, y).stroke();
  }
}

export function drawStrikethrough(canvas: Canvas, annotation: StrikethroughAnnotation): void {
  drawLineAcross(canvas, annotation);
}

export function drawUnderline(canvas: Canvas, annotation: UnderlineAnnotation): void {
  drawLineAcross(canvas, annotation);
}
