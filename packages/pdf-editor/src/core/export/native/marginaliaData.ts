// Our full annotation model, kept losslessly beside each native annotation under a private key, so
// a round trip through our own export gives back exactly what was drawn (fonts, image data URLs,
// ids, timestamps). The standard keys stay authoritative: each copy records a digest of them,
// and import (import/privateCopy.ts) trusts it only while the dictionary still gives that digest.
//
// Version 3 keeps the copies of one page's annotations in one stream, which each of them names
// under /MarginaliaData; import finds an annotation's copy by its id (/NM). One stream per page
// instead of one per annotation: a third of the objects a native export writes, and their cross-
// reference entries, were private copies. An image's data URL is not repeated inside the JSON,
// where it would be base64 inside text on top of the image XObject: its bytes go once per export
// into a stream of their own, listed under the page stream's /Images, and import rebuilds the URL.
// Version 4 is version 3 with a digest of version 3 (import/standardKeysDigest.ts: what the
// standard keys mean, numbers on a grid export writes them on), which a re-save by another tool
// that edits nothing leaves as it was. Version 3 (the same streams, a version 2 digest), version 2
// (one stream per annotation, its image under /Image) and version 1 (one stream per annotation,
// the whole data URL in the JSON) still import.
//
// Version 4 is now written only for annotations with an image. Every other annotation gets format
// 5 (import/keysCopy.ts): a short string in its own dictionary holding the digest and only what
// the standard keys do not give back, where the whole model in a page stream had made a native
// export add twice the bytes of other tools' and repeated everything the keys already say.
import type { PdfString } from '../../pdf/engine';
import pako from 'pako';
import type { ObjectRef, ObjectSink, PdfDictValue } from '../../pdf/objectWriter';
import type { Annotation } from '../../model/types';
import { textString } from './pdfValues';

/** Private annotation-dictionary key holding a stream of UTF-8 JSON. */
export const MARGINALIA_DATA_NAME = 'MarginaliaData';
/** Version 2: key, in a copy's stream dictionary, of the stream holding the image's bytes. */
export const MARGINALIA_IMAGE_NAME = 'Image';
/** Version 3: key, in a page's stream dictionary, of the array of image streams its copies use. */
export const MARGINALIA_IMAGES_NAME = 'Images';
/** The version written: page streams as version 3, with a version 3 digest (import/standardKeysDigest.ts). */
export const PAYLOAD_VERSION = 4;

/** One annotation's copy inside a page's stream (versions 3 and 4), or a whole stream (versions 1 and 2). */
export interface Copy {
  /** `standardKeysDigest` of the finished dictionary: import trusts the copy only while it still matches. */
  digest: string;
  /** The annotation; an image's `imageData` empty when `imageType` is given. */
  annotation: unknown;
  /**
   * The media type of an image kept apart: `imageData` is `data:<imageType>;base64,` followed by
   * the base64 of the image stream's bytes.
   */
  imageType?: string;
  /** Versions 3 and 4: the image stream's index in the page stream's /Images. */
  image?: number;
}

/** A page's stream (versions 3 and 4). */
export interface PageCopies {
  version: number;
  copies: Copy[];
}

/**
 * A page's stream of copies is deflated from this size on. The copies are JSON, which deflate's
 * fastest level shrinks to about a fifth; they made up some 40% of what a native export of many
 * annotations added (appearances are a few hundred bytes each and stay uncompressed, see
 * appearance.ts). Below it, deflate's set-up costs more than it saves.
 */
const COMPRESS_COPIES_FROM_BYTES = 1024;

const utf8 = new TextEncoder();

const NOT_ASCII = /[\u007f-\uffff]/;
const NOT_ASCII_ALL = new RegExp(NOT_ASCII.source, 'g');

/**
 * Format 5's JSON as the string stored under /MarginaliaData: ASCII (anything else as a JSON
 * escape), so it is written as a literal string, byte for byte the JSON, rather than as UTF-16 hex.
 */
export function keysCopyString(json: string): PdfString {
  // Tested first: a replacement that finds nothing still costs a string's scan and a copy.
  return textString(NOT_ASCII.test(json) ? json.replace(NOT_ASCII_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) : json);
}

/** A data URL that `data:<type>;base64,` and the standard base64 of its bytes give back exactly. */
const BASE64_DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

interface StoredImage {
  type: string;
  ref: ObjectRef;
}

interface PageStream {
  ref: ObjectRef;
  copies: Copy[];
  images: ObjectRef[];
}

/** Writes the private copies of one export: a stream per page, each distinct image's bytes once. */
export class PrivateCopyWriter {
  /** By data URL; undefined for one that is kept inline (not base64, or not in standard form). */
  private readonly images = new Map<string, StoredImage | undefined>();
  /** By 1-based page number. */
  private readonly pages = new Map<number, PageStream>();

  constructor(private readonly objects: ObjectSink) {}

  /** Adds `annotation`'s copy to its page's stream; returns that stream's reference (written by `finish`). */
  write(annotation: Annotation, digest: string): ObjectRef {
    let page = this.pages.get(annotation.page);
    if (!page) this.pages.set(annotation.page, (page = { ref: this.objects.reserve(), copies: [], images: [] }));
    const image = 'imageData' in annotation ? this.storedImage(annotation.imageData) : undefined;
    if (!image) {
      page.copies.push({ digest, annotation });
      return page.ref;
    }
    let index = page.images.indexOf(image.ref);
    if (index < 0) index = page.images.push(image.ref) - 1;
    page.copies.push({ digest, annotation: { ...annotation, imageData: '' }, imageType: image.type, image: index });
    return page.ref;
  }

  /** Writes every page's stream. */
  finish(): void {
    for (const { ref, copies, images } of this.pages.values()) {
      const json = JSON.stringify({ version: PAYLOAD_VERSION, copies } satisfies PageCopies);
      const dictionary: PdfDictValue = images.length > 0 ? { [MARGINALIA_IMAGES_NAME]: images } : {};
      if (json.length < COMPRESS_COPIES_FROM_BYTES) {
        this.objects.add(dictionary, json, ref);
      } else {
        this.objects.add({ ...dictionary, Filter: 'FlateDecode' }, pako.deflate(utf8.encode(json), { level: 1 }), ref);
      }
    }
    this.pages.clear();
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
