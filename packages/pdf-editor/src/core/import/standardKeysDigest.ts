// A digest of the standard keys of an annotation dictionary: the keys other tools edit and our
// import reads (geometry, colours, opacity, border, text, line ends, ink, quadrilaterals). Native
// export stores it in the private copy of our model (/MarginaliaData); import trusts that copy only
// while the dictionary still gives the same digest, so any edit another tool makes to those keys
// is read from the keys themselves.
import { PdfArray, PdfBool, PdfDict, PdfName, PdfNumber, PdfRef, PdfString, type PDF, type PdfObject } from '@libpdf/core';

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
 * Numbers as the engine writes them (at most five decimals), so a value digested before saving
 * and the same value read back from the saved file give the same text.
 */
function canonicalNumber(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  const rounded = Math.round(value * 1e5) / 1e5;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

function canonical(pdf: PDF, value: PdfObject | undefined, depth: number): string {
  const object = value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;
  if (object === undefined || depth > MAX_DEPTH) return '';
  if (object instanceof PdfNumber) return canonicalNumber(object.value);
  if (object instanceof PdfName) return `/${object.value}`;
  // Text as decoded, so re-encoding the same text (PDFDocEncoding or UTF-16) changes nothing.
  if (object instanceof PdfString) return JSON.stringify(object.asString());
  if (object instanceof PdfBool) return String(object.value);
  if (object instanceof PdfArray) return `[${object.toArray().map((item) => canonical(pdf, item, depth + 1)).join(' ')}]`;
  if (object instanceof PdfDict) return `<<${canonical(pdf, object.get('W'), depth + 1)}>>`;
  return object.type;
}

/** A short hash of a string (53-bit, cyrb53); a fingerprint for change detection, not security. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The digest of `dict`'s standard keys, references in `pdf` followed. Export calls it on the
 * finished annotation dictionary (every standard key set) and stores the result in the private
 * copy; import compares it with the digest of the dictionary as it reads now.
 */
export function standardKeysDigest(pdf: PDF, dict: PdfDict): string {
  const parts = STANDARD_KEYS.map((key) => `${key}=${canonical(pdf, dict.get(key), 0)}`);
  parts.push(`BS=${canonical(pdf, dict.get('BS'), 0)}`);
  return hash53(parts.join('\n'));
}
