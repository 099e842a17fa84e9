// The fast path of an incremental native export: open only the pages an export touches.
//
// Why: the engine's PDF.load walks the whole page tree (two thirds of the time of one note into a
// 2,000-page file) and its incremental save walks every loaded object (most of the rest), so the
// cost followed the file, not the edit. The engine resolves every other object lazily through the
// file's own xref chain (tables, xref streams, /Prev, object streams), so nothing of it is
// rewritten here: the engine is given the original bytes with a small update appended (a "shim")
// whose trailer names a stand-in catalog with an empty page tree, so loading reads no page (the
// page tree's number leaves a block free before it, for the objects written beside the engine). The
// touched pages are found by descending the original page tree by /Count and handed to the writers
// as the engine's page objects. The engine reads, writes and serializes everything as usual, and
// its update, which holds only the changed page dictionaries and the objects it owns (fonts,
// images), is then moved from behind the shim to right behind the original bytes, followed by the
// objects the export wrote itself (pdf/objectWriter.ts), with a new xref section of the original's
// last kind (table or stream) pointing at the original catalog and the original last section. The
// objects on the way to the touched pages are read by the parser import uses (objectPreload.ts),
// which takes only what it reads exactly as the engine does, and by the engine otherwise; besides,
// only the trailer's /Root, /Size, /Info and /ID are read, and xref entries written.
//
// Taken only when the file is not encrypted (objectWriter.ts encrypts nothing), has no Brotli
// streams (the engine path rewrites them as Flate, see brotli.ts), its chain reads without repair,
// the page tree descends cleanly by /Count, and the engine's update touches nothing of the shim;
// in any other case the caller uses the engine path, so the fast path never makes a different
// file, only a cheaper one.
import type { WrittenObjects } from './objectWriter';
import { usesBrotli } from './brotli';
import { resolved } from './pageAttributes';
import { pageTreeLoops } from './pageRecovery';
import { hasPdfHeader } from './source';
import {
  ascii,
  highestListedObjectNumber,
  highestObjectHeader,
  idEntry,
  latin1,
  startXrefOf,
  TAIL_BYTES,
  tableSection,
  withEmptyCatalog,
  xrefSectionAt,
  xrefStreamSection,
  type XrefRow,
} from './update';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  PdfRef,
  PdfStream,
  PDFPage,
  type PdfObject,
} from '@libpdf/core';

/** Deeper than any real page tree; a loop stops here. */
const MAX_DEPTH = 64;
/** Trees of up to this many pages are checked whole for loops (a few milliseconds). */
const WHOLE_TREE_CHECK_PAGES = 256;
/** Files up to this size are also scanned for object headers (a few milliseconds); larger ones only by their xref sections. */
const HEADER_SCAN_BYTES = 1 << 20;

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
  const xrefAt = startXrefOf(bytes);
  if (xrefAt === undefined || xrefAt >= bytes.length) return undefined;
  const section = xrefSectionAt(bytes, xrefAt);
  if (!section) return undefined;
  const { kind, dict } = section;
  if (/\/Encrypt\b/.test(dict)) return undefined;
  const size = /\/Size\s+(\d+)/.exec(dict)?.[1];
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(dict)?.[1];
  if (size === undefined || root === undefined) return undefined;
  const info = /\/Info\s+\d+\s+\d+\s+R/.exec(dict)?.[0];
  return { kind, xrefAt, size: Number(size), root, carried: [info, idEntry(dict)].filter(Boolean).join(' ') };
}

async function loadClean(bytes: Uint8Array): Promise<PDF | undefined> {
  try {
    const pdf = await PDF.load(bytes);
    return pdf.isEncrypted || pdf.recoveredViaBruteForce ? undefined : pdf;
  } catch {
    return undefined;
  }
}

function countOf(pdf: PDF, node: PdfDict): number | undefined {
  if (node.get('Kids') === undefined) return 1;
  const count = resolved(pdf, node.get('Count'));
  return count instanceof PdfNumber && Number.isInteger(count.value) && count.value >= 0
    ? count.value
    : undefined;
}

