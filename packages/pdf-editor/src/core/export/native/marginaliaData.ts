// Our full annotation model, kept losslessly inside each native annotation under a private key, so
// a round trip through our own export gives back exactly what was drawn (fonts, image data URLs,
// ids, timestamps). The standard keys stay authoritative: the payload records the /Rect it was
// written with and is only trusted while the dictionary still has that /Rect, i.e. until another
// tool moves or resizes the annotation.
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  decodePDFRawStream,
  type PDFDocument,
  type PDFRef,
} from 'pdf-lib';
import { annotationSchema } from '../../model/schema';
import type { Annotation } from '../../model/types';

/** Private annotation-dictionary key holding a Flate stream of UTF-8 JSON. */
export const MARGINALIA_DATA_KEY = PDFName.of('MarginaliaData');
const PAYLOAD_VERSION = 1;
/** /Rect entries are written with full precision; anything beyond rounding means it was edited. */
const RECT_TOLERANCE = 0.01;

interface Payload {
  version: number;
  rect: [number, number, number, number];
  annotation: unknown;
}

export function writeMarginaliaData(
  doc: PDFDocument,
  annotation: Annotation,
  rect: readonly [number, number, number, number],
): PDFRef {
  const payload: Payload = { version: PAYLOAD_VERSION, rect: [...rect], annotation };
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  return doc.context.register(doc.context.flateStream(bytes));
}

/**
 * The annotation stored in `dict`, when there is one in a version we read, it validates, and the
 * dictionary's /Rect is still the one it was written with. Undefined otherwise.
 */
export function readMarginaliaData(dict: PDFDict): Annotation | undefined {
  const stream = dict.lookup(MARGINALIA_DATA_KEY);
  if (!(stream instanceof PDFRawStream)) return undefined;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(new TextDecoder().decode(decodePDFRawStream(stream).decode())) as Partial<Payload>;
  } catch {
    return undefined;
  }
  if (payload.version !== PAYLOAD_VERSION || !Array.isArray(payload.rect)) return undefined;
  const rect = dict.lookup(PDFName.of('Rect'));
  if (!(rect instanceof PDFArray) || rect.size() !== 4) return undefined;
  const stored = payload.rect;
  for (let index = 0; index < 4; index++) {
    const value = rect.lookup(index);
    const expected = stored[index];
    if (!(value instanceof PDFNumber) || typeof expected !== 'number') return undefined;
    if (Math.abs(value.asNumber() - expected) > RECT_TOLERANCE) return undefined;
  }
  const parsed = annotationSchema.safeParse(payload.annotation);
  return parsed.success ? parsed.data : undefined;
}
