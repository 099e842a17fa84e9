// The free-version watermark must stay readable whatever the annotations are: drawn over them (a
// full-width image in the middle of the page must not hide it) and clear of the page's edges on a
// narrow page. Checked on the pixels pdftoppm renders; in native mode it is a /Watermark
// annotation, last on the page, which our import leaves out.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, degrees } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../../test-support/annotationFixtures';
import { pngDataUrl, solidPng } from '../../test-support/images';
import { isColor, qpdfCheck, renderPagePixels, type RenderedPage, type Rgb } from '../../test-support/pdfTools';
import { importAnnotations } from '../import/importAnnotations';
import { normalizeAnnotation } from '../model/defaults';
import { exportPdf } from './exportPdf';

/** The least clear space, in points, the watermark keeps from each side of the displayed page. */
const MIN_SIDE_MARGIN_PT = 18;
/** Letters' ink may overhang their advance box, and rendering rounds to whole pixels. */
const INK_SLACK_PT = 2;

async function blankPdf(width: number, height: number, rotation = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([width, height]).setRotation(degrees(rotation));
  return doc.save();
}

/** Subtype and /F of each entry of the first page's /Annots, in order. */
async function firstPageAnnots(bytes: Uint8Array): Promise<{ subtype: string | undefined; flags: number | undefined }[]> {
  const doc = await PDFDocument.load(bytes);
  const annots = doc.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  return (annots?.asArray() ?? []).map((entry) => {
    const dict = doc.context.lookup(entry, PDFDict);
    return {
      subtype: dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText(),
      flags: dict.lookupMaybe(PDFName.of('F'), PDFNumber)?.asNumber(),
    };
  });
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
    expect((await qpdfCheck(output)).exitCode).toBe(0);
  });

  it('is, in native mode, a locked /Watermark annotation after the user\'s, which import leaves out', async () => {
    const annotations = [
      normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 40, y: 40 }, width: 100, height: 50, color: '#FF0000' }),
      normalizeAnnotation({ type: 'text', page: 1, position: { x: 60, y: 500 }, content: 'Approved' }),
    ];
    const output = await exportPdf(await blankPdf(612, 792), annotations, { watermark: true, mode: 'native' });
    expect((await qpdfCheck(output)).exitCode).toBe(0);
    // Print | ReadOnly | Locked.
    expect(await firstPageAnnots(output)).toEqual([
      { subtype: 'Square', flags: 4 },
      { subtype: 'FreeText', flags: 4 },
      { subtype: 'Watermark', flags: 4 + 64 + 128 },
    ]);
    const warnings: string[] = [];
    const imported = await importAnnotations(output, { onWarning: (message) => warnings.push(message) });
    expect(imported).toEqual(annotations);
    expect(warnings).toEqual([]);
  });

  it.each(['flatten', 'native'] as const)('runs upright across a page rotated a quarter turn (%s mode)', async (mode) => {
    // 612 x 792 rotated 90 degrees: displayed 792 wide and 612 high.
    const [width, height] = [792, 612];
    const mark = normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 10, y: 10 }, width: 20, height: 20, color: '#FF0000' });
    const output = await exportPdf(await blankPdf(612, 792, 90), [mark], { watermark: true, mode });
    const pixels = await renderPagePixels(output, 1, 72);
    expect([pixels.width, pixels.height]).toEqual([width, height]);
    const band = inkExtent(pixels, height / 2 - 30, height / 2 + 30, watermarkOver(COLORS.white), 30);
    expect(band.count).toBeGreaterThan(200);
    expect(band.right - band.left).toBeGreaterThan(width / 2);
    expect(Math.abs(band.left - (width - 1 - band.right))).toBeLessThanOrEqual(4);
  });

  it.each([
    [150, 600, 'flatten'],
    [220, 400, 'flatten'],
    [612, 792, 'flatten'],
    [150, 600, 'native'],
  ] as const)('keeps at least 18 pt clear on both sides of a %i x %i pt page (%s mode)', async (width, height, mode) => {
    const mark = normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 10, y: 10 }, width: 20, height: 20, color: '#FF0000' });
    const output = await exportPdf(await blankPdf(width, height), [mark], { watermark: true, mode });
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
