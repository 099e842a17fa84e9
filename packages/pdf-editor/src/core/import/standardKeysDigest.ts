// A digest of the standard keys of an annotation dictionary: the keys other tools edit and our
// import reads (geometry, colours, opacity, border, text, line ends, ink, quadrilaterals, vertices,
// icon name). Native export stores it in the private copy of our model (/MarginaliaData); import
// trusts that copy only while the dictionary still gives the same digest, so any edit another tool
// makes to those keys is read from the keys themselves.
//
// Version 3, which export writes, digests what the keys mean rather than how they are printed, so
// a re-save by another tool that edits nothing (MuPDF and PDFium keep reals as float32 and print
// them at their own precision) keeps the copy trusted: each number counts as its nearest multiple
// of 1/1000 (1/100 from 4096 on), and export writes the numbers of those keys on that grid
// (`snapStandardKeys`), so a rewrite that moves a number by less than half a step (float32 printed
// at eight significant digits or shortest, four or more decimals, `0.99999` for `1`) leaves it on
// the same step; names and strings count as
// their text, a missing key as its default (/CA 1, /Q 0, /LE None, no colour, no text), /Rect by
// its corners in either order, the border by the width a reader takes (/BS /W, else /Border).
// Version 1 hashes the canonical text of the values (numbers digit by digit) and version 2 the
// same information with fewer steps (numbers as integer counts of 10^-5, keys by position); files
// exported before version 3 carry them, and import still checks them with them.
import { PdfArray, PdfBool, PdfDict, PdfName, PdfNumber, PdfRef, PdfStream, PdfString, type PDF, type PdfObject } from '../pdf/engine';
import { isPdfObject, isPlainRecord, nameOf, type PdfValue } from '../pdf/objects';
import { decimalText } from '../pdf/objectWriter';
import { streamText, textOf } from './pdfReaders';

/** Keys whose values make up the digest; /BS counts by its width only. */
const STANDARD_KEYS = [
  'Subtype',
  'NM',
  'Rect',
  'C',
  'IC',
  'CA',
  'Border',
  'Contents',
  'RC',
  'L',
  'LE',
  'InkList',
  'QuadPoints',
  'DA',
  'DS',
  'RD',
  'Q',
] as const;

/** Deeper than any standard key nests (/InkList is two levels); stops a reference loop. */
const MAX_DEPTH = 4;

/**
 * cyrb53 (53 bits; a fingerprint for change detection, not security) fed piece by piece: the hash
 * of the text the pieces make, without building that text. Export digests every annotation it
 * writes, and building, joining and then hashing the strings cost more than the rest of its
 * dictionary.
 */
class Hash53 {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  constructor(readonly version: DigestVersion) {}

  /** Version 3: `steps`, a number's count of its grid's unit, as one unit (more past 32 bits). */
  steps(steps: number): void {
    this.code(NUMBER_TAG);
    if (steps < SMALL && steps > -SMALL) return this.code(steps);
    // Far beyond any page: the hash of its text, still a pure function of the count.
    this.text(Number.isFinite(steps) ? String(steps) : 'NaN');
    this.code(END_TAG);
  }

  /** Version 3: a name's or a string's text, closed so that two texts never run into one. */
  textValue(text: string): void {
    this.code(TEXT_TAG);
    this.text(text);
    this.code(END_TAG);
  }

  code(code: number): void {
    // 2654435761 as the signed 32-bit integer Math.imul reads it: the same product, without a
    // conversion from a double.
    this.h1 = Math.imul(this.h1 ^ code, -1640531535);
    this.h2 = Math.imul(this.h2 ^ code, 1597334677);
  }

