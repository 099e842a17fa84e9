// Reads the private copy of our model that native export keeps in each annotation
// (/MarginaliaData, written by export/native/marginaliaData.ts), and trusts it only while the
// dictionary's standard keys still give the digest stored with it: once another tool has changed
// any of them, the caller rebuilds the annotation from the keys instead.
import { PdfStream, type PDF, type PdfDict } from '@libpdf/core';
import { MARGINALIA_DATA_NAME } from '../export/native/marginaliaData';
import { annotationSchema } from '../model/schema';
import type { Annotation } from '../model/types';
import type { DictReader } from './pdfReaders';
import { standardKeysDigest } from './standardKeysDigest';

/** The payload versions this reader understands. */
const PAYLOAD_VERSION = 1;

interface StoredPayload {
  version?: unknown;
  digest?: unknown;
  annotation?: unknown;
}

/**
 * The annotation stored in `dict` when there is one in a version we read, it validates, and it
 * carries the digest of the standard keys the dictionary still has. Undefined otherwise, also for
 * copies written before digests were stored (nothing tells whether another tool changed them).
 */
export function readPrivateCopy(pdf: PDF, read: DictReader, dict: PdfDict): Annotation | undefined {
  const stream = read.lookup(dict, MARGINALIA_DATA_NAME);
  if (!(stream instanceof PdfStream)) return undefined;
  let payload: StoredPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(stream.getDecodedData())) as StoredPayload;
  } catch {
    return undefined;
  }
  if (payload.version !== PAYLOAD_VERSION || typeof payload.digest !== 'string') return undefined;
  if (payload.digest !== standardKeysDigest(pdf, dict)) return undefined;
  const parsed = annotationSchema.safeParse(payload.annotation);
  return parsed.success ? parsed.data : undefined;
}
