// PNG export: 8-bit grey and RGB PNGs keep their own compressed data (no decode and re-encode),
// drawn the right way up in their true colours; PNGs that need decoding (alpha, palette) still get
// it from the engine, and a PNG whose data is corrupt fails the export naming the annotation.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { png, type Pixel } from '../../test-support/images';
import { hasColorIn, renderPagePixels, type Rgb } from '../../test-support/pdfTools';
import { normalizeAnnotation } from '../model/defaults';
import { AnnotationExportError } from '../errors';
import { exportPdf } from './exportPdf';
import { qpdfObjects } from './testing/qpdfObjects';

/** 8 x 8 pixels: the top half `top`, the bottom half `bottom`. */
const halves = (top: Pixel, bottom: Pixel) => Array.from({ length: 8 }, (_, y) => Array.from({ length: 8 }, () => (y < 4 ? top : bottom)));

async function exportImage(bytes: Uint8Array, onWarning?: (message: string) => void) {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const imageData = `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
  return exportPdf(await doc.save(), [normalizeAnnotation({ type: 'image', page: 1, position: { x: 100, y: 100 }, width: 80, height: 80, imageData })], { onWarning });
}

/** The colours in the image's top and bottom halves as rendered (box 100,100 80 x 80). */
async function renderedHalves(output: Uint8Array, top: Rgb, bottom: Rgb) {
  const image = await renderPagePixels(output, 1, 72);
  return {
    top: hasColorIn(image, { x: 120, y: 110, width: 40, height: 20 }, top, 12),
    bottom: hasColorIn(image, { x: 120, y: 150, width: 40, height: 20 }, bottom, 12),
  };
}

const imageDicts = async (output: Uint8Array) => (await qpdfObjects(output)).filter(({ dict }) => dict?.['/Subtype'] === '/Image').map(({ dict }) => dict);

describe('PNG export', () => {
  it('embeds an 8-bit RGB PNG as it is, the right way up', async () => {
    const output = await exportImage(png(halves([255, 0, 0], [0, 0, 255]), { colorType: 2 }));
    expect(await renderedHalves(output, { r: 255, g: 0, b: 0 }, { r: 0, g: 0, b: 255 })).toEqual({ top: true, bottom: true });
    const [image] = await imageDicts(output);
    expect(image?.['/DecodeParms']).toMatchObject({ '/Predictor': 15, '/Colors': 3, '/Columns': 8 });
  });

  it('embeds an 8-bit grey PNG as it is', async () => {
    const output = await exportImage(png(halves([40], [200]), { colorType: 0 }));
    expect(await renderedHalves(output, { r: 40, g: 40, b: 40 }, { r: 200, g: 200, b: 200 })).toEqual({ top: true, bottom: true });
    expect((await imageDicts(output))[0]?.['/ColorSpace']).toBe('/DeviceGray');
  });

  it('still decodes PNGs with an alpha channel: transparent pixels show the page', async () => {
    const output = await exportImage(png(halves([0, 160, 0, 255], [0, 160, 0, 0]), { colorType: 6 }));
    expect(await renderedHalves(output, { r: 0, g: 160, b: 0 }, { r: 255, g: 255, b: 255 })).toEqual({ top: true, bottom: true });
    expect((await imageDicts(output)).some((dict) => dict?.['/SMask'] !== undefined)).toBe(true);
  });

  it('still decodes 16-bit PNGs', async () => {
    const output = await exportImage(png(halves([255, 128, 0], [0, 128, 255]), { colorType: 2, bitDepth: 16 }));
    expect(await renderedHalves(output, { r: 255, g: 128, b: 0 }, { r: 0, g: 128, b: 255 })).toEqual({ top: true, bottom: true });
  });

  it('fails the export, naming the annotation, on a PNG whose compressed data is corrupt', async () => {
    const failure = await exportImage(png(halves([255, 0, 0], [0, 0, 255]), { colorType: 2, corrupt: true })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnnotationExportError);
    expect(failure).toMatchObject({ message: expect.stringMatching(/image annotation .*could not be written \(Failed to embed image/) });
  });
});