/**
 * The engine's pages for the 0-based `indices` (ascending, each once), by index, descending the
 * tree by /Count in one walk that enters only the subtrees holding one of them; undefined when
 * the tree does not add up on the way. One walk for all: looking each page up from the root went
 * through half of a flat /Kids array for each of them.
 */
function pagesAt(pdf: PDF, preload: (value: PdfObject) => void, root: PdfDict, indices: readonly number[]): Map<number, PDFPage> | undefined {
  const found = new Map<number, PDFPage>();
  let next = 0;
  const walk = (node: PdfDict, first: number, depth: number): boolean => {
    const kids = resolved(pdf, node.get('Kids'));
    if (depth >= MAX_DEPTH || !(kids instanceof PdfArray)) return false;
    let offset = first;
    for (const kid of kids.toArray()) {
      if (next === indices.length) return true;
      // One at a time: the descent stops at the last page it needs.
      preload(kid);
      const dict = resolved(pdf, kid);
      if (!(kid instanceof PdfRef) || !(dict instanceof PdfDict)) return false;
      const count = countOf(pdf, dict);
      if (count === undefined) return false;
      const wanted = indices[next] as number;
      if (wanted < offset + count) {
        if (dict.get('Kids') === undefined) {
          const type = dict.get('Type');
          if (wanted !== offset || !(type instanceof PdfName && type.value === 'Page')) return false;
          found.set(wanted, new PDFPage(kid, dict, wanted, pdf.context));
          next++;
        } else if (!walk(dict, offset, depth + 1)) return false;
      }
      offset += count;
    }
    return next === indices.length || depth > 0;
  };
  return walk(root, 0, 0) ? found : undefined;
}

/**
 * The entries of the engine's xref section at `sectionAt` of `saved`, as rows of type 0 (free) or
 * 1 (at an offset of the update, then its generation). The engine writes an update's section in
 * the kind of the file's newest one, the shim's table; anything else is not what is expected.
 */
function engineEntries(saved: Uint8Array, sectionAt: number): XrefRow[] | undefined {
  const text = latin1.decode(saved.subarray(sectionAt));
  if (!text.startsWith('xref')) return undefined;
  const table = text.slice(4, text.indexOf('trailer'));
  const entries: XrefRow[] = [];
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
      const used = match[3] === 'n';
      entries.push([first + k, used ? 1 : 0, used ? Number(match[1]) : 0, Number(match[2])]);
    }
    i += 1 + count;
  }
  return entries;
}

/** An open fast path: the engine's document, the touched pages, and how to finish the file. */
export interface LazyAppend {
  /** The engine's document; its page list is empty, so use `pageAt`. */
  pdf: PDF;
  /** The page count of the original document. */
  pageCount: number;
  /** The engine's page for a 0-based page index of the original document, when it was touched. */
  pageAt(index: number): PDFPage | undefined;
  /**
   * Object numbers the engine never hands out, for the objects written beside it
   * (`ObjectBytesWriter`); those left unused are listed as free.
   */
  numbers: { first: number; count: number };
  /**
   * The objects the engine read and the export changed, when they are all it would write: no
   * object it made or font it embedded, and none of them a stream or the shim's (a native
   * export's touched pages, with their new /Annots). The caller then writes them beside its own
   * objects (`ObjectBytesWriter.rewrite`) and skips the engine's save, which starts by copying the
   * whole file into a buffer twice its size and walks every object it loaded. Undefined when the
   * engine has to save.
   */
  changedObjects(): Map<PdfRef, PdfObject> | undefined;
  /**
   * The exported file from the engine's incremental save of `pdf` (`saved`; none when
   * `changedObjects` gave what it would write) and the objects written beside it (numbered by
   * `pdf`'s engine): the original bytes, the engine's new and changed objects, `written`, and a
   * new xref section. Undefined when the save is not what the fast path expects; the caller then
   * takes the engine path.
   */
  finish(saved: Uint8Array | undefined, written: WrittenObjects): Promise<Uint8Array | undefined>;
}

/**
 * Whether `object`, or a value inside it (not behind a reference), changed since the engine read
 * it: what the engine's incremental save tests to choose the objects it writes.
 */
