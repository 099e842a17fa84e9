// Native export followed by import gives back what was drawn: exactly while our private copy of the
// model is there, and within half a point from the standard keys alone once another tool drops it,
// on ordinary, rotated (90/180/270), odd-sized, landscape and offset-box pages.
import { PDF } from '../pdf/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../export/exportPdf';
import type { Annotation, Point } from '../model/types';
import { pdfValue } from '../pdf/objects';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { importAnnotations } from './importAnnotations';
import { everyType, stripMarginaliaData } from './testing/fixtures';

const TOLERANCE = 0.5;

async function offsetBoxPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const plain = pdf.addPage({ width: 600, height: 800 });
  plain.dict.set('MediaBox', pdfValue([100, 200, 700, 1000]));
  plain.dict.set('CropBox', pdfValue([130, 260, 650, 960]));
  const turned = pdf.addPage({ width: 600, height: 800 });
  turned.dict.set('MediaBox', pdfValue([-50, -70, 450, 630]));
  turned.dict.set('CropBox', pdfValue([-20, -40, 420, 560]));
  turned.dict.set('Rotate', pdfValue(90));
  return pdf.save();
}

interface Case {
  name: string;
  bytes: () => Promise<Uint8Array> | Uint8Array;
  pages: number[];
}

const CASES: Case[] = [
  { name: 'tracemonkey.pdf pages 1 and 14', bytes: () => readSharedPdf('tracemonkey.pdf'), pages: [1, 14] },
  { name: 'habibi-rotated.pdf, /Rotate 90, 180, 270 and 0', bytes: () => readSharedPdf('habibi-rotated.pdf'), pages: [1, 2, 3, 4] },
  { name: 'sizes.pdf p2 (649 x 323) and landscape p3', bytes: () => readSharedPdf('sizes.pdf'), pages: [2, 3] },
  { name: 'pages whose boxes do not start at 0,0 (one rotated)', bytes: offsetBoxPdf, pages: [1, 2] },
];

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Largest positional or size difference between the geometry of two annotations of one type. */
function geometryError(actual: Annotation, expected: Annotation): number {
  const errors: number[] = [distance(actual.position, expected.position)];
  const sized = (a: { width: number; height: number }, e: { width: number; height: number }) =>
    errors.push(Math.abs(a.width - e.width), Math.abs(a.height - e.height));
  switch (expected.type) {
    case 'rectangle':
    case 'whiteout':
    case 'image':
    case 'signature':
    case 'ellipse':
    case 'caret':
    case 'stamp':
      sized(actual as typeof expected, expected);
      break;
    case 'highlight':
    case 'strikethrough':
    case 'underline':
    case 'squiggly': {
      sized(actual as typeof expected, expected);
      const rects = (actual as typeof expected).rects ?? [];
      expect(rects.length).toBe(expected.rects?.length ?? 0);
      (expected.rects ?? []).forEach((rect, index) => {
        const got = rects[index];
        expect(got).toBeDefined();
        if (got) errors.push(distance(got, rect), Math.abs(got.width - rect.width), Math.abs(got.height - rect.height));
      });
      break;
    }
    case 'circle':
      errors.push(Math.abs((actual as typeof expected).radius - expected.radius));
      break;
    case 'arrow':
      errors.push(distance((actual as typeof expected).endPoint, expected.endPoint));
      break;
    case 'freehand':
    case 'polygon':
    case 'polyline': {
      const points = (actual as typeof expected).points;
      expect(points).toHaveLength(expected.points.length);
      expected.points.forEach((point, index) => errors.push(distance(points[index] ?? { x: NaN, y: NaN }, point)));
      break;
    }
    case 'text':
      errors.push(Math.abs(((actual as typeof expected).width ?? NaN) - (expected.width ?? NaN)));
      break;
    case 'comment':
      break;
  }
  return Math.max(...errors);
}

const roundTrip = { maxErrorWithoutPrivateData: 0 };

describe.skipIf(!hasSharedPdfs).concurrent('native export then importAnnotations', () => {
  for (const testCase of CASES) {
    it(`must give back every annotation exactly on ${testCase.name}`, async () => {
      const source = await testCase.bytes();
      const drawn = testCase.pages.flatMap((page) => everyType(page));
      const exported = await exportPdf(source, drawn, { mode: 'native' });
      const imported = await importAnnotations(exported);
      expect(imported).toEqual(drawn);
    });

    it(`must rebuild geometry within ${TOLERANCE} pt from the standard keys alone on ${testCase.name}`, async () => {
      const source = await testCase.bytes();
      const drawn = testCase.pages.flatMap((page) => everyType(page));
      const stripped = await stripMarginaliaData(await exportPdf(source, drawn, { mode: 'native' }));
      const imported = await importAnnotations(stripped);
      const byId = new Map(imported.map((annotation) => [annotation.id, annotation]));
      expect(imported).toHaveLength(drawn.length);
      for (const expected of drawn) {
        const actual = byId.get(expected.id);
        expect(actual, expected.id).toBeDefined();
        if (!actual) continue;
        // A signature is a stamp like any image once our model copy is gone.
        expect(actual.type).toBe(expected.type === 'signature' ? 'image' : expected.type);
        expect(actual.page).toBe(expected.page);
        if (expected.type !== 'text') expect(actual.color, expected.id).toBe(expected.color);
        expect(actual.opacity, expected.id).toBeCloseTo(expected.opacity, 3);
        if (expected.type === 'text' || expected.type === 'comment' || expected.type === 'caret') {
          expect(actual).toMatchObject({ content: expected.content, color: expected.color });
        }
        if (expected.type === 'stamp') {
          const { preset, label } = actual as typeof expected;
          expect({ preset, label }, expected.id).toEqual({ preset: expected.preset, label: expected.label });
        }
        if (expected.type === 'polygon') expect(actual).toMatchObject({ fillStyle: expected.fillStyle, fillColor: expected.fillColor });
        if (expected.type === 'text') {
          expect(actual).toMatchObject({
            fontSize: expected.fontSize,
            fontWeight: expected.fontWeight,
            fontStyle: expected.fontStyle,
            textAlign: expected.textAlign,
            textDecoration: expected.textDecoration,
            fontFamily: expected.fontFamily,
          });
        }
        if (expected.type === 'image' || expected.type === 'signature') {
          expect((actual as typeof expected).imageData).toMatch(/^data:image\/png;base64,/);
        }
        const error = geometryError(actual, expected);
        roundTrip.maxErrorWithoutPrivateData = Math.max(roundTrip.maxErrorWithoutPrivateData, error);
        expect(error, `${expected.id} geometry error`).toBeLessThanOrEqual(TOLERANCE);
      }
    });
  }

  afterAll(() => {
    console.info(`native round trip without private data: max geometry error ${roundTrip.maxErrorWithoutPrivateData.toExponential(2)} pt`);
  });
});
