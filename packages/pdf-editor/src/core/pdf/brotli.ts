// Brotli-compressed streams (/BrotliDecode, the PDF 2.0 filter pdf.js reads): the engine has no
// decoder for them, and its registry of filters is not exported, so a file whose catalog or
// cross-reference stream is Brotli-compressed could not be opened at all. Rather than teach the
// engine the filter (a change to its classes for the whole process), the file is rewritten before
// the engine sees it: every Brotli-compressed stream is decoded and compressed again with Flate,
// its /Filter, /DecodeParms and /Length written to match. The decoder (a pure JavaScript port of
// Google's, also for the browser's export worker) is loaded only for files that use the filter.
//
// The rewritten streams are longer than the originals, so the offsets of the cross-reference data
// no longer hold: the copy has its `startxref` keywords blanked, and the engine rebuilds the
// structure by scanning its objects (object streams included), as it does for damaged files. That
// scan keeps only /Root and /Size of the trailer, so the caller carries /Info over (`info`). The
// document must then be saved whole (openPdf reports it as repaired): its bytes are not the file's.
// Files saved from it carry Flate, which every reader reads (qpdf, poppler, MuPDF and older pdf.js
// cannot read Brotli).
//
// Not rewritten: encrypted files, whose stream data can be decoded only after decryption, which is
// the engine's; and a stream whose filters before the Brotli step take parameters (unknown in
// practice: Brotli stands first, or after an ASCII filter).
import pako from 'pako';
import { PdfArray, PdfDict, PdfName, PdfStream } from '@libpdf/core';
import { ascii, latin1 } from './update';

const BROTLI = 'BrotliDecode';
const FLATE = 'FlateDecode';
const BROTLI_NAME = ascii(`/${BROTLI}`);

/** How far the search may jump on each byte (Horspool): the pattern's length, less for its own bytes. */
const SKIP = (() => {
  const skip = new Uint8Array(256).fill(BROTLI_NAME.length);
  for (let i = 0; i < BROTLI_NAME.length - 1; i++) skip[BROTLI_NAME[i] as number] = BROTLI_NAME.length - 1 - i;
  return skip;
})();

/** Where `/BrotliDecode` next appears at or after `from`, or -1. */
function findBrotliName(bytes: Uint8Array, from: number): number {
  const last = BROTLI_NAME.length - 1;
  for (let at = from; at + last < bytes.length; at += SKIP[bytes[at + last] as number] as number) {
    let i = last;
    while (i >= 0 && bytes[at + i] === BROTLI_NAME[i]) i--;
    if (i < 0) return at;
  }
  return -1;
}

/**
 * Whether the file names the Brotli filter anywhere (stream dictionaries are never compressed).
 * Every export of a large file runs this over all its bytes, so it jumps ahead by up to the name's
 * length at each step (Horspool's search) rather than trying every byte.
 */
export function usesBrotli(bytes: Uint8Array): boolean {
  return findBrotliName(bytes, 0) >= 0;
}

const isWhite = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
/** `()<>[]{}/%`: bytes that end a name, number or keyword. */
const isDelimiter = (byte: number | undefined) =>
  byte === 0x28 || byte === 0x29 || byte === 0x3c || byte === 0x3e || byte === 0x5b || byte === 0x5d ||
  byte === 0x7b || byte === 0x7d || byte === 0x2f || byte === 0x25;
const isRegular = (byte: number | undefined) => byte !== undefined && !isWhite(byte) && !isDelimiter(byte);

/** The position after white space and comments from `at`. */
function skipWhite(bytes: Uint8Array, at: number): number {
  for (;;) {
    while (isWhite(bytes[at])) at++;
    if (bytes[at] !== 0x25) return at;
    while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
  }
}

/** The position after the literal string opening at `at` (nested parentheses, backslash escapes). */
function skipLiteralString(bytes: Uint8Array, at: number): number {
  let depth = 0;
  for (; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === 0x5c) at++;
    else if (byte === 0x28) depth++;
    else if (byte === 0x29 && --depth === 0) return at + 1;
  }
  throw new Error('unterminated string');
}

/** The position after the token at `at` (a name, number, keyword or string; `<<`, `[` and their ends alone). */
function skipToken(bytes: Uint8Array, at: number): number {
  const byte = bytes[at];
  if (byte === 0x28) return skipLiteralString(bytes, at);
  if (byte === 0x3c || byte === 0x3e) {
    if (bytes[at + 1] === byte) return at + 2;
    if (byte === 0x3e) return at + 1;
    const end = bytes.indexOf(0x3e, at);
    if (end < 0) throw new Error('unterminated hex string');
    return end + 1;
  }
  if (byte === 0x5b || byte === 0x5d || byte === 0x7b || byte === 0x7d) return at + 1;
  let end = byte === 0x2f ? at + 1 : at;
  while (isRegular(bytes[end])) end++;
  if (end === at) throw new Error('unexpected byte');
  return end;
}

