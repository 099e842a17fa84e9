// Small encoders for values written into annotation dictionaries and appearance streams.
import { PDFHexString, PDFString } from 'pdf-lib';
import { parseHexColor } from '../../pdf/color';

/** A number for a content stream: at most 4 decimals, never exponent notation. */
export function num(value: number): string {
  const rounded = Number(value.toFixed(4));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/**
 * A PDF text string: a literal string for printable ASCII (readable in any tool), UTF-16BE hex
 * otherwise, so ids, comments and CJK text all survive.
 */
export function textString(text: string): PDFString | PDFHexString {
  if (/^[\x20-\x7e]*$/.test(text)) return PDFString.of(text.replace(/([\\()])/g, '\\$1'));
  return PDFHexString.fromText(text);
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
