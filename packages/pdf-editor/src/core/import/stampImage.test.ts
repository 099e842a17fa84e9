import { encode as encodeJpeg } from 'jpeg-js';
import pako from 'pako';
import { describe, expect, it } from 'vitest';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfStream, type PdfObject } from '../pdf/engine';
import { createDictReader } from './pdfReaders';
import { extractStampImage } from './stampImage';

/**
 * A stamp dictionary whose appearance paints a 2×2 RGB image of `data` compressed as
 * `entries` (its /Filter and /DecodeParms) say.
 */
function stampPainting(pdf: PDF, data: Uint8Array, entries: { Filter: PdfObject; DecodeParms?: PdfObject }) {
  const image = PdfStream.fromDict(
    {
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Image'),
      Width: PdfNumber.of(2),
      Height: PdfNumber.of(2),
      ColorSpace: PdfName.of('DeviceRGB'),
      BitsPerComponent: PdfNumber.of(8),
      ...entries,
    },
    data,
  );
  const form = PdfStream.fromDict(
    { Type: PdfName.of('XObject'), Subtype: PdfName.of('Form'), Resources: PdfDict.of({ XObject: PdfDict.of({ Im0: pdf.register(image) }) }) },
    new Uint8Array(0),
  );
  return PdfDict.of({ AP: PdfDict.of({ N: pdf.register(form) }) });
}

/** A stamp dictionary whose appearance paints a 2×2 RGB image, Flate-compressed with PNG predictors. */
function stampWithPredictedImage(pdf: PDF, indirectParms: boolean) {
  // Each row: the PNG filter byte (1, "Sub": each sample adds the one a pixel to its left), then RGB.
  const rows = new Uint8Array([1, 10, 20, 30, 5, 5, 5, 1, 40, 50, 60, 1, 1, 1]);
  const parms: PdfObject = PdfDict.of({ Predictor: PdfNumber.of(15), Colors: PdfNumber.of(3), Columns: PdfNumber.of(2) });
  return stampPainting(pdf, pako.deflate(rows), {
    Filter: PdfName.of('FlateDecode'),
    DecodeParms: indirectParms ? pdf.register(parms) : parms,
  });
}

/** The RGB samples of a 2×2 PNG data URL written by the import's encoder (no row filters; RGB or RGBA). */
function pngPixels(dataUrl: string): number[] {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (char) => char.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  // IHDR's colour type, at byte 9 of its data: 2 is RGB, 6 is RGBA.
  const channels = bytes[8 + 8 + 9] === 6 ? 4 : 3;
  for (let at = 8; at < bytes.length; at += 12 + view.getUint32(at)) {
    if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) !== 'IDAT') continue;
    const raw = pako.inflate(bytes.subarray(at + 8, at + 8 + view.getUint32(at)));
    const samples: number[] = [];
    // Two rows of a filter byte and two pixels.
    for (let row = 0; row < 2; row++) {
      for (let pixel = 0; pixel < 2; pixel++) {
        const start = row * (1 + 2 * channels) + 1 + pixel * channels;
        samples.push(...raw.subarray(start, start + 3));
      }
    }
    return samples;
  }
  return [];
}

describe('extractStampImage', () => {
  it.each([
    ['a direct', false],
    ['a referenced', true],
  ])('undoes the PNG predictors of %s /DecodeParms once, giving the picture as drawn', async (_, indirect) => {
    const pdf = PDF.create();
    const result = await extractStampImage(createDictReader(pdf), stampWithPredictedImage(pdf, indirect));
    expect(result).toHaveProperty('dataUrl');
    expect(pngPixels((result as { dataUrl: string }).dataUrl)).toEqual([10, 20, 30, 15, 25, 35, 40, 50, 60, 41, 51, 61]);
  });

  it('decodes a Flate-wrapped JPEG whose filter names are referenced, as a PNG of its pixels', async () => {
    const pdf = PDF.create();
    // A 2×2 grey JPEG (RGBA in, the alpha ignored by JPEG).
    const jpeg = encodeJpeg({ width: 2, height: 2, data: new Uint8Array(16).fill(128) }, 100).data;
    const stamp = stampPainting(pdf, pako.deflate(jpeg), {
      Filter: pdf.register(new PdfArray([PdfName.of('FlateDecode'), pdf.register(PdfName.of('DCTDecode'))])),
    });
    const result = await extractStampImage(createDictReader(pdf), stamp);
    expect(result).toHaveProperty('dataUrl');
    const { dataUrl } = result as { dataUrl: string };
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const samples = pngPixels(dataUrl);
    expect(samples).toHaveLength(12);
    for (const sample of samples) expect(Math.abs(sample - 128)).toBeLessThanOrEqual(2);
  });
});