/** The position after the object starting at `at` (a reference `12 0 R` counts as one object). */
function skipObject(bytes: Uint8Array, at: number): number {
  const opener = bytes[at];
  if ((opener === 0x3c && bytes[at + 1] === 0x3c) || opener === 0x5b) {
    let depth = 0;
    for (let pos = at; pos < bytes.length; ) {
      const byte = bytes[pos];
      if ((byte === 0x3c && bytes[pos + 1] === 0x3c) || byte === 0x5b) depth++;
      else if ((byte === 0x3e && bytes[pos + 1] === 0x3e) || byte === 0x5d) depth--;
      pos = skipToken(bytes, pos);
      if (depth === 0) return pos;
      pos = skipWhite(bytes, pos);
    }
    throw new Error('unterminated dictionary or array');
  }
  const end = skipToken(bytes, at);
  // `12 0 R`: two integers and R.
  const reference = /^\d+\s+\d+\s+R(?![^\s()<>[\]{}/%])/.exec(latin1.decode(bytes.subarray(at, at + 24)));
  return reference ? at + reference[0].length : end;
}

interface Entry {
  key: string;
  /** The entry's text, key and value, as written. */
  start: number;
  end: number;
  valueStart: number;
}

/** The top-level entries of the dictionary opening at `at` (`<<`), and the position after it. */
function readDictionary(bytes: Uint8Array, at: number): { entries: Entry[]; end: number } {
  const entries: Entry[] = [];
  let pos = skipWhite(bytes, at + 2);
  while (!(bytes[pos] === 0x3e && bytes[pos + 1] === 0x3e)) {
    if (bytes[pos] !== 0x2f) throw new Error('dictionary key expected');
    const start = pos;
    const keyEnd = skipToken(bytes, pos);
    const valueStart = skipWhite(bytes, keyEnd);
    const end = skipObject(bytes, valueStart);
    entries.push({ key: latin1.decode(bytes.subarray(start + 1, keyEnd)), start, end, valueStart });
    pos = skipWhite(bytes, end);
  }
  return { entries, end: pos + 2 };
}

/** The objects of an array's text (`[a b]`), or the one object a value is. */
function items(bytes: Uint8Array, entry: Entry | undefined): string[] {
  if (!entry) return [];
  const text = (start: number, end: number) => latin1.decode(bytes.subarray(start, end));
  if (bytes[entry.valueStart] !== 0x5b) return [text(entry.valueStart, entry.end)];
  const list: string[] = [];
  for (let pos = skipWhite(bytes, entry.valueStart + 1); bytes[pos] !== 0x5d; ) {
    const end = skipObject(bytes, pos);
    list.push(text(pos, end));
    pos = skipWhite(bytes, end);
  }
  return list;
}

/** A Brotli-compressed stream object of the file: where it lies, and what replaces it. */
interface Rewrite {
  /** From its dictionary's `<<` to the end of `endstream`. */
  start: number;
  end: number;
  replacement: Uint8Array;
}

const OBJ = ascii('obj');
const STREAM = ascii('stream');
const ENDSTREAM = ascii('endstream');

const startsWith = (bytes: Uint8Array, at: number, word: Uint8Array) => word.every((byte, i) => bytes[at + i] === byte);

/** Where the nearest `obj` keyword before `at` ends, or -1. */
function objectStart(bytes: Uint8Array, at: number): number {
  for (let pos = at - OBJ.length; pos >= 0; pos--) {
    if (startsWith(bytes, pos, OBJ) && !isRegular(bytes[pos - 1]) && !isRegular(bytes[pos + OBJ.length])) return pos + OBJ.length;
  }
  return -1;
}

type Decompress = (data: Uint8Array) => Uint8Array;

/** The data decoded through `filters` by the engine (the ASCII filters before a Brotli step). */
function engineDecode(data: Uint8Array, filters: string[]): Uint8Array {
  if (filters.length === 0) return data;
  const dict = new PdfDict([['Filter', new PdfArray(filters.map((name) => PdfName.of(name)))]]);
  return new PdfStream(dict, data).getDecodedData();
}

/**
 * The stream object whose dictionary holds the `/BrotliDecode` at `at`, rewritten with Flate; or
 * undefined when the name is not a filter of a stream (text in an uncompressed content stream).
 */
