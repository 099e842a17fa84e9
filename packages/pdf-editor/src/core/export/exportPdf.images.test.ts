// Image and signature export: data URLs, http(s) addresses, the format read from the bytes, and one
// embedded copy per distinct image however often it is used.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { AnnotationExportError } from '../errors';
import { COLORS } from '../../test-support/annotationFixtures';
import { pngDataUrl, solidPng } from '../../test-support/images';
import { hasColorIn, renderPagePixels } from '../../test-support/pdfTools';
import { normalizeAnnotation } from '../model/defaults';
import { exportPdf } from './exportPdf';

async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

/** Image object numbers per placement, from `pdfimages -list`. */
async function imageObjects(bytes: Uint8Array): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-images-'));
  try {
    await writeFile(join(dir, 'in.pdf'), bytes);
    const { stdout } = await promisify(execFile)('pdfimages', ['-list', join(dir, 'in.pdf')]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => Number(line.trim().split(/\s+/)[10]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('image export', () => {
  it('embeds an image used twice only once, stretched to each box', async () => {
    const imageData = pngDataUrl(solidPng(4, 4, COLORS.cyan));
    const output = await exportPdf(await blankPdf(), [
      normalizeAnnotation({ type: 'image', page: 1, position: { x: 50, y: 50 }, width: 100, height: 50, imageData }),
      normalizeAnnotation({ type: 'signature', page: 1, position: { x: 300, y: 400 }, width: 40, height: 80, imageData }),
    ]);
    const objects = await imageObjects(output);
    expect(objects).toHaveLength(2);
    expect(new Set(objects).size).toBe(1);
    const image = await renderPagePixels(output, 1, 72);
    expect(hasColorIn(image, { x: 145, y: 95, width: 2, height: 2 }, COLORS.cyan, 10)).toBe(true);
    expect(hasColorIn(image, { x: 155, y: 104, width: 2, height: 2 }, COLORS.cyan, 10)).toBe(false);
    expect(hasColorIn(image, { x: 302, y: 475, width: 2, height: 2 }, COLORS.cyan, 10)).toBe(true);
  });

  it('reads the format from the bytes when the data URL names the wrong one', async () => {
    const png = Buffer.from(solidPng(4, 4, COLORS.brown)).toString('base64');
    const warnings: string[] = [];
    const output = await exportPdf(
      await blankPdf(),
      [normalizeAnnotation({ type: 'image', page: 1, position: { x: 50, y: 50 }, width: 40, height: 40, imageData: `data:image/jpeg;base64,${png}` })],
      { onWarning: (m) => warnings.push(m) },
    );
    expect(warnings).toEqual([]);
    expect(hasColorIn(await renderPagePixels(output, 1, 72), { x: 68, y: 68, width: 2, height: 2 }, COLORS.brown, 10)).toBe(true);
  });

  it('fetches an image given by http address, and fails the export naming an image whose address answers 404', async () => {
    const png = solidPng(4, 4, COLORS.orange);
    const server = createServer((request, response) => {
      if (request.url === '/stamp.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const stamp = (url: string, x: number) =>
        normalizeAnnotation({ type: 'image', page: 1, position: { x, y: 50 }, width: 40, height: 40, imageData: `http://127.0.0.1:${port}${url}` });
      const warnings: string[] = [];
      const output = await exportPdf(await blankPdf(), [stamp('/stamp.png', 50)], { onWarning: (m) => warnings.push(m) });
      expect(warnings).toEqual([]);
      expect(hasColorIn(await renderPagePixels(output, 1, 72), { x: 68, y: 68, width: 2, height: 2 }, COLORS.orange, 10)).toBe(true);

      const missing = stamp('/missing.png', 150);
      const failure = await exportPdf(await blankPdf(), [stamp('/stamp.png', 50), missing]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AnnotationExportError);
      expect(failure).toMatchObject({ annotationId: missing.id, message: expect.stringMatching(/Failed to embed image: HTTP 404/) });
    } finally {
      server.close();
    }
  });

  it('skips an image without data, with a warning', async () => {
    const warnings: string[] = [];
    const output = await exportPdf(
      await blankPdf(),
      [normalizeAnnotation({ type: 'image', page: 1, position: { x: 50, y: 50 }, imageData: '' })],
      { onWarning: (m) => warnings.push(m) },
    );
    expect(await imageObjects(output)).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/no image data/)]);
  });
});
