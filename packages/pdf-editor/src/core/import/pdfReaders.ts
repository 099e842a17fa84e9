// Tolerant readers for the values of an annotation dictionary written by any tool: indirect
// references are followed, and numbers that are missing or of the wrong type read as undefined
// instead of throwing.
import { PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfStream, PdfString, type PDF } from '../pdf/engine';
import type { PdfArrayObject, PdfDictionary, PdfObjectValue, PdfStringObject } from '../pdfObjectTypes';
import type { Rect } from '../model/base';
import { toHexColor } from '../pdf/color';
import { nameOf } from '../pdf/objects';
import { latin1 } from '../pdf/update';

/** Reads values out of dictionaries of one document, following its references. */
export interface DictReader {
  /** The value of `key`, reference followed. */
  lookup(dict: PdfDictionary, key: string): PdfObjectValue | undefined;
  /** An array item, reference followed. */
  item(array: PdfArrayObject, index: number): PdfObjectValue | undefined;
  /** A value, reference followed. */
  resolve(value: PdfObjectValue | undefined): PdfObjectValue | undefined;
}

export function createDictReader(pdf: PDF): DictReader {
  const resolve = (value: PdfObjectValue | undefined): PdfObjectValue | undefined => (value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value);
  return {
    resolve,
    lookup: (dict, key) => resolve(dict instanceof PdfDict ? dict.get(nameOf(key)) : dict.get(key)),
    item: (array, index) => resolve(array.at(index)),
  };
}

export function readNumber(read: DictReader, dict: PdfDictionary, key: string): number | undefined {
  const value = read.lookup(dict, key);
  return value instanceof PdfNumber && Number.isFinite(value.value) ? value.value : undefined;
}

export function readName(read: DictReader, dict: PdfDictionary, key: string): string | undefined {
  const value = read.lookup(dict, key);
  return value instanceof PdfName ? value.value : undefined;
}

export function readText(read: DictReader, dict: PdfDictionary, key: string): string | undefined {
  const value = read.lookup(dict, key);
  return value instanceof PdfString ? textOf(value) : undefined;
}

/**
 * V8 keeps a typed array of up to this many bytes inside its object, with no buffer of its own:
 * `textOf` builds such a string from character codes and hands longer ones to the decoder, and
 * export's `textString` cuts longer ones from shared slabs.
 */
export const IN_OBJECT_BYTES = 64;

/**
 * `value.asString()`, printable ASCII straight from the bytes, which
 * PDFDocEncoding decodes to themselves: ids, dates and private copies are that, and the engine's
 * decoder, a lookup and an array push a byte, cost more than the rest of reading them.
 */
export function textOf(value: PdfStringObject): string {
  const { bytes } = value;
  for (const byte of bytes) if (byte < 0x20 || byte > 0x7e) return value.asString();
  // Decoded in one call: a string grown a byte at a time is a chain of pieces that JSON.parse
  // and the digest then walk (a private copy is a hundred bytes or more). Latin-1 and ASCII agree
  // on every byte this far. A short string by character codes: `TextDecoder` first moves an
  // array kept inside its object out to a buffer of its own, which cost 1 µs a string (some 5% of
  // a native export, which reads back every id and date it wrote). A longer one by the decoder:
  // character codes would first be copied into a list of arguments, eight bytes each.
  return bytes.length <= IN_OBJECT_BYTES ? String.fromCharCode.apply(null, bytes as unknown as number[]) : latin1.decode(bytes);
}

/** The numbers of an array; undefined when it is missing or holds anything but numbers. */
export function numbersOf(read: DictReader, value: PdfObjectValue | undefined): number[] | undefined {
  const array = read.resolve(value);
  if (!(array instanceof PdfArray)) return undefined;
  const numbers: number[] = [];
  for (let index = 0; index < array.length; index++) {
    const item = read.item(array, index);
    if (!(item instanceof PdfNumber) || !Number.isFinite(item.value)) return undefined;
    numbers.push(item.value);
  }
  return numbers;
}

export function readNumbers(read: DictReader, dict: PdfDictionary, key: string): number[] | undefined {
  return numbersOf(read, read.lookup(dict, key));
}

/**
 * /Rect normalised to a bottom-left x, y and a size; undefined when missing or malformed, and when
 * it has no area at all unless `allowPoint` (a note's icon sits at a point).
 */
export function readRect(read: DictReader, dict: PdfDictionary, options: { allowPoint?: boolean } = {}): Rect | undefined {
  const values = readNumbers(read, dict, 'Rect');
  if (!values || values.length !== 4) return undefined;
  const [x1, y1, x2, y2] = values as [number, number, number, number];
  const rect = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
  return rect.width > 0 || rect.height > 0 || options.allowPoint ? rect : undefined;
}

