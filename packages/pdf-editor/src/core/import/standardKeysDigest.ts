// A digest of the standard keys of an annotation dictionary: the keys other tools edit and our
// import reads (geometry, colours, opacity, border, text, line ends, ink, quadrilaterals). Native
// export stores it in the private copy of our model (/MarginaliaData); import trusts that copy only
// while the dictionary still gives the same digest, so any edit another tool makes to those keys
// is read from the keys themselves.
//
// Version 1 hashes the canonical text of the values (numbers digit by digit); files exported
// before version 2 carry it, and import still checks them with it. Version 2, which export writes,
// hashes the same information with far fewer steps: each number as its integer count of 10^-5,
// each key by its position in the list.
import { PdfArray, PdfBool, PdfDict, PdfName, PdfNumber, PdfRef, PdfString, type PDF } from '@libpdf/core';
import { isPdfObject, type PdfValue } from '../pdf/objects';
import { decimalText } from '../pdf/objectWriter';

/** Keys whose values make up the digest; /BS counts by its width only. */
const STANDARD_KEYS = [
  'Subtype',
  'NM',
  'Rect',
  'C',
  'IC',
  'CA',
  'Border',
  'Contents',
  'RC',
  'L',
  'LE',
  'InkList',
  'QuadPoints',
  'DA',
  'DS',
  'RD',
  'Q',
] as const;

/** Deeper than any standard key nests (/InkList is two levels); stops a reference loop. */
const MAX_DEPTH = 4;

/**
 * cyrb53 (53 bits; a fingerprint for change detection, not security) fed piece by piece: the hash
 * of the text the pieces make, without building that text. Export digests every annotation it
 * writes, and building, joining and then hashing the strings cost more than the rest of its
 * dictionary.
 */
class Hash53 {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  constructor(readonly version: DigestVersion) {}

  code(code: number): void {
    // 2654435761 as the signed 32-bit integer Math.imul reads it: the same product, without a
    // conversion from a double.
    this.h1 = Math.imul(this.h1 ^ code, -1640531535);
    this.h2 = Math.imul(this.h2 ^ code, 1597334677);
  }

  text(text: string): void {
    let { h1, h2 } = this;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      h1 = Math.imul(h1 ^ code, -1640531535);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /**
   * A number as the engine writes it (at most five decimals, `decimalText`), so a value digested
   * before saving and the same value read back from the saved file give the same characters.
   */
  number(value: number): void {
    if (!Number.isFinite(value)) return this.text('NaN');
    const scaled = Math.round(value * DECIMAL_SCALE);
    if (scaled === 0) return this.code(ZERO);
    if (!(scaled < SMALL && scaled > -SMALL)) return this.text(decimalText(value, DECIMALS));
    if (this.version === 2) {
      // The tag keeps a number apart from a text unit of the same code.
      this.code(NUMBER_TAG);
      return this.code(scaled);
    }
    if (scaled < 0) this.code(MINUS);
    const magnitude = scaled < 0 ? -scaled : scaled;
    const whole = Math.floor(magnitude / DECIMAL_SCALE);
    let power = 1;
    while (power * 10 <= whole) power *= 10;
    for (let rest = whole; power >= 1; power /= 10) {
      const digit = Math.floor(rest / power);
      this.code(ZERO + digit);
      rest -= digit * power;
    }
    let fraction = magnitude - whole * DECIMAL_SCALE;
    if (fraction === 0) return;
    this.code(DOT);
    for (let unit = DECIMAL_SCALE / 10; fraction > 0; unit /= 10) {
      const digit = Math.floor(fraction / unit);
      this.code(ZERO + digit);
      fraction -= digit * unit;
    }
  }

  /**
   * `JSON.stringify` of the text of printable ASCII `bytes`, straight from the bytes: quoted, with
   * '"' and '\\' escaped (no other printable character is).
   */
  printableJson(bytes: Uint8Array): void {
    this.code(QUOTE);
    for (let index = 0; index < bytes.length; index++) {
      const byte = bytes[index] as number;
      if (byte === QUOTE || byte === BACKSLASH) this.code(BACKSLASH);
      this.code(byte);
    }
    this.code(QUOTE);
  }

  digest(): string {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return base36(4294967296 * (2097151 & h2) + (h1 >>> 0));
  }
}

const BASE36_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * `value.toString(36)` for an integer from 0 to 2^53: the engine's conversion for radixes other
 * than 10 also handles fractions and cost as much as hashing the whole annotation.
 */
function base36(value: number): string {
  let text = '';
  let rest = value;
  do {
    const next = Math.floor(rest / 36);
    text = (BASE36_DIGITS[rest - next * 36] as string) + text;
    rest = next;
  } while (rest > 0);
  return text;
}

/** 1: the canonical text (files already exported); 2: numbers as integers, keys by position. */
export type DigestVersion = 1 | 2;
/** The version export writes. */
export const DIGEST_VERSION: DigestVersion = 2;

/** Beyond any UTF-16 unit, so the tags of version 2 never read as text. */
const NUMBER_TAG = 0x10000;
const KEY_TAG = 0x20000;

const DECIMALS = 5;
const DECIMAL_SCALE = 10 ** DECIMALS;
/** Past this many units of the last decimal, 32-bit integer arithmetic would overflow. */
const SMALL = 2 ** 31;
const [ZERO, MINUS, DOT, SPACE, SLASH, EQUALS, NEWLINE, QUOTE, BACKSLASH] = [...'0-. /=\n"\\'].map((char) =>
  char.charCodeAt(0),
) as [number, number, number, number, number, number, number, number, number];

/**
 * Feeds `value`'s canonical text to `hash`: plain values (objects.ts) and engine objects alike, so
 * a dictionary digests the same before and after it is written.
 */
function canonical(hash: Hash53, pdf: PDF | undefined, value: PdfValue | undefined, depth: number): void {
  if (typeof value === 'number') return hash.number(value);
  if (typeof value === 'string') {
    hash.code(SLASH);
    return hash.text(value);
  }
  if (typeof value === 'boolean') return hash.text(String(value));
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) return canonicalArray(hash, pdf, value, depth);
  if (value !== undefined && !isPdfObject(value)) {
    hash.text('<<');
    canonical(hash, pdf, (value as { readonly [key: string]: PdfValue }).W, depth + 1);
    return hash.text('>>');
  }
  const object = value instanceof PdfRef ? (pdf?.getObject(value) ?? undefined) : value;
  if (object === undefined) return;
  if (object instanceof PdfNumber) return hash.number(object.value);
  if (object instanceof PdfName) {
    hash.code(SLASH);
    return hash.text(object.value);
  }
  // Text as decoded, as JSON, so re-encoding the same text (PDFDocEncoding or UTF-16) changes nothing.
  if (object instanceof PdfString) {
    if (!isPrintableAscii(object.bytes)) return hash.text(JSON.stringify(object.asString()));
    return hash.printableJson(object.bytes);
  }
  if (object instanceof PdfBool) return hash.text(String(object.value));
  if (object instanceof PdfArray) return canonicalArray(hash, pdf, object.toArray(), depth);
  if (object instanceof PdfDict) {
    hash.text('<<');
    canonical(hash, pdf, object.get('W'), depth + 1);
    return hash.text('>>');
  }
  hash.text(object.type);
}

