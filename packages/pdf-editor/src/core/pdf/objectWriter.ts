// Where an export's new indirect objects go: registered with the engine, or written by us as PDF
// syntax straight into the bytes of an incremental update (the fast path, pdf/lazyAppend.ts).
//
// Why both: the engine spends about 20 µs on each object it holds (building it, tracking changes,
// walking it for the save, serializing it), and a native export adds three objects per annotation
// (dictionary, appearance stream, private copy). Here an object's syntax goes byte by byte into
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
} from '@libpdf/core';
import { isPdfObject, pdfDict, pdfStream, type PdfValue } from './objects';

/** A dictionary as plain values (see objects.ts): `{ Type: 'Annot', Rect: [0, 0, 10, 10] }`. */
export type PdfDictValue = { readonly [key: string]: PdfValue };

/** Stream data: bytes, or text written as its UTF-8 bytes (content streams, JSON). */
export type StreamData = Uint8Array | string;

export interface ObjectSink {
  /**
   * Adds `dict` as a new indirect object, or a stream of `data` when given; returns its reference.
   * `data` is read or copied before it returns: the caller may reuse its buffer.
   */
  add(dict: PdfDictValue, data?: StreamData): PdfRef;
}

const utf8 = new TextEncoder();

/** Objects registered with the engine, which writes (and encrypts) them on save. */
export function engineObjects(doc: PDF): ObjectSink {
  return {
    add(dict, data) {
      if (data === undefined) return doc.register(pdfDict(dict));
      return doc.register(pdfStream(dict, typeof data === 'string' ? utf8.encode(data) : data.slice()));
    },
  };
}

/** Objects serialized by `ObjectBytesWriter`: their bytes and where each starts in them. */
export interface WrittenObjects {
  bytes: Uint8Array;
  entries: readonly { objectNumber: number; offset: number }[];
}

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

