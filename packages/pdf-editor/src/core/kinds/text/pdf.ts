// Text in PDF: the family mapped to a standard font (or Unicode fonts, run by run), size, bold,
// italic, alignment within `width` (or the longest line), underline, line breaks and opacity, laid
// out on the editor's baselines. Written as /FreeText with the same layout (line height, baseline
// and alignment), so a native and a flattened export look alike. The text colour goes into /DA (as
// pdf.js and Acrobat write it) and not into /C, which for FreeText means a background fill. /DS
// carries the CSS-like style (family, weight, style, alignment, decoration) other tools and our
// importer read back; /Q repeats the alignment for readers that ignore /DS. Read back from
// /FreeText, other tools' too (readFreeText.ts).
import { TEXT_LINE_HEIGHT } from '../../geometry/annotationGeometry';
import type { ExportContext } from '../../export/context';
import type { Canvas } from '../../export/flatten/frame';
import { inflate, rectDifferences, type NativeWriter } from '../../export/native/nativeTypes';
import { colorComponents, num, textString } from '../../export/native/pdfValues';
import { baselineOffset } from '../../export/textLayout';
import type { PdfKind } from '../pdfKind';
import type { TextAnnotation } from './index';
import { readFreeText } from './readFreeText';

/** The x where a line of `lineWidth` starts in a box of `boxWidth` whose left edge is `left`. */
function alignedX(align: TextAnnotation['textAlign'], left: number, boxWidth: number, lineWidth: number): number {
  if (align === 'center') return left + (boxWidth - lineWidth) / 2;
  if (align === 'right') return left + boxWidth - lineWidth;
  return left;
}

/** The largest of `widths` (0 for none), looped: spreading a million lines into Math.max overflows the stack. */
function longest(widths: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < widths.length; i++) max = Math.max(max, widths[i] ?? 0);
  return max;
}

async function drawText(canvas: Canvas, annotation: TextAnnotation, context: ExportContext): Promise<void> {
  if (annotation.content.trim() === '') return;
  const size = annotation.fontSize;
  const { widths, heights, eachLine } = await context.layoutText(annotation.content, {
    fontFamily: annotation.fontFamily,
    bold: annotation.fontWeight === 'bold',
    italic: annotation.fontStyle === 'italic',
  });
  // A zero width is a box the editor never sized: align within the longest line instead.
  const boxWidth = annotation.width || longest(widths) * size;
  const lineHeight = size * TEXT_LINE_HEIGHT;
  const firstBaseline = annotation.position.y + baselineOffset(heights, size);
  const fontName = (font: Parameters<typeof canvas.resources.font>[0]) => canvas.resources.font(font);
  const { content } = canvas;
  const color = canvas.color(annotation.color);
  const underline = annotation.textDecoration === 'underline';

  canvas.setOpacity(annotation.opacity);
  content.fillColor(color);
  if (underline) content.strokeColor(color).lineWidth(Math.max(0.5, size / 16));
  // Drawn as laid out, line by line: a text box may hold a million lines.
  eachLine((line, index) => {
    if (line.runs.length === 0) return;
    const lineWidth = line.width * size;
    const x = alignedX(annotation.textAlign, annotation.position.x, boxWidth, lineWidth);
    const baseline = firstBaseline + index * lineHeight;
    content.textLine(line, size, x, baseline, fontName);
    if (underline) {
      const y = baseline + size * 0.1;
      content.moveTo(x, y).lineTo(x + lineWidth, y).stroke();
    }
  });
}

const ALIGNMENT = { left: 0, center: 1, right: 2 } as const;
/** How far glyphs may reach beyond their line box, as a share of the font size. */
const GLYPH_OVERHANG = 0.3;

/** The /DS default style string; `font-family` is quoted as CSS requires for names with spaces. */
function defaultStyle(annotation: TextAnnotation): string {
  return [
    `font-family:'${annotation.fontFamily.replace(/'/g, '')}'`,
    `font-size:${num(annotation.fontSize)}pt`,
    `font-weight:${annotation.fontWeight}`,
    `font-style:${annotation.fontStyle}`,
    `text-align:${annotation.textAlign}`,
    `text-decoration:${annotation.textDecoration}`,
    `color:${annotation.color.toUpperCase()}`,
  ].join(';');
}

const writeFreeText: NativeWriter<TextAnnotation> = async (annotation, env) => {
  const size = annotation.fontSize;
  const { widths } = await env.context.layoutText(annotation.content, {
    fontFamily: annotation.fontFamily,
    bold: annotation.fontWeight === 'bold',
    italic: annotation.fontStyle === 'italic',
  });
  // A zero width is a box the editor never sized: the longest line, as the drawer aligns it.
  const boxWidth = annotation.width || longest(widths) * size;
  const lineHeight = size * TEXT_LINE_HEIGHT;

  const [r, g, b] = colorComponents(annotation.color);
  // Accents on capitals (Ü, Å) and descenders reach past the line boxes: the appearance gets room
  // for them above and below, and /RD tells readers where the text box itself is.
  const margin = size * GLYPH_OVERHANG;
  const textBox = { x: annotation.position.x, y: annotation.position.y, width: boxWidth, height: widths.length * lineHeight };
  const displayRect = inflate(textBox, 0, margin);
  return {
    subtype: 'FreeText',
    displayRect,
    entries: {
      DA: textString(`/Helv ${num(size)} Tf ${num(r)} ${num(g)} ${num(b)} rg`),
      DS: textString(defaultStyle(annotation)),
      Q: ALIGNMENT[annotation.textAlign],
      RD: rectDifferences(env.space.rectToPdf(displayRect), env.space.rectToPdf(textBox)),
    },
    contents: annotation.content,
    borderWidth: 0,
  };
};

export const textPdf: PdfKind<TextAnnotation> = { draw: drawText, write: writeFreeText, reads: { FreeText: readFreeText } };