  text(text: string): void {
    let { h1, h2 } = this;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      h1 = Math.imul(h1 ^ code, -1640531535);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /**
   * Versions 1 and 2: a number as the engine writes it (at most five decimals, `decimalText`), so
   * a value digested before saving and the same value read back from the saved file agree; version
   * 2 counts it in units of the fifth decimal, tagged as a number, when that fits in 32 bits.
   */
  number(value: number): void {
    const scaled = Math.round(value * DECIMAL_SCALE);
    if (this.version === 2 && scaled !== 0 && scaled < SMALL && scaled > -SMALL) {
      this.code(NUMBER_TAG);
      return this.code(scaled);
    }
    this.text(Number.isFinite(value) ? decimalText(value, DECIMALS) : 'NaN');
  }

  digest(): string {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return base36(4294967296 * (2097151 & h2) + (h1 >>> 0));
  }
}

const BASE36_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * `value.toString(36)` for an integer from 0 to 2^53: the engine's conversion for radixes other
 * than 10 also handles fractions and cost as much as hashing the whole annotation.
 */
function base36(value: number): string {
  let text = '';
  let rest = value;
  do {
    const next = Math.floor(rest / 36);
    text = (BASE36_DIGITS[rest - next * 36] as string) + text;
    rest = next;
  } while (rest > 0);
  return text;
}

/**
 * 1: the canonical text; 2: numbers as integers, keys by position (both in files already
 * exported); 3: what the keys mean, numbers on a grid of 1/1000.
 */
export type DigestVersion = 1 | 2 | 3;
/** The version export writes. */
export const DIGEST_VERSION: DigestVersion = 3;

/** Beyond any UTF-16 unit, so the tags of versions 2 and 3 never read as text. */
const NUMBER_TAG = 0x10000;
const KEY_TAG = 0x20000;
const TEXT_TAG = 0x30000;
const ARRAY_TAG = 0x30001;
const END_TAG = 0x30002;
const OTHER_TAG = 0x30003;

const DECIMALS = 5;
const DECIMAL_SCALE = 10 ** DECIMALS;
/** Past this many units of the last decimal, 32-bit integer arithmetic would overflow. */
const SMALL = 2 ** 31;
const [SPACE, SLASH, EQUALS, NEWLINE, OPEN_BRACKET, CLOSE_BRACKET] = [...' /=\n[]'].map((char) => char.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
  number,
  number,
];

/**
 * Version 1: the hash of `KEY=canonical\n` for each standard key, then `BS=canonical`. Version 2:
 * the same with each key's text replaced by its position.
 */
function digest(version: 1 | 2, pdf: PDF | undefined, get: (key: string) => PdfValue | undefined): string {
  const hash = new KeyHasher(version, pdf);
  for (let index = 0; index < STANDARD_KEYS.length; index++) {
    const key = STANDARD_KEYS[index] as (typeof STANDARD_KEYS)[number];
    if (version === 1) {
      hash.text(key);
      hash.code(EQUALS);
    } else hash.code(KEY_TAG + index);
    hash.value(get(key), 0);
    if (version === 1) hash.code(NEWLINE);
  }
  if (version === 1) hash.text('BS=');
  else hash.code(KEY_TAG + STANDARD_KEYS.length);
  hash.value(get('BS'), 0);
  return hash.digest();
}

/**
 * The digest of `dict`'s standard keys, references in `pdf` followed. Import compares it with the
 * digest export stored in the private copy, in the version stored with it.
 */
export function standardKeysDigest(pdf: PDF, dict: PdfDict, version: DigestVersion = DIGEST_VERSION): string {
  if (version === 3) return meaningDigest(pdf, (key) => dict.get(nameOf(key)));
  return digest(version, pdf, (key) => dict.get(nameOf(key)));
}

/**
 * The digest of an annotation dictionary given as plain values, as `standardKeysDigest` gives it
 * for the same dictionary once written and read back. Export calls it on the finished dictionary
 * (every standard key set, no references among them) and stores the result in the private copy.
 */
export function standardKeysDigestOfValues(
  dict: { readonly [key: string]: PdfValue },
  version: DigestVersion = DIGEST_VERSION,
): string {
  if (version === 3) return meaningDigest(undefined, (key) => dict[key]);
  return digest(version, undefined, (key) => dict[key]);
}

// Version 3: what the standard keys mean.

/**
 * The numbers of the standard keys count as multiples of 1/1000 below 4096 and of 1/100 from there
 * on, and export writes them on those grids (`snapped`): float32 keeps a number below 4096 within
 * 0.00025 of what was written, one below 65536 within 0.004, so with the error of printing it at
 * eight significant digits (PDFium) it stays within half a step.
 */
const FINE_STEPS = 1000;
const COARSE_STEPS = 100;
const COARSE_FROM = 4096;
/** /DA's numbers (font size, colour), which export prints with four decimals, count in 1/10000. */
const DA_STEPS = 10000;

/** A number's count of thousandths, on the grid of its size. */
function gridSteps(value: number): number {
  return value < COARSE_FROM && value > -COARSE_FROM ? Math.round(value * FINE_STEPS) : Math.round(value * COARSE_STEPS) * (FINE_STEPS / COARSE_STEPS);
}

/**
 * `value` on the grid `gridSteps` counts it on. Just below 4096 it goes on the coarse grid already
 * (which is on the fine one too), so that a re-save moving it past 4096 still counts it the same.
 */
export function onGrid(value: number): number {
  return value < COARSE_FROM - 1 / COARSE_STEPS && value > -(COARSE_FROM - 1 / COARSE_STEPS)
    ? Math.round(value * FINE_STEPS) / FINE_STEPS
    : Math.round(value * COARSE_STEPS) / COARSE_STEPS;
}

const ABSENT_TAG = 0x30004;
const DA_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** A value of a standard key: plain (as export builds the dictionary) or the engine's (as import reads it). */
type Raw = PdfValue | PdfObject | undefined;

const NO_ENDINGS: readonly PdfValue[] = ['None', 'None'];

/**
 * The keys of version 3, each with what it counts as when absent (no colour and an empty array
 * both mean transparent); the border width comes after them.
 */
const MEANINGS: readonly (readonly [key: string, absent?: PdfValue])[] = [
  ['Subtype'],
  ['Rect'],
  ['C', []],
  ['IC', []],
  ['CA', 1],
  ['Contents', ''],
  ['RC', ''],
  ['L'],
  ['LE', NO_ENDINGS],
  ['InkList'],
  ['QuadPoints'],
  ['Vertices'],
  ['RD'],
  ['DA'],
  ['DS'],
  ['Q', 0],
  ['Name'],
];

/** The keys whose numbers export puts on the grid; /BS /W too. */
const NUMBER_KEYS = ['Rect', 'C', 'IC', 'CA', 'L', 'InkList', 'QuadPoints', 'Vertices', 'RD', 'Q', 'Border'] as const;

/**
 * The hash of standard keys' values in one version's reading. Versions 1 and 2 read a value as its
 * canonical text (`<<` and `>>` around a dictionary's /W, the engine's type name for anything
 * else), which nothing past `MAX_DEPTH` adds to; version 3 as what it means (see above).
 */
class KeyHasher extends Hash53 {
  constructor(
    version: DigestVersion,
    private readonly pdf: PDF | undefined,
  ) {
    super(version);
  }

