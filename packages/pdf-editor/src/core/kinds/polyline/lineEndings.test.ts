// A polyline's line endings (/LE): the model's check, bounds and handles that hold the heads, both
// exports drawing them where the screen does (pdftoppm) and qpdf finding no fault, our native
// export read back exactly (and by its standard keys alone, and by MuPDF), MuPDF's own arrowheads
// imported, and the heads turning with the page.
import * as mupdf from 'mupdf';
import { degrees, PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnnotationValidationError } from '../../errors';
import { exportPdf } from '../../export/exportPdf';
import { importAnnotations } from '../../import/importAnnotations';
import { blankPdf, stripMarginaliaData } from '../../import/testing/fixtures';
import { normalizeAnnotation } from '../../model/defaults';
import type { PolylineAnnotation } from '../../model/types';
import { rotateAnnotation } from '../../pages/rotateAnnotation';
import { isColor, qpdfCheck, renderPagePixels } from '../../../test-support/pdfTools';
import { kindFor } from '../registry';

const PAGE = { width: 400, height: 300 };
const BLUE = { r: 0, g: 0, b: 255 };
const GREEN = { r: 0, g: 255, b: 0 };
const WHITE = { r: 255, g: 255, b: 255 };

// Its last segment runs right to (300, 160): the open arrow's wings reach back 15 pt at 30 degrees,
// to (287, 152.5) and (287, 167.5). A filled circle of radius 5 sits on its first point.
const points = [{ x: 40, y: 60 }, { x: 120, y: 160 }, { x: 300, y: 160 }];
const line = normalizeAnnotation({
  type: 'polyline', page: 1, position: { x: 40, y: 60 }, points, color: '#0000FF', strokeWidth: 2,
  lineEndings: { start: 'Circle', end: 'OpenArrow' }, fillColor: '#00FF00',
});
const WINGS = [{ x: 287, y: 152 }, { x: 287, y: 167 }];
// Inside the circle, away from the line leaving it down and to the right.
const CIRCLE_INSIDE = { x: 37, y: 58 };

