// A caret in both exports (checked by qpdf and drawn by pdftoppm), back through our own import
// exactly and, once another tool dropped our private copy, from its standard keys; and the /Caret
// another tool wrote into issue14438.pdf.
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../export/exportPdf';
import { importAnnotations } from '../../import/importAnnotations';
import { blankPdf, stripMarginaliaData } from '../../import/testing/fixtures';
import { normalizeAnnotation } from '../../model/defaults';
import { findColorNear, isColor, qpdfCheck, renderPagePixels } from '../../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../../test-support/sharedPdfs';

const PAGE = { width: 400, height: 300 };
const BLUE = { r: 0, g: 0, b: 255 };
const WHITE = { r: 255, g: 255, b: 255 };



describe('a caret in the exports', () => {
  // A large caret, so its shape is many pixels wide at 72 dpi.
  const caret = normalizeAnnotation({ type: 'caret', page: 1, position: { x: 100, y: 80 }, width: 60, height: 80, color: '#0000FF', content: 'inserted words' });
  const exported: Record<'flatten' | 'native', Uint8Array> = { flatten: new Uint8Array(), native: new Uint8Array() };

  beforeAll(async () => {
    for (const mode of ['flatten', 'native'] as const) exported[mode] = await exportPdf(await blankPdf(PAGE.width, PAGE.height), [caret], { mode });
  });

  it.each(['flatten', 'native'] as const)('must write a file qpdf finds no fault in and pdftoppm draws as a caret (%s)', async (mode) => {
    expect((await qpdfCheck(exported[mode])).exitCode).toBe(0);
    const page = await renderPagePixels(exported[mode], 1, 72);
    // Filled at the point (top middle) and at both bottom corners; empty beside the point and above the base's middle.
    expect(findColorNear(page, 130, 83, BLUE), 'point').toBe(true);
    expect(findColorNear(page, 102, 158, BLUE), 'bottom left').toBe(true);
    expect(findColorNear(page, 158, 158, BLUE), 'bottom right').toBe(true);
    expect(isColor(page.getPixel(105, 90), WHITE, 10), 'top left').toBe(true);
    expect(isColor(page.getPixel(155, 90), WHITE, 10), 'top right').toBe(true);
    expect(isColor(page.getPixel(130, 150), WHITE, 10), 'under the point, above the base').toBe(true);
  });

  it('must be a /Caret over its box, its text the note MuPDF reads', async () => {
    const doc = mupdf.Document.openDocument(exported.native, 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    const annotation = page instanceof mupdf.PDFPage ? page.getAnnotations()[0] : undefined;
    expect(annotation?.getType()).toBe('Caret');
    expect(annotation?.getContents()).toBe('inserted words');
    expect(annotation?.getRect().map((v) => Math.round(v))).toEqual([100, 80, 160, 160]);
  });

  it('must come back exactly from our own native export', async () => {
    expect(await importAnnotations(exported.native)).toEqual([caret]);
  });

  it('must come back from its standard keys once our private copy is gone', async () => {
    const [imported] = await importAnnotations(await stripMarginaliaData(exported.native));
    // PDF dates keep whole seconds only. The /BS /W 0 written with it (a caret draws no line) must
    // not come back as a stroke width of 0.
    const { id, position, width, height, color, opacity, content, strokeWidth } = caret;
    expect(imported).toMatchObject({ type: 'caret', id, position, width, height, color, opacity, content, strokeWidth });
  });
});

describe.skipIf(!hasSharedPdfs)('other tools\u2019 /Caret annotations', () => {
  it('must import the caret of issue14438.pdf over its /Rect, with its text and colour', async () => {
    const annotations = await importAnnotations(readSharedPdf('issue14438.pdf'));
    const caret = annotations.find((annotation) => annotation.type === 'caret');
    // /Rect [377.288 543.015 385.103 537.545] on a 792 pt high page; /C [.976471 .258824 .266667].
    expect(caret).toMatchObject({
      id: '{70efd053-a2da-47d2-a9e5-93dea733a319}',
      content: 'caret',
      color: '#F94244',
      position: { x: expect.closeTo(377.288, 3), y: expect.closeTo(792 - 543.015, 3) },
      width: expect.closeTo(385.103 - 377.288, 3),
      height: expect.closeTo(543.015 - 537.545, 3),
    });
  });
});
