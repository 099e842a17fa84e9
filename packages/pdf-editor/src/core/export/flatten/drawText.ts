// Text annotations: family mapped to a standard font (or Unicode fonts, run by run), size, bold,
// italic, alignment within `width` (or the longest line), underline, line breaks and opacity.
import type { TextAnnotation } from '../../model/types';
import type { ExportContext } from '../context';
import { TEXT_LINE_HEIGHT } from '../../geometry/annotationGeometry';
import { alignedX, baselineOffset, longest } from '../textLayout';
import type { Canvas } from './frame';

export async function drawText(canvas: Canvas, annotation: TextAnnotation, context: ExportContext): Promise<void> {
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
