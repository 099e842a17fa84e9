// Decompression-bomb check for uploaded PDFs: the decoded size of all the file's streams together
// must stay within a bound. A 1 MB PDF can hold a FlateDecode stream that inflates to gigabytes;
// every reader that opens it (the core on export, pdf.js in the browser) would pay for that.
// The check walks the raw bytes for `stream … endstream` sections rather than parsing the PDF with
// a full reader (it must not depend on the PDF engine, and must survive files no reader accepts),
// and inflates Flate streams incrementally with a running count, discarding the output and
// stopping as soon as the bound is passed: memory stays at one zlib window whatever the file holds.
// Imported by the PDF worker child too, so it imports nothing but Node built-ins.
import { constants, createInflate } from 'node:zlib';
import { TooComplexError } from './tooComplexError.ts';

/**
 * The decoded size allowed for a file of `fileBytes`: 256 MB, or 10x the file when that is larger
 * (1 GB for a 100 MB upload). Ten times rather than a hundred because inflating is the expensive
 * part of the check: a gigabyte takes a few seconds, well inside the job's time limit.
 */
export function decodedSizeBound(fileBytes: number): number {
  return Math.max(256 * 1024 * 1024, 10 * fileBytes);
}

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
// How far back from `stream` the stream's dictionary is looked for.
const DICTIONARY_WINDOW = 4096;
const INFLATE_CHUNK = 256 * 1024;

const isWhitespace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** Bytes `data` inflates to, counting no further than just past `budget` (corrupt data: what came out). */
function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve) => {
    // Sync flush at the end: a truncated stream yields what it has instead of an error.
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: INFLATE_CHUNK });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => resolve(total));
    inflate.end(data);
  });
}

/** Whether the dictionary just before the `stream` keyword at `keyword` names FlateDecode among its filters. */
function isFlate(bytes: Buffer, keyword: number): boolean {
  const windowStart = Math.max(0, keyword - DICTIONARY_WINDOW);
  const objectStart = bytes.lastIndexOf('obj', keyword);
  const dictionary = bytes.toString('latin1', Math.max(windowStart, objectStart), keyword);
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary)?.[1] ?? '';
  return /\/(FlateDecode|Fl)\b/.test(filter);
}

/**
 * Throws `TooComplexError` when the streams of the PDF `bytes` decode to more than `bound` bytes
 * together. Streams under other filters count with their raw length.
 */
export async function checkDecodedSize(bytes: Buffer, bound = decodedSizeBound(bytes.length)): Promise<void> {
  let total = 0;
  let position = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, position);
    if (keyword < 0) return;
    position = keyword + STREAM.length;
    // The keyword follows the dictionary's `>>` (maybe after whitespace) and ends its line.
    const before = bytes[keyword - 1];
    if (before !== 0x3e && !isWhitespace(before)) continue;
    let dataStart = position;
    if (bytes[dataStart] === 0x0d) dataStart += 1;
    if (bytes[dataStart] === 0x0a) dataStart += 1;
    if (dataStart === position) continue;
    const end = bytes.indexOf(ENDSTREAM, dataStart);
    let dataEnd = end < 0 ? bytes.length : end;
    // The end-of-line before `endstream` is not part of the data.
    if (bytes[dataEnd - 1] === 0x0a) dataEnd -= 1;
    if (bytes[dataEnd - 1] === 0x0d) dataEnd -= 1;
    const data = bytes.subarray(dataStart, Math.max(dataStart, dataEnd));
    total += isFlate(bytes, keyword) ? await inflatedSize(data, bound - total) : data.length;
    if (total > bound) {
      throw new TooComplexError(
        `The streams of this PDF decode to more than ${Math.round(bound / 1024 / 1024)} MB.`,
      );
    }
    position = end < 0 ? bytes.length : end + ENDSTREAM.length;
  }
}
