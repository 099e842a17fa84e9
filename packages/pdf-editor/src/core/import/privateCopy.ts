// Reads the private copy of our model that native export keeps beside each annotation
// (/MarginaliaData, written by export/native/marginaliaData.ts), and trusts it only while the
// dictionary's standard keys still give the digest stored with it: once another tool has changed
// any of them, the caller rebuilds the annotation from the keys instead. Version 4 and 3 streams
// hold the copies of a page's annotations, found by the annotation's id (/NM), images listed under
// /Images, version 4 with a digest of what the keys mean (version 3 of the digest), version 3 with
// one of how they were printed (version 2); version 2 streams hold one copy, its image's bytes
// under /Image; version 1 streams hold one copy with its image's whole data URL in the JSON.
// Format 5, which export writes for every annotation without an image, is no stream but a string
// in the dictionary itself: only what the standard keys cannot carry (import/keysCopy.ts).
import { PdfArray, PdfStream, PdfString, type PDF, type PdfDict } from '../pdf/engine';
import type { PageSpace } from '../geometry/pageSpace';
import { whenReady } from '../export/native/nativeTypes';
import {
  MARGINALIA_DATA_NAME,
  MARGINALIA_IMAGE_NAME,
  MARGINALIA_IMAGES_NAME,
  PAYLOAD_VERSION,
} from '../export/native/marginaliaData';
import { checkAnnotation } from '../model/check';
import type { Annotation } from '../model/types';
import { toDataUrl } from './png';
import { fromKeysCopy, rebuildFromKeys, type KeysCopy } from './keysCopy';
import { streamText, textOf, type DictReader } from './pdfReaders';
import { standardKeysDigest, type DigestVersion } from './standardKeysDigest';

/** One annotation's copy as read, not yet checked. */
interface StoredCopy {
  version?: unknown;
  digest?: unknown;
  annotation?: unknown;
  imageType?: unknown;
  image?: unknown;
}

/** A stream's copies by annotation id (versions 3 and 4), or its one copy (versions 1 and 2); undefined when unreadable. */
type ParsedStream = { version: 3 | 4; byId: Map<string, StoredCopy[]> } | { version: 1 | 2; copy: StoredCopy } | undefined;

/** The digest each version of the private copy carries. */
const DIGEST_OF_PAYLOAD: Record<1 | 2 | 3 | 4, DigestVersion> = { 1: 1, 2: 2, 3: 2, 4: 3 };

/** The digest format 5 carries. */
const KEYS_COPY_DIGEST: DigestVersion = 3;

/** Each stream parsed once per document: a page's annotations share theirs. */
const parsedStreams = new WeakMap<PdfStream, ParsedStream>();

function parse(stream: PdfStream): ParsedStream {
  if (parsedStreams.has(stream)) return parsedStreams.get(stream);
  let parsed: ParsedStream;
  try {
    // Undefined when the stream cannot be decoded: JSON.parse throws on it too.
    const json = JSON.parse(streamText(stream) as string) as StoredCopy & { copies?: unknown };
    if (json.version === 1 || json.version === 2) parsed = { version: json.version, copy: json };
    else if ((json.version === 3 || json.version === PAYLOAD_VERSION) && Array.isArray(json.copies)) {
      const byId = new Map<string, StoredCopy[]>();
      for (const copy of json.copies as StoredCopy[]) {
        const id = (copy?.annotation as { id?: unknown } | undefined)?.id;
        if (typeof id !== 'string') continue;
        const same = byId.get(id);
        if (same) same.push(copy);
        else byId.set(id, [copy]);
      }
      parsed = { version: json.version, byId };
    }
  } catch {
    parsed = undefined;
  }
  parsedStreams.set(stream, parsed);
  return parsed;
}

/**
 * The annotation stored for `dict` when there is one in a version we read, it validates, and it
 * carries the digest of the standard keys the dictionary still has. Undefined otherwise, also for
 * copies written before digests were stored (nothing tells whether another tool changed them).
 */
export function readPrivateCopy(
  pdf: PDF,
  read: DictReader,
  dict: PdfDict,
  space: PageSpace,
  pageNumber: number,
): Annotation | undefined | Promise<Annotation | undefined> {
  const stream = read.lookup(dict, MARGINALIA_DATA_NAME);
  if (stream instanceof PdfString) return readKeysCopy(pdf, read, dict, stream, space, pageNumber);
  if (!(stream instanceof PdfStream)) return undefined;
  const parsed = parse(stream);
  if (!parsed) return undefined;
  const digest = standardKeysDigest(pdf, dict, DIGEST_OF_PAYLOAD[parsed.version]);
  let copy: StoredCopy | undefined;
  let image: unknown;
  if ('byId' in parsed) {
    const id = read.lookup(dict, 'NM');
    // Ids repeat only when annotations were copied by hand; the digest tells them apart where it can.
    copy = id instanceof PdfString ? parsed.byId.get(id.asString())?.find((candidate) => candidate.digest === digest) : undefined;
    const images = read.lookup(stream, MARGINALIA_IMAGES_NAME);
    if (copy?.imageType !== undefined && images instanceof PdfArray && typeof copy.image === 'number') {
      image = read.item(images, copy.image);
    }
  } else {
    copy = parsed.copy;
    if (copy.digest !== digest) return undefined;
    if (copy.imageType !== undefined) image = read.lookup(stream, MARGINALIA_IMAGE_NAME);
  }
  if (!copy) return undefined;
  return checked(withImage(copy, image));
}

/** Checked as a loaded list is: a host kind's annotation comes back whether or not it is registered. */
function checked(annotation: unknown): Annotation | undefined {
  if (annotation === undefined) return undefined;
  const result = checkAnnotation(annotation, 'annotation');
  return 'annotation' in result ? result.annotation : undefined;
}

/** Format 5: the annotation the keys give, with what the copy stores put back, while the digest holds. */
function readKeysCopy(
  pdf: PDF,
  read: DictReader,
  dict: PdfDict,
  text: PdfString,
  space: PageSpace,
  pageNumber: number,
): Annotation | undefined | Promise<Annotation | undefined> {
  let copy: KeysCopy;
  try {
    copy = JSON.parse(textOf(text)) as KeysCopy;
  } catch {
    return undefined;
  }
  if (copy?.d !== standardKeysDigest(pdf, dict, KEYS_COPY_DIGEST)) return undefined;
  // A copy of the wrong shape gives something the check refuses, or throws, which skips it too.
  return whenReady(rebuildFromKeys(read, dict, space, pageNumber), (rebuilt) => (rebuilt ? checked(fromKeysCopy(rebuilt, copy)) : undefined));
}

/** The stored annotation, with its image's data URL rebuilt when the bytes were kept apart in `image`. */
function withImage(copy: StoredCopy, image: unknown): unknown {
  if (copy.imageType === undefined) return copy.annotation;
  if (typeof copy.imageType !== 'string' || typeof copy.annotation !== 'object' || !(image instanceof PdfStream)) {
    return undefined;
  }
  return { ...copy.annotation, imageData: toDataUrl(copy.imageType, image.getDecodedData()) };
}
