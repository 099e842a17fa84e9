// The fast path of an incremental native export: open only the pages an export touches.
//
// Why: the engine's PDF.load walks the whole page tree (two thirds of the time of one note into a
// 2,000-page file) and its incremental save walks every loaded object (most of the rest), so the
// cost followed the file, not the edit. The engine resolves every other object lazily through the
// file's own xref chain (tables, xref streams, /Prev, object streams), so nothing of it is
// rewritten here: the engine is given the original bytes with a small update appended (a "shim")
// whose trailer names a stand-in catalog whose page tree lists only the touched pages. The engine
// reads, writes and serializes everything as usual, and its update, which holds only the changed
// page dictionaries and the new objects, is then moved from behind the shim to right behind the
// original bytes, with a new xref section of the original's last kind (table or stream) pointing
// at the original catalog and the original last section. No object is parsed or serialized by
// hand; only the trailer's /Root, /Size, /Info and /ID are read, and xref entries written.
//
// Taken only when the file is not encrypted, its chain reads without repair, the page tree
// descends cleanly by /Count, and the engine's update touches nothing of the shim; in any other
// case the caller uses the engine path, so the fast path never makes a different file, only a
// cheaper one.
import { hasPdfHeader } from './source';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  PdfRef,
  PdfStream,
  type PDFPage,
  type PdfObject,
} from '@libpdf/core';

/** Deeper than any real page tree; a loop stops here. */
const MAX_DEPTH = 64;
/** How far from the end `startxref` is looked for, as readers do. */
const TAIL_BYTES = 2048;

const latin1 = new TextDecoder('latin1');

function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The offset after the last `startxref` of `bytes`. */
function lastStartXref(bytes: Uint8Array): number | undefined {
  const from = Math.max(0, bytes.length - TAIL_BYTES);
  const tail = latin1.decode(bytes.subarray(from));
  const at = tail.lastIndexOf('startxref');
  const match = at < 0 ? null : /^startxref\s+(\d+)/.exec(tail.slice(at));
  return match ? Number(match[1]) : undefined;
}

type XrefKind = 'table' | 'stream';

/** What the newest trailer of the original says, read as text. */
interface Trailer {
  kind: XrefKind;
  xrefAt: number;
  size: number;
  root: string;
  /** `/Info n g R` and `/ID [...]` as written, carried into each new trailer. */
  carried: string;
}

function readTrailer(bytes: Uint8Array): Trailer | undefined {
  const xrefAt = lastStartXref(bytes);
  if (xrefAt === undefined || xrefAt >= bytes.length) return undefined;
  const head = latin1.decode(bytes.subarray(xrefAt, Math.min(bytes.length, xrefAt + 64)));
  let kind: XrefKind;
  let dict: string;
  if (head.startsWith('xref')) {
    kind = 'table';
    const rest = latin1.decode(bytes.subarray(xrefAt));
    const start = rest.indexOf('trailer');
    const end = rest.indexOf('startxref', start);
    if (start < 0 || end < 0) return undefined;
    dict = rest.slice(start, end);
  } else if (/^\d+\s+\d+\s+obj/.test(head)) {
    kind = 'stream';
    const rest = latin1.decode(bytes.subarray(xrefAt, Math.min(bytes.length, xrefAt + 4096)));
    const end = rest.indexOf('stream');
    if (end < 0 || !/\/Type\s*\/XRef/.test(rest.slice(0, end))) return undefined;
    dict = rest.slice(0, end);
  } else {
    return undefined;
  }
  if (/\/Encrypt\b/.test(dict)) return undefined;
  const size = /\/Size\s+(\d+)/.exec(dict)?.[1];
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(dict)?.[1];
  if (size === undefined || root === undefined) return undefined;
  const info = /\/Info\s+\d+\s+\d+\s+R/.exec(dict)?.[0];
  const id = /\/ID\s*\[[^\]]*\]/.exec(dict)?.[0];
  return { kind, xrefAt, size: Number(size), root, carried: [info, id].filter(Boolean).join(' ') };
}

/**
 * The original bytes with an update appended whose catalog (object /Size) has a page tree (object
 * /Size + 1) of just `kids`; written as a table, which readers accept after either kind.
 */
