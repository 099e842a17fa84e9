// Reads the plain indirect objects the engine is about to resolve (an import's annotation
// dictionaries; the catalog, page tree and touched pages of an export's fast path) with a parser of
// our own and hands them to the engine's registry, so that the engine's resolve finds them already
// loaded.
//
// Why: reading the annotations of a file is mostly parsing their dictionaries, and the engine's
// parser spends on each token an object, a TextDecoder call per number and an array per string:
// 990 annotations of tracemonkey.pdf took 13 ms of its parsing against 4 ms here, which was most
// of the difference to MuPDF.js reading the same file.
//
// The engine stays the judge of everything else. This reader takes an object only when it can read
// it exactly as the engine would, and declines (leaving it to the engine) otherwise: a file that was
// repaired, decoded or is encrypted (strings would need decrypting), a cross-reference chain with
// anything but clean tables and streams (a hybrid file's /XRefStm included), an object in an
// object stream, a stream, a header that names another object or generation, and any syntax off
// the common path (names with `#` escapes or bytes outside ASCII, strings with escapes or carriage
// returns, numbers of more than 15 digits or with two signs, keywords other than true, false and
// null, a `>` alone). The corpus check compares every annotation of the pdf.js corpus read both
// ways (test-support/preloadAgreement.ts).
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
  type PdfObject,
} from './engine';
import { latin1, startXrefOf, textThrough, xrefSectionAt, xrefStreamRows } from './update';

/** Thrown inside the parser when the object is off the path it reads; caught at the top. */
const DECLINE = Symbol('decline');

/** Byte classes as PDF's syntax has them: regular characters, white space, delimiters. */
const REGULAR = 0;
const WHITE = 1;
const DELIMITER = 2;
const CLASS = new Uint8Array(256);
for (const byte of [0, 9, 10, 12, 13, 32]) CLASS[byte] = WHITE;
for (const char of '()<>[]{}/%') CLASS[char.charCodeAt(0)] = DELIMITER;

const HEX_VALUE = new Int8Array(256).fill(-1);
for (let digit = 0; digit < 10; digit++) HEX_VALUE[48 + digit] = digit;
for (let digit = 0; digit < 6; digit++) {
  HEX_VALUE[65 + digit] = 10 + digit;
  HEX_VALUE[97 + digit] = 10 + digit;
}

/** Deeper than the engine nests: it throws there, so the engine should say so. */
const MAX_DEPTH = 100;
/** Digits a number may have and still be read exactly as one division (below 2^53). */
const MAX_DIGITS = 15;
/** Sections followed along a /Prev chain before giving up on it. */
const MAX_SECTIONS = 4096;

const isDigit = (byte: number | undefined): byte is number => byte !== undefined && byte >= 48 && byte <= 57;

/** True when `keyword` is written at `at` and ends there (no regular character follows). */
function keywordAt(bytes: Uint8Array, at: number, keyword: string): boolean {
  for (let i = 0; i < keyword.length; i++) if (bytes[at + i] !== keyword.charCodeAt(i)) return false;
  const next = bytes[at + keyword.length];
  return next === undefined || CLASS[next] !== REGULAR;
}

/** A document's names by the hash of their bytes; holding them keeps the engine's interned instances alive. */
type NameTable = Map<number, { bytes: Uint8Array; name: PdfName }[]>;

function sameBytes(bytes: Uint8Array, start: number, length: number, other: Uint8Array): boolean {
  if (other.length !== length) return false;
  for (let i = 0; i < length; i++) if (bytes[start + i] !== other[i]) return false;
  return true;
}

/** A cursor over one object's bytes. */
class ObjectParser {
  at: number;
  /** Whether the last number read had no decimal point (a reference's numbers must not). */
  private integral = false;

  constructor(
    private readonly bytes: Uint8Array,
    at: number,
    private readonly names: NameTable,
  ) {
    this.at = at;
  }

  skipSpace(): void {
    const { bytes } = this;
    for (;;) {
      const byte = bytes[this.at];
      if (byte === undefined) return;
      if (byte === 37) {
        // A comment runs to the end of its line.
        while (this.at < bytes.length && bytes[this.at] !== 10 && bytes[this.at] !== 13) this.at++;
      } else if (CLASS[byte] === WHITE) this.at++;
      else return;
    }
  }

  /** An unsigned integer of up to 15 digits. */
  integer(): number {
    const { bytes } = this;
    const start = this.at;
    let value = 0;
    while (isDigit(bytes[this.at])) value = value * 10 + (bytes[this.at++] as number) - 48;
    if (this.at === start || this.at - start > MAX_DIGITS) throw DECLINE;
    return value;
  }

