// The free-version watermark (spec section 9): Helvetica 48, grey, 0.3 opacity, centred on each
// given page as displayed and upright on rotated pages. It runs horizontally so that it stays one
// line of extractable text, and shrinks on pages too narrow for it at 48 pt.
import { rgb, type PDFDocument } from 'pdf-lib';
import type { ExportContext } from './context';
import { inDisplayFrame } from './flatten/frame';

export const DEFAULT_WATERMARK_TEXT = 'Marginalia - Free Version';
const SIZE = 48;
const COLOR = rgb(0.5, 0.5, 0.5);
const OPACITY = 0.3;
/** Widest share of the page width the watermark may take. */
const MAX_WIDTH_RATIO = 0.9;

export async function drawWatermark(
  doc: PDFDocument,
  pageIndexes: Iterable<number>,
  text: string,
  context: ExportContext,
): Promise<void> {
  if (text.trim() === '') return;
  const font = await context.fontFor(text, { fontFamily: 'Helvetica', bold: false, italic: false });
  const line = context.drawableText(text, font).replace(/\n/g, ' ');
  const widthAtOne = font.widthOfTextAtSize(line, 1);
  for (const pageIndex of pageIndexes) {
    await inDisplayFrame(doc.getPage(pageIndex), context.pageSpace(pageIndex), ({ page, width, height }) => {
      const size = Math.min(SIZE, (width * MAX_WIDTH_RATIO) / widthAtOne);
      const capHeight = font.heightAtSize(size, { descender: false });
      page.drawText(line, {
        x: (width - widthAtOne * size) / 2,
        y: (height - capHeight) / 2,
        size,
        font,
        color: COLOR,
        opacity: OPACITY,
      });
    });
  }
}
