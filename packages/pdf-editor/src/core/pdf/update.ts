// What the repairs and the fast export path share to read a file's newest trailer and
// cross-reference data as text, and to write the small updates they append after the original
// bytes: the probe's plain catalog, cross-reference tables and streams.
import { PdfNumber, type PdfStream } from '@libpdf/core';

export const latin1 = new TextDecoder('latin1');

/** `text` as bytes, one per character (PDF syntax is ASCII; Latin-1 text, such as `atob` gives, too). */
export function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The offset the last `startxref` of `text` gives, where the newest trailer (or xref stream) starts. */
export function lastStartXref(text: string): number | undefined {
  const at = text.lastIndexOf('startxref');
  const match = at < 0 ? null : /^startxref\s+(\d+)/.exec(text.slice(at, at + 40));
  return match ? Number(match[1]) : undefined;
}

/** How far from the end `startxref` is looked for, as readers do. */
export const TAIL_BYTES = 2048;

/** The offset the last `startxref` of `bytes` gives (looked for in their last `TAIL_BYTES`). */
export const startXrefOf = (bytes: Uint8Array): number | undefined =>
  lastStartXref(latin1.decode(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES))));

/** The `/ID [...]` entry of a trailer's text, as written. */
export const idEntry = (trailer: string): string | undefined => /\/ID\s*\[[^\]]*\]/.exec(trailer)?.[0];

/**
 * `bytes` with an update appended (written as a table, which readers accept after either kind)
 * whose catalog, object `size`, has an empty page tree, object `pagesNumber` (by default
 * `size + 1`; a larger one leaves the numbers between free, so the engine numbers its objects
 * after them); `entries` follow the trailer's /Size and /Root.
 */
export function withEmptyCatalog(bytes: Uint8Array, size: number, entries: string, pagesNumber = size + 1): Uint8Array {
  const catalogAt = bytes.length + 1;
  const catalog = `\n${size} 0 obj\n<< /Type /Catalog /Pages ${pagesNumber} 0 R >>\nendobj\n`;
  const pagesAt = bytes.length + catalog.length;
  const pages = `${pagesNumber} 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n`;
  const rows: XrefRow[] = [
    [size, 1, catalogAt, 0],
    [pagesNumber, 1, pagesAt, 0],
  ];
  const trailer = `/Size ${pagesNumber + 1} /Root ${size} 0 R ${entries}`;
  return concat([bytes, ascii(catalog + pages), tableSection(rows, trailer, pagesAt + pages.length)]);
}

/** Bytes of one xref table entry: "nnnnnnnnnn ggggg n \n" (7.5.4). */
const ENTRY_BYTES = 20;
const ZERO = 0x30;

/** Writes `value` (below 10^10) as `width` decimal digits, zero-padded, ending before `end`. */
function putDigits(target: Uint8Array, end: number, width: number, value: number): void {
  let rest = value;
  for (let at = end - 1; at >= end - width; at--) {
    // Integer division while the value fits 31 bits: every offset of a file under 2 GB.
    const next = rest < 0x80000000 ? (rest / 10) | 0 : Math.floor(rest / 10);
    target[at] = ZERO + (rest - next * 10);
    rest = next;
  }
}

/**
 * `rows` sorted by object number, each number once, as an xref table with its trailer. Entries
 * are written as bytes directly: an export of a thousand annotations has thousands of them.
 */
export function tableSection(rows: readonly XrefRow[], trailer: string, sectionAt: number): Uint8Array {
  const pairs = indexPairs(rows.map(([objectNumber]) => objectNumber));
  const headers: Uint8Array[] = [];
  for (let p = 0; p < pairs.length; p += 2) headers.push(ascii(`${pairs[p]} ${pairs[p + 1]}\n`));
  const end = ascii(`trailer\n<< ${trailer} >>\nstartxref\n${sectionAt}\n%%EOF\n`);
  const length = 5 + headers.reduce((sum, header) => sum + header.length, 0) + rows.length * ENTRY_BYTES + end.length;
  const out = new Uint8Array(length);
  out.set(ascii('xref\n'));
  let at = 5;
  let index = 0;
  headers.forEach((header, run) => {
    out.set(header, at);
    at += header.length;
    for (const end = index + (pairs[run * 2 + 1] ?? 0); index < end; index++) {
      const [, type, offset, generation] = rows[index] as XrefRow;
      putDigits(out, at + 10, 10, offset);
      out[at + 10] = 0x20;
      putDigits(out, at + 16, 5, generation);
      out[at + 16] = 0x20;
      out[at + 17] = type === 1 ? 0x6e : 0x66; // n, f
      out[at + 18] = 0x20;
      out[at + 19] = 0x0a;
      at += ENTRY_BYTES;
    }
  });
  out.set(end, at);
  return out;
}

