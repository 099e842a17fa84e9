// Text boxes as /FreeText. The layout matches the flattened export (same line height, baseline and
// alignment), so a native and a flattened export look alike. The text colour goes into /DA (as
// pdf.js and Acrobat write it) and not into /C, which for FreeText means a background fill. /DS
// carries the CSS-like style (family, weight, style, alignment, decoration) other tools and our
// importer read back; /Q repeats the alignment for readers that ignore /DS.
import type { TextAnnotation } from '../../model/types';
import { alignedX, baselineOffset, TEXT_LINE_HEIGHT } from '../textLayout';
import { polylinePath } from './appearance';
import type { NativeWriter } from './nativeTypes';
import { colorComponents, colorOperator, num, textString } from './pdfValues';

const ALIGNMENT = { left: 0, center: 1, right: 2 } as const;

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
  const font = await env.context.fontFor(annotation.content, {
    fontFamily: annotation.fontFamily,
    bold: annotation.fontWeight === 'bold',
    italic: annotation.fontStyle === 'italic',
  });
  const lines = env.context.drawableText(annotation.content, font).split('\n');
  const widths = lines.map((line) => font.widthOfTextAtSize(line, size));
  const boxWidth = annotation.width ?? Math.max(0, ...widths);
  const lineHeight = size * TEXT_LINE_HEIGHT;
  const firstBaseline = annotation.position.y + baselineOffset(font, size);

  const { appearance } = env;
  appearance.setOpacity(annotation.opacity);
  const fontName = appearance.fontName(font);
  appearance.push(colorOperator(annotation.color, 'rg'), colorOperator(annotation.color, 'RG'));
  lines.forEach((line, index) => {
    if (line === '') return;
    const width = widths[index] ?? 0;
    const x = alignedX(annotation.textAlign, annotation.position.x, boxWidth, width);
    const baseline = firstBaseline + index * lineHeight;
    // The text matrix flips y back up: display space runs downwards.
    appearance.push('BT', `/${fontName} ${num(size)} Tf`, `1 0 0 -1 ${num(x)} ${num(baseline)} Tm`);
    appearance.push(`${font.encodeText(line).toString()} Tj`, 'ET');
    if (annotation.textDecoration === 'underline') {
      const y = baseline + size * 0.1;
      appearance.push(`${num(Math.max(0.5, size / 16))} w`, polylinePath([{ x, y }, { x: x + width, y }]), 'S');
    }
  });

  const { context } = env.doc;
  const [r, g, b] = colorComponents(annotation.color);
  return {
    subtype: 'FreeText',
    displayRect: {
      x: annotation.position.x,
      y: annotation.position.y,
      width: boxWidth,
      height: lines.length * lineHeight,
    },
    entries: {
      DA: textString(`/Helv ${num(size)} Tf ${num(r)} ${num(g)} ${num(b)} rg`),
      DS: textString(defaultStyle(annotation)),
      Q: context.obj(ALIGNMENT[annotation.textAlign]),
    },
    contents: annotation.content,
    borderWidth: 0,
  };
};
