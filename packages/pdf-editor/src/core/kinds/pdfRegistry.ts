// The PDF half of every kind, by type (see pdfKind.ts): what the flatten export draws with, the
// native export writes with, and the import reads with. Kept by hand beside KINDS (registry.ts);
// its mapped type makes the compiler name a type without its PDF half.
import type { AnnotationReader } from '../import/readerTypes';
import { UnknownKindError } from '../errors';
import type { Annotation, AnnotationOfType, AnnotationType } from '../model/types';
import { arrowPdf } from './arrow/pdf';
import { caretPdf } from './caret/pdf';
import { circlePdf } from './circle/pdf';
import { commentPdf } from './comment/pdf';
import { ellipsePdf } from './ellipse/pdf';
import { freehandPdf } from './freehand/pdf';
import { highlightPdf } from './highlight/pdf';
import { imagePdf } from './image/pdf';
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
import { hostKind, hostReader, isCustomType } from './hostKinds';
import type { PdfKind } from './pdfKind';

/** The PDF half of every kind by its type, so the compiler names a type without one. */
export type PdfKindRegistry = { readonly [K in AnnotationType]: PdfKind<AnnotationOfType<K>> };

/** The PDF half of every built-in kind, by type. */
export const PDF_KINDS = {
  text: textPdf,
  highlight: highlightPdf,
  strikethrough: strikethroughPdf,
  underline: underlinePdf,
  squiggly: squigglyPdf,
  freehand: freehandPdf,
  rectangle: rectanglePdf,
  circle: circlePdf,
  ellipse: ellipsePdf,
  arrow: arrowPdf,
  polygon: polygonPdf,
  polyline: polylinePdf,
  comment: commentPdf,
  caret: caretPdf,
  signature: signaturePdf,
  stamp: stampPdf,
  image: imagePdf,
  whiteout: whiteoutPdf,
} satisfies PdfKindRegistry;

/**
 * The PDF half of `type`, typed for any annotation (the mapped registry pairs them; see kindOf),
 * a host kind's when registered. Throws UnknownKindError for a `custom:` type nobody registered.
 */
export function pdfKindOf(type: Annotation['type']): PdfKind<Annotation> {
  if (!isCustomType(type)) return PDF_KINDS[type] as unknown as PdfKind<Annotation>;
  const host = hostKind(type);
  if (!host) throw new UnknownKindError(type, 'annotation');
  return host.pdf as unknown as PdfKind<Annotation>;
}

/** Every native subtype the kinds read, with its reader. */
export const NATIVE_READERS: Readonly<Record<string, AnnotationReader>> = Object.fromEntries(
  Object.values(PDF_KINDS).flatMap((kind: { reads: PdfKind<Annotation>['reads'] }) => Object.entries(kind.reads)),
);

/** The reader of native `subtype`: a built-in kind's, else a registered host kind's. */
export function nativeReader(subtype: string): AnnotationReader | undefined {
  return NATIVE_READERS[subtype] ?? hostReader(subtype);
}
