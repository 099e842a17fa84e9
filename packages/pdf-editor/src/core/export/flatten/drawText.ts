// Text annotations: family mapped to a standard font (or the Unicode font), size, bold, italic,
// alignment within `width` (or the longest line), underline, line breaks and opacity.
import type { PDFFont } from 'pdf-lib';
import type { TextAnnotation } from '../../model/types';
import { toPdfColor } from '../../pdf/color';
import type { ExportContext } from '../context';
import type { Canvas } from './frame';

/** Line height as a multiple of the font size; the editor's text layer uses the same. */
export const TEXT_LINE_HEIGHT = 1.2;

function alignedX(align: TextAnnotation['textAlign'], left: number, boxWidth: number, lineWidth: number): number {
  if (align === 'center') return left + (boxWidth - lineWidth) / 2;
  if (align === 'right') return left + boxWidth - lineWidth;
  return left;
}

/** Distance from the top of a line box to its baseline, CSS-style: half-leading plus the ascent. */
function baselineOffset(font: PDFFont, size: number): number {
  const ascent = font.heightAtSize(size, { descender: false });
  const fullHeight = font.heightAtSize(size);
  const halfLeading = (size * TEXT_LINE_HEIGHT - fullHeight) / 2;
  return halfLeading + ascent;
}

export async function drawText(canvas: Canvas, annotation: TextAnnotation, context: ExportContext): Promise<void> {
  if (annotation.content.trim() === '') return;
  const size = annotation.fontSize;
  const font = await context.fontFor(annotation.content, {
    fontFamily: annotation.fontFamily,
    bold: annotation.fontWeight === 'bold',
    italic: annotation.fontStyle === 'italic',
  });
  const lines = context.drawableText(annotation.content, font).split('\n');
  const widths = lines.map((line) => font.widthOfTextAtSize(line, size));
  // A zero width is a box the editor never sized: align within the longest line instead.
  const boxWidth = annotation.width || Math.max(...widths);
  const color = toPdfColor(annotation.color);
  const lineHeight = size * TEXT_LINE_HEIGHT;
  const firstBaseline = annotation.position.y + baselineOffset(font, size);

  lines.forEach((line, index) => {
    const lineWidth = widths[index] ?? 0;
    if (line === '') return;
    const x = alignedX(annotation.textAlign, annotation.position.x, boxWidth, lineWidth);
    const baseline = canvas.y(firstBaseline + index * lineHeight);
    canvas.page.drawText(line, { x, y: baseline, size, font, color, opacity: annotation.opacity });
    if (annotation.textDecoration === 'underline') {
      const offset = size * 0.1;
      canvas.page.drawLine({
        start: { x, y: baseline - offset },
        end: { x: x + lineWidth, y: baseline - offset },
        thickness: Math.max(0.5, size / 16),
        color,
        opacity: annotation.opacity,
      });
    }
  });
}
