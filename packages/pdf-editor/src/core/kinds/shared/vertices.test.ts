// Polygons and polylines: the model's rules (enough vertices, position at the top-left of the
// points), hit tests, resizing and page turns; both exports drawn by pdftoppm and checked by qpdf;
// our own native export read back exactly; and other tools' /Polygon and /PolyLine annotations
// (MuPDF's, and those of the shared corpus) read with their vertices where they were.
import * as mupdf from 'mupdf';
import { degrees, PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnnotationValidationError } from '../../errors';
import { exportPdf } from '../../export/exportPdf';
import { importAnnotations } from '../../import/importAnnotations';
import { blankPdf } from '../../import/testing/fixtures';
import { normalizeAnnotation } from '../../model/defaults';
import type { Annotation, Point, PolygonAnnotation, PolylineAnnotation } from '../../model/types';
import { rotateAnnotation } from '../../pages/rotateAnnotation';
import { findColorNear, isColor, qpdfCheck, renderPagePixels } from '../../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../../test-support/sharedPdfs';
import { kindFor } from '../registry';

const PAGE = { width: 400, height: 300 };
const RED = { r: 255, g: 0, b: 0 };
const GREEN = { r: 0, g: 255, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };
const WHITE = { r: 255, g: 255, b: 255 };

const mid = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });


const triangle = [{ x: 60, y: 40 }, { x: 180, y: 140 }, { x: 40, y: 140 }];
const polygon = normalizeAnnotation({
  type: 'polygon', page: 1, position: { x: 40, y: 40 }, points: triangle, color: '#FF0000', strokeWidth: 4, fillStyle: 'solid', fillColor: '#00FF00',
});
const zigzag = [{ x: 220, y: 200 }, { x: 280, y: 60 }, { x: 340, y: 200 }, { x: 380, y: 100 }];
const polyline = normalizeAnnotation({ type: 'polyline', page: 1, position: { x: 220, y: 60 }, points: zigzag, color: '#0000FF', strokeWidth: 4 });

describe('the polygon and polyline model', () => {
  it('must refuse too few vertices, saying how many are needed', () => {
    expect(() => normalizeAnnotation({ type: 'polygon', page: 1, points: triangle.slice(0, 2) })).toThrow(AnnotationValidationError);
    expect(() => normalizeAnnotation({ type: 'polygon', page: 1, points: triangle.slice(0, 2) })).toThrow(/annotation\.points: a polygon needs at least 3 vertices/);
    expect(() => normalizeAnnotation({ type: 'polyline', page: 1, points: [{ x: 1, y: 2 }] })).toThrow(/annotation\.points: a polyline needs at least 2 vertices/);
  });

  it('must make a peak filling the default box, its top-left at the position, when only a position is given', () => {
    const made = normalizeAnnotation({ type: 'polyline', page: 1, position: { x: 10, y: 20 } });
    expect(made.points).toEqual([{ x: 10, y: 120 }, { x: 60, y: 20 }, { x: 110, y: 120 }]);
    expect(kindFor(made).bounds(made)).toEqual({ x: 10, y: 20, width: 100, height: 100 });
  });

  it('must be hit on its line, a polygon also on its closing edge and inside only when filled', () => {
    const hits = (a: Annotation, p: Point) => kindFor(a).hits?.(a, p, 2);
    expect(hits(polygon, mid(triangle[2] as Point, triangle[0] as Point)), 'closing edge').toBe(true);
    expect(hits(polygon, { x: 90, y: 120 }), 'inside, filled').toBe(true);
    expect(hits({ ...polygon, fillStyle: 'none' }, { x: 90, y: 120 }), 'inside, not filled').toBe(false);
    expect(hits(polygon, { x: 170, y: 60 }), 'outside').toBe(false);
    expect(hits(polyline, mid(zigzag[1] as Point, zigzag[2] as Point)), 'a segment').toBe(true);
    expect(hits(polyline, mid(zigzag[3] as Point, zigzag[0] as Point)), 'no closing edge').toBe(false);
  });

  it('must scale its vertices when a corner of its bounds is dragged, the opposite corner staying', () => {
    const patch = kindFor(polygon).resize(polygon, 'se', { x: 320, y: 240 });
    expect(patch).toEqual({ position: { x: 40, y: 40 }, points: [{ x: 80, y: 40 }, { x: 320, y: 240 }, { x: 40, y: 240 }] });
  });

  it('must turn its vertices with the page, its position staying the top-left of them', () => {
    const turned = rotateAnnotation(polyline, PAGE, 90) as PolylineAnnotation;
    // A quarter turn maps (x, y) to (H - y, x).
    expect(turned.points).toEqual(zigzag.map((p) => ({ x: PAGE.height - p.y, y: p.x })));
    expect(turned.position).toEqual({ x: Math.min(...turned.points.map((p) => p.x)), y: Math.min(...turned.points.map((p) => p.y)) });
  });
});

