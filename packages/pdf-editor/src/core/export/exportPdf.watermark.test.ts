// The free-version watermark must stay readable whatever the annotations are: drawn over them (a
// full-width image in the middle of the page must not hide it) and clear of the page's edges on a
// narrow page. Checked on the pixels pdftoppm renders.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../../test-support/annotationFixtures';
import { pngDataUrl, solidPng } from '../../test-support/images';
import { isColor, renderPagePixels, type RenderedPage, type Rgb } from '../../test-support/pdfTools';
import { normalizeAnnotation } from '../model/defaults';
import { exportPdf } from './exportPdf';

/** The least clear space, in points, the watermark keeps from each side of the displayed page. */
const MIN_SIDE_MARGIN_PT = 18;
/** Letters' ink may overhang their advance box, and rendering rounds to whole pixels. */
const INK_SLACK_PT = 2;

async function blankPdf(width: number, height: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([width, height]);
  return doc.save();
}

/** Grey at 0.3 opacity (spec section 9) over `under`. */
function watermarkOver(under: Rgb): Rgb {
  const blend = (channel: number) => Math.round(0.3 * 127.5 + 0.7 * channel);
  return { r: blend(under.r), g: blend(under.g), b: blend(under.b) };
}

/** Horizontal extent of the pixels of colour `ink` in rows `top` to `bottom` (rendered at 72 dpi: 1 px = 1 pt). */
function inkExtent(image: RenderedPage, top: number, bottom: number, ink: Rgb, tolerance: number) {
  let left = Infinity;
  let right = -Infinity;
  let count = 0;
  for (let y = top; y <= bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!isColor(image.getPixel(x, y), ink, tolerance)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      count++;
    }
  }
  return { left, right, count };
}

describe('free-version watermark', () => {
  it.each(['flatten', 'native'] as const)('is drawn over an image annotation covering the middle of the page (%s mode)', async (mode) => {
    const [width, height] = [612, 792];
    const image = normalizeAnnotation({
      type: 'image',
      page: 1,
      position: { x: 0, y: height / 2 - 100 },
      width,
      height: 200,
      imageData: pngDataUrl(solidPng(8, 8, COLORS.blue)),
    });
    const output = await exportPdf(await blankPdf(width, height), [image], { watermark: true, mode });
    const pixels = await renderPagePixels(output, 1, 72);
    // Pure image blue outside the text; the watermark's grey blended over blue where its letters are.
    const band = inkExtent(pixels, height / 2 - 30, height / 2 + 30, watermarkOver(COLORS.blue), 14);
    expect(band.count).toBeGreaterThan(200);
    expect(band.right - band.left).toBeGreaterThan(width / 2);
    expect(isColor(pixels.getPixel(10, height / 2 - 90), COLORS.blue, 10)).toBe(true);
  });

  it.each([
    [150, 600],
    [220, 400],
    [612, 792],
  ])('keeps at least 18 pt clear on both sides of a %i pt wide page', async (width, height) => {
    const mark = normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 10, y: 10 }, width: 20, height: 20, color: '#FF0000' });
    const output = await exportPdf(await blankPdf(width, height), [mark], { watermark: true });
    const pixels = await renderPagePixels(output, 1, 72);
    // Anti-aliased letter edges are lighter than the letters' core, so any visibly grey pixel counts.
    const band = inkExtent(pixels, height / 2 - 40, height / 2 + 40, watermarkOver(COLORS.white), 30);
    expect(band.count).toBeGreaterThan(20);
    expect(band.left).toBeGreaterThanOrEqual(MIN_SIDE_MARGIN_PT - INK_SLACK_PT);
    expect(width - 1 - band.right).toBeGreaterThanOrEqual(MIN_SIDE_MARGIN_PT - INK_SLACK_PT);
    // Still centred.
    expect(Math.abs(band.left - (width - 1 - band.right))).toBeLessThanOrEqual(4);
  });
});
