// Redaction judged as an auditor would: poppler's text extraction, the decompressed bytes (qpdf),
// the image's own pixels (pdfimages), renders outside the marks (pdftoppm), qpdf --check.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, StandardFonts, degrees, rgb } from 'pdf-lib';
import { exportPdf } from '../export/exportPdf';
import { createPageSpace } from '../geometry/pageSpace';
import { solidPng } from '../import/testing/fixtures';
import { normalizeAnnotation } from '../model/defaults';
import type { Rect } from '../model/types';
import { removeTempFiles, writeTemp } from '../pages/pdfTools.testkit';
import { InvalidInputError, PageRangeError, PdfInvalidError, UnsupportedCharactersError } from '../errors';
import { compareRenders, decompressed, holds } from './auditor.testkit';
import { redactPdf } from './redactPdf';

afterAll(removeTempFiles);

const KEEP = ['KEEPALPHA', 'KEEPGAMMA', 'FORMKEEP', 'ROTKEEP', 'CROPKEEP'];
const SECRET = ['SECRETBETA', 'FORMSECRET', 'ROTSECRET', 'CROPSECRET', 'NOTESECRET'];

/** An area around a PDF user-space rectangle, given in page space as callers give it. */
const display = (box: { left: number; bottom: number; right: number; top: number }, rotation: number, pdfRect: Rect) =>
  createPageSpace(box, rotation).rectToDisplay(pdfRect);

/**
 * Page 1: words, a half-covered image, a vector square, our native comments (one under the mark);
 * page 2: words inside a form XObject; page 3: rotated a quarter turn; page 4: cropped.
 */
async function sourcePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('KEEPALPHA', { x: 72, y: 700, size: 14, font });
  page.drawText('SECRETBETA', { x: 250, y: 700, size: 14, font });
  page.drawText('KEEPGAMMA', { x: 430, y: 700, size: 14, font });
  const png = await doc.embedPng(Buffer.from(solidPng(30, 30, [0, 200, 0]).split(',')[1] as string, 'base64'));
  page.drawImage(png, { x: 72, y: 500, width: 120, height: 120 });
  page.drawRectangle({ x: 400, y: 450, width: 100, height: 100, color: rgb(1, 0, 0) });
  // An inline image (BI ... ID ... EI in the content stream): 8 x 8 grey pixels at 400, 100, 80 points wide.
  const inline = new Uint8Array([
    ...new TextEncoder().encode('q 80 0 0 80 400 100 cm BI /W 8 /H 8 /CS /G /BPC 8 ID '),
    ...new Array<number>(64).fill(128),
    ...new TextEncoder().encode('\nEI Q'),
  ]);
  page.node.addContentStream(doc.context.register(doc.context.stream(inline)));

  const formSource = doc.addPage([300, 100]);
  formSource.drawText('FORMSECRET', { x: 10, y: 50, size: 14, font });
  formSource.drawText('FORMKEEP', { x: 180, y: 50, size: 14, font });
  const form = await doc.embedPage(formSource);
  doc.removePage(1);
  doc.addPage([612, 792]).drawPage(form, { x: 100, y: 600 });

  const rotated = doc.addPage([612, 792]);
  rotated.setRotation(degrees(90));
  rotated.drawText('ROTSECRET', { x: 100, y: 300, size: 14, font });
  rotated.drawText('ROTKEEP', { x: 100, y: 500, size: 14, font });

  const cropped = doc.addPage([612, 792]);
  // x, y, width, height: the CropBox is [50 100 550 700].
  cropped.setCropBox(50, 100, 500, 600);
  cropped.drawText('CROPSECRET', { x: 100, y: 400, size: 14, font });
  cropped.drawText('CROPKEEP', { x: 300, y: 400, size: 14, font });
  const drawn = await doc.save();

  const note = (id: string, content: string, x: number) =>
    normalizeAnnotation({ type: 'comment', page: 1, id, position: { x, y: 80 }, content });
  return exportPdf(drawn, [note('under', 'NOTESECRET', 270), note('outside', 'NOTEKEEP', 520)], { mode: 'native' });
}

