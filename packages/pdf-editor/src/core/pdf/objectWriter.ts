// Where an export's new indirect objects go: registered with the engine, or written by us as PDF
// syntax straight into the bytes of an incremental update (the fast path, pdf/lazyAppend.ts).
//
// Why both: the engine spends about 20 µs on each object it holds (building it, tracking changes,
// walking it for the save, serializing it), and a native export adds two objects per annotation
// (dictionary, appearance stream) and a private-copy stream per page. Here an object's syntax goes byte by byte into
// one growing buffer, numbers included, with no intermediate strings to build, join and encode.
// Only objects that nothing reads or changes afterwards come here; pages, fonts and images stay
// with the engine, which owns their subsetting and encryption. Numbers come from the engine's
// own counter, so the two never collide.
import {
  PdfArray,
  PdfBool,
  PdfDict,
  PdfName,
  PdfNull,
  PdfNumber,
  PdfRef,
  PdfStream,
  PdfString,
  type PDF,
  type PDFPage,
  type PdfObject,
} from '@libpdf/core';
import { isPdfObject, pdfDict, pdfStream, WrittenRef, type PdfValue } from './objects';
import { resolved } from './pageAttributes';

/** A dictionary as plain values (see objects.ts): `{ Type: 'Annot', Rect: [0, 0, 10, 10] }`. */
export type PdfDictValue = { readonly [key: string]: PdfValue };

/** Stream data: bytes, or text written as its UTF-8 bytes (content streams, JSON). */
export type StreamData = Uint8Array | string;

/** A reference to an added object: the engine's, or one `ObjectBytesWriter` numbered itself. */
export type ObjectRef = PdfRef | WrittenRef;

export interface ObjectSink {
  /**
   * Adds `dict` as a new indirect object, or a stream of `data` when given; returns its reference:
   * `at` when given (from `reserve`), else a new one. `data` is read or copied before it returns:
   * the caller may reuse its buffer.
   */
  add(dict: PdfDictValue, data?: StreamData, at?: ObjectRef): ObjectRef;
  /** A reference for an object added later with `add(..., at)`, so others can point at it first. */
  reserve(): ObjectRef;
  /** Appends the annotation `annotation` to the /Annots of `page`. */
  annotate(page: PDFPage, annotation: ObjectRef): void;
  /** Writes what waits for the last object (the pages' /Annots); call once, when all are added. */
  close(): void;
}

const utf8 = new TextEncoder();

/** The engine's reference for `ref`. */
export const engineRef = (ref: ObjectRef): PdfRef => (ref instanceof WrittenRef ? PdfRef.of(ref.objectNumber, 0) : ref);

/** Adds `annotation` to the page's /Annots, in place when the array is the page's own. */
export function addToPage(doc: PDF, page: PDFPage, annotation: PdfObject): void {
  const annots = resolved(doc, page.dict.get('Annots'));
  if (annots instanceof PdfArray) annots.push(annotation);
  else page.dict.set('Annots', new PdfArray([annotation]));
}

/** Objects registered with the engine, which writes (and encrypts) them on save. */
export function engineObjects(doc: PDF): ObjectSink {
  const { registry } = doc.context;
  return {
    add(dict, data, at) {
      const object = data === undefined ? pdfDict(dict) : pdfStream(dict, typeof data === 'string' ? utf8.encode(data) : new Uint8Array(data));
      if (!at) return doc.register(object);
      registry.registerAt(engineRef(at), object);
      return at;
    },
    reserve: () => registry.allocateRef(),
    annotate: (page, annotation) => addToPage(doc, page, engineRef(annotation)),
    close() {},
  };
}

/** Where an object `ObjectBytesWriter` wrote starts in its bytes; generation 0 unless given. */
export interface WrittenEntry {
  objectNumber: number;
  generation?: number;
  offset: number;
}

/** Objects serialized by `ObjectBytesWriter`: their bytes, in chunks to be joined in order, and where each starts in them. */
export interface WrittenObjects {
  chunks: readonly Uint8Array[];
  /** The chunks' length together. */
  length: number;
  entries: readonly WrittenEntry[];
}

