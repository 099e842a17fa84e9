// The free-version watermark (spec section 9): Helvetica 48, grey, 0.3 opacity, centred on each
// given page as displayed and upright on rotated pages. It runs horizontally so that it stays one
// line of extractable text, and shrinks on pages too narrow for it at 48 pt so that it keeps a
// margin from both sides. Drawn on a canvas in display coordinates: the page's content when
// flattening, a /Watermark annotation's appearance in native mode.
import type { ExportContext } from './context';
import type { Canvas } from './flatten/frame';
import { firstLine } from './textBlock';

export const DEFAULT_WATERMARK_TEXT = 'Marginalia - Free Version';
const SIZE = 48;
const COLOR = { r: 0.5, g: 0.5, b: 0.5 };
const OPACITY = 0.3;
/** Widest share of the page width the watermark may take. */
const MAX_WIDTH_RATIO = 0.9;
/** The least clear space, in points, kept between the watermark and each side of the page. */
const MIN_SIDE_MARGIN = 18;
/** Below this size the text would be an illegible smudge: not drawn at all. */
const MIN_SIZE = 1;

/** Draws the watermark centred on the canvas's page; false when the page is too narrow for it. */
export type WatermarkPainter = (canvas: Canvas) => boolean;

/**
 * The painter of the watermark `text` (its font chosen and the text encoded once per export);
 * undefined when the text is blank.
 */
export async function watermarkPainter(text: string, context: ExportContext): Promise<WatermarkPainter | undefined> {
  if (text.trim() === '') return undefined;
  const block = await context.layoutText(text.replace(/\r?\n|\r/g, ' '), { fontFamily: 'Helvetica', bold: false, italic: false });
  const { heights } = block;
  // One line (its breaks became spaces), laid out once and kept for every page.
  const line = firstLine(block);
  if (!line) return undefined;
  const widthAtOne = line.width;
  return (canvas) => {
    const maxWidth = Math.max(0, Math.min(canvas.width * MAX_WIDTH_RATIO, canvas.width - 2 * MIN_SIDE_MARGIN));
    const size = Math.min(SIZE, maxWidth / widthAtOne);
    if (!(size >= MIN_SIZE)) return false;
    const capHeight = heights.heightAtSize(size, { descender: false });
    canvas.content.save();
    canvas.setOpacity(OPACITY);
    // Centred: the baseline sits half the cap height below the displayed page's middle.
    const x = (canvas.width - widthAtOne * size) / 2;
    canvas.content
      .fillColor(COLOR)
      .textLine(line, size, x, (canvas.height + capHeight) / 2, (font) => canvas.resources.font(font))
      .restore();
    return true;
  };
}
