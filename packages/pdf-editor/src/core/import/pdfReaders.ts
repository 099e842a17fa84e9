// Tolerant readers for the values of an annotation dictionary written by any tool: numbers that are
// missing or of the wrong type read as undefined instead of throwing.
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import type { Rect } from '../model/types';
import { toHexColor } from '../pdf/color';

export function lookup(dict: PDFDict, key: string): PDFObject | undefined {
  return dict.lookup(PDFName.of(key));
}

export function readNumber(dict: PDFDict, key: string): number | undefined {
  const value = lookup(dict, key);
  return value instanceof PDFNumber && Number.isFinite(value.asNumber()) ? value.asNumber() : undefined;
}

export function readName(dict: PDFDict, key: string): string | undefined {
  const value = lookup(dict, key);
  return value instanceof PDFName ? value.decodeText() : undefined;
}

export function readText(dict: PDFDict, key: string): string | undefined {
  const value = lookup(dict, key);
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

/** The numbers of an array; undefined when it is missing or holds anything but numbers. */
export function numbersOf(value: PDFObject | undefined): number[] | undefined {
  if (!(value instanceof PDFArray)) return undefined;
  const numbers: number[] = [];
  for (let index = 0; index < value.size(); index++) {
    const item = value.lookup(index);
    if (!(item instanceof PDFNumber) || !Number.isFinite(item.asNumber())) return undefined;
    numbers.push(item.asNumber());
  }
  return numbers;
}

export function readNumbers(dict: PDFDict, key: string): number[] | undefined {
  return numbersOf(lookup(dict, key));
}

/** /Rect normalised to a bottom-left x, y and a size; undefined when missing, malformed or empty. */
export function readRect(dict: PDFDict, key = 'Rect'): Rect | undefined {
  const values = readNumbers(dict, key);
  if (!values || values.length !== 4) return undefined;
  const [x1, y1, x2, y2] = values as [number, number, number, number];
  const rect = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
  return rect.width > 0 || rect.height > 0 ? rect : undefined;
}

/** A colour array (gray, RGB or CMYK) as `#RRGGBB`; undefined when absent or transparent. */
export function colorOf(components: readonly number[] | undefined): string | undefined {
  if (!components) return undefined;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const [a = 0, b = 0, c = 0, d = 0] = components.map(clamp);
  if (components.length === 1) return toHexColor({ r: a, g: a, b: a });
  if (components.length === 3) return toHexColor({ r: a, g: b, b: c });
  if (components.length === 4) return toHexColor({ r: (1 - a) * (1 - d), g: (1 - b) * (1 - d), b: (1 - c) * (1 - d) });
  return undefined;
}

export function readColor(dict: PDFDict, key: string): string | undefined {
  return colorOf(readNumbers(dict, key));
}

/** The border width from /BS /W, else the third entry of /Border; undefined when neither is given. */
export function readBorderWidth(dict: PDFDict): number | undefined {
  const style = lookup(dict, 'BS');
  if (style instanceof PDFDict) {
    const width = readNumber(style, 'W');
    if (width !== undefined && width >= 0) return width;
  }
  const border = readNumbers(dict, 'Border');
  const width = border?.[2];
  return width !== undefined && width >= 0 ? width : undefined;
}
