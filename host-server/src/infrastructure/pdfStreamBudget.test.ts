import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasSharedPdfs, makePdf, makePng, SHARED_PDFS, TINY_JPEG } from '../test-support/fixtures';
import { deflatedZeros, pdfFromObjects, streamObject } from '../test-support/hostileFiles';
import { exceedsPixelLimit, imageSize } from './imageSize';
import { checkDecodedSize, decodedSizeBound } from './pdfStreamBudget';

const MB = 1024 * 1024;

function pdfWithStreams(streams: Buffer[]): Buffer {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ...streams,
  ]);
}

describe('the decoded-size bound of PDF streams', () => {
  it('is 256 MB, or 10x the file when that is larger', () => {
    expect(decodedSizeBound(1 * MB)).toBe(256 * MB);
    expect(decodedSizeBound(100 * MB)).toBe(1000 * MB);
  });

  it('refuses a Flate stream that inflates past the bound, and accepts one within it', async () => {
    const zeros = await deflatedZeros(300 * MB);
    await expect(
      checkDecodedSize(pdfWithStreams([streamObject('/Filter /FlateDecode', zeros)])),
    ).rejects.toMatchObject({
      name: 'TooComplexError',
    });
    const small = pdfWithStreams([streamObject('/Filter /FlateDecode', await deflatedZeros(10 * MB))]);
    await expect(checkDecodedSize(small)).resolves.toBeUndefined();
  });

  it('adds up all streams, whatever the filter list looks like', async () => {
    const half = await deflatedZeros(150 * MB);
    const two = pdfWithStreams([
      streamObject('/Filter /FlateDecode', half),
      streamObject('/Filter [/FlateDecode]', half),
    ]);
    await expect(checkDecodedSize(two)).rejects.toThrow(/more than 256 MB/);
    await expect(checkDecodedSize(two, 400 * MB)).resolves.toBeUndefined();
  });

  it('counts a cut-off Flate stream by what it yields, and other filters by their raw length', async () => {
    const zeros = await deflatedZeros(300 * MB);
    const cut = pdfWithStreams([streamObject('/Filter /FlateDecode', zeros.subarray(0, zeros.length / 2))]);
    await expect(checkDecodedSize(cut, 100 * MB)).rejects.toThrow();
    const raw = pdfWithStreams([streamObject('/Filter /DCTDecode', TINY_JPEG)]);
    await expect(checkDecodedSize(raw, TINY_JPEG.length)).resolves.toBeUndefined();
    await expect(checkDecodedSize(raw, TINY_JPEG.length - 1)).rejects.toThrow();
  });

  it('accepts ordinary PDFs', async () => {
    await expect(checkDecodedSize(await makePdf(3))).resolves.toBeUndefined();
  });

  it.skipIf(!hasSharedPdfs)('refuses none of the real-world corpus', async () => {
    const dir = join(SHARED_PDFS, 'pdfjs-corpus');
    const refused: string[] = [];
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.pdf'))) {
      await checkDecodedSize(readFileSync(join(dir, name))).catch(() => refused.push(name));
    }
    expect(refused).toEqual([]);
  });
});

describe('declared image sizes', () => {
  it('reads PNG and JPEG headers without decoding', () => {
    expect(imageSize(makePng(40, 30))).toEqual({ width: 40, height: 30 });
    expect(imageSize(TINY_JPEG)).toEqual({ width: 17, height: 22 });
    expect(imageSize(TINY_JPEG.subarray(0, 100))).toBeUndefined();
    expect(imageSize(Buffer.from('GIF89a'))).toBeUndefined();
  });

  it('draws the line at 50 megapixels', () => {
    expect(exceedsPixelLimit({ width: 10_000, height: 5_000 })).toBe(false);
    expect(exceedsPixelLimit({ width: 10_000, height: 5_001 })).toBe(true);
  });
});