function canonicalArray(hash: Hash53, pdf: PDF | undefined, items: readonly PdfValue[], depth: number): void {
  hash.code(0x5b);
  for (let index = 0; index < items.length; index++) {
    if (index > 0) hash.code(SPACE);
    // A number, by far the most common item (/Rect, /QuadPoints, /InkList), without the dispatch.
    const item = items[index] as PdfValue;
    if (typeof item === 'number') hash.number(item);
    else canonical(hash, pdf, item, depth + 1);
  }
  hash.code(0x5d);
}

/** Whether the bytes are printable ASCII, which PDFDocEncoding decodes to the same characters. */
function isPrintableAscii(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index] as number;
    if (byte < 0x20 || byte > 0x7e) return false;
  }
  return true;
}

/**
 * Version 1: the hash of `KEY=canonical\n` for each standard key, then `BS=canonical`. Version 2:
 * the same with each key's text replaced by its position.
 */
function digest(version: DigestVersion, pdf: PDF | undefined, get: (key: string) => PdfValue | undefined): string {
  const hash = new Hash53(version);
  for (let index = 0; index < STANDARD_KEYS.length; index++) {
    const key = STANDARD_KEYS[index] as (typeof STANDARD_KEYS)[number];
    if (version === 1) {
      hash.text(key);
      hash.code(EQUALS);
    } else hash.code(KEY_TAG + index);
    canonical(hash, pdf, get(key), 0);
    if (version === 1) hash.code(NEWLINE);
  }
  if (version === 1) hash.text('BS=');
  else hash.code(KEY_TAG + STANDARD_KEYS.length);
  canonical(hash, pdf, get('BS'), 0);
  return hash.digest();
}

/**
 * The digest of `dict`'s standard keys, references in `pdf` followed. Import compares it with the
 * digest export stored in the private copy, in the version stored with it.
 */
export function standardKeysDigest(pdf: PDF, dict: PdfDict, version: DigestVersion = DIGEST_VERSION): string {
  return digest(version, pdf, (key) => dict.get(key));
}

/**
 * The digest of an annotation dictionary given as plain values, as `standardKeysDigest` gives it
 * for the same dictionary once written and read back. Export calls it on the finished dictionary
 * (every standard key set, no references among them) and stores the result in the private copy.
 */
export function standardKeysDigestOfValues(
  dict: { readonly [key: string]: PdfValue },
  version: DigestVersion = DIGEST_VERSION,
): string {
  return digest(version, undefined, (key) => dict[key]);
}