describe('polygons and polylines in the exports', () => {
  const exported: Record<'flatten' | 'native', Uint8Array> = { flatten: new Uint8Array(), native: new Uint8Array() };

  beforeAll(async () => {
    for (const mode of ['flatten', 'native'] as const) exported[mode] = await exportPdf(await blankPdf(PAGE.width, PAGE.height), [polygon, polyline], { mode });
  });

  it.each(['flatten', 'native'] as const)('must write a file qpdf finds no fault in, drawn by pdftoppm along the edges (%s)', async (mode) => {
    expect((await qpdfCheck(exported[mode])).exitCode).toBe(0);
    const page = await renderPagePixels(exported[mode], 1, 72);
    const [a, b, c] = triangle as [Point, Point, Point];
    for (const [name, p] of [['ab', mid(a, b)], ['bc', mid(b, c)], ['ca', mid(c, a)]] as const) {
      expect(findColorNear(page, Math.round(p.x), Math.round(p.y), RED), `polygon edge ${name}`).toBe(true);
    }
    expect(isColor(page.getPixel(90, 120), GREEN, 10), 'polygon fill').toBe(true);
    for (let i = 1; i < zigzag.length; i++) {
      const p = mid(zigzag[i - 1] as Point, zigzag[i] as Point);
      expect(findColorNear(page, Math.round(p.x), Math.round(p.y), BLUE), `polyline segment ${i}`).toBe(true);
    }
    // A polyline is open: nothing between its last vertex and its first.
    const gap = mid(zigzag[3] as Point, zigzag[0] as Point);
    expect(isColor(page.getPixel(Math.round(gap.x), Math.round(gap.y)), WHITE, 10), 'no closing edge').toBe(true);
  });

  it('must come back exactly from our own native export', async () => {
    expect(await importAnnotations(exported.native)).toEqual([polygon, polyline]);
  });

  it('must be a /Polygon and a /PolyLine whose vertices MuPDF reads where they were drawn', () => {
    const doc = mupdf.Document.openDocument(exported.native, 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    if (!(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the page');
    const [first, second] = page.getAnnotations();
    expect(first?.getType()).toBe('Polygon');
    expect(second?.getType()).toBe('PolyLine');
    // MuPDF's page space is ours on an unrotated page.
    expect(first?.getVertices().map(([x, y]) => ({ x, y }))).toEqual(triangle);
    expect(second?.getVertices().map(([x, y]) => ({ x, y }))).toEqual(zigzag);
    expect(first?.getInteriorColor()).toEqual([0, 1, 0]);
    expect(first?.getBorderWidth()).toBe(4);
  });

  it('must read back from its standard keys alone once another tool edited it', async () => {
    const doc = mupdf.Document.openDocument(exported.native, 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    if (!(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the page');
    const [edited] = page.getAnnotations();
    edited?.setColor([0, 0, 1]);
    edited?.update();
    const [imported] = await importAnnotations(doc?.saveToBuffer('incremental').asUint8Array() ?? new Uint8Array());
    expect(imported).toMatchObject({ type: 'polygon', points: triangle, position: { x: 40, y: 40 }, color: '#0000FF', fillStyle: 'solid', fillColor: '#00FF00', strokeWidth: 4 });
  });
});

describe('a polyline on a turned page', () => {
  it('must keep its vertices where the user saw them through /Vertices alone, once another tool edited it', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([PAGE.width, PAGE.height]).setRotation(degrees(90));
    // Displayed 300 wide and 400 high.
    const points = [{ x: 30, y: 40 }, { x: 250, y: 90 }, { x: 120, y: 360 }];
    const line = normalizeAnnotation({ type: 'polyline', page: 1, position: { x: 30, y: 40 }, points, color: '#FF0000' });
    const native = await exportPdf(await doc.save(), [line], { mode: 'native' });
    const opened = mupdf.Document.openDocument(native, 'application/pdf').asPDF();
    const page = opened?.loadPage(0);
    if (!(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the page');
    const [edited] = page.getAnnotations();
    edited?.setColor([0, 0, 1]);
    edited?.update();
    const [imported] = await importAnnotations(opened?.saveToBuffer('incremental').asUint8Array() ?? new Uint8Array());
    expect(imported).toMatchObject({ type: 'polyline', color: '#0000FF', position: { x: 30, y: 40 } });
    const back = (imported as PolylineAnnotation).points;
    back.forEach((p, i) => {
      expect(p.x).toBeCloseTo(points[i]?.x ?? NaN, 3);
      expect(p.y).toBeCloseTo(points[i]?.y ?? NaN, 3);
    });
  });
});

describe.skipIf(!hasSharedPdfs)('other tools\' /Polygon and /PolyLine annotations', () => {
  it('must read Acrobat\'s polygon and polyline (without appearances) with their vertices in place', async () => {
    const annotations = await importAnnotations(readSharedPdf('pdfjs-corpus/annotation-polyline-polygon-without-appearance.pdf'));
    const height = 841.92;
    const [shape, line] = annotations as [PolygonAnnotation, PolylineAnnotation];
    expect(shape).toMatchObject({ type: 'polygon', color: '#0000BF', strokeWidth: 5, fillStyle: 'none' });
    // Acrobat repeats the first vertex to close the outline; the model closes it by itself.
    expect(shape.points).toHaveLength(8);
    expect(shape.points[0]?.x).toBeCloseTo(72.3165, 3);
    expect(shape.points[0]?.y).toBeCloseTo(height - 713.163, 3);
    expect(shape.points[3]?.x).toBeCloseTo(190.8, 3);
    expect(shape.points[3]?.y).toBeCloseTo(height - 714.777, 3);
    expect(shape.position.x).toBeCloseTo(71.348, 3);
    expect(shape.position.y).toBeCloseTo(height - 747.369, 3);
    expect(line).toMatchObject({ type: 'polyline', color: '#0000BF', strokeWidth: 3 });
    expect(line.points).toHaveLength(15);
    expect(line.points[1]?.x).toBeCloseTo(79.0962, 3);
    expect(line.points[1]?.y).toBeCloseTo(height - 512.122, 3);
    expect(line.points[14]?.x).toBeCloseTo(355.126, 3);
    expect(line.points[14]?.y).toBeCloseTo(height - 544.715, 3);
  });

  it('must read a filled polygon with its fill and opacity', async () => {
    const [shape] = await importAnnotations(readSharedPdf('pdfjs-corpus/issue20062.pdf'));
    expect(shape).toMatchObject({ type: 'polygon', fillStyle: 'solid', fillColor: '#00FF00', color: '#00FF00', opacity: 0.5 });
    const points = (shape as PolygonAnnotation).points;
    expect(points.map((p) => [Number(p.x.toFixed(3)), Number(p.y.toFixed(3))])).toEqual([
      [612, 792],
      [470.268, 792],
      [328.535, 508.535],
      [612, 650.268],
    ]);
  });
});
