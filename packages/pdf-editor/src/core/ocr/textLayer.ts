// The invisible text layer of a recognised page: one content stream appended to the page, drawn
// in text render mode 3 (neither filled nor stroked), so the page looks exactly as before while
// readers extract, search, select and copy the words.
//
// The font is a composite font whose codes are the text's UTF-16 code units (Identity-H) and whose
// ToUnicode map gives every code back as itself, so any language's text extracts as it was
// recognised; it has no glyphs to embed, since nothing is ever drawn with it (each code advances
// half an em, /DW 500). The engine's own text drawing encodes for a real font's glyphs, which
// extracts as garbage for such a layer. Each word is placed on its line's baseline and scaled
// horizontally (Tz) to its box, and a space between two words spans the gap to the next, so
// selection follows the picture and extraction has real spaces in reading order.
import { PdfArray, PdfDict, PdfString, type PDF, type PDFPage, type PdfRef } from '../pdf/engine';
import { pdfDict, pdfStream } from '../pdf/objects';
import { writableResources, resolved } from '../pdf/pageAttributes';
import { toUnicodeCMap } from '../pdf/toUnicodeCMap';
import type { ContentAppender } from '../export/flatten/pageContents';
import { multiply, type Matrix } from './contentScan';

/** A box in the image's pixels, top-left origin. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface RecognisedLine {
  /** The line's box; its top is where the tallest letters reach. */
  box: PixelBox;
  /** The baseline's height in pixels at the line's left and right ends. */
  baseline: { x0: number; y0: number; x1: number; y1: number };
  words: { text: string; box: PixelBox }[];
}

/** The recognised lines of one page, in reading order, and the image they were read from. */
export interface RecognisedPage {
  width: number;
  height: number;
  /** Maps the image's unit square to the page's default user space. */
  matrix: Matrix;
  lines: RecognisedLine[];
}

const FONT_NAME = 'MarginaliaOcrText';
/** Ascent of the font as its descriptor gives it (per 1,000 units of the font size). */
const ASCENT = 0.8;
const ADVANCE = 0.5;

/** Every two-byte code maps to the character of the same number. */
function toUnicodeMap(): Uint8Array {
  const ranges: string[] = [];
  for (let high = 0; high < 256; high++) {
    const hex = high.toString(16).padStart(2, '0').toUpperCase();
    ranges.push(`<${hex}00> <${hex}FF> <${hex}00>`);
  }
  return new TextEncoder().encode(toUnicodeCMap(ranges, 'bfrange'));
}

/** The text layer's font, made once per document. */
export function registerTextLayerFont(doc: PDF): PdfRef {
  const descriptor = doc.register(
    pdfDict({
      Type: 'FontDescriptor',
      FontName: FONT_NAME,
      Flags: 5,
      FontBBox: [0, -200, 500, 800],
      ItalicAngle: 0,
      Ascent: 800,
      Descent: -200,
      CapHeight: 700,
      StemV: 80,
    }),
  );
  const cidFont = doc.register(
    pdfDict({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: FONT_NAME,
      CIDSystemInfo: { Registry: PdfString.fromString('Adobe'), Ordering: PdfString.fromString('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 500,
      CIDToGIDMap: 'Identity',
    }),
  );
  return doc.register(
    pdfDict({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: FONT_NAME,
      Encoding: 'Identity-H',
      DescendantFonts: new PdfArray([cidFont]),
      ToUnicode: doc.register(pdfStream({}, toUnicodeMap())),
    }),
  );
}

/** A name for the font in the page's /Resources /Font that no font of the page already has. */
function fontName(doc: PDF, page: PDFPage, font: PdfRef): string {
  const resources = writableResources(doc, page.dict);
  let fonts = resolved(doc, resources.get('Font'));
  if (!(fonts instanceof PdfDict)) resources.set('Font', (fonts = new PdfDict()));
  let index = 0;
  let name = 'MgOcr';
  while (fonts.has(name)) name = `MgOcr${++index}`;
  fonts.set(name, font);
  return name;
}

const number = (value: number): string => String(Math.round(value * 1000) / 1000);

function hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${out}>`;
}

/** The baseline's height under `x`, on the line from its left to its right end. */
function baselineAt(line: RecognisedLine, x: number): number {
  const { x0, y0, x1, y1 } = line.baseline;
  return x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/** The content that shows `page`'s words invisibly, in the image's pixel space. */
export function textLayerContent(page: RecognisedPage, font: string): string {
  // Pixels (top-left origin) to the image's unit square, then to the page.
  const toPage = multiply([1 / page.width, 0, 0, -1 / page.height, 0, 1], page.matrix);
  const out = ['q', `${toPage.map(number).join(' ')} cm`, 'BT', '3 Tr'];
  for (const line of page.lines) {
    const words = line.words.filter((word) => word.text.trim() !== '' && word.box.x1 > word.box.x0);
    words.forEach((word, index) => {
      const baseline = baselineAt(line, (word.box.x0 + word.box.x1) / 2);
      const size = Math.max(1, (baseline - line.box.y0) / ASCENT);
      const text = word.text.trim();
      const scale = (100 * (word.box.x1 - word.box.x0)) / (text.length * ADVANCE * size);
      out.push(`/${font} ${number(size)} Tf`, `1 0 0 -1 ${number(word.box.x0)} ${number(baseline)} Tm`, `${number(scale)} Tz`, `${hex(text)} Tj`);
      const next = words[index + 1];
      if (next) {
        // The space reaches the next word's left edge, whatever the gap.
        const gap = Math.max(next.box.x0 - word.box.x1, 1);
        out.push(`${number((100 * gap) / (ADVANCE * size))} Tz`, `${hex(' ')} Tj`);
      }
    });
  }
  out.push('ET', 'Q');
  return out.join('\n') + '\n';
}

/** Appends the invisible text of `recognised` to `page`. */
export function appendTextLayer(doc: PDF, appender: ContentAppender, page: PDFPage, font: PdfRef, recognised: RecognisedPage): void {
  const content = textLayerContent(recognised, fontName(doc, page, font));
  appender.append(page, new TextEncoder().encode(content));
}
