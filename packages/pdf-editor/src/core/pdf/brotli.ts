// Brotli-compressed streams (/BrotliDecode, the PDF 2.0 filter pdf.js reads): the engine has no
// decoder for them, and its registry of filters is not exported, so a file whose catalog or
// cross-reference stream is Brotli-compressed could not be opened at all. Rather than teach the
// engine the filter (a change to its classes for the whole process), the file is rewritten before
// the engine sees it: every Brotli-compressed stream is decoded and compressed again with Flate,
// its /Filter and /Length written to match. The decoder (a pure JavaScript port of Google's, also
// for the browser's export worker) is loaded only for files that use the filter.
//
// The rewritten streams are longer than the originals, so the offsets of the cross-reference data
// no longer hold: the copy has its `startxref` keywords blanked, and the engine rebuilds the
// structure by scanning its objects (object streams included), as it does for damaged files. That
// scan keeps only /Root and /Size of the trailer, so openPdf carries /Info over, as for any rebuilt file. The
// document must then be saved whole (openPdf reports it as repaired): its bytes are not the file's.
// Files saved from it carry Flate, which every reader reads (qpdf, poppler, MuPDF and older pdf.js
// cannot read Brotli).
//
// Not rewritten: encrypted files, whose stream data can be decoded only after decryption, which is
// the engine's; and a stream whose chain runs another filter before Brotli (unknown in practice).
import pako from 'pako';
import { ascii, concat, latin1 } from './update';

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

/** A Brotli-compressed stream object of the file: where it lies, and what replaces it. */
interface Rewrite {
  /** From its dictionary's `<<` to the end of `endstream`. */
  start: number;
  end: number;
  /** Its new dictionary and `stream`, its data, `endstream`. */
  replacement: Uint8Array[];
}

type Decompress = (data: Uint8Array) => Uint8Array;

// The entries a rewrite changes, found with patterns rather than a parser: a stream's dictionary
// holds them at its top level, and the dictionaries it nests (/Resources, /DecodeParms) do not.
/** A filter chain that starts with Brotli (`/Filter /BrotliDecode`, `/Filter [/BrotliDecode ...]`). */
const FILTER = /\/Filter\s*\[?\s*\/BrotliDecode(?![^\s/<>[\]()])/;
/** `/Length 123` or `/Length 12 0 R`, not `/Length1`. */
const LENGTH = /\/Length(?![^\s/<[(])\s*(\d+)(\s+\d+\s+R)?/;
/** A dictionary's end and the `stream` keyword after it, up to where the data starts. */
const STREAM_START = />>\s*stream(?:\r\n|\n|\r)?/g;

/**
 * The stream object whose dictionary names `/BrotliDecode` at `at`, its data decoded and compressed
 * with Flate; or undefined when that is not the first filter of a stream (text in an uncompressed
 * content stream, or a chain that runs another filter before Brotli, unknown in practice).
 * Brotli takes Flate's parameters (a PNG or TIFF predictor), so Flate in its place keeps
 * /DecodeParms as they are.
 */
function rewriteStream(text: string, bytes: Uint8Array, at: number, decompress: Decompress): Rewrite | undefined {
  const start = text.indexOf('<<', text.lastIndexOf('obj', at));
  STREAM_START.lastIndex = at;
  const opening = STREAM_START.exec(text);
  // The name must sit in a stream's dictionary: the first `stream` after the dictionary opens.
  if (start < 0 || start > at || !opening || text.indexOf('stream', start) !== opening[0].indexOf('s') + opening.index) return undefined;
  const dict = text.slice(start, opening.index + 2);
  const filter = FILTER.exec(dict);
  if (!filter || start + filter.index + filter[0].length <= at) return undefined;
  const dataStart = opening.index + opening[0].length;
  // The data ends at /Length when `endstream` follows there, else (an indirect or wrong length)
  // before the next `endstream`.
  const length = LENGTH.exec(dict);
  let dataEnd = length && !length[2] ? dataStart + Number(length[1]) : -1;
  if (dataEnd < 0 || !/^\s*endstream/.test(text.slice(dataEnd, dataEnd + 12))) {
    dataEnd = text.indexOf('endstream', dataStart);
    if (dataEnd < 0) return undefined;
    while (text[dataEnd - 1] === '\n' || text[dataEnd - 1] === '\r') dataEnd--;
  }
  const data = pako.deflate(decompress(bytes.subarray(dataStart, dataEnd)));
  const head = dict
    .slice(0, -2)
    .replace(FILTER, (entry) => entry.replace(BROTLI, FLATE))
    .replace(LENGTH, '');
  return {
    start,
    end: text.indexOf('endstream', dataEnd) + 9,
    replacement: [ascii(`${head}/Length ${data.length}>>\nstream\n`), data, ascii('\nendstream')],
  };
}

/**
 * The file with every Brotli-compressed stream rewritten with Flate and its cross-reference start
 * blanked, for the engine to rebuild (see above); undefined when nothing was rewritten (no Brotli
 * stream, or an encrypted file).
 */
export async function decodeBrotliStreams(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  const text = latin1.decode(bytes);
  if (/\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(text)) return undefined;
  const { decompress } = await import('brotli/decompress');
  const rewrites: Rewrite[] = [];
  for (let at = findBrotliName(bytes, 0); at >= 0; at = findBrotliName(bytes, at + 1)) {
    try {
      const rewrite = rewriteStream(text, bytes, at, (data) => decompress(data));
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
  // No longer the keyword (an 'S'), so the engine scans the objects rather than follow offsets
  // that the longer streams moved.
  const source = new Uint8Array(bytes);
  for (const match of text.matchAll(/startxref\s*\d/g)) source[match.index] = 0x53;
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const rewrite of rewrites) {
    parts.push(source.subarray(from, rewrite.start), ...rewrite.replacement);
    from = rewrite.end;
  }
  return concat([...parts, source.subarray(from)]);
}