  value(depth: number): PdfObject {
    if (depth > MAX_DEPTH) throw DECLINE;
    this.skipSpace();
    const { bytes } = this;
    const byte = bytes[this.at];
    if (byte === 47) return this.name();
    if (byte === 60) return bytes[this.at + 1] === 60 ? this.dict(depth) : this.hexString();
    if (byte === 91) return this.array(depth);
    if (byte === 40) return this.literalString();
    if (isDigit(byte) || byte === 45 || byte === 43 || byte === 46) return this.numberOrReference();
    if (keywordAt(bytes, this.at, 'true')) return ((this.at += 4), PdfBool.TRUE);
    if (keywordAt(bytes, this.at, 'false')) return ((this.at += 5), PdfBool.FALSE);
    if (keywordAt(bytes, this.at, 'null')) return ((this.at += 4), PdfNull.instance);
    throw DECLINE;
  }

  dict(depth: number): PdfDict {
    const { bytes } = this;
    this.at += 2;
    // Filled entry by entry, not from a list of pairs: an array per entry was a tenth of what an
    // import allocates. Read, not changed: the writer must not take it for an edit.
    const dict = new PdfDict();
    for (;;) {
      this.skipSpace();
      const byte = bytes[this.at];
      if (byte === 62 && bytes[this.at + 1] === 62) {
        this.at += 2;
        dict.dirty = false;
        return dict;
      }
      if (byte !== 47) throw DECLINE;
      const key = this.name();
      dict.set(key, this.value(depth + 1));
    }
  }

  array(depth: number): PdfArray {
    const { bytes } = this;
    this.at++;
    // Filled item by item: the engine's constructor copies the list it is given.
    const array = new PdfArray();
    for (;;) {
      this.skipSpace();
      const byte = bytes[this.at];
      if (byte === 93) {
        this.at++;
        array.dirty = false;
        return array;
      }
      if (byte === undefined) throw DECLINE;
      array.push(this.value(depth + 1));
    }
  }

  /**
   * A name, as the engine's `PdfName.of` of its bytes read as characters (the engine's reading when
   * no `#` escape is in it). Names repeat across a file's dictionaries: each is looked up by its
   * bytes, so its text is built and interned once per document.
   */
  name(): PdfName {
    const { bytes } = this;
    const start = ++this.at;
    let hash = 0;
    for (;;) {
      const byte = bytes[this.at];
      if (byte === undefined || CLASS[byte] !== REGULAR) break;
      if (byte === 35 || byte < 33 || byte > 126) throw DECLINE;
      hash = (Math.imul(hash, 31) + byte) | 0;
      this.at++;
    }
    const length = this.at - start;
    const candidates = this.names.get(hash);
    if (candidates) {
      for (const candidate of candidates)
        if (sameBytes(bytes, start, length, candidate.bytes)) return candidate.name;
    }
    const text = latin1.decode(bytes.subarray(start, this.at));
    const name = PdfName.of(text);
    const entry = { bytes: bytes.slice(start, this.at), name };
    if (candidates) candidates.push(entry);
    else this.names.set(hash, [entry]);
    return name;
  }

  /** A number, or a reference when two unsigned integers and `R` follow each other. */
  numberOrReference(): PdfNumber | PdfRef {
    const { bytes } = this;
    const value = this.number();
    if (this.integral && value >= 0) {
      const after = this.at;
      this.skipSpace();
      if (isDigit(bytes[this.at])) {
        const generation = this.integer();
        const end = bytes[this.at];
        if (end === undefined || CLASS[end] !== REGULAR) {
          this.skipSpace();
          if (keywordAt(bytes, this.at, 'R')) {
            if (generation > 65535) throw DECLINE;
            this.at++;
            return PdfRef.of(value, generation);
          }
        }
      }
      this.at = after;
    }
    return PdfNumber.of(value);
  }

  number(): number {
    const { bytes } = this;
    let negative = false;
    const sign = bytes[this.at];
    if (sign === 43 || sign === 45) {
      negative = sign === 45;
      this.at++;
    }
    let whole = 0;
    let fraction = 0;
    let scale = 1;
    let digits = 0;
    let decimal = false;
    for (;;) {
      const byte = bytes[this.at];
      if (isDigit(byte)) {
        if (decimal) {
          fraction = fraction * 10 + byte - 48;
          scale *= 10;
        } else whole = whole * 10 + byte - 48;
        digits++;
        this.at++;
      } else if (byte === 46 && !decimal) {
        decimal = true;
        this.at++;
      } else break;
    }
    const next = bytes[this.at];
    if (digits === 0 || digits > MAX_DIGITS || (next !== undefined && CLASS[next] === REGULAR)) throw DECLINE;
    // Both operands are exact integers below 2^53, so the quotient is the correctly rounded value
    // of the decimal, which is what the engine's parseFloat gives.
    const magnitude = decimal ? (whole * scale + fraction) / scale : whole;
    this.integral = !decimal;
    return negative ? -magnitude : magnitude;
  }

