// createPageSpace and normalizeRotation as a caller uses them: quarter turns of any sign map to
// 0-270, and what cannot be a page box or a page rotation is a typed error naming the argument.
import { PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors';
import { getPageSizes } from '../pages/pageOperations';
import { createPageSpace, normalizeRotation, type PdfBox } from './pageSpace';

const letter: PdfBox = { left: 0, bottom: 0, right: 612, top: 792 };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('normalizeRotation', () => {
  it('must map every multiple of 90, negative and past a full turn, to 0, 90, 180 or 270', () => {
    expect([0, 90, 180, 270, 360, 450, -90, -180, -270, -360, 720].map(normalizeRotation)).toEqual([
      0, 90, 180, 270, 0, 90, 270, 180, 90, 0, 0,
    ]);
  });

  it.each([45, 89.9, Number.NaN, Number.POSITIVE_INFINITY, '90', null, undefined])(
    'must reject %s with InvalidInputError naming degrees',
    (degrees) => {
      const error = thrown(() => normalizeRotation(degrees as number));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error).toMatchObject({ field: 'degrees' });
      expect((error as Error).message).toMatch(/^degrees: expected a multiple of 90 degrees, got /);
    },
  );
});

describe('createPageSpace', () => {
  it('must show a portrait page rotated a quarter turn as landscape', () => {
    const space = createPageSpace(letter, -270);
    expect([space.rotation, space.width, space.height]).toEqual([90, 792, 612]);
    expect(space.toPdf({ x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
  });

  it.each([
    [90, { x: 60, y: 120, width: 10, height: 30 }],
    [180, { x: 492, y: 70, width: 30, height: 10 }],
  ])('must map a displayed rectangle on a page turned %s degrees to the PDF rectangle under it, and back', (rotation, pdfRect) => {
    const space = createPageSpace({ left: 10, bottom: 20, right: 622, top: 812 }, rotation);
    const shown = { x: 100, y: 50, width: 30, height: 10 };
    expect(space.rectToPdf(shown)).toEqual(pdfRect);
    expect(space.rectToDisplay(pdfRect)).toEqual(shown);
  });

  it.each([
    [{ ...letter, top: Number.NaN }, 'box.top'],
    [{ left: 0, bottom: 0, right: 612 }, 'box.top'],
    [{ ...letter, left: '0' }, 'box.left'],
    [[0, 0, 612, 792], 'box'],
    [null, 'box'],
  ])('must reject the box %j with InvalidInputError naming %s', (box, field) => {
    const error = thrown(() => createPageSpace(box as unknown as PdfBox));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field });
  });

  it.each([30, Number.NaN, '90'])(
    'must reject the rotation %s with InvalidInputError naming rotationDegrees',
    (degrees) => {
      const error = thrown(() => createPageSpace(letter, degrees as number));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error).toMatchObject({ field: 'rotationDegrees' });
    },
  );
});

describe('a page whose /Rotate is no multiple of 90', () => {
  it('must be shown unrotated, as pdf.js shows it, and not fail the document', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([400, 300]).node.set(PDFName.of('Rotate'), PDFNumber.of(45));
    expect(await getPageSizes(await pdf.save())).toEqual([{ width: 400, height: 300 }]);
  });
});
