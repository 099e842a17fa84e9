// Squiggly in PDF: a wave drawn under each line rectangle (the same `squigglyWave` the screen
// draws), which is also its appearance stream; written as /Squiggly with one quadrilateral per
// line; read back from /Squiggly (shared with the other markups: shared/markupPdf.ts).
import { CubicPathWriter, markupRects, squigglyWave } from '../../geometry/annotationGeometry';
import type { Canvas } from '../../export/flatten/frame';
import type { SquigglyAnnotation } from './index';
import type { PdfKind } from '../pdfKind';
import { readMarkup, writeMarkup } from '../shared/markupPdf';

function drawSquiggly(canvas: Canvas, annotation: SquigglyAnnotation): void {
  canvas.setOpacity(annotation.opacity);
  const { content } = canvas;
  content.strokeColor(canvas.color(annotation.color));
  for (const rect of markupRects(annotation)) {
    const wave = squigglyWave(rect, annotation.strokeWidth);
    content.lineWidth(wave.thickness);
    wave.trace(new CubicPathWriter(content));
    content.stroke();
  }
}

export const squigglyPdf: PdfKind<SquigglyAnnotation> = { draw: drawSquiggly, write: writeMarkup('Squiggly'), reads: { Squiggly: readMarkup('squiggly') } };