function mupdfPage(bytes: Uint8Array) {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF();
  const page = doc?.loadPage(0);
  if (!doc || !(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the page');
  return { doc, page };
}

describe('a polyline\'s line endings in the model', () => {
  it('must refuse a line ending it does not know, naming the ones it does', () => {
    const input = { type: 'polyline', page: 1, points, lineEndings: { start: 'None', end: 'Wavy' } } as const;
    expect(() => normalizeAnnotation(input as unknown as PolylineAnnotation)).toThrow(AnnotationValidationError);
    expect(() => normalizeAnnotation(input as unknown as PolylineAnnotation)).toThrow(/annotation\.lineEndings\.end: a line ending is one of None, OpenArrow, ClosedArrow/);
  });

  it('must be selected over its heads, its handles on those bounds, a drag of one keeping the heads\' margin', () => {
    const kind = kindFor(line);
    // The circle reaches 5 pt left of and above the first point; the arrow's wings 7.5 pt below the last.
    expect(kind.bounds(line)).toEqual({ x: 35, y: 55, width: 265, height: 112.5 });
    expect(kind.handles(line).find((h) => h.handle === 'se')?.point).toEqual({ x: 300, y: 167.5 });
    const patch = kind.resize(line, 'se', { x: 300, y: 267.5 }) as PolylineAnnotation;
    expect(patch.points.at(-1)).toEqual({ x: 300, y: 260 });
    expect(kindFor(line).hits?.(line, { x: 288, y: 153 }, 1), 'a wing').toBe(true);
  });

  it('must turn its heads with the page, since they are drawn from the turned points', () => {
    const turned = rotateAnnotation(line, PAGE, 90) as PolylineAnnotation;
    expect(turned.lineEndings).toEqual(line.lineEndings);
    // A quarter turn maps (x, y) to (H - y, x): the last segment now runs down, the wings above the tip.
    const box = kindFor(turned).bounds(turned);
    expect(box.y + box.height).toBe(300);
    expect(box.x).toBeCloseTo(PAGE.height - 167.5, 9);
  });

  it('must offer plain, arrow and both-arrow lines as its variants, keeping endings it does not offer', () => {
    const { variants } = kindFor(line);
    expect(variants?.names).toEqual(['line', 'arrow', 'both']);
    expect(variants?.of(line)).toBe('other');
    expect(variants?.fields('arrow', new Date(), line)).toEqual({ lineEndings: { start: 'None', end: 'OpenArrow' } });
    expect(variants?.of({ ...line, lineEndings: { start: 'None', end: 'None' } })).toBe('line');
  });
});

describe('a polyline with line endings in the exports', () => {
  const exported: Record<'flatten' | 'native', Uint8Array> = { flatten: new Uint8Array(), native: new Uint8Array() };

  beforeAll(async () => {
    for (const mode of ['flatten', 'native'] as const) exported[mode] = await exportPdf(await blankPdf(PAGE.width, PAGE.height), [line], { mode });
  });

  it.each(['flatten', 'native'] as const)('must draw the arrow\'s wings and the filled circle, in a file qpdf finds no fault in (%s)', async (mode) => {
    expect((await qpdfCheck(exported[mode])).exitCode).toBe(0);
    const page = await renderPagePixels(exported[mode], 1, 72);
    for (const wing of WINGS) expect(isColor(page.getPixel(wing.x, wing.y), BLUE), `wing at ${wing.x},${wing.y}`).toBe(true);
    expect(isColor(page.getPixel(CIRCLE_INSIDE.x, CIRCLE_INSIDE.y), GREEN), 'circle fill').toBe(true);
    // Not a closed head: nothing between the wings behind the tip.
    expect(isColor(page.getPixel(290, 156), WHITE, 10), 'open arrow').toBe(true);
  });

  it('must come back exactly from our own native export, and from its standard keys alone', async () => {
    expect(await importAnnotations(exported.native)).toEqual([line]);
    const [standard] = await importAnnotations(await stripMarginaliaData(exported.native));
    expect(standard).toMatchObject({ points, lineEndings: line.lineEndings, fillColor: '#00FF00', color: '#0000FF', strokeWidth: 2 });
  });

  it('must write /LE and /IC that MuPDF reads', () => {
    const [annotation] = mupdfPage(exported.native).page.getAnnotations();
    expect(annotation?.getLineEndingStyles()).toEqual({ start: 'Circle', end: 'OpenArrow' });
    expect(annotation?.getInteriorColor()).toEqual([0, 1, 0]);
  });

  it('must draw its heads where the user saw them on a turned page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([PAGE.height, PAGE.width]).setRotation(degrees(90));
    // Displayed 400 wide and 300 high, like the unturned page.
    const page = await renderPagePixels(await exportPdf(await doc.save(), [line], { mode: 'native' }), 1, 72);
    for (const wing of WINGS) expect(isColor(page.getPixel(wing.x, wing.y), BLUE), `wing at ${wing.x},${wing.y}`).toBe(true);
    expect(isColor(page.getPixel(CIRCLE_INSIDE.x, CIRCLE_INSIDE.y), GREEN), 'circle fill').toBe(true);
  });
});

describe('other tools\' polylines with line endings', () => {
  async function drawnByMuPdf(edit: (doc: mupdf.PDFDocument, annotation: mupdf.PDFAnnotation) => void) {
    const { doc, page } = mupdfPage(await blankPdf(PAGE.width, PAGE.height));
    const drawn = page.createAnnotation('PolyLine');
    // MuPDF's page space is ours on an unrotated page.
    for (const p of points) drawn.addVertex([p.x, p.y]);
    drawn.setColor([0, 0, 1]);
    drawn.setBorderWidth(2);
    edit(doc, drawn);
    drawn.update();
    return doc.saveToBuffer('incremental').asUint8Array();
  }

  it('must import MuPDF\'s arrowhead with its line', async () => {
    const bytes = await drawnByMuPdf((_doc, drawn) => drawn.setLineEndingStyles('None', 'OpenArrow'));
    const [imported] = await importAnnotations(bytes);
    expect(imported).toMatchObject({ type: 'polyline', points, lineEndings: { start: 'None', end: 'OpenArrow' } });
    expect(imported).not.toHaveProperty('fillColor');
  });

  it('must read an ending it does not draw as none, and a closed head\'s fill from /IC', async () => {
    const bytes = await drawnByMuPdf((doc, drawn) => {
      const endings = doc.newArray();
      endings.push(doc.newName('Wavy'));
      endings.push(doc.newName('ClosedArrow'));
      drawn.getObject().put('LE', endings);
      drawn.setInteriorColor([1, 0, 0]);
    });
    const [imported] = await importAnnotations(bytes);
    expect(imported).toMatchObject({ lineEndings: { start: 'None', end: 'ClosedArrow' }, fillColor: '#FF0000' });
  });
});
