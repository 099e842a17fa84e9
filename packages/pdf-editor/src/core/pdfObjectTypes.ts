// The PDF objects the public API hands to host kinds (a native annotation's dictionary to read, the
// document to register objects in), as small interfaces of our own rather than the PDF engine's
// classes: an engine upgrade must not be a breaking change of this package, and a consumer's type
// check must not need the engine's declarations (nor what they import). The engine's objects
// satisfy them structurally, so the export and import pass them as they are; `type` tells the
// kinds of object apart, as the engine's own objects carry it.

/** A name (`/Square`): `value` without the slash. */
export interface PdfNameObject {
  readonly type: 'name';
  readonly value: string;
}

/** A number, integer or real. */
export interface PdfNumberObject {
  readonly type: 'number';
  readonly value: number;
}

/** `true` or `false`. */
export interface PdfBooleanObject {
  readonly type: 'bool';
  readonly value: boolean;
}

/** A string: its raw bytes, or `asString()` decoded as a PDF text string (PDFDocEncoding or UTF-16). */
export interface PdfStringObject {
  readonly type: 'string';
  readonly bytes: Uint8Array;
  asString(): string;
}

/** An indirect reference (`12 0 R`); a `DictReader` follows it. */
export interface PdfReference {
  readonly type: 'ref';
  readonly objectNumber: number;
  readonly generation: number;
}

/** `null`. */
export interface PdfNullObject {
  readonly type: 'null';
}

/** Bytes written as they are (content the engine did not parse into objects). */
export interface PdfRawObject {
  readonly type: 'raw';
  readonly bytes: Uint8Array;
}

/** An array; `at` returns the item as written (a reference is not followed: see `DictReader.item`). */
export interface PdfArrayObject {
  readonly type: 'array';
  readonly length: number;
  at(index: number): PdfObjectValue | undefined;
  [Symbol.iterator](): Iterator<PdfObjectValue>;
}

/** A dictionary; `get` returns the value as written (a reference is not followed: see `DictReader.lookup`). */
export interface PdfDictionary {
  readonly type: 'dict' | 'stream';
  get(key: string): PdfObjectValue | undefined;
  has(key: string): boolean;
  keys(): Iterable<PdfNameObject>;
  set(key: string, value: PdfObjectValue): void;
}

/** A stream: its dictionary, and its data with the dictionary's filters undone. */
export interface PdfStreamObject extends PdfDictionary {
  readonly type: 'stream';
  getDecodedData(): Uint8Array;
}

/** Any PDF object. */
export type PdfObjectValue =
  | PdfNullObject
  | PdfBooleanObject
  | PdfNumberObject
  | PdfNameObject
  | PdfStringObject
  | PdfReference
  | PdfArrayObject
  | PdfDictionary
  | PdfStreamObject
  | PdfRawObject;

/** The document being exported, as a native writer uses it: objects registered get a reference. */
export interface PdfDocumentWriter {
  /** Adds `object` to the document as an indirect object and returns its reference. */
  register(object: PdfObjectValue): PdfReference;
  /** The object `ref` names, or null when the document has none by that number. */
  getObject(ref: PdfReference): PdfObjectValue | null;
}
