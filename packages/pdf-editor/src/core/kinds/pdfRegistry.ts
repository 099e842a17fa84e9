// The PDF half of every kind, by type (see pdfKind.ts): what the flatten export draws with, the
// native export writes with, and the import reads with. PDF_KINDS is generated from KIND_NAMES.
import type { AnnotationReader } from '../import/readerTypes';
import { UnknownKindError } from '../errors';
import type { Annotation, AnnotationType } from '../model/types';
import { hostKind, hostReader, isCustomType } from './hostKinds';
import type { PdfKind } from './pdfKind';
import { PDF_KINDS } from './pdfKinds.generated';

export { PDF_KINDS };

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