  /**
   * A literal string without escapes or carriage returns (what export writes for ids, dates and
   * private copies); any other is left to the engine, which decodes them.
   */
  literalString(): PdfString {
    const { bytes } = this;
    const start = ++this.at;
    let depth = 1;
    for (;;) {
      const byte = bytes[this.at++];
      if (byte === undefined || byte === 92 || byte === 13) throw DECLINE;
      if (byte === 40) depth++;
      else if (byte === 41 && --depth === 0) break;
    }
    // A view, not a copy: thousands of small buffers cost the garbage collector more than the
    // parsing, and the engine reads its objects from these same bytes for the document's life.
    return new PdfString(bytes.subarray(start, this.at - 1), 'literal');
  }

  hexString(): PdfString {
    const { bytes } = this;
    this.at++;
    const out: number[] = [];
    let pending = -1;
    for (;;) {
      const byte = bytes[this.at++];
      if (byte === undefined || byte === 62) break;
      // Anything but a hex digit is skipped, as the engine does.
      const nibble = HEX_VALUE[byte] as number;
      if (nibble < 0) continue;
      if (pending < 0) pending = nibble;
      else {
        out.push((pending << 4) | nibble);
        pending = -1;
      }
    }
    if (pending >= 0) out.push(pending << 4);
    return new PdfString(new Uint8Array(out), 'hex');
  }
}

/**
 * The object `ref` as the engine reads it from `n g obj ... endobj` at `offset` of `bytes`;
 * undefined when it is not such an object, or not one this parser reads exactly as the engine does.
 */