  follow(value: Raw): Raw {
    return value instanceof PdfRef ? (this.pdf?.getObject(value) ?? undefined) : value;
  }

  /** A number: on the grid (version 3) or as the engine writes it. */
  numeric(value: number): void {
    if (this.version === 3) this.steps(gridSteps(value));
    else this.number(value);
  }

  /**
   * Any value, plain (as export builds the dictionary) or the engine's (as import reads it), so a
   * dictionary digests the same before and after it is written: numbers, names and strings as
   * their text, arrays item by item.
   */
  value(raw: Raw, depth: number): void {
    const meaning = this.version === 3;
    if (!meaning && depth > MAX_DEPTH && typeof raw === 'object') return;
    const value = this.follow(raw);
    if (typeof value === 'number' || value instanceof PdfNumber) return this.numeric(typeof value === 'number' ? value : value.value);
    if (value === undefined) return meaning ? this.code(ABSENT_TAG) : undefined;
    // A plain string is a name (pdfValue writes it as one).
    const name = typeof value === 'string' ? value : value instanceof PdfName ? value.value : undefined;
    if (name !== undefined) {
      if (meaning) return this.textValue(name);
      this.code(SLASH);
      return this.text(name);
    }
    // Text as decoded, so re-encoding it (PDFDocEncoding or UTF-16) changes nothing.
    if (value instanceof PdfString) return meaning ? this.textValue(textOf(value)) : this.text(JSON.stringify(textOf(value)));
    const items = Array.isArray(value) ? (value as readonly Raw[]) : value instanceof PdfArray ? value.toArray() : undefined;
    if (items && depth <= MAX_DEPTH) {
      this.code(meaning ? ARRAY_TAG : OPEN_BRACKET);
      for (let index = 0; index < items.length; index++) {
        if (index > 0 && !meaning) this.code(SPACE);
        const item = items[index];
        // A number, by far the most common item (/Rect, /QuadPoints, /InkList), without the dispatch.
        if (typeof item === 'number') this.numeric(item);
        else this.value(item, depth + 1);
      }
      return this.code(meaning ? END_TAG : CLOSE_BRACKET);
    }
    if (typeof value === 'boolean' || value instanceof PdfBool) {
      const text = String(value instanceof PdfBool ? value.value : value);
      return meaning ? this.textValue(text) : this.text(text);
    }
    // Dictionaries, streams, references: nothing a standard key other than /BS and /RC holds.
    if (meaning) return this.code(OTHER_TAG);
    const dict = value instanceof PdfDict;
    if (!dict && isPdfObject(value as object)) return this.text((value as PdfObject).type);
    this.text('<<');
    this.value(dict ? value.get('W') : (value as { readonly [key: string]: PdfValue }).W, depth + 1);
    this.text('>>');
  }