function changedWithin(object: PdfObject): boolean {
  if ((object instanceof PdfDict || object instanceof PdfArray) && object.dirty) return true;
  if (object instanceof PdfDict) {
    for (const [, value] of object) if (!(value instanceof PdfRef) && changedWithin(value)) return true;
  } else if (object instanceof PdfArray) {
    for (const item of object) if (!(item instanceof PdfRef) && changedWithin(item)) return true;
  }
  return false;
}

/**
 * Opens `bytes` for an incremental update of the pages `touched(pageCount)` returns (0-based),
 * reading only what leads to them, with `reserved` object numbers set aside for objects written
 * beside the engine. Undefined when the fast path does not apply.
 */
export async function openLazyAppend(
  bytes: Uint8Array,
  touched: (pageCount: number) => readonly number[],
  reserved = 0,
): Promise<LazyAppend | undefined> {
  if (!hasPdfHeader(bytes) || usesBrotli(bytes)) return undefined;
  const trailer = readTrailer(bytes);
  if (!trailer) return undefined;
  // New objects are numbered after every object the file has: its trailer's /Size may be too
  // small (readers only warn), and a number under it would replace an object of the file. The
  // cross-reference sections show it; only a file whose /Size they contradict is also searched
  // for objects no section lists (a pass over the whole file, which cost a 0.55 MB file's one-note
  // export as much as the rest of it).
  const listed = highestListedObjectNumber(bytes, trailer.xrefAt);
  const distrusted = listed + 1 > trailer.size && bytes.length <= HEADER_SCAN_BYTES;
  const headers = distrusted ? highestObjectHeader(latin1.decode(bytes)) : 0;
  const catalogNumber = Math.max(trailer.size, listed + 1, headers + 1);
  // The stand-in catalog with an empty page tree, objects `catalogNumber` and, past the reserved
  // block, `catalogNumber` + 1 + reserved: the engine numbers what it adds after the largest
  // number it read.
  const pagesNumber = catalogNumber + 1 + reserved;
  const numbers = { first: catalogNumber + 1, count: reserved };
  const shim = withEmptyCatalog(bytes, catalogNumber, `/Prev ${trailer.xrefAt} ${trailer.carried}`, pagesNumber);
  const pdf = await loadClean(shim);
  if (!pdf || pdf.context.registry.nextObjectNumber <= pagesNumber) return undefined;
  const [rootNumber, rootGeneration] = trailer.root.split(/\s+/).map(Number) as [number, number];
  // The catalog, the page tree's nodes and the touched pages are most of what this path parses
  // (a flat tree's root lists every page): read by our own parser where it can.
  const { preloadObjects } = await import('./objectPreload');
  const preload = (value: PdfObject | undefined) => {
    if (value instanceof PdfRef) preloadObjects(pdf, shim, [value]);
  };
  const rootRef = PdfRef.of(rootNumber, rootGeneration);
  preload(rootRef);
  const catalog = resolved(pdf, rootRef);
  preload(catalog instanceof PdfDict ? catalog.get('Pages') : undefined);
  const tree = catalog instanceof PdfDict ? resolved(pdf, catalog.get('Pages')) : undefined;
  if (!(tree instanceof PdfDict)) return undefined;
  const pageCount = countOf(pdf, tree);
  if (pageCount === undefined || pageCount === 0) return undefined;
  // A tree that loops is untangled by the engine path (openPdf.ts): an update appended to it would
  // keep a file qpdf rejects. The descent below meets a loop on the touched pages' branches; the
  // whole tree is checked when that is cheap (it reads every page dictionary, about 40 us each),
  // and a loop elsewhere in a larger tree is carried as the input has it.
  if (pageCount <= WHOLE_TREE_CHECK_PAGES && pageTreeLoops(pdf, tree)) return undefined;
  const pages = pagesAt(pdf, preload, tree, [...new Set(touched(pageCount))].sort((a, b) => a - b));
  if (!pages || pages.size === 0) return undefined;
  if (new Set([...pages.values()].map((page) => page.ref.toString())).size !== pages.size) return undefined;
  /** The stand-in catalog and page tree, which no revision of the output holds. */
  const shimNumbers = [catalogNumber, pagesNumber];

  return {
    pdf,
    pageCount,
    pageAt: (index) => pages.get(index),
    numbers,
    changedObjects() {
      const { registry } = pdf.context;
      if (registry.hasNewObjects() || pdf.fonts.hasEmbeddedFonts) return undefined;
      const changed = new Map<PdfRef, PdfObject>();
      for (const [ref, object] of registry.getLoadedObjects()) {
        if (!changedWithin(object)) continue;
        if (object instanceof PdfStream || shimNumbers.includes(ref.objectNumber)) return undefined;
        changed.set(ref, object);
      }
      return changed;
    },
    async finish(saved, written) {
      let entries: XrefRow[] = [];
      let body: Uint8Array = new Uint8Array(0);
      if (saved) {
        if (saved.length <= shim.length) return undefined;
        for (let at = Math.max(0, shim.length - TAIL_BYTES); at < shim.length; at++) {
          if (saved[at] !== shim[at]) return undefined;
        }
        const sectionAt = startXrefOf(saved);
        if (sectionAt === undefined || sectionAt < shim.length) return undefined;
        const read = engineEntries(saved, sectionAt);
        if (!read || read.length === 0) return undefined;
        // The shim's catalog and page tree must not be part of what the engine changed.
        if (read.some(([objectNumber]) => shimNumbers.includes(objectNumber))) return undefined;
        if (read.some(([, type, offset]) => type === 1 && (offset < shim.length || offset >= sectionAt))) return undefined;
        entries = read;
        body = saved.subarray(shim.length, sectionAt);
      }

      const last = bytes[bytes.length - 1];
      const separator = last === 0x0a || last === 0x0d ? new Uint8Array(0) : ascii('\n');
      const shift = bytes.length + separator.length - shim.length;
      const writtenAt = bytes.length + separator.length + body.length;
      const moved: XrefRow[] = entries.map(([objectNumber, type, offset, generation]) =>
        type === 1 ? [objectNumber, 1, offset + shift, generation] : [objectNumber, 0, 0, generation],
      );
      for (const { objectNumber, generation = 0, offset } of written.entries) moved.push([objectNumber, 1, writtenAt + offset, generation]);
      // The shim's two numbers exist in no revision of the output, nor do reserved numbers left
      // unused: free, so /Size covers no gap.
      const usedInBlock = new Uint8Array(numbers.count);
      for (const [objectNumber] of moved) {
        const inBlock = objectNumber - numbers.first;
        if (inBlock >= 0 && inBlock < numbers.count) usedInBlock[inBlock] = 1;
      }
      for (const objectNumber of shimNumbers) moved.push([objectNumber, 0, 0, 0]);
      for (let inBlock = 0; inBlock < numbers.count; inBlock++) {
        if (usedInBlock[inBlock] === 0) moved.push([numbers.first + inBlock, 0, 0, 0]);
      }
      moved.sort((a, b) => a[0] - b[0]);
      // Numbers come from the engine's one counter; a repeat would mean two objects under one number.
      if (moved.some((row, i) => i > 0 && moved[i - 1]?.[0] === row[0])) return undefined;
      const newSectionAt = writtenAt + written.length;
      // Sorted: the last row has the largest number (a spread of every number would overflow the stack on a huge export).
      const largest = Math.max(pagesNumber, moved.at(-1)?.[0] ?? 0);
      const streamNumber = largest + 1;
      const size = trailer.kind === 'stream' ? streamNumber + 1 : largest + 1;
      const trailerEntries =
        `/Size ${size} /Root ${trailer.root} /Prev ${trailer.xrefAt} ${trailer.carried}`.trim();
      // Offsets in as few bytes as hold the largest (the section's own, which comes last).
      let width = 1;
      while (newSectionAt >= 256 ** width) width++;
      const section =
        trailer.kind === 'table'
          ? tableSection(moved, trailerEntries, newSectionAt)
          : xrefStreamSection(moved, [1, width, 2], trailerEntries, streamNumber, newSectionAt);
      const out = new Uint8Array(newSectionAt + section.length);
      out.set(bytes);
      out.set(separator, bytes.length);
      out.set(body, bytes.length + separator.length);
      let at = writtenAt;
      for (const chunk of written.chunks) {
        out.set(chunk, at);
        at += chunk.length;
      }
      out.set(section, newSectionAt);
      return out;
    },
  };
}