export function parseIndirectObject(
  bytes: Uint8Array,
  offset: number,
  ref: PdfRef,
  names: NameTable = new Map(),
): PdfObject | undefined {
  const parser = new ObjectParser(bytes, offset, names);
  try {
    parser.skipSpace();
    const objectNumber = parser.integer();
    parser.skipSpace();
    const generation = parser.integer();
    parser.skipSpace();
    if (
      objectNumber !== ref.objectNumber ||
      generation !== ref.generation ||
      !keywordAt(bytes, parser.at, 'obj')
    )
      return undefined;
    parser.at += 3;
    const value = parser.value(0);
    parser.skipSpace();
    return keywordAt(bytes, parser.at, 'endobj') ? value : undefined;
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}

/** Where an object of the newest revision starts; an offset of -1 for one freed or in an object stream. */
interface Entry {
  offset: number;
  generation: number;
}

const ELSEWHERE: Entry = { offset: -1, generation: 0 };

/**
 * One section of the cross-reference chain. A table is indexed by its subsections only, each row
 * read when an object is looked up (a row is 20 bytes, so its place is known): indexing every row
 * cost a one-note export into a 2,000-page file more than it saved. A stream's rows are decoded
 * once.
 */
type Section =
  { subsections: { first: number; count: number; rowsAt: number }[] } | { rows: Map<number, Entry> };

/** Reads the unsigned decimal of `bytes` from `at` to `end`; -1 when anything else is there. */
function decimalAt(bytes: Uint8Array, at: number, end: number): number {
  let value = 0;
  for (let i = at; i < end; i++) {
    const byte = bytes[i];
    if (!isDigit(byte)) return -1;
    value = value * 10 + byte - 48;
  }
  return value;
}

/** Bytes of one table entry: `oooooooooo ggggg n` and a two-byte end of line. */
const ROW_BYTES = 20;

/** The table row at `at`; undefined when it does not read as the format has it. */
function rowAt(bytes: Uint8Array, at: number): Entry | undefined {
  const offset = decimalAt(bytes, at, at + 10);
  const generation = decimalAt(bytes, at + 11, at + 16);
  const kind = bytes[at + 17];
  const read =
    offset >= 0 &&
    generation >= 0 &&
    bytes[at + 10] === 32 &&
    bytes[at + 16] === 32 &&
    (kind === 110 || kind === 102) &&
    CLASS[bytes[at + 18] as number] === WHITE &&
    CLASS[bytes[at + 19] as number] === WHITE;
  if (!read) return undefined;
  return kind === 110 ? { offset, generation } : ELSEWHERE;
}

/**
 * The subsections of the table section at `at` (its `xref` keyword), and where its `trailer`
 * starts; undefined when a subsection header, or a subsection's first or last row, does not read
 * as the format has them (rows of another length than 20 bytes, say).
 */
function tableAt(bytes: Uint8Array, at: number): { section: Section; trailerAt: number } | undefined {
  const parser = new ObjectParser(bytes, at + 4, new Map());
  const subsections: { first: number; count: number; rowsAt: number }[] = [];
  try {
    for (;;) {
      parser.skipSpace();
      if (keywordAt(bytes, parser.at, 'trailer')) return { section: { subsections }, trailerAt: parser.at };
      const first = parser.integer();
      parser.skipSpace();
      const count = parser.integer();
      parser.skipSpace();
      const rowsAt = parser.at;
      if (count > 0 && (!rowAt(bytes, rowsAt) || !rowAt(bytes, rowsAt + (count - 1) * ROW_BYTES)))
        return undefined;
      subsections.push({ first, count, rowsAt });
      parser.at += count * ROW_BYTES;
    }
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}

/**
 * The sections of the file's cross-reference chain, newest first; undefined when any section is
 * missing, hybrid, or does not read cleanly (the engine repairs such files in ways of its own, so
 * they are left to it).
 */
function readSections(pdf: PDF, bytes: Uint8Array): Section[] | undefined {
  let at = startXrefOf(bytes);
  const sections: Section[] = [];
  const seen = new Set<number>();
  while (at !== undefined) {
    if (seen.has(at) || seen.size >= MAX_SECTIONS || at >= bytes.length) return undefined;
    seen.add(at);
    let dict: string;
    if (keywordAt(bytes, at, 'xref')) {
      // The rows are read from the bytes; only the trailer is read as text.
      const table = tableAt(bytes, at);
      if (!table) return undefined;
      sections.push(table.section);
      dict = textThrough(bytes, table.trailerAt, 'startxref');
    } else {
      const section = xrefSectionAt(bytes, at);
      const header = section?.kind === 'stream' ? /^(\d+)\s+(\d+)\s+obj/.exec(section.text) : undefined;
      const stream = header ? pdf.getObject(PdfRef.of(Number(header[1]), Number(header[2]))) : undefined;
      const read = stream instanceof PdfStream ? xrefStreamRows(stream) : undefined;
      if (!section || !read || read.truncated) return undefined;
      const rows = new Map<number, Entry>();
      for (const [objectNumber, type, second, third] of read.rows) {
        if (!rows.has(objectNumber))
          rows.set(objectNumber, type === 1 ? { offset: second, generation: third } : ELSEWHERE);
      }
      sections.push({ rows });
      dict = section.dict;
    }
    if (/\/XRefStm\b/.test(dict)) return undefined;
    const previous = /\/Prev\s+(\d+)/.exec(dict)?.[1];
    at = previous === undefined ? undefined : Number(previous);
  }
  return sections;
}

/** Where the newest section that lists `objectNumber` puts it; undefined when none does or its row does not read. */
function entryOf(bytes: Uint8Array, sections: readonly Section[], objectNumber: number): Entry | undefined {
  for (const section of sections) {
    if ('rows' in section) {
      const entry = section.rows.get(objectNumber);
      if (entry) return entry;
      continue;
    }
    for (const { first, count, rowsAt } of section.subsections) {
      if (objectNumber >= first && objectNumber < first + count)
        return rowAt(bytes, rowsAt + (objectNumber - first) * ROW_BYTES);
    }
  }
  return undefined;
}

/** What a document's preloads share: where its objects are, and the names read so far. */
interface DocumentIndex {
  sections: Section[];
  names: NameTable;
}

const indexes = new WeakMap<PDF, DocumentIndex | null>();

/**
 * Loads into `pdf`'s registry those of `refs` not loaded yet that this parser reads, from `bytes`,
 * the very bytes the engine opened `pdf` from (not repaired, not decoded, not encrypted). The
 * engine then resolves them without parsing; any other it parses as before.
 */
export function preloadObjects(pdf: PDF, bytes: Uint8Array, refs: Iterable<PdfRef>): void {
  let index = indexes.get(pdf);
  if (index === undefined) {
    const sections = pdf.isEncrypted || pdf.recoveredViaBruteForce ? undefined : readSections(pdf, bytes);
    index = sections ? { sections, names: new Map() } : null;
    indexes.set(pdf, index);
  }
  if (!index) return;
  const { sections, names } = index;
  const registry = pdf.context.registry;
  for (const ref of refs) {
    if (registry.getObject(ref) !== null) continue;
    const entry = entryOf(bytes, sections, ref.objectNumber);
    if (!entry || entry.offset < 0 || entry.generation !== ref.generation) continue;
    const object = parseIndirectObject(bytes, entry.offset, ref, names);
    if (object !== undefined) registry.addLoaded(ref, object);
  }
}
