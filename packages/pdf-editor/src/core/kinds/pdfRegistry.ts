// The PDF half of every kind, by type (see pdfKind.ts): what the flatten export draws with, the
// native export writes with, and the import reads with.
import type { AnnotationReader } from '../import/readerTypes';
import { UnknownKindError } from '../errors';
import type { Annotation, AnnotationType } from '../model/types';
import { hostKind, hostReader, isCustomType } from './hostKinds';
import { arrowPdf } from './arrow/pdf';
import { caretPdf } from './caret/pdf';
import { circlePdf } from './circle/pdf';
import { commentPdf } from './comment/pdf';
import { ellipsePdf } from './ellipse/pdf';
import { freehandPdf } from './freehand/pdf';
import { highlightPdf } from './highlight/pdf';
import { imagePdf } from './image/pdf';
import type { PdfKind, PdfKindRegistry } from './pdfKind';
import { polygonPdf } from './polygon/pdf';
import { polylinePdf } from './polyline/pdf';
import { rectanglePdf } from './rectangle/pdf';
import { signaturePdf } from './signature/pdf';
import { squigglyPdf } from './squiggly/pdf';
import { stampPdf } from './stamp/pdf';
import { strikethroughPdf } from './strikethrough/pdf';
import { textPdf } from './text/pdf';
import { underlinePdf } from './underline/pdf';
import { whiteoutPdf } from './whiteout/pdf';

export const PDF_KINDS: PdfKindRegistry = {
  text: textPdf,
  highlight: highlightPdf,
  strikethrough: strikethroughPdf,
  underline: underlinePdf,
  squiggly: squigglyPdf,
  rectangle: rectanglePdf,
  circle: circlePdf,
  ellipse: ellipsePdf,
  arrow: arrowPdf,
  freehand: freehandPdf,
  polygon: polygonPdf,
  polyline: polylinePdf,
  image: imagePdf,
  signature: signaturePdf,
  stamp: stampPdf,
  whiteout: whiteoutPdf,
  comment: commentPdf,
  caret: caretPdf,
};

/**
 * The PDF half of `type`, typed for any annotation (the mapped registry pairs them; see kindOf),
 * a host kind's when registered. Throws UnknownKindError for a `custom:` type nobody registered.
 */
export function pdfKindOf(type: Annotation['type']): PdfKind<Annotation['type'], Annotation> {
  if (!isCustomType(type)) return PDF_KINDS[type] as unknown as PdfKind<Annotation['type'], Annotation>;
  const host = hostKind(type);
  if (!host) throw new UnknownKindError(type, 'annotation');
  return host.pdf as unknown as PdfKind<Annotation['type'], Annotation>;
}

/** Every native subtype the kinds read, with its reader. */
export const NATIVE_READERS: Readonly<Record<string, AnnotationReader>> = Object.fromEntries(
  Object.values(PDF_KINDS).flatMap((kind: { reads: PdfKind<AnnotationType>['reads'] }) => Object.entries(kind.reads)),
);

/** The reader of native `subtype`: a built-in kind's, else a registered host kind's. */
export function nativeReader(subtype: string): AnnotationReader | undefined {
  return NATIVE_READERS[subtype] ?? hostReader(subtype);
}
