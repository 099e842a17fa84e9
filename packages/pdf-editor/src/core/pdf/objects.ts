// Builds the engine's PDF objects from plain values, so writers describe dictionaries the way they
// read in the PDF reference rather than one constructor call per number and name.
import { PdfArray, PdfBool, PdfDict, PdfName, PdfNumber, PdfRef, PdfStream, type PdfObject } from '@libpdf/core';
import type { PdfObjectValue } from '../pdfObjectTypes';
import { WrittenRef } from './writtenRef';

export { WrittenRef };

/**
 * A plain value: numbers, booleans, strings as names, arrays, records, references to written
 * objects, or PDF objects (the engine's, seen through `PdfObjectValue`) as they are.
 */
export type PdfValue =
  | number
  | boolean
  | string
  | PdfObjectValue
  | WrittenRef
  | readonly PdfValue[]
  | { readonly [key: string]: PdfValue };

/** Engine names by their text, for the keys and names the core asks for; each held, so it stays the interned instance. */
const names = new Map<string, PdfName>();
/** More distinct names than the core asks for (a host kind's reader may ask for others): past it, none is held. */
const MAX_HELD_NAMES = 1024;

/**
 * `PdfName.of(text)` from a table of our own: the engine's interning (two map lookups and a weak
 * reference) ran on every `PdfDict.get` with a string key, and an import reads a dozen keys of
 * each of thousands of annotations.
 */
export function nameOf(text: string): PdfName {
  let name = names.get(text);
  if (!name) {
    name = PdfName.of(text);
    if (names.size < MAX_HELD_NAMES) names.set(text, name);
  }
  return name;
}

/** Engine objects all write themselves; plain records and written references do not. */
export function isPdfObject(value: object): value is PdfObject {
  return typeof (value as { toBytes?: unknown }).toBytes === 'function';
}

/** A record of plain values (such as export's /BS): not an array, an engine object or a written reference. */
export function isPlainRecord(value: PdfValue | PdfObject | undefined): value is { readonly [key: string]: PdfValue } {
  return typeof value === 'object' && !Array.isArray(value) && !isPdfObject(value) && !(value instanceof WrittenRef);
}

/** The engine object for `value`; a string becomes a name, as `/Type /Annot` reads. */
export function pdfValue(value: PdfValue): PdfObject {
  if (typeof value === 'number') return PdfNumber.of(value);
  if (typeof value === 'boolean') return PdfBool.of(value);
  if (typeof value === 'string') return nameOf(value);
  if (Array.isArray(value)) return new PdfArray(value.map((item: PdfValue) => pdfValue(item)));
  if (value instanceof WrittenRef) return PdfRef.of(value.objectNumber, 0);
  if (isPdfObject(value)) return value;
  return pdfDict(value as { readonly [key: string]: PdfValue });
}

export function pdfDict(entries: { readonly [key: string]: PdfValue }): PdfDict {
  return new PdfDict(Object.entries(entries).map(([key, value]) => [key, pdfValue(value)] as [string, PdfObject]));
}

export function pdfStream(entries: { readonly [key: string]: PdfValue }, data: Uint8Array): PdfStream {
  return new PdfStream(pdfDict(entries), data);
}