  /** Version 3: the value of `key`, read as the key means it. */
  key(key: string, raw: Raw, absent: PdfValue | undefined): void {
    const value = this.follow(raw) ?? absent;
    if (key === 'Rect') return this.rect(value);
    // /RC may be a stream of XHTML (PDF 2.0): its text.
    if ((key === 'Contents' || key === 'RC') && value instanceof PdfStream) return this.textValue(streamText(value) ?? '');
    if (key === 'DA' && value instanceof PdfString) return this.appearance(textOf(value));
    this.value(value, 0);
  }

  /** /Rect by its corners, lower-left first, as readers normalise it. */
  rect(value: Raw): void {
    const items = Array.isArray(value) ? (value as readonly Raw[]) : value instanceof PdfArray ? value.toArray() : undefined;
    const corner = (index: number) => (items?.length === 4 ? numberOf(this.follow(items[index])) : undefined);
    const x1 = corner(0);
    const y1 = corner(1);
    const x2 = corner(2);
    const y2 = corner(3);
    if (x1 === undefined || y1 === undefined || x2 === undefined || y2 === undefined) return this.value(value, 0);
    // As `value` digests the array of the four, without building it: every annotation has a /Rect.
    this.code(ARRAY_TAG);
    this.numeric(Math.min(x1, x2));
    this.numeric(Math.min(y1, y2));
    this.numeric(Math.max(x1, x2));
    this.numeric(Math.max(y1, y2));
    this.code(END_TAG);
  }

  /** /DA's operators token by token, numbers on their own grid: spacing and `1` for `1.0` change nothing. */
  appearance(text: string): void {
    this.code(ARRAY_TAG);
    for (const token of text.split(/\s+/)) {
      if (token === '') continue;
      if (DA_NUMBER.test(token)) this.steps(Math.round(Number(token) * DA_STEPS));
      else this.textValue(token);
    }
    this.code(END_TAG);
  }

  /** The width a reader takes: /BS /W, else the third number of /Border. */
  border(style: Raw, border: Raw): void {
    const resolved = this.follow(style);
    const width = numberOf(
      this.follow(
        resolved instanceof PdfDict
          ? resolved.get('W')
          : isPlainRecord(resolved)
            ? resolved.W
            : undefined,
      ),
    );
    if (width !== undefined && width >= 0) return this.steps(gridSteps(width));
    const items = this.follow(border);
    const third = numberOf(this.follow(Array.isArray(items) ? (items as readonly Raw[])[2] : items instanceof PdfArray ? items.at(2) : undefined));
    if (third !== undefined && third >= 0) return this.steps(gridSteps(third));
    this.code(ABSENT_TAG);
  }
}

function numberOf(value: Raw): number | undefined {
  if (typeof value === 'number') return value;
  return value instanceof PdfNumber ? value.value : undefined;
}


function meaningDigest(pdf: PDF | undefined, get: (key: string) => Raw): string {
  const hasher = new KeyHasher(3, pdf);
  for (let index = 0; index < MEANINGS.length; index++) {
    const [key, absent] = MEANINGS[index] as (typeof MEANINGS)[number];
    hasher.code(KEY_TAG + index);
    hasher.key(key, get(key), absent);
  }
  hasher.code(KEY_TAG + MEANINGS.length);
  hasher.border(get('BS'), get('Border'));
  return hasher.digest();
}

/** `value` with its numbers on the grid; the same array or record when none moves. */
function snapped(value: PdfValue): PdfValue {
  if (typeof value === 'number') return onGrid(value);
  if (!Array.isArray(value)) return value;
  let copy: PdfValue[] | undefined;
  for (let index = 0; index < value.length; index++) {
    const item = value[index] as PdfValue;
    const moved = snapped(item);
    if (moved === item) continue;
    copy ??= [...(value as readonly PdfValue[])];
    copy[index] = moved;
  }
  return copy ?? value;
}

/**
 * Puts the numbers of `dict`'s standard keys (plain values, as export builds the dictionary) on
 * the grid version 3 digests them on, replacing arrays and records rather than changing them:
 * a number written there stays on its step through any re-save that moves it by less than half a
 * step, so the digest of the re-saved dictionary is still the one export stored. Moves each number
 * by at most 0.0005 (a colour component by at most 0.13 of a 255th), from 4095.99 on by 0.005.
 */
export function snapStandardKeys(dict: Record<string, PdfValue>): void {
  for (const key of NUMBER_KEYS) {
    const value = dict[key];
    if (value !== undefined) dict[key] = snapped(value);
  }
  const style = dict.BS;
  if (style !== undefined && isPlainRecord(style) && typeof style.W === 'number') {
    const width = snapped(style.W);
    if (width !== style.W) dict.BS = { ...style, W: width };
  }
}