function withShim(bytes: Uint8Array, trailer: Trailer, kids: readonly PdfRef[]): Uint8Array {
  const { size } = trailer;
  const catalogAt = bytes.length + 1;
  const catalog = `${size} 0 obj\n<< /Type /Catalog /Pages ${size + 1} 0 R >>\nendobj\n`;
  const pagesAt = catalogAt + catalog.length;
  const list = kids.map((ref) => `${ref.objectNumber} ${ref.generation} R`).join(' ');
  const pages = `${size + 1} 0 obj\n<< /Type /Pages /Kids [${list}] /Count ${kids.length} >>\nendobj\n`;
  const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
  const update =
    `\n${catalog}${pages}xref\n${size} 2\n${entry(catalogAt)}${entry(pagesAt)}trailer\n` +
    `<< /Size ${size + 2} /Root ${size} 0 R /Prev ${trailer.xrefAt} ${trailer.carried} >>\n` +
    `startxref\n${pagesAt + pages.length}\n%%EOF\n`;
  return concat([bytes, ascii(update)]);
}

async function loadClean(bytes: Uint8Array): Promise<PDF | undefined> {
  try {
    const pdf = await PDF.load(bytes);
    return pdf.isEncrypted || pdf.recoveredViaBruteForce ? undefined : pdf;
  } catch {
    return undefined;
  }
}

function resolve(pdf: PDF, value: PdfObject | undefined): PdfObject | undefined {
  return value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;
}

function countOf(pdf: PDF, node: PdfDict): number | undefined {
  if (node.get('Kids') === undefined) return 1;
  const count = resolve(pdf, node.get('Count'));
  return count instanceof PdfNumber && Number.isInteger(count.value) && count.value >= 0
    ? count.value
    : undefined;
}

/** The reference of the 0-based page `index`, descending the tree by /Count; undefined when it does not add up. */
function pageRefAt(pdf: PDF, root: PdfDict, index: number): PdfRef | undefined {
  let node = root;
  let rest = index;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const kids = resolve(pdf, node.get('Kids'));
    if (!(kids instanceof PdfArray)) return undefined;
    let next: PdfDict | undefined;
    for (const kid of kids.toArray()) {
      const dict = resolve(pdf, kid);
      if (!(kid instanceof PdfRef) || !(dict instanceof PdfDict)) return undefined;
      const count = countOf(pdf, dict);
      if (count === undefined) return undefined;
      if (rest < count) {
        if (dict.get('Kids') === undefined) {
          const type = dict.get('Type');
          return rest === 0 && type instanceof PdfName && type.value === 'Page' ? kid : undefined;
        }
        next = dict;
        break;
      }
      rest -= count;
    }
    if (!next) return undefined;
    node = next;
  }
  return undefined;
}

/** One entry of an xref section: in use at an offset of the update, or free. */
interface XrefEntry {
  objectNumber: number;
  generation: number;
  offset: number | 'free';
}

/** The entries of the engine's xref section at `sectionAt` of `saved` (a table or a stream). */
async function engineEntries(saved: Uint8Array, sectionAt: number): Promise<XrefEntry[] | undefined> {
  const head = latin1.decode(saved.subarray(sectionAt, Math.min(saved.length, sectionAt + 64)));
  if (head.startsWith('xref')) {
    const text = latin1.decode(saved.subarray(sectionAt));
    const table = text.slice(4, text.indexOf('trailer'));
    const entries: XrefEntry[] = [];
    const lines = table
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    for (let i = 0; i < lines.length;) {
      const [first, count] = (lines[i] ?? '').split(/\s+/).map(Number);
      if (first === undefined || count === undefined || !Number.isInteger(first) || !Number.isInteger(count))
        return undefined;
      for (let k = 0; k < count; k++) {
        const match = /^(\d{10}) (\d{5}) ([nf])$/.exec(lines[i + 1 + k] ?? '');
        if (!match) return undefined;
        entries.push({
          objectNumber: first + k,
          generation: Number(match[2]),
          offset: match[3] === 'n' ? Number(match[1]) : 'free',
        });
      }
      i += 1 + count;
    }
    return entries;
  }
  const number = /^(\d+)\s+(\d+)\s+obj/.exec(head);
  if (!number) return undefined;
  const pdf = await loadClean(saved);
  const stream = pdf?.getObject(PdfRef.of(Number(number[1]), Number(number[2])));
  if (!(stream instanceof PdfStream)) return undefined;
  const widths = stream
    .getArray('W')
    ?.toArray()
    .map((item) => (item instanceof PdfNumber ? item.value : NaN));
  const size = stream.get('Size');
  const index = stream
    .getArray('Index')
    ?.toArray()
    .map((item) => (item instanceof PdfNumber ? item.value : NaN)) ?? [
    0,
    size instanceof PdfNumber ? size.value : NaN,
  ];
  if (!widths || widths.length !== 3 || !widths.every(Number.isInteger) || !index.every(Number.isInteger))
    return undefined;
  const [w0, w1, w2] = widths as [number, number, number];
  const data = stream.getDecodedData();
  const field = (at: number, width: number) => {
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + (data[at + i] ?? 0);
    return value;
  };
  const entries: XrefEntry[] = [];
  let at = 0;
  for (let s = 0; s + 1 < index.length; s += 2) {
    const first = index[s] ?? 0;
    for (let k = 0; k < (index[s + 1] ?? 0); k++, at += w0 + w1 + w2) {
      if (at + w0 + w1 + w2 > data.length) return undefined;
      const type = w0 === 0 ? 1 : field(at, w0);
      const second = field(at + w0, w1);
      const third = field(at + w0 + w1, w2);
      // Objects inside object streams: the engine does not write them in an update; do not guess.
      if (type === 2) return undefined;
      entries.push({
        objectNumber: first + k,
        generation: type === 1 ? third : 0,
        offset: type === 1 ? second : 'free',
      });
    }
  }
  // The engine's own xref stream is replaced by ours.
  return entries.filter((entry) => entry.objectNumber !== Number(number[1]));
}