/** What the engine's objects write themselves to (`toBytes`). */
type EngineByteWriter = Parameters<PdfObject['toBytes']>[0];

const ZEROS = '00000';
/** Beyond this many units of the last decimal the integer arithmetic below would overflow 32 bits. */
const SMALL = 2 ** 31;

/**
 * `value` rounded to `decimals` (1 to 5) decimals as the shortest decimal text, as `String` would
 * write the rounded number ("12.5", "-3", "0", never "-0"), with integer arithmetic: about twice
 * as fast as `String(number)`, and an export writes tens of thousands of numbers.
 */
export function decimalText(value: number, decimals: number): string {
  const scale = 10 ** decimals;
  const scaled = Math.round(value * scale);
  if (scaled === 0) return '0';
  if (!(scaled < SMALL && scaled > -SMALL)) return String(scaled / scale);
  const magnitude = scaled < 0 ? -scaled : scaled;
  const whole = Math.floor(magnitude / scale);
  let fraction = magnitude - whole * scale;
  const sign = scaled < 0 ? '-' : '';
  if (fraction === 0) return `${sign}${whole}`;
  let digits = decimals;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits--;
  }
  const text = String(fraction);
  return `${sign}${whole}.${ZEROS.slice(0, digits - text.length)}${text}`;
}

/** Larger magnitudes lose integer precision and would print in exponent notation. */
const MAX_MAGNITUDE = 1e15;
/** Numbers are written as the engine writes them: reals rounded to five decimals. */
const DECIMALS = 5;
const SCALE = 10 ** DECIMALS;

/** 1 for the bytes a name holds as they are: regular printable ASCII, no delimiter, no '#'. */
const PLAIN_NAME_BYTES = new Uint8Array(256);
for (let byte = 0x21; byte < 0x7f; byte++) PLAIN_NAME_BYTES[byte] = '()<>[]{}/%#'.includes(String.fromCharCode(byte)) ? 0 : 1;

const [SPACE, NEWLINE, MINUS, DOT, ZERO, SLASH, HASH, BACKSLASH, OPEN, CLOSE, LESS, GREATER] = [
  ...' \n-.0/#\\()<>',
].map((char) => char.charCodeAt(0)) as number[] as [number, number, number, number, number, number, number, number, number, number, number, number];
const HEX = [...'0123456789abcdef'].map((char) => char.charCodeAt(0));

/** Writes the digits of `value` (0 to 2^31 - 1) into `out` from `at` on; returns where they end. */
function writeDigits(out: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let power = 10; power <= value && digits < 10; power *= 10) digits++;
  let rest = value;
  for (let index = at + digits - 1; index >= at; index--) {
    const next = (rest / 10) | 0;
    out[index] = ZERO + (rest - next * 10);
    rest = next;
  }
  return at + digits;
}

/**
 * Whether `value` is written starting with a regular character (a digit, a sign, a letter), which
 * needs whitespace after a name; names, strings, arrays and dictionaries start with a delimiter.
 */
function startsWithRegular(value: PdfValue): boolean {
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (typeof value === 'string' || Array.isArray(value)) return false;
  const type = (value as object).constructor;
  if (type === Object || type === PdfString || type === PdfName) return false;
  return !(value instanceof PdfString || value instanceof PdfName || value instanceof PdfArray || value instanceof PdfDict);
}

/** Bytes of a new chunk of `SyntaxBuffer` unless one write needs more. */
const CHUNK_BYTES = 256 * 1024;

/**
 * PDF syntax written into chunks: when the current one is full, the next write starts a new one
 * (its bytes stay contiguous), so nothing is ever copied to grow. An export of a thousand
 * annotations writes over a megabyte; doubling a single buffer copied it all again each time.
 */
class SyntaxBuffer {
  /** The current chunk, and how much of it is written. */
  bytes: Uint8Array;
  length = 0;
  private readonly full: Uint8Array[] = [];
  private before = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Bytes written so far, over all chunks. */
  get position(): number {
    return this.before + this.length;
  }

