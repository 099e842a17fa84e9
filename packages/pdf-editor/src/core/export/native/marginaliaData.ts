// Our full annotation model, kept losslessly inside each native annotation under a private key, so
// a round trip through our own export gives back exactly what was drawn (fonts, image data URLs,
// ids, timestamps). The standard keys stay authoritative: the payload records a digest of them,
// and import (import/privateCopy.ts) trusts it only while the dictionary still gives that digest.
import type { PDF, PdfRef } from '@libpdf/core';
import { pdfStream } from '../../pdf/objects';
import type { Annotation } from '../../model/types';

/** Private annotation-dictionary key holding a stream of UTF-8 JSON. */
export const MARGINALIA_DATA_NAME = 'MarginaliaData';
const PAYLOAD_VERSION = 1;

interface Payload {
  version: number;
  rect: [number, number, number, number];
  /** `standardKeysDigest` of the finished dictionary: import trusts the copy only while it still matches. */
  digest: string;
  annotation: unknown;
}

/** The private copy as a stream (compressed by the engine on save when it is worth it). */
export function writeMarginaliaData(
  doc: PDF,
  annotation: Annotation,
  rect: readonly [number, number, number, number],
  digest: string,
): PdfRef {
  const payload: Payload = { version: PAYLOAD_VERSION, rect: [...rect], digest, annotation };
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  return doc.register(pdfStream({}, bytes));
}