/**
 * The box inside /Rect that /RD marks, its numbers the insets of the left, bottom, right and top
 * edges. ISO 32000-2 12.5.6.4 lists them as left, top, right, bottom, but no reader follows that:
 * Acrobat, MuPDF, Poppler and PDFBox all take the second as the bottom inset
 * (pdf-association/pdf-issues#592 asks the spec to say so), and a box must import where users saw
 * it. An /RD that is malformed, negative or larger than /Rect counts as absent: then `inset` all
 * round.
 */
export function readInnerRect(read: DictReader, dict: PdfDictionary, inset = 0): Rect | undefined {
  const rect = readRect(read, dict);
  if (!rect) return undefined;
  const rd = readNumbers(read, dict, 'RD');
  const [left = -1, bottom = -1, right = -1, top = -1] = rd?.length === 4 ? rd : [];
  const usable = Math.min(left, bottom, right, top) >= 0 && left + right <= rect.width && top + bottom <= rect.height;
  const [l, b, r, t] = usable ? [left, bottom, right, top] : [inset, inset, inset, inset];
  return { x: rect.x + l, y: rect.y + b, width: Math.max(0, rect.width - l - r), height: Math.max(0, rect.height - t - b) };
}

/** The names of /LE (start, end), 'None' where an item is missing; undefined without /LE. */
export function readLineEndings(read: DictReader, dict: PdfDictionary): [string, string] | undefined {
  const endings = read.lookup(dict, 'LE');
  if (!(endings instanceof PdfArray)) return undefined;
  const name = (index: number) => {
    const item = read.item(endings, index);
    return item instanceof PdfName ? item.value : 'None';
  };
  return [name(0), name(1)];
}

/** A colour array (gray, RGB or CMYK) as `#RRGGBB`; undefined when absent or transparent. */
export function colorOf(components: readonly number[] | undefined): string | undefined {
  if (!components) return undefined;
  // Indexed, not destructured: destructuring walks an iterator, and every imported and exported
  // annotation has a colour or two.
  const clamped = (index: number) => Math.min(1, Math.max(0, components[index] ?? 0));
  const a = clamped(0);
  const b = clamped(1);
  const c = clamped(2);
  const d = clamped(3);
  if (components.length === 1) return toHexColor({ r: a, g: a, b: a });
  if (components.length === 3) return toHexColor({ r: a, g: b, b: c });
  if (components.length === 4) return toHexColor({ r: (1 - a) * (1 - d), g: (1 - b) * (1 - d), b: (1 - c) * (1 - d) });
  return undefined;
}

export function readColor(read: DictReader, dict: PdfDictionary, key: string): string | undefined {
  return colorOf(readNumbers(read, dict, key));
}

/** The border width from /BS /W, else the third entry of /Border; undefined when neither is given. */
export function readBorderWidth(read: DictReader, dict: PdfDictionary): number | undefined {
  const style = read.lookup(dict, 'BS');
  if (style instanceof PdfDict) {
    const width = readNumber(read, style, 'W');
    if (width !== undefined && width >= 0) return width;
  }
  const border = readNumbers(read, dict, 'Border');
  const width = border?.[2];
  return width !== undefined && width >= 0 ? width : undefined;
}

/** Rich text (/RC, XHTML) as the plain text a reader shows: paragraphs and breaks become newlines. */
export function richTextToPlain(richText: string): string {
  return richText
    .replace(/<\?xml[^>]*\?>/g, '')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .trim();
}

/** What a reader shows as the annotation's text: /Contents, or /RC as plain text when /Contents is empty. */
export function readContents(read: DictReader, dict: PdfDictionary): string {
  const contents = readText(read, dict, 'Contents');
  if (contents !== undefined && contents.trim() !== '') return contents;
  const rich = read.lookup(dict, 'RC');
  // /RC is a text string, or (PDF 2.0) a stream of UTF-8 XHTML.
  const richText = rich instanceof PdfString ? rich.asString() : rich instanceof PdfStream ? streamText(rich) : undefined;
  return richText ? richTextToPlain(richText) : (contents ?? '');
}

/**
 * The operators of the normal appearance (/AP /N) as Latin-1 text, as content streams are read;
 * undefined when there is no appearance stream (none, or one per state) or it cannot be decoded.
 */
export function readAppearanceOperators(read: DictReader, dict: PdfDictionary): string | undefined {
  const ap = read.lookup(dict, 'AP');
  const normal = ap instanceof PdfDict ? read.lookup(ap, 'N') : undefined;
  if (!(normal instanceof PdfStream)) return undefined;
  try {
    return latin1.decode(normal.getDecodedData());
  } catch {
    return undefined;
  }
}

/** A stream's data as UTF-8 text; undefined when it cannot be decoded. */
export function streamText(stream: PdfStream): string | undefined {
  try {
    return new TextDecoder().decode(stream.getDecodedData());
  } catch {
    return undefined;
  }
}