/** Name characters that need no #xx escape: regular ASCII, no delimiters, no '#'. */
const PLAIN_NAME = /^[A-Za-z0-9_.+*:;,!'"=?@^`|~$&-]*$/;
const DELIMITERS = '()<>[]{}/%#';
/** Whether a name needs no escape, by name: the same few dozen keys and values recur in every object. */
const plainNames = new Map<string, boolean>();
const MAX_CACHED_NAMES = 1024;

const [SPACE, NEWLINE, MINUS, DOT, ZERO, SLASH, HASH, BACKSLASH, OPEN, CLOSE, LESS, GREATER] = [
  ...' \n-.0/#\\()<>',
].map((char) => char.charCodeAt(0)) as number[] as [number, number, number, number, number, number, number, number, number, number, number, number];
const HEX = [...'0123456789abcdef'].map((char) => char.charCodeAt(0));

/** A growing buffer of PDF syntax. */
class SyntaxBuffer {
  bytes = new Uint8Array(64 * 1024);
  length = 0;

  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + count));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /** ASCII text, one character a byte. */
  ascii(text: string): void {
    this.reserve(text.length);
    const { bytes } = this;
    for (let i = 0; i < text.length; i++) bytes[this.length++] = text.charCodeAt(i);
  }

  data(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }

  /** An unsigned integer's digits. */
  integer(value: number): void {
    let digits = 1;
    for (let power = 10; power <= value; power *= 10) digits++;
    this.reserve(digits);
    let rest = value;
    for (let at = this.length + digits - 1; at >= this.length; at--) {
      const next = Math.floor(rest / 10);
      this.bytes[at] = ZERO + (rest - next * 10);
      rest = next;
    }
    this.length += digits;
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
    if (scaled < 0) this.byte(MINUS);
    const magnitude = scaled < 0 ? -scaled : scaled;
    const whole = Math.floor(magnitude / SCALE);
    this.integer(whole);
    let fraction = magnitude - whole * SCALE;
    if (fraction === 0) return;
    this.reserve(1 + DECIMALS);
    this.bytes[this.length++] = DOT;
    for (let unit = SCALE / 10; fraction > 0; unit /= 10) {
      const digit = Math.floor(fraction / unit);
      this.bytes[this.length++] = ZERO + digit;
      fraction -= digit * unit;
    }
  }

  name(name: string): void {
    this.byte(SLASH);
    let plain = plainNames.get(name);
    if (plain === undefined) {
      if (plainNames.size >= MAX_CACHED_NAMES) plainNames.clear();
      plainNames.set(name, (plain = PLAIN_NAME.test(name)));
    }
    if (plain) {
      this.ascii(name);
      return;
    }
    for (const byte of utf8.encode(name)) {
      if (byte > 0x20 && byte < 0x7f && !DELIMITERS.includes(String.fromCharCode(byte))) this.byte(byte);
      else this.hexByte(HASH, byte);
    }
  }

  /** Printable ASCII as a literal string, anything else (UTF-16, control codes) as hex, so no reader alters a byte. */
  string(bytes: Uint8Array): void {
    this.reserve(2 * bytes.length + 2);
    const out = this.bytes;
    const start = this.length;
    out[this.length++] = OPEN;
    for (const byte of bytes) {
      if (byte < 0x20 || byte > 0x7e) {
        this.length = start;
        this.hexString(bytes);
        return;
      }
      if (byte === OPEN || byte === CLOSE || byte === BACKSLASH) out[this.length++] = BACKSLASH;
      out[this.length++] = byte;
    }
    out[this.length++] = CLOSE;
  }

  private hexString(bytes: Uint8Array): void {
    this.byte(LESS);
    for (const byte of bytes) this.hexByte(undefined, byte);
    this.byte(GREATER);
  }

  value(value: PdfValue): void {
    if (typeof value === 'number') this.number(value);
    else if (typeof value === 'string') this.name(value);
    else if (typeof value === 'boolean') this.ascii(value ? 'true' : 'false');
    else if (Array.isArray(value)) this.array(value);
    else if (value instanceof PdfRef) {
      this.integer(value.objectNumber);
      this.byte(SPACE);
      this.integer(value.generation);
      this.ascii(' R');
    } else if (value instanceof PdfName) this.name(value.value);
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

  array(items: readonly PdfValue[]): void {
    this.byte(0x5b);
    items.forEach((item, index) => {
      if (index > 0) this.byte(SPACE);
      this.value(item);
    });
    this.byte(0x5d);
  }

  /** `dict`, and a stream's /Length when given. */
  dict(dict: PdfDictValue, length?: number): void {
    this.ascii('<<');
    for (const key in dict) {
      this.byte(SPACE);
      this.name(key);
      this.byte(SPACE);
      this.value(dict[key] as PdfValue);
    }
    if (length !== undefined) {
      this.ascii(' /Length ');
      this.integer(length);
    }
    this.ascii(' >>');
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
  private readonly out = new SyntaxBuffer();
  private readonly entries: { objectNumber: number; offset: number }[] = [];
  /** Stream text as UTF-8, encoded in one native call into this reused buffer. */
  private text = new Uint8Array(64 * 1024);

  constructor(
    private readonly doc: PDF,
    private readonly compressFrom: number,
  ) {}

  add(dict: PdfDictValue, data?: StreamData): PdfRef {
    const bytes = typeof data === 'string' ? this.utf8(data) : data;
    if (bytes !== undefined && bytes.length >= this.compressFrom) {
      // The engine keeps the bytes until it saves: a copy, not a view of a reused buffer.
      return this.doc.register(pdfStream(dict, bytes.slice()));
    }
    const ref = this.doc.context.registry.allocateRef();
    const { out } = this;
    this.entries.push({ objectNumber: ref.objectNumber, offset: out.length });
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

  /** `text` as UTF-8, a view of the reused buffer valid until the next call. */
  private utf8(text: string): Uint8Array {
    // Three bytes at most for each UTF-16 unit.
    if (this.text.length < 3 * text.length) this.text = new Uint8Array(3 * text.length);
    return this.text.subarray(0, utf8.encodeInto(text, this.text).written);
  }

  /** Everything added so far. */
  written(): WrittenObjects {
    return { bytes: this.out.bytes.subarray(0, this.out.length), entries: [...this.entries] };
  }
}
