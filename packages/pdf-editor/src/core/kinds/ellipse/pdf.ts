// Ellipse in PDF: the outline drawn through the content builder's four Bezier arcs (flattened and
// as the native appearance alike); written as a /Circle whose /Rect is the box grown by half the
// stroke, /RD recording that margin (shared/outlinePdf.ts), so any reader takes the box back as
// /Rect minus /RD. Other tools' /Circle annotations are read by the circle kind, which hands the
// non-round ones over here.
import type { Canvas } from '../../export/flatten/frame';
import type { NativeWriter } from '../../export/native/nativeTypes';
import type { EllipseAnnotation } from './index';
import type { PdfKind } from '../pdfKind';
import { outlineParts, strokeEllipse } from '../shared/outlinePdf';

function drawEllipse(canvas: Canvas, annotation: EllipseAnnotation): void {
  const rx = annotation.width / 2;
  const ry = annotation.height / 2;
  strokeEllipse(canvas, annotation, annotation.position.x + rx, annotation.position.y + ry, rx, ry);
}

const writeEllipse: NativeWriter<EllipseAnnotation> = (annotation) =>
  outlineParts('Circle', { ...annotation.position, width: annotation.width, height: annotation.height }, { color: annotation.color, strokeWidth: annotation.strokeWidth });

export const ellipsePdf: PdfKind<EllipseAnnotation> = { draw: drawEllipse, write: writeEllipse, reads: {} };
