// A squiggly in both exports (checked by qpdf and drawn by pdftoppm: a wave resting in the bottom of
// its line, crests and troughs where they belong), back through our own import exactly, written as
// a /Squiggly that MuPDF reads, and other tools' /Squiggly annotations (MuPDF's, Okular's and
// Acrobat's from the shared corpus) read as squiggles over the right text.
import * as mupdf from 'mupdf';
import { degrees, PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../export/exportPdf';
import { importAnnotations } from '../../import/importAnnotations';
import { blankPdf, stripMarginaliaData } from '../../import/testing/fixtures';
import { normalizeAnnotation } from '../../model/defaults';
import type { Annotation } from '../../model/types';
import { hasColorIn, isColor, pdfWords, qpdfCheck, renderPagePixels, type RenderedPage, type Rgb } from '../../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../../test-support/sharedPdfs';

const PAGE = { width: 400, height: 300 };
/** pdftoppm's pixels per point at the 288 dpi the pages are drawn at. */
const SCALE = 4;
const RED = { r: 255, g: 0, b: 0 };
const WHITE = { r: 255, g: 255, b: 255 };


const at = (page: RenderedPage, x: number, y: number, color: Rgb) => isColor(page.getPixel(x * SCALE, y * SCALE), color, 60);
/** Whether `color` shows anywhere in the rectangle, in page points. */
const anyIn = (page: RenderedPage, x: number, y: number, width: number, height: number, color: Rgb) =>
  hasColorIn(page, { x: x * SCALE, y: y * SCALE, width: width * SCALE, height: height * SCALE }, color, 60);

describe('a squiggly in the exports', () => {
  // A 24 pt line: the wave is 4 pt from trough to crest, stroked 2 pt thick, so its centre swings
  // between 79 and 83 and its ink fills 78 to 84, the line's bottom; each half wave is 4 pt long,
  // crests at x = 52, 60, ... and troughs at 56, 64, ...
  const single = normalizeAnnotation({ type: 'squiggly', page: 1, position: { x: 50, y: 60 }, width: 240, height: 24, color: '#FF0000', strokeWidth: 2 });
  // Snapped to two text lines of 12 pt, the second shorter.
  const snapped = normalizeAnnotation({
    type: 'squiggly',
    page: 1,
    position: { x: 50, y: 150 },
    width: 200,
    height: 28,
    rects: [
      { x: 50, y: 150, width: 200, height: 12 },
      { x: 50, y: 166, width: 120, height: 12 },
    ],
    color: '#FF0000',
    strokeWidth: 1,
  });
  const exported: Record<'flatten' | 'native', Uint8Array> = { flatten: new Uint8Array(), native: new Uint8Array() };

  beforeAll(async () => {
    for (const mode of ['flatten', 'native'] as const) exported[mode] = await exportPdf(await blankPdf(PAGE.width, PAGE.height), [single, snapped], { mode });
  });

  it.each(['flatten', 'native'] as const)('must write a file qpdf finds no fault in and pdftoppm draws as a wave under the line (%s)', async (mode) => {
    expect((await qpdfCheck(exported[mode])).exitCode).toBe(0);
    const page = await renderPagePixels(exported[mode], 1, 72 * SCALE);
    for (const crest of [52, 60, 172, 284]) {
      expect(at(page, crest, 79, RED), `crest at ${crest}`).toBe(true);
      expect(at(page, crest, 83.5, WHITE), `below the crest at ${crest}`).toBe(true);
    }
    for (const trough of [56, 64, 176, 288]) {
      expect(at(page, trough, 83, RED), `trough at ${trough}`).toBe(true);
      expect(at(page, trough, 78.5, WHITE), `above the trough at ${trough}`).toBe(true);
    }
    // The text itself, above the wave, stays clear; nothing is drawn past the line's ends.
    expect(anyIn(page, 50, 60, 240, 17, RED), 'over the text').toBe(false);
    expect(anyIn(page, 30, 60, 19, 30, RED), 'left of the line').toBe(false);
    expect(anyIn(page, 291, 60, 20, 30, RED), 'right of the line').toBe(false);
    // Under each snapped line, within its own width: 2 pt of wave (12 pt / 6), 1 pt thick.
    expect(anyIn(page, 55, 159, 190, 3, RED), 'first snapped line').toBe(true);
    expect(anyIn(page, 55, 175, 110, 3, RED), 'second snapped line').toBe(true);
    expect(anyIn(page, 172, 170, 60, 10, RED), 'past the shorter second line').toBe(false);
    expect(anyIn(page, 50, 150, 200, 8, RED), 'over the first line of text').toBe(false);
  });

  it('must come back exactly from our own native export', async () => {
    expect(await importAnnotations(exported.native)).toEqual([single, snapped]);
  });

  it('must be a /Squiggly with one quadrilateral per line, as MuPDF reads it', async () => {
    const doc = mupdf.Document.openDocument(exported.native, 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    if (!(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the page');
    const annotations = page.getAnnotations();
    expect(annotations.map((annotation) => annotation.getType())).toEqual(['Squiggly', 'Squiggly']);
    // MuPDF's page space is ours on an unrotated page: upper-left, upper-right, lower-left, lower-right.
    const quads = annotations[1]?.getQuadPoints().map((quad) => quad.map((v) => Math.round(v)));
    expect(quads).toEqual([
      [50, 150, 250, 150, 50, 162, 250, 162],
      [50, 166, 170, 166, 50, 178, 170, 178],
    ]);
  });

  it('must rebuild its lines from /QuadPoints alone on pages turned 90, 180 and 270 degrees', async () => {
    const doc = await PDFDocument.create();
    for (const turn of [90, 180, 270]) doc.addPage([PAGE.width, PAGE.height]).setRotation(degrees(turn));
    // Display space of a page turned a quarter is 300 x 400; the mark fits every page.
    const marks = [1, 2, 3].map((page) => ({ ...snapped, id: `s${page}`, page }));
    const imported = await importAnnotations(await stripMarginaliaData(await exportPdf(await doc.save(), marks, { mode: 'native' })));
    expect(imported.map((annotation) => annotation.type)).toEqual(['squiggly', 'squiggly', 'squiggly']);
    for (const annotation of imported) {
      const rects = annotation.type === 'squiggly' ? (annotation.rects ?? []) : [];
      expect(rects.flatMap((r) => [r.x, r.y, r.width, r.height]).map((v) => Math.round(v * 2) / 2), `page ${annotation.page}`).toEqual([50, 150, 200, 12, 50, 166, 120, 12]);
    }
  });

  it('must read what another tool changed in our /Squiggly, not our private copy', async () => {
    const doc = mupdf.Document.openDocument(exported.native, 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    if (!doc || !(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the page');
    const [first] = page.getAnnotations();
    first?.setColor([0, 0, 1]);
    first?.setQuadPoints([[100, 200, 180, 200, 100, 214, 180, 214]]);
    first?.update();
    const [read] = await importAnnotations(doc.saveToBuffer('incremental').asUint8Array());
    expect(read).toMatchObject({ id: single.id, type: 'squiggly', color: '#0000FF', position: { x: 100, y: 200 }, width: 80, height: 14 });
  });
});

describe('other tools\' /Squiggly annotations', () => {
  it('must read the squiggly MuPDF draws over a line', async () => {
    const doc = mupdf.Document.openDocument(await blankPdf(PAGE.width, PAGE.height), 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    if (!doc || !(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the page');
    const drawn = page.createAnnotation('Squiggly');
    drawn.setQuadPoints([[40, 50, 240, 50, 40, 62, 240, 62]]);
    drawn.setColor([0, 0.5, 0]);
    drawn.update();
    const [imported] = await importAnnotations(doc.saveToBuffer('incremental').asUint8Array());
    expect(imported).toMatchObject({ type: 'squiggly', position: { x: 40, y: 50 }, width: 200, height: 12, color: '#008000' });
  });

  describe.skipIf(!hasSharedPdfs)('in the shared corpus', () => {
    it('must read Okular\'s squiggly under "Lorem ipsum dolor sit amet", and draw its wave there on export', async () => {
      const file = readSharedPdf('pdfjs-corpus/annotation-squiggly-without-appearance.pdf');
      const warnings: string[] = [];
      const imported = await importAnnotations(file, { onWarning: (message) => warnings.push(message) });
      expect(warnings).toEqual([]);
      expect(imported).toHaveLength(1);
      const [squiggly] = imported;
      expect(squiggly).toMatchObject({ type: 'squiggly', page: 1, color: '#55AAFF', strokeWidth: 1 });
      if (squiggly?.type !== 'squiggly') return;
      // The marked words, as poppler finds them: the mark covers the line within half a point.
      const words = (await pdfWords(file, 1)).filter((word) => word.yMin > 80 && word.yMin < 110);
      expect(words.map((word) => word.text).join(' ')).toBe('Lorem ipsum dolor sit amet');
      const line = { left: Math.min(...words.map((w) => w.xMin)), right: Math.max(...words.map((w) => w.xMax)), top: words[0]?.yMin ?? NaN, bottom: words[0]?.yMax ?? NaN };
      expect(Math.abs(squiggly.position.x - line.left)).toBeLessThan(0.5);
      expect(Math.abs(squiggly.position.x + squiggly.width - line.right)).toBeLessThan(0.5);
      expect(Math.abs(squiggly.position.y - line.top)).toBeLessThan(0.5);
      expect(Math.abs(squiggly.position.y + squiggly.height - line.bottom)).toBeLessThan(0.5);

      // The file has no appearance for it; ours draws the wave in its blue under the words, not over them.
      const flattened = await exportPdf(file, imported, { mode: 'flatten' });
      expect((await qpdfCheck(flattened)).exitCode).toBe(0);
      const page = await renderPagePixels(flattened, 1, 72 * SCALE);
      const blue = { r: 0x55, g: 0xaa, b: 0xff };
      const bottom = squiggly.position.y + squiggly.height;
      expect(anyIn(page, line.left + 2, bottom - 3, line.right - line.left - 4, 3, blue), 'under the words').toBe(true);
      expect(anyIn(page, line.left, line.top, line.right - line.left, squiggly.height - 4, blue), 'over the words').toBe(false);
    });

    it('must read the three-line squiggly of bug1538111.pdf among its other markups', async () => {
      const imported = await importAnnotations(readSharedPdf('pdfjs-corpus/bug1538111.pdf'));
      expect(imported.map((annotation) => annotation.type)).toEqual(['highlight', 'underline', 'squiggly', 'strikethrough']);
      const squiggly = imported.find((annotation): annotation is Extract<Annotation, { type: 'squiggly' }> => annotation.type === 'squiggly');
      // /QuadPoints of an A4 page (842 pt high), one quadrilateral per line, the last line shorter.
      const rounded = squiggly?.rects?.map((rect) => [rect.x, rect.y, rect.width, rect.height].map((v) => Math.round(v * 10) / 10));
      expect(rounded).toEqual([
        [107.8, 302.1, 398.1, 10.8],
        [107.8, 315.7, 398.1, 10.8],
        [107.8, 329.4, 272.3, 10.8],
      ]);
      expect(squiggly).toMatchObject({ id: 'Squiggly-1', color: '#000000', strokeWidth: 1 });
    });
  });
});
