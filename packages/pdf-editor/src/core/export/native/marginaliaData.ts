// Our full annotation model, kept losslessly inside each native annotation under a private key, so
// a round trip through our own export gives back exactly what was drawn (fonts, image data URLs,
// ids, timestamps). The standard keys stay authoritative: the payload records a digest of them,
// and import (import/privateCopy.ts) trusts it only while the dictionary still gives that digest.
//
// An image's data URL is not repeated inside the JSON, where it would be base64 inside text on
// top of the image XObject: its bytes go once per export into a stream of their own under
// /Image, shared by every annotation showing the same image, and import rebuilds the same URL.
import type { PdfRef } from '@libpdf/core';
import type { ObjectSink } from '../../pdf/objectWriter';
import type { Annotation } from '../../model/types';

/** Private annotation-dictionary key holding a stream of UTF-8 JSON. */
export const MARGINALIA_DATA_NAME = 'MarginaliaData';
/** Key, in the private copy's stream dictionary, of the stream holding the image's bytes. */
export const MARGINALIA_IMAGE_NAME = 'Image';
/**
 * The version written, with a version 2 digest (import/standardKeysDigest.ts). Version 1 kept the
 * whole data URL in the JSON and a version 1 digest; import still reads it.
 */
export const PAYLOAD_VERSION = 2;

export interface Payload {
  version: number;
  /** `standardKeysDigest` of the finished dictionary: import trusts the copy only while it still matches. */
  digest: string;
  /** The annotation; an image's `imageData` empty when `imageType` is given. */
  annotation: unknown;
  /**
   * The media type of an image kept apart: `imageData` is `data:<imageType>;base64,` followed by
   * the base64 of the /Image stream's bytes.
   */
  imageType?: string;
}

/** A data URL that `data:<type>;base64,` and the standard base64 of its bytes give back exactly. */
const BASE64_DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

interface StoredImage {
  type: string;
  ref: PdfRef;
}

/** Writes the private copies of one export, each distinct image's bytes once. */
export class PrivateCopyWriter {
  /** By data URL; undefined for one that is kept inline (not base64, or not in standard form). */
  private readonly images = new Map<string, StoredImage | undefined>();

  constructor(private readonly objects: ObjectSink) {}

  /** The private copy of `annotation` as a stream (compressed on save when it is worth it, see exportPdf.ts). */
  write(annotation: Annotation, digest: string): PdfRef {
    const image = 'imageData' in annotation ? this.storedImage(annotation.imageData) : undefined;
    if (!image) return this.objects.add({}, JSON.stringify({ version: PAYLOAD_VERSION, digest, annotation } satisfies Payload));
    const payload: Payload = { version: PAYLOAD_VERSION, digest, annotation: { ...annotation, imageData: '' }, imageType: image.type };
    return this.objects.add({ [MARGINALIA_IMAGE_NAME]: image.ref }, JSON.stringify(payload));
  }

  private storedImage(dataUrl: string): StoredImage | undefined {
    if (this.images.has(dataUrl)) return this.images.get(dataUrl);
    const match = BASE64_DATA_URL.exec(dataUrl);
    const base64 = match?.[2] ?? '';
    const binary = match ? decodedBase64(base64) : undefined;
    // Only what re-encodes to the very same text is stored apart: the round trip stays exact.
    let image: StoredImage | undefined;
    if (match && binary !== undefined && btoa(binary) === base64) {
      const bytes = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
      image = { type: match[1] as string, ref: this.objects.add({}, bytes) };
    }
    this.images.set(dataUrl, image);
    return image;
  }
}

function decodedBase64(base64: string): string | undefined {
  try {
    return atob(base64);
  } catch {
    return undefined;
  }
}
