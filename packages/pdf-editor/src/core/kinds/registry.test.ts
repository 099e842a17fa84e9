// The kind registry is complete (every type has a kind with every part), and the geometry every
// consumer reads from it keeps the model's rules: one text-size estimate for selection boxes and
// page turns, and a stroke's position at the top-left of its points however it was made.
import { PDFArray, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { importAnnotations } from '../import/importAnnotations';
import { normalizeAnnotation } from '../model/defaults';
import { ANNOTATION_TYPES } from '../model/schema';
import type { Annotation, AnnotationType, FreehandAnnotation, Rect } from '../model/types';
import { rotateAnnotation } from '../pages/rotateAnnotation';
import { NATIVE_READERS, PDF_KINDS } from './pdfRegistry';
import { KINDS, kindFor } from './registry';

const PAGE = { width: 612, height: 792 };
const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

describe('the kind registry', () => {
  it('must list one kind for every annotation type, each under its own type', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...ANNOTATION_TYPES].sort());
    for (const type of ANNOTATION_TYPES) expect(KINDS[type].type).toBe(type);
  });

  it('must give every kind defaults that make a valid annotation, and every geometry part', () => {
    for (const type of ANNOTATION_TYPES) {
      const kind = KINDS[type as AnnotationType];
      for (const part of ['defaults', 'bounds', 'translate', 'handles', 'resize', 'turn'] as const) {
        expect(typeof kind[part], `${type}.${part}`).toBe('function');
      }
      const annotation = normalizeAnnotation({ type, page: 1, position: { x: 10, y: 20 } } as never) as Annotation;
      expect(kind.schema.safeParse(annotation).success, `${type}.schema`).toBe(true);
      expect(kindFor(annotation).bounds(annotation), type).toMatchObject({ x: expect.any(Number), y: expect.any(Number) });
      expect(kind.handles(annotation as never).length, type).toBe(kind.capabilities.resize === 'none' ? 0 : kind.capabilities.resize === 'ends' ? 2 : 4);
    }
  });
});

describe('the PDF half of the kind registry', () => {
  it('must give every type a drawer and a writer', () => {
    expect(Object.keys(PDF_KINDS).sort()).toEqual([...ANNOTATION_TYPES].sort());
    for (const type of ANNOTATION_TYPES) {
      expect(typeof PDF_KINDS[type].draw, `${type}.draw`).toBe('function');
      expect(typeof PDF_KINDS[type].write, `${type}.write`).toBe('function');
    }
  });

  it('must let each native subtype be read by one kind only', () => {
    const subtypes = Object.values(PDF_KINDS).flatMap((kind) => Object.keys(kind.reads));
    expect(new Set(subtypes).size).toBe(subtypes.length);
    expect(Object.keys(NATIVE_READERS).sort()).toEqual([...subtypes].sort());
  });
});

describe('text without a width', () => {
  it('must keep its selection box centred on the same spot when its page turns', () => {
    const text = normalizeAnnotation({ type: 'text', page: 1, position: { x: 100, y: 200 }, content: 'A fairly long line of text\nand a second', fontSize: 20 });
    const before = kindFor(text).bounds(text);
    const turned = rotateAnnotation(text, PAGE, 90);
    const after = kindFor(turned).bounds(turned);
    // A 90 degree turn maps (x, y) to (H - y, x).
    expect(centre(after).x).toBeCloseTo(PAGE.height - centre(before).y, 6);
    expect(centre(after).y).toBeCloseTo(centre(before).x, 6);
    expect(after.width).toBeCloseTo(before.width, 6);
  });
});

describe('a freehand stroke', () => {
  const points = [{ x: 200, y: 300 }, { x: 150, y: 250 }, { x: 260, y: 340 }];

  it('must keep its position at the top-left of its points when its page turns', () => {
    const stroke = normalizeAnnotation({ type: 'freehand', page: 1, position: { x: 150, y: 250 }, points });
    for (const degrees of [90, 180, 270]) {
      const turned = rotateAnnotation(stroke, PAGE, degrees) as FreehandAnnotation;
      expect(turned.position, `${degrees}`).toEqual({ x: Math.min(...turned.points.map((p) => p.x)), y: Math.min(...turned.points.map((p) => p.y)) });
    }
  });

  it('must have its position at the top-left of its points when another tool wrote it as /Ink', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([PAGE.width, PAGE.height]);
    // PDF user space: y upward; the first point is neither the leftmost nor the topmost.
    const ink = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Ink',
      Rect: [140, 440, 270, 550],
      InkList: [points.flatMap((p) => [p.x, PAGE.height - p.y])],
      C: [1, 0, 0],
    });
    page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(ink)]) as PDFArray);
    const [imported] = await importAnnotations(await doc.save());
    expect(imported?.type).toBe('freehand');
    if (imported?.type !== 'freehand') return;
    expect(imported.position.x).toBeCloseTo(150, 3);
    expect(imported.position.y).toBeCloseTo(250, 3);
  });
});
