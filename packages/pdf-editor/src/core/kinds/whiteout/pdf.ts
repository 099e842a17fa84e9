// Whiteout in PDF: an opaque white box, written as a borderless white /Square (read back by the
// rectangle's /Square reader, which recognises it).
import type { Canvas } from '../../export/flatten/frame';
import type { NativeWriter } from '../../export/native/nativeTypes';
import type { Rect } from '../../model/base';
import type { PdfKind } from '../pdfKind';
import { outlineParts } from '../shared/outlinePdf';
import type { WhiteoutAnnotation } from './index';

const WHITE = { r: 1, g: 1, b: 1 };

function drawWhiteout(canvas: Canvas, annotation: WhiteoutAnnotation): void {
  // Whiteout hides what is beneath, so it is always opaque white, whatever colour it carries.
  canvas.content.fillColor(WHITE).rect(annotation.position.x, annotation.position.y, annotation.width, annotation.height).fill();
}

/** A white filled square with no border: it hides what is under it in every viewer. */
const writeWhiteout: NativeWriter<WhiteoutAnnotation> = (annotation) => {
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
  return outlineParts('Square', box, { color: annotation.color, strokeWidth: 0, fill: annotation.color });
};

export const whiteoutPdf: PdfKind<WhiteoutAnnotation> = { draw: drawWhiteout, write: writeWhiteout, reads: {} };
