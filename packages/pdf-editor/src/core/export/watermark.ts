// The free-version watermark (spec section 9): Helvetica 48, grey, 0.3 opacity, centred on each
// given page as displayed and upright on rotated pages. It runs horizontally so that it stays one
// line of extractable text, and shrinks on pages too narrow for it at 48 pt.
import type { ExportContext } from './context';
import type { PageCanvases } from './flatten/frame';

export const DEFAULT_WATERMARK_TEXT = 'Marginalia - Free Version';
const SIZE = 48;
const COLOR = { r: 0.5, g: 0.5, b: 0.5 };
const OPACITY = 0.3;
/** Widest share of the page width the watermark may take. */
const MAX_WIDTH_RATIO = 0.9;

export async function drawWatermark(
  canvases: PageCanvases,
  pageIndexes: Iterable<number>,
  text: string,
  context: ExportContext,
): Promise<void> {
  if (text.trim() === '') return;
  const font = await context.fontFor(text, { fontFamily: 'Helvetica', bold: false, italic: false });
  const line = context.drawableText(text, font).replace(/\n/g, ' ');
  const { metrics } = font;
  const widthAtOne = metrics.widthOfTextAtSize(line, 1);
  const encoded = metrics.encodeText(line);
  for (const pageIndex of pageIndexes) {
    const canvas = canvases.canvas(pageIndex);
    const size = Math.min(SIZE, (canvas.width * MAX_WIDTH_RATIO) / widthAtOne);
    const capHeight = metrics.heightAtSize(size, { descender: false });
    canvas.content.save();
    canvas.setOpacity(OPACITY);
    canvas.content
      .fillColor(COLOR)
      // Centred: the baseline sits half the cap height below the displayed page's middle.
      .textLine(canvas.resources.font(font), size, (canvas.width - widthAtOne * size) / 2, (canvas.height + capHeight) / 2, encoded)
      .restore();
  }
}