function rewriteStream(bytes: Uint8Array, at: number, decompress: Decompress): Rewrite | undefined {
  const afterObj = objectStart(bytes, at);
  if (afterObj < 0) return undefined;
  const start = skipWhite(bytes, afterObj);
  if (!(bytes[start] === 0x3c && bytes[start + 1] === 0x3c)) return undefined;
  const { entries, end: dictEnd } = readDictionary(bytes, start);
  const filterEntry = entries.find((entry) => entry.key === 'Filter');
  if (!filterEntry || at < filterEntry.valueStart || at >= filterEntry.end) return undefined;
  let pos = skipWhite(bytes, dictEnd);
  if (!startsWith(bytes, pos, STREAM)) return undefined;
  pos += STREAM.length;
  if (bytes[pos] === 0x0d) pos++;
  if (bytes[pos] === 0x0a) pos++;
  const dataStart = pos;
  // The data ends at /Length when `endstream` follows there, else (an indirect or wrong length)
  // before the next `endstream`.
  const lengthEntry = entries.find((entry) => entry.key === 'Length');
  const length = lengthEntry ? Number(items(bytes, lengthEntry)[0]) : NaN;
  let dataEnd = Number.isInteger(length) ? dataStart + length : -1;
  let after = dataEnd >= 0 ? skipWhite(bytes, dataEnd) : -1;
  if (after < 0 || !startsWith(bytes, after, ENDSTREAM)) {
    const found = latin1.decode(bytes.subarray(dataStart)).indexOf('endstream');
    if (found < 0) return undefined;
    after = dataStart + found;
    dataEnd = after;
    if (bytes[dataEnd - 1] === 0x0a) dataEnd--;
    if (bytes[dataEnd - 1] === 0x0d) dataEnd--;
  }

  let filters = items(bytes, filterEntry).map((name) => name.slice(1));
  const parameterList = items(bytes, entries.find((entry) => entry.key === 'DecodeParms'));
  let parameters = filters.map((_, i) => (parameterList.length === 1 && filters.length === 1 ? parameterList[0] : parameterList[i]) ?? 'null');
  let data = bytes.subarray(dataStart, dataEnd);
  for (let step = filters.indexOf(BROTLI); step >= 0; step = filters.indexOf(BROTLI)) {
    if (parameters.slice(0, step).some((parameter) => parameter !== 'null')) return undefined;
    // Brotli takes Flate's parameters (a PNG or TIFF predictor), so Flate in its place keeps them.
    data = pako.deflate(decompress(engineDecode(data, filters.slice(0, step))));
    filters = [FLATE, ...filters.slice(step + 1)];
    parameters = parameters.slice(step);
  }

  const kept = entries
    .filter((entry) => entry.key !== 'Filter' && entry.key !== 'DecodeParms' && entry.key !== 'Length')
    .map((entry) => latin1.decode(bytes.subarray(entry.start, entry.end)));
  const list = (values: string[]) => (values.length === 1 ? values[0] : `[${values.join(' ')}]`);
  kept.push(`/Filter ${list(filters.map((name) => `/${name}`))}`);
  if (parameters.some((parameter) => parameter !== 'null')) kept.push(`/DecodeParms ${list(parameters)}`);
  kept.push(`/Length ${data.length}`);
  const head = ascii(`<<${kept.join(' ')}>>\nstream\n`);
  const tail = ascii('\nendstream');
  const replacement = new Uint8Array(head.length + data.length + tail.length);
  replacement.set(head);
  replacement.set(data, head.length);
  replacement.set(tail, head.length + data.length);
  return { start, end: after + ENDSTREAM.length, replacement };
}

const STARTXREF = ascii('startxref');

/** The file's last `/Info` reference (its latest trailer, or cross-reference stream dictionary). */
function infoReference(bytes: Uint8Array): { objectNumber: number; generation: number } | undefined {
  const matches = [...latin1.decode(bytes).matchAll(/\/Info\s*(\d+)\s+(\d+)\s+R/g)];
  const last = matches.at(-1);
  return last ? { objectNumber: Number(last[1]), generation: Number(last[2]) } : undefined;
}

/** A copy of a Brotli file that the engine reads, and the /Info reference to carry over. */
export interface BrotliDecoded {
  bytes: Uint8Array;
  info: { objectNumber: number; generation: number } | undefined;
}

/**
 * The file with every Brotli-compressed stream rewritten with Flate and its cross-reference start
 * blanked, for the engine to rebuild (see above); undefined when nothing was rewritten (no Brotli
 * stream, or an encrypted file).
 */
export async function decodeBrotliStreams(bytes: Uint8Array): Promise<BrotliDecoded | undefined> {
  const text = latin1.decode(bytes);
  if (/\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(text)) return undefined;
  const { decompress } = await import('brotli/decompress');
  const rewrites: Rewrite[] = [];
  for (let at = findBrotliName(bytes, 0); at >= 0; at = findBrotliName(bytes, at + 1)) {
    try {
      const rewrite = rewriteStream(bytes, at, (data) => decompress(data));
      if (rewrite) {
        rewrites.push(rewrite);
        at = rewrite.end - 1; // not through its data
      }
    } catch {
      // Syntax this reading does not follow, or data that does not decode: the stream stays as it
      // is, for the engine to read what it can (as it would have without the rewrite).
    }
  }
  if (rewrites.length === 0) return undefined;
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const rewrite of rewrites) {
    parts.push(bytes.subarray(from, rewrite.start), rewrite.replacement);
    from = rewrite.end;
  }
  parts.push(bytes.subarray(from));
  const copy = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    copy.set(part, offset);
    offset += part.length;
  }
  // No longer the keyword (an 'S'), so the engine scans the objects rather than follow offsets
  // that the longer streams moved.
  for (let at = copy.indexOf(0x73); at >= 0; at = copy.indexOf(0x73, at + 1)) {
    if (startsWith(copy, at, STARTXREF)) copy[at] = 0x53;
  }
  return { bytes: copy, info: infoReference(bytes) };
}
