// The PDF half of every kind, by type (see pdfKind.ts): what the flatten export draws with, the
// native export writes with, and the import reads with.
import type { AnnotationReader } from '../import/readerTypes';
import type { AnnotationType } from '../model/types';
import { arrowPdf } from './arrow/pdf';
import { circlePdf } from './circle/pdf';
import { commentPdf } from './comment/pdf';
import { ellipsePdf } from './ellipse/pdf';
import { freehandPdf } from './freehand/pdf';
import { highlightPdf } from './highlight/pdf';
import { imagePdf } from './image/pdf';
import type { PdfKind, PdfKindRegistry } from './pdfKind';
import { rectanglePdf } from './rectangle/pdf';
import { signaturePdf } from './signature/pdf';
import { strikethroughPdf } from './strikethrough/pdf';
import { textPdf } from './text/pdf';
import { underlinePdf } from './underline/pdf';
import { whiteoutPdf } from './whiteout/pdf';

export const PDF_KINDS: PdfKindRegistry = {
  text: textPdf,
  highlight: highlightPdf,
  strikethrough: strikethroughPdf,
  underline: underlinePdf,
  rectangle: rectanglePdf,
  circle: circlePdf,
  ellipse: ellipsePdf,
  arrow: arrowPdf,
  freehand: freehandPdf,
  image: imagePdf,
  signature: signaturePdf,
  whiteout: whiteoutPdf,
  comment: commentPdf,
};

/** The PDF half of `type`, typed for any annotation (the mapped registry pairs them; see kindOf). */
export function pdfKindOf(type: AnnotationType): PdfKind<AnnotationType> {
  return PDF_KINDS[type] as unknown as PdfKind<AnnotationType>;
}

/** Every native subtype the kinds read, with its reader. */
export const NATIVE_READERS: Readonly<Record<string, AnnotationReader>> = Object.fromEntries(
  Object.values(PDF_KINDS).flatMap((kind: { reads: PdfKind<AnnotationType>['reads'] }) => Object.entries(kind.reads)),
);
