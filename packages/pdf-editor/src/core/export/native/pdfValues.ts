// Small encoders for values written into annotation dictionaries and appearance streams.
import { PdfString } from '@libpdf/core';
import { parseHexColor } from '../../pdf/color';

/** A number for a content stream: at most 4 decimals, never exponent notation. */
export function num(value: number): string {
  // Integer arithmetic rather than toFixed, which is slow; |value| < 1e11 keeps String() plain.
  const clamped = value > 1e10 ? 1e10 : value < -1e10 ? -1e10 : value;
  const rounded = Math.round(clamped * 10000) / 10000;
  return rounded === 0 || Number.isNaN(rounded) ? '0' : String(rounded);
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const ascii = new TextEncoder();

/**
 * A PDF text string: PDFDocEncoding where that holds the text (readable in any tool), UTF-16BE
 * otherwise, so ids, comments and CJK text all survive.
 */
export function textString(text: string): PdfString {
  // Printable ASCII (ids, dates, most comments) is the same in PDFDocEncoding: no lookup needed.
  if (PRINTABLE_ASCII.test(text)) return new PdfString(ascii.encode(text), 'literal');
  return PdfString.fromString(text);
}

/** The colour as the three components of a /C or /IC array. */
export function colorComponents(color: string | undefined): [number, number, number] {
  const { r, g, b } = parseHexColor(color);
  return [round(r), round(g), round(b)];
}

/** Content-stream operator setting the fill (`rg`) or stroke (`RG`) colour. */
export function colorOperator(color: string | undefined, operator: 'rg' | 'RG'): string {
  return `${colorComponents(color).map(num).join(' ')} ${operator}`;
}

function round(component: number): number {
  return Number(component.toFixed(4));
}
