// How flattened marks join a page's content: after the page's own content, which cannot leave its
// graphics state (matrix, colour) on them; on that page only, even when pages share their
// /Contents; and compressed once a page carries a lot of ink.
import { PDFDocument, PDFName, pushGraphicsState, rgb, setFillingColor, concatTransformationMatrix } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../../../test-support/annotationFixtures';
import { hasColorIn, qpdfCheck, renderPagePixels } from '../../../test-support/pdfTools';
import { normalizeAnnotation } from '../../model/defaults';
import { exportPdf } from '../exportPdf';
import { qpdfObjects } from '../testing/qpdfObjects';

const greenBox = (page: number) =>
  normalizeAnnotation({ type: 'rectangle', page, position: { x: 100, y: 100 }, width: 60, height: 40, fillStyle: 'solid', color: '#00C000' });

describe('flattened content on a page', () => {
  it('is not scaled or recoloured by graphics state the page content leaves behind', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    // Unbalanced: a doubling matrix and a red fill stay in force after the page's content ends.
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(2, 0, 0, 2, 0, 0), setFillingColor(rgb(1, 0, 0)));
    const output = await exportPdf(await doc.save(), [greenBox(1)]);
    expect((await qpdfCheck(output)).exitCode).toBe(0);
    const image = await renderPagePixels(output, 1, 72);
    expect(hasColorIn(image, { x: 125, y: 115, width: 10, height: 10 }, COLORS.green, 30)).toBe(true);
    // Where a doubled box would reach, nothing.
    expect(hasColorIn(image, { x: 200, y: 200, width: 100, height: 60 }, COLORS.green, 30)).toBe(false);
  });

  it('lands only on its own page when pages share one /Contents array', async () => {
    const doc = await PDFDocument.create();
    const [first, second] = [doc.addPage([612, 792]), doc.addPage([612, 792])];
    const stream = doc.context.register(doc.context.stream('0 0 1 rg 20 20 10 10 re f'));
    const shared = doc.context.register(doc.context.obj([stream]));
    first.node.set(PDFName.of('Contents'), shared);
    second.node.set(PDFName.of('Contents'), shared);
    const output = await exportPdf(await doc.save(), [greenBox(1)]);
    const probe = { x: 125, y: 115, width: 10, height: 10 };
    expect(hasColorIn(await renderPagePixels(output, 1, 72), probe, COLORS.green, 30)).toBe(true);
    expect(hasColorIn(await renderPagePixels(output, 2, 72), probe, COLORS.green, 30)).toBe(false);
    // Both pages still show their shared original content.
    expect(hasColorIn(await renderPagePixels(output, 2, 72), { x: 22, y: 764, width: 5, height: 5 }, COLORS.blue, 30)).toBe(true);
  });

  it('compresses a page of handwriting and keeps small additions uncompressed', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.addPage([612, 792]);
    const strokes = Array.from({ length: 120 }, (_, row) =>
      normalizeAnnotation({
        type: 'freehand',
        page: 1,
        position: { x: 20, y: 20 + row * 6 },
        color: '#FF00FF',
        points: Array.from({ length: 60 }, (_, i) => ({ x: 20 + i * 9.37, y: 20 + row * 6 + 2 * Math.sin(i) })),
      }),
    );
    const output = await exportPdf(await doc.save(), [...strokes, greenBox(2)]);
    expect((await qpdfCheck(output)).exitCode).toBe(0);
    const added = (await qpdfObjects(output)).filter(({ isStream, dict }) => isStream && dict?.['/Type'] === undefined);
    const filters = added.map(({ dict }) => dict?.['/Filter'] ?? 'none');
    expect(filters).toContain('/FlateDecode');
    expect(filters).toContain('none');
    expect(hasColorIn(await renderPagePixels(output, 1, 72), { x: 300, y: 300, width: 20, height: 20 }, COLORS.magenta, 60)).toBe(true);
    expect(hasColorIn(await renderPagePixels(output, 2, 72), { x: 125, y: 115, width: 10, height: 10 }, COLORS.green, 30)).toBe(true);
  });
});
