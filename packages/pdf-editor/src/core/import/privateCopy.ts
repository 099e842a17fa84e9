// Reads the private copy of our model that native export keeps in each annotation
// (/MarginaliaData, written by export/native/marginaliaData.ts), and trusts it only while the
// dictionary's standard keys still give the digest stored with it: once another tool has changed
// any of them, the caller rebuilds the annotation from the keys instead. Version 1 copies carry an
// image's whole data URL in the JSON; version 2 copies keep its bytes in a stream of their own.
import { PdfStream, type PDF, type PdfDict } from '@libpdf/core';
import { MARGINALIA_DATA_NAME, MARGINALIA_IMAGE_NAME, PAYLOAD_VERSION } from '../export/native/marginaliaData';
import { annotationSchema } from '../model/schema';
import type { Annotation } from '../model/types';
import { toDataUrl } from './png';
import type { DictReader } from './pdfReaders';
import { standardKeysDigest } from './standardKeysDigest';

/** The payload versions this reader understands: the one export writes, and the first. */
const READABLE_VERSIONS: readonly unknown[] = [1, PAYLOAD_VERSION];

interface StoredPayload {
  version?: unknown;
  digest?: unknown;
  annotation?: unknown;
  imageType?: unknown;
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
  if (!READABLE_VERSIONS.includes(payload.version) || typeof payload.digest !== 'string') return undefined;
  // Version 1 copies carry a digest of the first kind.
  if (payload.digest !== standardKeysDigest(pdf, dict, payload.version === 1 ? 1 : 2)) return undefined;
  const annotation = withImage(read, stream, payload);
  if (annotation === undefined) return undefined;
  const parsed = annotationSchema.safeParse(annotation);
  return parsed.success ? parsed.data : undefined;
}

/** The stored annotation, with its image's data URL rebuilt when the bytes were kept apart. */
function withImage(read: DictReader, stream: PdfStream, payload: StoredPayload): unknown {
  if (payload.imageType === undefined) return payload.annotation;
  const image = read.lookup(stream, MARGINALIA_IMAGE_NAME);
  if (typeof payload.imageType !== 'string' || typeof payload.annotation !== 'object' || !(image instanceof PdfStream)) {
    return undefined;
  }
  return { ...payload.annotation, imageData: toDataUrl(payload.imageType, image.getDecodedData()) };
}
