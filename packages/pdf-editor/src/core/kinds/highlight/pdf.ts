// Highlight in PDF: drawn over each line rectangle, multiply-blended; written as /Highlight with
// one quadrilateral per line; read back from /Highlight (shared with the other markups:
// shared/markupPdf.ts).
import { markupRects } from '../../geometry/annotationGeometry';
import type { Canvas } from '../../export/flatten/frame';
import type { PdfKind } from '../pdfKind';
import { readMarkup, writeMarkup } from '../shared/markupPdf';
import type { HighlightAnnotation } from './index';

function drawHighlight(canvas: Canvas, annotation: HighlightAnnotation): void {
  // Multiply keeps the text under the highlight as dark as it was, like a marker pen.
  canvas.setOpacity(annotation.opacity, 'Multiply');
  const { content } = canvas;
  content.fillColor(canvas.color(annotation.color));
  for (const rect of markupRects(annotation)) content.rect(rect.x, rect.y, rect.width, rect.height);
  content.fill();
}

export const highlightPdf: PdfKind<HighlightAnnotation> = { draw: drawHighlight, write: writeMarkup('Highlight'), reads: { Highlight: readMarkup('highlight') } };
