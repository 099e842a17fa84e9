// The private copy of format 5: only what the standard keys cannot carry. Export rebuilds the
// annotation from the dictionary it has just written, as import would (`rebuildFromKeys`), and
// keeps beside the keys, as a string under /MarginaliaData, the digest of the keys and the fields
// that rebuild does not give back exactly (`keysCopyOf`): most often the decimals of positions
// past the thousandth the keys are written on, and the milliseconds of the dates, which PDF dates
// do not have. Import rebuilds the annotation the same way while the dictionary still gives that
// digest and puts the stored fields back (`fromKeysCopy`). Both ends rebuild from the same view of
// the keys: numbers on the digest's grid (so a re-save that moves them by less than half a step,
// which the digest ignores, changes nothing), the page's box on it too, and no appearance, page or
// popup, which export has not written yet when it rebuilds.
import { PdfDict, PdfNumber } from '../pdf/engine';
import { isPlainRecord, pdfValue, type PdfValue } from '../pdf/objects';
import { nanoid } from 'nanoid';
import { whenReady } from '../export/native/nativeTypes';
import { fromPdfDate } from '../export/native/pdfDate';
import { createPageSpace, type PageSpace } from '../geometry/pageSpace';
import { nativeReader } from '../kinds/pdfRegistry';
import { sameValue } from '../model/equality';
import type { Annotation } from '../model/types';
import type { PdfDictionary, PdfObjectValue } from '../pdfObjectTypes';
import { readBorderWidth, readColor, readName, readNumber, readText, type DictReader } from './pdfReaders';
import type { BaseFields } from './readerTypes';
import { onGrid } from './standardKeysDigest';

/** Fields every annotation has, read from /NM, /T, /C, /CA, /BS and the dates; a new id and now when missing. */
export function baseFields(read: DictReader, dict: PdfDictionary, pageNumber: number): BaseFields {
  const created = fromPdfDate(readText(read, dict, 'CreationDate'));
  const modified = fromPdfDate(readText(read, dict, 'M'));
  const fallback = created ?? modified ? '' : new Date().toISOString();
  const opacity = readNumber(read, dict, 'CA');
  const id = readText(read, dict, 'NM')?.trim();
  const author = readText(read, dict, 'T');
  return {
    id: id ? id : nanoid(),
    ...(author === undefined ? {} : { author }),
    page: pageNumber,
    color: readColor(read, dict, 'C'),
    opacity: opacity === undefined ? undefined : Math.min(1, Math.max(0, opacity)),
    strokeWidth: readBorderWidth(read, dict),
    createdAt: created ?? modified ?? fallback,
    updatedAt: modified ?? created ?? fallback,
  };
}

/** Keys a rebuild does not see: export has not written them when it rebuilds (or never reads them back). */
const UNSEEN = new Set(['AP', 'P', 'Popup', 'Parent', 'MarginaliaData']);

/** Numbers on the digest's grid, so that both ends read the same values. */
function snap(value: PdfObjectValue | undefined): PdfObjectValue | undefined {
  if (!(value instanceof PdfNumber) || !Number.isFinite(value.value)) return value;
  const snapped = onGrid(value.value);
  // Most numbers are on the grid already (export writes them there): no new object for those.
  return snapped === value.value ? value : PdfNumber.of(snapped);
}

const gridReaders = new WeakMap<DictReader, DictReader>();

/** `read` as a rebuild sees the dictionary: numbers on the grid, the unseen keys absent. */
function gridReader(read: DictReader): DictReader {
  let grid = gridReaders.get(read);
  if (!grid) {
    grid = {
      resolve: (value) => snap(read.resolve(value)),
      lookup: (dict, key) => (UNSEEN.has(key) ? undefined : snap(read.lookup(dict, key))),
      item: (array, index) => snap(read.item(array, index)),
    };
    gridReaders.set(read, grid);
  }
  return grid;
}

/**
 * A stand-in for `pdfDict(values)` that only `plainReader` reads: a rebuild reads a few of the
 * keys export has just written, and building the whole dictionary (its appearance, page and
 * border too) cost as much as the rebuild's reading.
 */
export class PlainDict extends PdfDict {
  constructor(readonly values: { readonly [key: string]: PdfValue }) {
    super();
  }
}

/**
 * Reads dictionaries built from plain values, nothing in them referring to another object; a
 * `PlainDict`'s keys as `pdfValue` gives them, each converted only when a reader asks, a record
 * (such as /BS) as a `PlainDict` in turn.
 */
export const plainReader: DictReader = {
  resolve: (value) => value,
  lookup: (dict, key) => {
    const value = dict instanceof PlainDict ? dict.values[key] : dict.get(key);
    if (value === undefined) return undefined;
    // An engine object stays as it is.
    return isPlainRecord(value) ? new PlainDict(value) : pdfValue(value);
  },
  item: (array, index) => array.at(index),
};

const ignore = (): void => {};

const gridSpaces = new WeakMap<PageSpace, PageSpace>();

/**
 * `space` with its box on the grid: writers print a page's box their own way (the engine, which
 * rewrites a page it adds /Annots to, at five decimals; MuPDF and PDFium as float32), so import
 * may read it a few millionths from where export did. On the grid both ends agree.
 */