  /** Makes room for `count` contiguous bytes at `length` in `bytes`. */
  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    this.full.push(this.bytes.subarray(0, this.length));
    this.before += this.length;
    this.bytes = new Uint8Array(Math.max(CHUNK_BYTES, count));
    this.length = 0;
  }

  /** Every chunk written, the current one up to where it is written. */
  chunks(): Uint8Array[] {
    return [...this.full, this.bytes.subarray(0, this.length)];
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /** ASCII text, one character a byte. */
  ascii(text: string): void {
    this.reserve(text.length);
    const { bytes } = this;
    let at = this.length;
    for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i);
    this.length = at;
  }

  data(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }

  /** An unsigned integer's digits. */
  integer(value: number): void {
    if (value >= SMALL) {
      this.ascii(String(value));
      return;
    }
    this.reserve(10);
    this.length = writeDigits(this.bytes, this.length, value);
  }

  /** A number as the engine writes it: at most five decimals, never an exponent or "-0". */
  number(value: number): void {
    if (!Number.isFinite(value) || Math.abs(value) >= MAX_MAGNITUDE) {
      throw new RangeError(`${value} cannot be written as a PDF number`);
    }
    const scaled = Math.round(value * SCALE);
    if (!(scaled < SMALL && scaled > -SMALL)) {
      this.ascii(decimalText(value, DECIMALS));
      return;
    }
    // Integer arithmetic on 32 bits from here: |scaled| < 2^31.
    this.reserve(12 + DECIMALS);
    const out = this.bytes;
    let at = this.length;
    if (scaled < 0) out[at++] = MINUS;
    const magnitude = scaled < 0 ? -scaled : scaled;
    const whole = (magnitude / SCALE) | 0;
    at = writeDigits(out, at, whole);
    let fraction = magnitude - whole * SCALE;
    if (fraction !== 0) {
      let digits = DECIMALS;
      while (fraction % 10 === 0) {
        fraction = (fraction / 10) | 0;
        digits--;
      }
      out[at] = DOT;
      // The fraction's digits, zero-padded on the left to `digits`, ending at `at + digits`.
      for (let end = at + digits; end > at; end--) {
        const next = (fraction / 10) | 0;
        out[end] = ZERO + (fraction - next * 10);
        fraction = next;
      }
      at += digits + 1;
    }
    this.length = at;
  }

  name(name: string): void {
    // Written as it is while every character is plain (the keys and values an export writes are),
    // checked as it goes: a table lookup a character rather than a cache lookup by the whole name.
    this.reserve(name.length + 1);
    const out = this.bytes;
    let at = this.length;
    out[at++] = SLASH;
    for (let index = 0; index < name.length; index++) {
      const code = name.charCodeAt(index);
      if (code >= 128 || PLAIN_NAME_BYTES[code] === 0) return this.escapedName(name);
      out[at++] = code;
    }
    this.length = at;
  }

  private escapedName(name: string): void {
    this.byte(SLASH);
    for (const byte of utf8.encode(name)) {
      if (PLAIN_NAME_BYTES[byte] === 1) this.byte(byte);
      else this.hexByte(HASH, byte);
    }
  }

  /** Printable ASCII as a literal string, anything else (UTF-16, control codes) as hex, so no reader alters a byte. */
  string(bytes: Uint8Array): void {
    this.reserve(2 * bytes.length + 2);
    const out = this.bytes;
    const start = this.length;
    let at = start;
    out[at++] = OPEN;
    for (let index = 0; index < bytes.length; index++) {
      const byte = bytes[index] as number;
      if (byte < 0x20 || byte > 0x7e) {
        this.hexString(bytes);
        return;
      }
      if (byte === OPEN || byte === CLOSE || byte === BACKSLASH) out[at++] = BACKSLASH;
      out[at++] = byte;
    }
    out[at++] = CLOSE;
    this.length = at;
  }

  private hexString(bytes: Uint8Array): void {
    this.byte(LESS);
    for (const byte of bytes) this.hexByte(undefined, byte);
    this.byte(GREATER);
  }

  value(value: PdfValue): void {
    if (typeof value === 'number') return this.number(value);
    if (typeof value === 'string') return this.name(value);
    if (typeof value === 'boolean') return this.ascii(value ? 'true' : 'false');
    if (Array.isArray(value)) return this.array(value);
    // By constructor first: one comparison each for what annotation objects hold, where an
    // instanceof chain walked prototypes for every value and was a third of the serializing time.
    const type = (value as object).constructor;
    if (type === Object) return this.dict(value as PdfDictValue);
    if (type === PdfRef || type === WrittenRef) return this.ref(value as ObjectRef);
    if (type === PdfString) return this.string((value as PdfString).bytes);
    if (value instanceof PdfRef) this.ref(value);
    else if (value instanceof PdfName) this.name(value.value);
    else if (value instanceof PdfNumber) this.number(value.value);
    else if (value instanceof PdfString) this.string(value.bytes);
    else if (value instanceof PdfBool) this.ascii(value.value ? 'true' : 'false');
    else if (value instanceof PdfNull) this.ascii('null');
    else if (value instanceof PdfArray) this.array(value.toArray());
    // A stream is a PdfDict too, but cannot stand inside another object.
    else if (value instanceof PdfDict && !(value instanceof PdfStream)) this.dict(Object.fromEntries([...value].map(([key, item]) => [key.value, item])));
    else if (isPdfObject(value)) throw new TypeError(`a ${value.type} cannot be written inside an object`);
    else this.dict(value as PdfDictValue);
  }

  private ref(ref: ObjectRef): void {
    this.integer(ref.objectNumber);
    this.byte(SPACE);
    this.integer(ref instanceof WrittenRef ? 0 : ref.generation);
    this.ascii(' R');
  }

  array(items: readonly PdfValue[]): void {
    this.byte(0x5b);
    for (let index = 0; index < items.length; index++) {
      if (index > 0) this.byte(SPACE);
      // Numbers, most of what arrays hold (/Rect, /BBox, colours, /QuadPoints, /InkList), go
      // straight to `number`: `value`'s dispatch was the writer's largest cost.
      const item = items[index] as PdfValue;
      if (typeof item === 'number') this.number(item);
      else this.value(item);
    }
    this.byte(0x5d);
  }

  /**
   * `dict`, and a stream's /Length when given, with no whitespace but where a token would
   * otherwise run into the one before (before a number, a reference or a boolean): about a tenth
   * of the bytes of an annotation dictionary were spaces next to a delimiter.
   */
  dict(dict: PdfDictValue, length?: number): void {
    this.ascii('<<');
    for (const key in dict) {
      this.name(key);
      const value = dict[key] as PdfValue;
      if (startsWithRegular(value)) this.byte(SPACE);
      this.value(value);
    }
    if (length !== undefined) {
      this.ascii('/Length ');
      this.integer(length);
    }
    this.ascii('>>');
  }

  private hexByte(prefix: number | undefined, byte: number): void {
    if (prefix !== undefined) this.byte(prefix);
    this.byte(HEX[byte >> 4] as number);
    this.byte(HEX[byte & 15] as number);
  }
}