/** Runs of consecutive object numbers: [first, count] pairs. */
function subsections(numbers: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const number of numbers) {
    const last = runs.at(-1);
    if (last && last[0] + last[1] === number) last[1]++;
    else runs.push([number, 1]);
  }
  return runs;
}

function tableSection(entries: readonly XrefEntry[], trailer: string, sectionAt: number): Uint8Array {
  const byNumber = new Map(entries.map((entry) => [entry.objectNumber, entry]));
  let text = 'xref\n';
  for (const [first, count] of subsections([...byNumber.keys()])) {
    text += `${first} ${count}\n`;
    for (let number = first; number < first + count; number++) {
      const entry = byNumber.get(number) as XrefEntry;
      const offset = entry.offset === 'free' ? 0 : entry.offset;
      text += `${String(offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} ${entry.offset === 'free' ? 'f' : 'n'} \n`;
    }
  }
  return ascii(`${text}trailer\n<< ${trailer} >>\nstartxref\n${sectionAt}\n%%EOF\n`);
}

function streamSection(
  entries: readonly XrefEntry[],
  trailer: string,
  objectNumber: number,
  sectionAt: number,
): Uint8Array {
  const all = [...entries, { objectNumber, generation: 0, offset: sectionAt }].sort(
    (a, b) => a.objectNumber - b.objectNumber,
  );
  const largest = Math.max(0, ...all.map((entry) => (entry.offset === 'free' ? 0 : entry.offset)));
  let width = 1;
  while (largest >= 256 ** width) width++;
  const row = 1 + width + 2;
  const data = new Uint8Array(all.length * row);
  all.forEach((entry, i) => {
    const put = (at: number, value: number, bytes: number) => {
      for (let b = bytes - 1; b >= 0; b--, value = Math.floor(value / 256))
        data[i * row + at + b] = value % 256;
    };
    put(0, entry.offset === 'free' ? 0 : 1, 1);
    put(1, entry.offset === 'free' ? 0 : entry.offset, width);
    put(1 + width, entry.generation, 2);
  });
  const index = subsections(all.map((entry) => entry.objectNumber))
    .flat()
    .join(' ');
  const head =
    `${objectNumber} 0 obj\n<< /Type /XRef /W [1 ${width} 2] /Index [${index}] ${trailer} /Length ${data.length} >>\n` +
    'stream\n';
  return concat([ascii(head), data, ascii(`\nendstream\nendobj\nstartxref\n${sectionAt}\n%%EOF\n`)]);
}

/** An open fast path: the engine's document of the touched pages only, and how to finish the file. */
export interface LazyAppend {
  /** The engine's document; its page list holds only the touched pages, so use `pageAt`. */
  pdf: PDF;
  /** The page count of the original document. */
  pageCount: number;
  /** The engine's page for a 0-based page index of the original document, when it was touched. */
  pageAt(index: number): PDFPage | undefined;
  /**
   * The exported file from the engine's incremental save of `pdf`: the original bytes, the
   * engine's new and changed objects, and a new xref section. Undefined when the save is not what
   * the fast path expects; the caller then takes the engine path.
   */
  finish(saved: Uint8Array): Promise<Uint8Array | undefined>;
}