function gridSpace(space: PageSpace): PageSpace {
  let snapped = gridSpaces.get(space);
  if (!snapped) {
    const { left, bottom, right, top } = space.box;
    snapped = createPageSpace({ left: onGrid(left), bottom: onGrid(bottom), right: onGrid(right), top: onGrid(top) }, space.rotation);
    gridSpaces.set(space, snapped);
  }
  return snapped;
}

/**
 * The annotation the standard keys of `dict` give, read through `gridReader(read)`; undefined
 * when its subtype has no reader or the reader gives other than one annotation.
 */
export function rebuildFromKeys(
  read: DictReader,
  dict: PdfDict,
  space: PageSpace,
  pageNumber: number,
): Annotation | undefined | Promise<Annotation | undefined> {
  const grid = gridReader(read);
  const reader = nativeReader(readName(grid, dict, 'Subtype') ?? '');
  if (!reader) return undefined;
  const base = baseFields(grid, dict, pageNumber);
  return whenReady(reader({ dict, read: grid, space: gridSpace(space), base, label: '', warn: ignore }), (list) => (list.length === 1 ? list[0] : undefined));
}

/**
 * Format 5's copy, as JSON: the digest, then only what the rebuild does not give back. `n`: a
 * field whose numbers alone differ, as how far each number is from the rebuilt one, counted in
 * steps of the double's last bit (`bitSteps`, written by `stepsText`; the rebuild gives the
 * shape); `m`: the milliseconds of both dates, when they differ in those only; `f`: any other
 * field as it is, `null` for a field the rebuild has and the annotation has not.
 */
export interface KeysCopy {
  d: string;
  n?: Record<string, unknown>;
  m?: number;
  f?: Record<string, unknown>;
}

type Json = unknown;

const bits = new DataView(new ArrayBuffer(8));
const TWO_32 = 2 ** 32;

/**
 * How many doubles lie from `from` to `value` (both finite, of one sign), as the difference of
 * their bit patterns read as integers; undefined from 2^52 on. A number rebuilt
 * from a key written on the grid is within half a thousandth of the model's: some 10 digits,
 * where the model's own number takes 17.
 */
function bitSteps(value: number, from: number): number | undefined {
  if (!Number.isFinite(value) || !Number.isFinite(from)) return undefined;
  bits.setFloat64(0, value);
  const high = bits.getInt32(0);
  const low = bits.getUint32(4);
  bits.setFloat64(0, from);
  const steps = (high - bits.getInt32(0)) * TWO_32 + (low - bits.getUint32(4));
  // Within 2^52, so that its zigzag (`stepsText`) is a safe integer too.
  return Math.abs(steps) < 2 ** 52 ? steps : undefined;
}

/** 64 characters that JSON and a PDF literal string both keep as they are. */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGIT_CODES = Array.from(DIGITS, (digit) => digit.charCodeAt(0));
const CODES_PER_CALL = 8192;
/** A digit's low five bits carry the number; the sixth says that more digits follow. */
const MORE = 32;

/**
 * Step counts as text: each as its zigzag (0, -1, 1, -2... as 0, 1, 2, 3...) in five bits a
 * digit, lowest first, no separator. A rebuilt number is some 2^33 steps off: 7 digits, where its
 * decimal text with a sign and a comma takes 12.
 */
function stepsText(steps: readonly number[]): string {
  // Character codes collected and turned into text in few calls: a string grown a character at a
  // time allocated a piece per character.
  const codes: number[] = [];
  for (const step of steps) {
    let rest = step >= 0 ? 2 * step : -2 * step - 1;
    while (rest >= MORE) {
      // The low five bits: `&` takes them exactly from any integer below 2^53, where the
      // remainder (`%`) of a double past 32 bits is a slow library call.
      const low = rest & (MORE - 1);
      codes.push(DIGIT_CODES[MORE + low] as number);
      rest = (rest - low) / MORE;
    }
    codes.push(DIGIT_CODES[rest] as number);
  }
  // In pieces: a call takes only so many arguments (a stroke of many thousand points); most
  // copies need one, with no piece cut out.
  if (codes.length <= CODES_PER_CALL) return String.fromCharCode.apply(null, codes);
  let text = '';
  for (let at = 0; at < codes.length; at += CODES_PER_CALL) text += String.fromCharCode.apply(null, codes.slice(at, at + CODES_PER_CALL));
  return text;
}

/** The step counts of `stepsText`; undefined when the text is not one it writes. */
function stepsOf(text: string): number[] | undefined {
  const steps: number[] = [];
  let value = 0;
  let scale = 1;
  for (const char of text) {
    const digit = DIGITS.indexOf(char);
    if (digit < 0 || scale > 2 ** 53) return undefined;
    value += (digit % MORE) * scale;
    if (digit >= MORE) {
      scale *= MORE;
      continue;
    }
    steps.push(value % 2 === 0 ? value / 2 : -(value + 1) / 2);
    value = 0;
    scale = 1;
  }
  return scale === 1 ? steps : undefined;
}

