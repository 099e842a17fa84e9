// Reads what a page's content streams paint, without drawing them: whether any text is shown (Tj,
// TJ, ' or ", in any render mode, so a page that already carries an invisible text layer counts as
// text), and every image XObject painted, with the matrix it is painted at (q/Q/cm followed, form
// XObjects entered with their /Matrix). A scan is a page whose only content is such an image.
import { PdfArray, PdfDict, PdfName, PdfNumber, PdfStream, type PDF, type PDFPage } from '../pdf/engine';
import { inheritedAttribute, resolved } from '../pdf/pageAttributes';

/** An affine matrix [a b c d e f], as PDF writes it. */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `first` then `second`: the matrix `first × second` in PDF's row-vector convention. */
export function multiply(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = second;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export interface PaintedImage {
  image: PdfStream;
  /** Maps the image's unit square (its bottom-left at 0,0) to the page's default user space. */
  matrix: Matrix;
}

export interface PageContent {
  hasText: boolean;
  images: PaintedImage[];
}

const TEXT_OPERATORS = new Set(['Tj', 'TJ', "'", '"']);
const MAX_FORM_DEPTH = 8;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

function streamsOf(pdf: PDF, value: ReturnType<typeof resolved>): PdfStream[] {
  if (value instanceof PdfStream) return [value];
  if (value instanceof PdfArray) return value.toArray().flatMap((item) => streamsOf(pdf, resolved(pdf, item)));
  return [];
}

function decoded(stream: PdfStream): Uint8Array {
  try {
    return stream.getDecodedData();
  } catch {
    // A stream no reader can decode shows nothing: no text and no image from it.
    return new Uint8Array(0);
  }
}

/** Concatenated content: a page's streams join as if one, separated by white space. */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length + 1, 0);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    out[at + part.length] = 0x0a;
    at += part.length + 1;
  }
  return out;
}

interface Scan {
  pdf: PDF;
  result: PageContent;
  visiting: Set<PdfStream>;
}

function xObject(scan: Scan, resources: PdfDict | undefined, name: string): PdfStream | undefined {
  const xObjects = resources ? resolved(scan.pdf, resources.get('XObject')) : undefined;
  const object = xObjects instanceof PdfDict ? resolved(scan.pdf, xObjects.get(name)) : undefined;
  return object instanceof PdfStream ? object : undefined;
}

function numbers(pdf: PDF, value: ReturnType<typeof resolved>): number[] | undefined {
  if (!(value instanceof PdfArray)) return undefined;
  const items = value.toArray().map((item) => {
    const number = resolved(pdf, item);
    return number instanceof PdfNumber ? number.value : NaN;
  });
  return items.every(Number.isFinite) ? items : undefined;
}

function paint(scan: Scan, resources: PdfDict | undefined, name: string, ctm: Matrix, depth: number): void {
  const object = xObject(scan, resources, name);
  if (!object) return;
  const subtype = resolved(scan.pdf, object.get('Subtype'));
  if (!(subtype instanceof PdfName)) return;
  if (subtype.value === 'Image') {
    scan.result.images.push({ image: object, matrix: ctm });
    return;
  }
  if (subtype.value !== 'Form' || depth >= MAX_FORM_DEPTH || scan.visiting.has(object)) return;
  const matrix = numbers(scan.pdf, resolved(scan.pdf, object.get('Matrix')));
  const own = resolved(scan.pdf, object.get('Resources'));
  scan.visiting.add(object);
  interpret(scan, decoded(object), own instanceof PdfDict ? own : resources, matrix?.length === 6 ? multiply(matrix as unknown as Matrix, ctm) : ctm, depth + 1);
  scan.visiting.delete(object);
}

/** Walks one content stream's operators, keeping the last numbers and name as operands. */
function interpret(scan: Scan, bytes: Uint8Array, resources: PdfDict | undefined, start: Matrix, depth: number): void {
  let ctm = start;
  const stack: Matrix[] = [];
  let operands: number[] = [];
  let lastName: string | undefined;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const byte = bytes[i] as number;
    if (WHITESPACE.has(byte)) {
      i++;
    } else if (byte === 0x25) {
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (byte === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      let level = 0;
      for (; i < n; i++) {
        const c = bytes[i];
        if (c === 0x5c) i++;
        else if (c === 0x28) level++;
        else if (c === 0x29 && --level === 0) break;
      }
      i++;
    } else if (byte === 0x3c && bytes[i + 1] !== 0x3c) {
      while (i < n && bytes[i] !== 0x3e) i++;
      i++;
    } else if (byte === 0x2f) {
      let end = i + 1;
      while (end < n && !WHITESPACE.has(bytes[end] as number) && !DELIMITERS.has(bytes[end] as number)) end++;
      lastName = String.fromCharCode(...bytes.subarray(i + 1, end)).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      i = end;
    } else if (DELIMITERS.has(byte)) {
      i += byte === 0x3c || byte === 0x3e ? 2 : 1;
    } else {
      let end = i + 1;
      while (end < n && !WHITESPACE.has(bytes[end] as number) && !DELIMITERS.has(bytes[end] as number)) end++;
      const token = String.fromCharCode(...bytes.subarray(i, end));
      i = end;
      const number = Number(token);
      if (token !== '' && Number.isFinite(number) && /^[+\-.\d]/.test(token)) {
        operands.push(number);
        if (operands.length > 6) operands.shift();
        continue;
      }
      if (TEXT_OPERATORS.has(token)) scan.result.hasText = true;
      else if (token === 'q') stack.push(ctm);
      else if (token === 'Q') ctm = stack.pop() ?? ctm;
      else if (token === 'cm' && operands.length === 6) ctm = multiply(operands as unknown as Matrix, ctm);
      else if (token === 'Do' && lastName !== undefined) paint(scan, resources, lastName, ctm, depth);
      else if (token === 'ID') i = skipInlineImage(bytes, i);
      operands = [];
    }
  }
}

/** The position after an inline image's data: past the "EI" that follows white space. */
function skipInlineImage(bytes: Uint8Array, from: number): number {
  for (let i = from + 1; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x45 && bytes[i + 1] === 0x49 && WHITESPACE.has(bytes[i - 1] as number) && (i + 2 >= bytes.length || WHITESPACE.has(bytes[i + 2] as number))) {
      return i + 2;
    }
  }
  return bytes.length;
}

/** What `page` shows: whether it has text, and the images it paints with their matrices. */
export function scanPage(pdf: PDF, page: PDFPage): PageContent {
  const result: PageContent = { hasText: false, images: [] };
  const resources = inheritedAttribute(pdf, page.dict, 'Resources');
  const content = joined(streamsOf(pdf, resolved(pdf, page.dict.get('Contents'))).map(decoded));
  interpret({ pdf, result, visiting: new Set() }, content, resources instanceof PdfDict ? resources : undefined, IDENTITY, 0);
  return result;
}