/** Runs of consecutive object numbers, as the flat [first, count, ...] pairs of /Index. */
export function indexPairs(numbers: readonly number[]): number[] {
  const pairs: number[] = [];
  for (const number of numbers) {
    const last = pairs.length - 2;
    if (last >= 0 && (pairs[last] ?? 0) + (pairs[last + 1] ?? 0) === number) pairs[last + 1] = (pairs[last + 1] ?? 0) + 1;
    else pairs.push(number, 1);
  }
  return pairs;
}

/** One entry of a cross-reference stream: its type (0 free, 1 at an offset, 2 in an object stream) and two fields. */
export type XrefRow = [objectNumber: number, type: number, second: number, third: number];

const numbersOf = (stream: PdfStream, key: string) =>
  stream
    .getArray(key)
    ?.toArray()
    .map((item) => (item instanceof PdfNumber ? item.value : NaN));

/**
 * The entries of the cross-reference stream `stream`, in order; `truncated` when its data ends
 * before its /Index does. Undefined when /W or /Index do not read as whole numbers.
 */
export function xrefStreamRows(stream: PdfStream): { rows: XrefRow[]; truncated: boolean } | undefined {
  const widths = numbersOf(stream, 'W');
  const size = stream.get('Size');
  const index = numbersOf(stream, 'Index') ?? [0, size instanceof PdfNumber ? size.value : NaN];
  if (!widths || widths.length !== 3 || ![...widths, ...index].every(Number.isInteger)) return undefined;
  const [w0, w1, w2] = widths as [number, number, number];
  const data = stream.getDecodedData();
  const field = (at: number, width: number) => {
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + (data[at + i] ?? 0);
    return value;
  };
  const rows: XrefRow[] = [];
  let at = 0;
  for (let s = 0; s + 1 < index.length; s += 2) {
    const first = index[s] ?? 0;
    for (let k = 0; k < (index[s + 1] ?? 0); k++, at += w0 + w1 + w2) {
      if (at + w0 + w1 + w2 > data.length) return { rows, truncated: true };
      rows.push([first + k, w0 === 0 ? 1 : field(at, w0), field(at + w0, w1), field(at + w0 + w1, w2)]);
    }
  }
  return { rows, truncated: false };
}

/**
 * A cross-reference stream, object `objectNumber` at `sectionAt`, listing `rows` (its own entry
 * added) with fields of `widths` bytes and the trailer `entries`, then `startxref`.
 */
export function xrefStreamSection(
  rows: readonly XrefRow[],
  widths: readonly [number, number, number],
  entries: string,
  objectNumber: number,
  sectionAt: number,
): Uint8Array {
  const all = [...rows, [objectNumber, 1, sectionAt, 0] as XrefRow].sort((a, b) => a[0] - b[0]);
  const rowBytes = widths[0] + widths[1] + widths[2];
  const data = new Uint8Array(all.length * rowBytes);
  all.forEach((row, i) => {
    let at = i * rowBytes;
    widths.forEach((width, f) => {
      let value = row[f + 1] as number;
      for (let b = at + width - 1; b >= at; b--, value = Math.floor(value / 256)) data[b] = value % 256;
      at += width;
    });
  });
  const index = indexPairs(all.map((row) => row[0])).join(' ');
  const head =
    `${objectNumber} 0 obj\n<< /Type /XRef /W [${widths.join(' ')}] /Index [${index}] ${entries} /Length ${data.length} >>\n` +
    'stream\n';
  return concat([ascii(head), data, ascii(`\nendstream\nendobj\nstartxref\n${sectionAt}\n%%EOF\n`)]);
}