/**
 * Serializes objects as they are added, numbered by `doc`'s engine, for an incremental update
 * whose xref section the caller writes (see lazyAppend.ts). Streams of `compressFrom` bytes or
 * more are registered with the engine instead, which compresses them on save. Nothing is
 * encrypted: use it only for files that are not.
 */
export class ObjectBytesWriter implements ObjectSink {
  private readonly out: SyntaxBuffer;
  private readonly entries: WrittenEntry[] = [];
  /** Stream text as UTF-8, encoded in one native call into this reused buffer. */
  private text = new Uint8Array(64 * 1024);
  /** The next number of the block, and where the block ends. */
  private next: number;
  private readonly end: number;
  /** The annotations added to each page, written as the page's new /Annots by `close`. */
  private readonly annots = new Map<PDFPage, ObjectRef[]>();

  /**
   * Numbers come from `numbers`, a block the engine never hands out (see lazyAppend.ts), then,
   * once it is used up, from the engine's own counter.
   */
  constructor(
    private readonly doc: PDF,
    private readonly compressFrom: number,
    numbers: { first: number; count: number } = { first: 0, count: 0 },
  ) {
    this.next = numbers.first;
    this.end = numbers.first + numbers.count;
    this.out = new SyntaxBuffer(64 * 1024);
  }