const LETTER = { left: 0, bottom: 0, right: 612, top: 792 };
// Each mark covers its word whole: a glyph the mark only touches is removed whole, and would show
// as a change outside the mark.
const AREAS = [
  { page: 1, rect: display(LETTER, 0, { x: 245, y: 690, width: 110, height: 30 }) },
  { page: 1, rect: display(LETTER, 0, { x: 60, y: 490, width: 72, height: 140 }) },
  { page: 1, rect: display(LETTER, 0, { x: 390, y: 440, width: 120, height: 120 }) },
  { page: 1, rect: display(LETTER, 0, { x: 390, y: 90, width: 50, height: 100 }) },
  { page: 2, rect: display(LETTER, 0, { x: 100, y: 640, width: 115, height: 30 }) },
  { page: 3, rect: display(LETTER, 90, { x: 90, y: 290, width: 105, height: 30 }) },
  { page: 4, rect: display({ left: 50, bottom: 100, right: 550, top: 700 }, 0, { x: 90, y: 390, width: 115, height: 30 }) },
];

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0 && result.status !== 3) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout;
}

describe('redactPdf', () => {
  it('must remove every marked word, image pixel, vector shape and annotation, and keep the rest', async () => {
    const source = await sourcePdf();
    const copy = new Uint8Array(source);
    const { bytes, areas } = await redactPdf(source, { areas: AREAS, overlayText: 'REDACTED' });
    expect(source).toEqual(copy);

    const path = writeTemp(bytes);
    const extracted = run('pdftotext', [path, '-']);
    for (const word of SECRET) expect(extracted).not.toContain(word);
    for (const word of KEEP) expect(extracted).toContain(word);

    const text = decompressed(bytes);
    for (const word of SECRET) expect(holds(text, word)).toBe(false);
    expect(holds(text, 'NOTEKEEP')).toBe(true);
    const before = decompressed(source);
    for (const word of [...SECRET, ...KEEP]) expect(holds(before, word)).toBe(true);
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors');
    expect(latin1Count(bytes, 'startxref')).toBe(1);
    expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/\/Prev\s/);

    expect(areas[0]).toMatchObject({ page: 1, contentChanged: true, annotations: [{ subtype: 'Text', id: 'under' }] });
    expect(areas.map((area) => area.characters)).toEqual([10, 0, 0, 0, 10, 9, 10]);
    expect(areas.map((area) => area.contentChanged)).toEqual([true, true, true, true, true, true, true]);
  });

  it('must replace the image pixels under the mark and leave the rest of the image', async () => {
    const { bytes } = await redactPdf(await sourcePdf(), { areas: AREAS });
    const path = writeTemp(bytes);
    run('pdfimages', ['-f', '1', '-l', '1', path, `${path}-image`]);
    // The PNG XObject (green) and the inline image (grey), each with its left part under a mark.
    const colours = [0, 1].map((index) => {
      const file = readFileSync(`${path}-image-00${index}.ppm`);
      const [, width = 0, height = 0] = file.toString('latin1', 0, 20).split(/\s+/).map(Number);
      const start = file.indexOf('255\n') + 4;
      const pixel = (x: number) => [...file.subarray(start + (Math.floor(height / 2) * width + x) * 3, start + (Math.floor(height / 2) * width + x) * 3 + 3)];
      return { left: pixel(0), right: pixel(width - 1) };
    });
    expect(colours).toEqual([
      { left: expect.not.arrayContaining([200]) as unknown, right: [0, 200, 0] },
      { left: expect.not.arrayContaining([128]) as unknown, right: [128, 128, 128] },
    ]);
  });

  it('must render everything outside the marks as before', async () => {
    const source = await sourcePdf();
    const { bytes } = await redactPdf(source, { areas: AREAS });
    const before = writeTemp(source);
    const after = writeTemp(bytes);
    for (const renderer of ['poppler', 'mupdf'] as const) {
      for (const page of [1, 2, 3, 4]) {
        const marks = AREAS.filter((area) => area.page === page).map((area) => area.rect);
        const { differing, centres } = compareRenders(renderer, before, after, page, marks);
        // Each mark is filled: black at its centre.
        for (const centre of centres) expect(centre).toBeLessThan(40);
        expect({ renderer, page, differing }).toEqual({ renderer, page, differing: 0 });
      }
    }
  });

  it('must remove the text of a form XObject only where it is placed under a mark', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const formSource = doc.addPage([300, 100]);
    formSource.drawText('FORMWORD', { x: 10, y: 50, size: 14, font });
    const form = await doc.embedPage(formSource);
    doc.removePage(0);
    const first = doc.addPage([612, 792]);
    first.drawPage(form, { x: 100, y: 600 });
    first.drawPage(form, { x: 100, y: 300 });
    doc.addPage([612, 792]).drawPage(form, { x: 100, y: 600 });
    const { bytes } = await redactPdf(await doc.save(), { areas: [{ page: 1, rect: display(LETTER, 0, { x: 100, y: 640, width: 120, height: 30 }) }] });
    const path = writeTemp(bytes);
    // The placement at y = 300 on page 1 and the one on page 2 keep the word.
    expect(run('pdftotext', ['-f', '1', '-l', '1', path, '-']).match(/FORMWORD/g)).toHaveLength(1);
    expect(run('pdftotext', ['-f', '2', '-l', '2', path, '-']).match(/FORMWORD/g)).toHaveLength(1);
  });

  it('must remove the /ActualText that spells out the removed text in a tagged page', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.drawText('x', { x: 500, y: 100, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) });
    const fontName = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict).keys()[0]?.asString() ?? '';
    const tagged = (actualText: string, word: string, y: number) =>
      `/Span <</ActualText (${actualText})>> BDC BT ${fontName} 14 Tf 100 ${y} Td (${word}) Tj ET EMC `;
    page.node.addContentStream(doc.context.register(doc.context.stream(tagged('ACTUALSECRET', 'SPANSECRET', 700) + tagged('ACTUALKEEP', 'SPANKEEP', 300))));
    const source = await doc.save();
    expect(holds(decompressed(source), 'ACTUALSECRET')).toBe(true);
    expect(run('pdftotext', [writeTemp(source), '-'])).toContain('ACTUALSECRET');
    const { bytes } = await redactPdf(source, { areas: [{ page: 1, rect: display(LETTER, 0, { x: 90, y: 690, width: 150, height: 30 }) }] });
    const text = decompressed(bytes);
    expect(holds(text, 'ACTUALSECRET')).toBe(false);
    expect(holds(text, 'ACTUALKEEP')).toBe(true);
    expect(run('pdftotext', [writeTemp(bytes), '-'])).toContain('ACTUALKEEP');
  });

  it('must refuse bad input with typed errors', async () => {
    const source = await sourcePdf();
    await expect(redactPdf('x' as never, { areas: [] })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(redactPdf(source, { areas: [{ page: 1, rect: { x: 0, y: 0, width: 0, height: 5 } }] })).rejects.toThrow('options.areas[0].rect.width');
    await expect(redactPdf(source, { areas: [], fill: 'red' })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(redactPdf(source, { areas: [{ page: 9, rect: { x: 0, y: 0, width: 5, height: 5 } }] })).rejects.toBeInstanceOf(PageRangeError);
    await expect(redactPdf(source, { areas: [], overlayText: 'ВЫМАРАНО' })).rejects.toBeInstanceOf(UnsupportedCharactersError);
    await expect(redactPdf(new TextEncoder().encode('not a pdf'), { areas: [] })).rejects.toBeInstanceOf(PdfInvalidError);
  });
});

function latin1Count(bytes: Uint8Array, word: string): number {
  return Buffer.from(bytes).toString('latin1').split(word).length - 1;
}
