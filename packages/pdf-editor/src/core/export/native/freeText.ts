// Text boxes as /FreeText. The layout matches the flattened export (same line height, baseline and
// alignment), so a native and a flattened export look alike. The text colour goes into /DA (as
// pdf.js and Acrobat write it) and not into /C, which for FreeText means a background fill. /DS
// carries the CSS-like style (family, weight, style, alignment, decoration) other tools and our
// importer read back; /Q repeats the alignment for readers that ignore /DS.
import type { TextAnnotation } from '../../model/types';
import { TEXT_LINE_HEIGHT } from '../../geometry/annotationGeometry';
import { longest } from '../textLayout';
import { inflate, rectDifferences, type NativeWriter } from './nativeTypes';
import { colorComponents, num, textString } from './pdfValues';

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

export const writeFreeText: NativeWriter<TextAnnotation> = async (annotation, env) => {
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