  add(dict: PdfDictValue, data?: StreamData, at?: ObjectRef): ObjectRef {
    const bytes = typeof data === 'string' ? this.utf8(data) : data;
    if (bytes !== undefined && bytes.length >= this.compressFrom) {
      // The engine keeps the bytes until it saves: a copy, not a view of a reused buffer (nor of a
      // Node Buffer, whose `.slice()` is one).
      const stream = pdfStream(dict, new Uint8Array(bytes));
      if (!at) return this.doc.register(stream);
      this.doc.context.registry.registerAt(engineRef(at), stream);
      return at;
    }
    const ref = at ?? this.reserve();
    const { out } = this;
    this.entries.push({ objectNumber: ref.objectNumber, offset: out.position });
    out.integer(ref.objectNumber);
    out.ascii(' 0 obj\n');
    if (bytes === undefined) {
      out.dict(dict);
      out.ascii('\nendobj\n');
      return ref;
    }
    out.dict(dict, bytes.length);
    out.ascii('\nstream\n');
    out.data(bytes);
    out.byte(NEWLINE);
    out.ascii('endstream\nendobj\n');
    return ref;
  }

  /**
   * Writes `object`, one the engine read and changed (a page given new /Annots), under its own
   * number and generation, byte for byte as the engine's save would: its own `toBytes`, into this
   * writer's buffer rather than the copy of the whole file the engine's save starts with.
   */
  rewrite(ref: PdfRef, object: PdfObject): void {
    const { out } = this;
    this.entries.push({ objectNumber: ref.objectNumber, generation: ref.generation, offset: out.position });
    out.ascii(`${ref.objectNumber} ${ref.generation} obj\n`);
    // The engine's writer type has private members; its objects call only these three methods.
    const writer = {
      writeAscii: (text: string) => out.ascii(text),
      writeByte: (byte: number) => out.byte(byte),
      writeBytes: (data: Uint8Array) => out.data(data),
    };
    object.toBytes(writer as unknown as EngineByteWriter);
    out.ascii('\nendobj\n');
  }

  reserve(): ObjectRef {
    if (this.next < this.end) return new WrittenRef(this.next++);
    return this.doc.context.registry.allocateRef();
  }

  annotate(page: PDFPage, annotation: ObjectRef): void {
    const added = this.annots.get(page);
    if (added) added.push(annotation);
    else this.annots.set(page, [annotation]);
  }

  /**
   * Gives each page a new /Annots, inline in its dictionary (which the engine writes anyway): the
   * annotations it had, then the new ones. An array object of its own cost a header, a reference
   * and a cross-reference entry on each page, some 50 bytes where most pages get one annotation.
   */
  close(): void {
    for (const [page, added] of this.annots) {
      const annots = resolved(this.doc, page.dict.get('Annots'));
      const items = annots instanceof PdfArray ? annots.toArray() : [];
      page.dict.set('Annots', new PdfArray([...items, ...added.map(engineRef)]));
    }
    this.annots.clear();
  }

  /** `text` as UTF-8, a view of the reused buffer valid until the next call. */
  private utf8(text: string): Uint8Array {
    // Three bytes at most for each UTF-16 unit.
    if (this.text.length < 3 * text.length) this.text = new Uint8Array(3 * text.length);
    return this.text.subarray(0, utf8.encodeInto(text, this.text).written);
  }

  /** Everything added so far. */
  written(): WrittenObjects {
    return { chunks: this.out.chunks(), length: this.out.position, entries: [...this.entries] };
  }
}
