// Small encoders for values written into annotation dictionaries and appearance streams.
import { PdfString } from '../../pdf/engine';
import { parseHexColor } from '../../pdf/color';
import { decimalText } from '../../pdf/objectWriter';
import { IN_OBJECT_BYTES } from '../../import/pdfReaders';

/** A number for a content stream: at most 4 decimals, never exponent notation; NaN as 0. */
export function num(value: number): string {
  // |value| < 1e11 keeps the text plain.
  const clamped = value > 1e10 ? 1e10 : value < -1e10 ? -1e10 : value;
  return Number.isNaN(clamped) ? '0' : decimalText(clamped, 4);
}

/** Printable ASCII with tabs and line feeds: the same bytes in PDFDocEncoding (multi-line comments included). */
const PLAIN_TEXT = /^[\t\n\x20-\x7e]*$/;

/**
 * A PDF text string: PDFDocEncoding where that holds the text (readable in any tool), UTF-16BE
 * otherwise, so ids, comments and CJK text all survive.
 */
export function textString(text: string): PdfString {
  // Plain text (ids, dates, most comments) is the same in PDFDocEncoding: no lookup needed.
  if (PLAIN_TEXT.test(text)) {
    // A loop rather than TextEncoder, whose call costs more than these few bytes.
    const bytes = textBytes(text.length);
    for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
    return new PdfString(bytes, 'literal');
  }
  return PdfString.fromString(text);
}

/** Strings of more than a quarter of this get an array of their own; shorter ones share slabs of this size. */
const SLAB_BYTES = 16_384;
let slab = new Uint8Array(0);
let slabUsed = 0;

/**
 * Room for a string's bytes: a view of a shared slab past V8's in-object size. Each array of more
 * bytes than that gets a buffer of its own, whose allocation cost twice the filling of it; a
 * native export writes one such string per annotation (its private copy, 100 to 300 bytes).
 */
function textBytes(length: number): Uint8Array {
  if (length <= IN_OBJECT_BYTES || length > SLAB_BYTES / 4) return new Uint8Array(length);
  if (slabUsed + length > slab.length) {
    slab = new Uint8Array(SLAB_BYTES);
    slabUsed = 0;
  }
  slabUsed += length;
  return slab.subarray(slabUsed - length, slabUsed);
}

/** Components by colour string: an export uses a handful of colours thousands of times. */
const componentsByColor = new Map<string | undefined, readonly [number, number, number]>();
/** Past this many distinct colours the cache starts over, so it cannot grow without bound. */
const MAX_CACHED_COLORS = 256;

/** The colour as the three components of a /C or /IC array. */
export function colorComponents(color: string | undefined): [number, number, number] {
  let components = componentsByColor.get(color);
  if (!components) {
    const { r, g, b } = parseHexColor(color);
    if (componentsByColor.size >= MAX_CACHED_COLORS) componentsByColor.clear();
    componentsByColor.set(color, (components = [round(r), round(g), round(b)]));
  }
  return [...components];
}

function round(component: number): number {
  return Math.round(component * 10000) / 10000;
}