/**
 * For tests only: how many exports took the fast path in this process (a fallback is never an
 * error, so nothing else shows it), and a switch to compare with the engine's own incremental save.
 */
export const lazyAppendProbe = { taken: 0, disabled: false };

/**
 * Opens `bytes` for an incremental update of the pages `touched(pageCount)` returns (0-based),
 * reading only what leads to them. Undefined when the fast path does not apply.
 */
export async function openLazyAppend(
  bytes: Uint8Array,
  touched: (pageCount: number) => readonly number[],
): Promise<LazyAppend | undefined> {
  if (lazyAppendProbe.disabled || !hasPdfHeader(bytes)) return undefined;
  const trailer = readTrailer(bytes);
  if (!trailer) return undefined;
  const probe = await loadClean(withShim(bytes, trailer, []));
  const [rootNumber, rootGeneration] = trailer.root.split(/\s+/).map(Number) as [number, number];
  const catalog = probe ? resolve(probe, PdfRef.of(rootNumber, rootGeneration)) : undefined;
  const tree = probe && catalog instanceof PdfDict ? resolve(probe, catalog.get('Pages')) : undefined;
  if (!probe || !(tree instanceof PdfDict)) return undefined;
  const pageCount = countOf(probe, tree);
  if (pageCount === undefined || pageCount === 0) return undefined;
  const indexes = [...new Set(touched(pageCount))].sort((a, b) => a - b);
  const refs = indexes.map((index) => pageRefAt(probe, tree, index));
  if (refs.length === 0 || !refs.every((ref): ref is PdfRef => ref !== undefined)) return undefined;
  if (new Set(refs.map((ref) => ref.toString())).size !== refs.length) return undefined;

  const shim = withShim(bytes, trailer, refs);
  const pdf = await loadClean(shim);
  if (!pdf || pdf.getPageCount() !== refs.length) return undefined;
  const positions = new Map(indexes.map((index, position) => [index, position]));

  return {
    pdf,
    pageCount,
    pageAt(index) {
      const position = positions.get(index);
      return position === undefined ? undefined : (pdf.getPage(position) ?? undefined);
    },
    async finish(saved) {
      const tail = Math.max(0, shim.length - TAIL_BYTES);
      if (
        saved.length <= shim.length ||
        saved.subarray(tail, shim.length).some((byte, i) => byte !== shim[tail + i])
      ) {
        return undefined;
      }
      const sectionAt = lastStartXref(saved);
      if (sectionAt === undefined || sectionAt < shim.length) return undefined;
      const entries = await engineEntries(saved, sectionAt);
      if (!entries || entries.length === 0) return undefined;
      // The shim's catalog and page tree must not be part of what the engine changed.
      const shimNumbers = [trailer.size, trailer.size + 1];
      if (entries.some((entry) => shimNumbers.includes(entry.objectNumber))) return undefined;
      if (
        entries.some(
          (entry) => entry.offset !== 'free' && (entry.offset < shim.length || entry.offset >= sectionAt),
        )
      )
        return undefined;

      const last = bytes[bytes.length - 1];
      const separator = last === 0x0a || last === 0x0d ? new Uint8Array(0) : ascii('\n');
      const body = saved.subarray(shim.length, sectionAt);
      const shift = bytes.length + separator.length - shim.length;
      const moved: XrefEntry[] = entries.map((entry) =>
        entry.offset === 'free' ? entry : { ...entry, offset: entry.offset + shift },
      );
      // The shim's two numbers exist in no revision of the output: free, so /Size covers no gap.
      for (const objectNumber of shimNumbers) moved.push({ objectNumber, generation: 0, offset: 'free' });
      moved.sort((a, b) => a.objectNumber - b.objectNumber);
      const newSectionAt = bytes.length + separator.length + body.length;
      const largest = Math.max(trailer.size + 1, ...moved.map((entry) => entry.objectNumber));
      const streamNumber = largest + 1;
      const size = trailer.kind === 'stream' ? streamNumber + 1 : largest + 1;
      const trailerEntries =
        `/Size ${size} /Root ${trailer.root} /Prev ${trailer.xrefAt} ${trailer.carried}`.trim();
      const section =
        trailer.kind === 'table'
          ? tableSection(moved, trailerEntries, newSectionAt)
          : streamSection(moved, trailerEntries, streamNumber, newSectionAt);
      lazyAppendProbe.taken++;
      return concat([bytes, separator, body, section]);
    },
  };
}