/** The double `steps` bit patterns from `from`: `bitSteps`'s inverse. */
function stepped(from: number, steps: number): number {
  bits.setFloat64(0, from);
  const total = bits.getUint32(4) + steps;
  const low = ((total % TWO_32) + TWO_32) % TWO_32;
  bits.setInt32(0, bits.getInt32(0) + (total - low) / TWO_32);
  bits.setUint32(4, low);
  return bits.getFloat64(0);
}

/**
 * The `bitSteps` of each number of `value` from the one at its place in `shape`, in order, when
 * `value` has the shape of `shape` and each difference is a safe integer; else false.
 */
function numbersAlong(value: Json, shape: Json, out: number[]): boolean {
  if (typeof shape === 'number') {
    const steps = typeof value === 'number' ? bitSteps(value, shape) : undefined;
    if (steps === undefined) return false;
    out.push(steps);
    return true;
  }
  if (typeof shape !== 'object' || shape === null || typeof value !== 'object' || value === null) return value === shape;
  // Walked without listing keys: a stroke's points are hundreds of small records.
  if (Array.isArray(shape)) {
    if (!Array.isArray(value) || value.length !== shape.length) return false;
    for (let index = 0; index < shape.length; index++) if (!numbersAlong(value[index], shape[index], out)) return false;
    return true;
  }
  if (Array.isArray(value)) return false;
  // As many keys on both sides, each of `shape`'s matching.
  let keys = 0;
  for (const key in shape) {
    if (!numbersAlong((value as Record<string, Json>)[key], (shape as Record<string, Json>)[key], out)) return false;
    keys++;
  }
  for (const _key in value) keys--;
  return keys === 0;
}

/** `shape` with each number moved by its steps in `numbers`, in order from `at.index` on. */
function withNumbers(shape: Json, numbers: readonly unknown[], at: { index: number }): Json {
  if (typeof shape === 'number') {
    const steps = numbers[at.index++];
    return Number.isSafeInteger(steps) ? stepped(shape, steps as number) : Number.NaN;
  }
  if (typeof shape !== 'object' || shape === null) return shape;
  if (Array.isArray(shape)) return shape.map((item: Json) => withNumbers(item, numbers, at));
  const out: Record<string, Json> = {};
  for (const key in shape) out[key] = withNumbers((shape as Record<string, Json>)[key], numbers, at);
  return out;
}

/** The milliseconds of an ISO date; -1 for anything else. */
const millisecondsOf = (date: Json): number => (typeof date === 'string' && /\.\d{3}Z$/.test(date) ? Number(date.slice(-4, -1)) : -1);

/** `date` (an ISO date) with its milliseconds set to `milliseconds`. */
const withMilliseconds = (date: Json, milliseconds: number): Json => `${String(date).slice(0, -4)}${String(milliseconds).padStart(3, '0')}Z`;

const DATES = ['createdAt', 'updatedAt'] as const;

/** The copy of format 5 that gives `annotation` back from `rebuilt`, as JSON text. */
export function keysCopyOf(annotation: Annotation, rebuilt: Annotation, digest: string): string {
  const copy: KeysCopy = { d: digest };
  const model = annotation as unknown as Record<string, Json>;
  const from = rebuilt as unknown as Record<string, Json>;
  // PDF dates stop at seconds: the milliseconds both dates share, when that is all they lack.
  const milliseconds = millisecondsOf(model.createdAt);
  const datesBarMilliseconds =
    milliseconds > 0 && DATES.every((key) => millisecondsOf(from[key]) === 0 && withMilliseconds(from[key], milliseconds) === model[key]);
  if (datesBarMilliseconds) copy.m = milliseconds;
  for (const key in model) {
    const value = model[key];
    // `m` gives the dates back.
    const givenByM = datesBarMilliseconds && (key === 'createdAt' || key === 'updatedAt');
    if (value === undefined || key === 'page' || givenByM || sameValue(value, from[key])) continue;
    const numbers: number[] = [];
    if (from[key] !== undefined && numbersAlong(value, from[key], numbers)) (copy.n ??= {})[key] = stepsText(numbers);
    else (copy.f ??= {})[key] = value;
  }
  for (const key in from) if (from[key] !== undefined && model[key] === undefined && key !== 'page') (copy.f ??= {})[key] = null;
  return JSON.stringify(copy);
}

/** `rebuilt` with what `copy` stores put back; undefined when the copy does not fit it. */
export function fromKeysCopy(rebuilt: Annotation, copy: KeysCopy): unknown {
  const out: Record<string, Json> = { ...(rebuilt as unknown as Record<string, Json>) };
  for (const key in copy.n) {
    const numbers = stepsOf(String(copy.n[key]));
    const at = { index: 0 };
    out[key] = numbers && withNumbers(out[key], numbers, at);
    if (at.index !== numbers?.length) return undefined;
  }
  if (copy.m !== undefined) for (const key of DATES) out[key] = withMilliseconds(out[key], copy.m);
  for (const key in copy.f) {
    if (copy.f[key] === null) delete out[key];
    else out[key] = copy.f[key];
  }
  return out;
}
