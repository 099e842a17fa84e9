// An ellipse in both exports (checked by qpdf and drawn by pdftoppm), back through our own import
// exactly, and other tools' /Circle annotations that are not round read as ellipses.
import * as mupdf from 'mupdf';
import { PDFArray, PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../export/exportPdf';
import { importAnnotations } from '../../import/importAnnotations';
import { blankPdf } from '../../import/testing/fixtures';
import { normalizeAnnotation } from '../../model/defaults';
import type { Annotation } from '../../model/types';
import { findColorNear, isColor, qpdfCheck, renderPagePixels } from '../../../test-support/pdfTools';

const PAGE = { width: 400, height: 300 };
const RED = { r: 255, g: 0, b: 0 };
const WHITE = { r: 255, g: 255, b: 255 };


describe('an ellipse in the exports', () => {
  const ellipse = normalizeAnnotation({ type: 'ellipse', page: 1, position: { x: 50, y: 60 }, width: 240, height: 100, color: '#FF0000', strokeWidth: 4 });
  const exported: Record<'flatten' | 'native', Uint8Array> = { flatten: new Uint8Array(), native: new Uint8Array() };

  beforeAll(async () => {
    for (const mode of ['flatten', 'native'] as const) exported[mode] = await exportPdf(await blankPdf(PAGE.width, PAGE.height), [ellipse], { mode });
  });

  it.each(['flatten', 'native'] as const)('must write a file qpdf finds no fault in and pdftoppm draws as an ellipse (%s)', async (mode) => {
    expect((await qpdfCheck(exported[mode])).exitCode).toBe(0);
    const page = await renderPagePixels(exported[mode], 1, 72);
    // The outline touches the middle of each side of its box, not the corners, and leaves the inside empty.
    expect(findColorNear(page, 50, 110, RED), 'left').toBe(true);
    expect(findColorNear(page, 290, 110, RED), 'right').toBe(true);
    expect(findColorNear(page, 170, 60, RED), 'top').toBe(true);
    expect(findColorNear(page, 170, 160, RED), 'bottom').toBe(true);
    expect(isColor(page.getPixel(52, 62), WHITE, 10), 'corner').toBe(true);
    expect(isColor(page.getPixel(170, 110), WHITE, 10), 'centre').toBe(true);
  });

  it('must come back exactly from our own native export', async () => {
    expect(await importAnnotations(exported.native)).toEqual([ellipse]);
  });

  it('must be a /Circle whose /Rect less /RD is the ellipse box, as MuPDF reads it', async () => {
    const doc = mupdf.Document.openDocument(exported.native, 'application/pdf').asPDF();
    const annotation = doc?.loadPage(0) instanceof mupdf.PDFPage ? (doc.loadPage(0) as mupdf.PDFPage).getAnnotations()[0] : undefined;
    expect(annotation?.getType()).toBe('Circle');
    const [x0, y0, x1, y1] = annotation?.getRect() ?? [];
    // MuPDF's page space is ours on an unrotated page; it takes /RD (the stroke's outer half) off /Rect.
    expect([x0, y0, x1, y1].map((v) => Math.round(v ?? NaN))).toEqual([50, 60, 290, 160]);
  });
});

describe('other tools\' /Circle annotations', () => {
  async function withCircle(rect: [number, number, number, number]): Promise<Annotation[]> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([PAGE.width, PAGE.height]);
    const circle = doc.context.obj({ Type: 'Annot', Subtype: 'Circle', Rect: rect, C: [0, 0, 1], Border: [0, 0, 2] });
    page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(circle)]) as PDFArray);
    return importAnnotations(await doc.save());
  }

  it('must read a /Circle that is not round as an ellipse of its own box', async () => {
    const [imported] = await withCircle([100, 100, 300, 180]);
    expect(imported).toMatchObject({ type: 'ellipse', position: { x: 101, y: 121 }, width: 198, height: 78, color: '#0000FF', strokeWidth: 2 });
  });

  it('must keep reading a round /Circle as a circle', async () => {
    const [imported] = await withCircle([100, 100, 200, 200]);
    expect(imported).toMatchObject({ type: 'circle', position: { x: 101, y: 101 }, radius: 49 });
  });

  it('must read the ellipse MuPDF draws as an ellipse', async () => {
    const doc = mupdf.Document.openDocument(await blankPdf(PAGE.width, PAGE.height), 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    if (!doc || !(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the page');
    const drawn = page.createAnnotation('Circle');
    drawn.setRect([40, 50, 240, 110]);
    drawn.setBorderWidth(3);
    drawn.setColor([0, 0.5, 0]);
    drawn.update();
    const [imported] = await importAnnotations(doc.saveToBuffer('incremental').asUint8Array());
    expect(imported).toMatchObject({ type: 'ellipse', position: { x: 40, y: 50 }, width: 200, height: 60, strokeWidth: 3, color: '#008000' });
  });
});