/** Sections followed at most along a /Prev chain: far more than any real file's updates. */
const MAX_SECTIONS = 4096;

/** The text of `bytes` from `from` on, up to and including the first `marker` (or to the end), read a growing window at a time. */
export function textThrough(bytes: Uint8Array, from: number, marker: string): string {
  for (let window = 4096; ; window *= 4) {
    const end = Math.min(bytes.length, from + window);
    const text = latin1.decode(bytes.subarray(from, end));
    const at = text.indexOf(marker);
    if (at >= 0) return text.slice(0, at + marker.length);
    if (end === bytes.length) return text;
  }
}

/**
 * The cross-reference section at `at`, as text: a table (`xref` through `startxref`, its
 * dictionary from `trailer` on) or a stream (its object's text through `stream`, all dictionary).
 */
export function xrefSectionAt(bytes: Uint8Array, at: number): { kind: 'table' | 'stream'; text: string; dict: string } | undefined {
  const head = latin1.decode(bytes.subarray(at, Math.min(bytes.length, at + 64)));
  if (head.startsWith('xref')) {
    const text = textThrough(bytes, at, 'startxref');
    const trailerAt = text.indexOf('trailer');
    return trailerAt < 0 ? undefined : { kind: 'table', text, dict: text.slice(trailerAt) };
  }
  if (!/^\d+\s+\d+\s+obj/.test(head)) return undefined;
  const text = textThrough(bytes, at, 'stream');
  return /\/Type\s*\/XRef/.test(text) ? { kind: 'stream', text, dict: text } : undefined;
}

/** The largest object number one xref section lists, and where the section before it starts. */
function readSection(bytes: Uint8Array, at: number): { highest: number; previous: number[] } | undefined {
  const section = xrefSectionAt(bytes, at);
  if (!section) return undefined;
  const { text, dict } = section;
  let highest = 0;
  if (section.kind === 'table') {
    // Subsection headers are the lines of two numbers; entries have three fields.
    for (const match of text.slice(4, text.length - dict.length).matchAll(/^[ \t]*(\d+)[ \t]+(\d+)[ \t]*\r?$/gm)) {
      const count = Number(match[2]);
      if (count > 0) highest = Math.max(highest, Number(match[1]) + count - 1);
    }
  } else {
    const index = /\/Index\s*\[([^\]]*)\]/.exec(text)?.[1]?.trim().split(/\s+/).map(Number);
    const size = Number(/\/Size\s+(\d+)/.exec(text)?.[1]);
    if (index && index.length >= 2) {
      for (let pair = 0; pair + 1 < index.length; pair += 2) {
        const [first = NaN, count = NaN] = [index[pair], index[pair + 1]];
        if (count > 0) highest = Math.max(highest, first + count - 1);
      }
    } else if (Number.isInteger(size)) {
      highest = size - 1;
    }
  }
  const previous = [/\/Prev\s+(\d+)/.exec(dict)?.[1], /\/XRefStm\s+(\d+)/.exec(dict)?.[1]]
    .filter((offset): offset is string => offset !== undefined)
    .map(Number);
  return { highest: Number.isFinite(highest) ? highest : 0, previous };
}

/**
 * The largest object number any cross-reference section of the file lists, following the chain
 * from the section at `xrefAt` through /Prev (and /XRefStm): a trailer's /Size may be too small
 * (readers only warn), and numbering new objects from it would overwrite objects that exist.
 */
export function highestListedObjectNumber(bytes: Uint8Array, xrefAt: number): number {
  let highest = 0;
  const seen = new Set<number>();
  const queue = [xrefAt];
  while (queue.length > 0 && seen.size < MAX_SECTIONS) {
    const at = queue.shift() as number;
    if (seen.has(at) || at < 0 || at >= bytes.length) continue;
    seen.add(at);
    const section = readSection(bytes, at);
    if (!section) continue;
    highest = Math.max(highest, section.highest);
    queue.push(...section.previous);
  }
  return highest;
}

/** The largest `n` of the `n g obj` headers in `text`: objects a reader's scan finds, listed or not. */
export function highestObjectHeader(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(/(?:^|[^\d])(\d{1,7})\s+\d{1,5}\s+obj\b/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}
