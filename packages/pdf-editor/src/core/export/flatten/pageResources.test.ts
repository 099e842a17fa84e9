// Resources of flattened pages: one /ExtGState per distinct opacity and blend for the whole
// document (not one per annotation), and names that never clash with what a page already has,
// such as the names of an earlier export of the same file.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../../../test-support/annotationFixtures';
import { hasColorIn, qpdfCheck, renderPagePixels } from '../../../test-support/pdfTools';
import { normalizeAnnotation } from '../../model/defaults';
import { exportPdf } from '../exportPdf';
import { qpdfObjects } from '../testing/qpdfObjects';

async function blankPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save();
}

const extGStates = async (bytes: Uint8Array) =>
  (await qpdfObjects(bytes)).filter(({ dict }) => dict?.['/Type'] === '/ExtGState').map(({ dict }) => dict);

describe('flattened page resources', () => {
  it('writes one /ExtGState per distinct opacity and blend, shared by every page', async () => {
    const annotations = Array.from({ length: 60 }, (_, i) =>
      normalizeAnnotation(
        i % 3 === 0
          ? { type: 'highlight', page: (i % 6) + 1, position: { x: 50, y: 20 + i * 10 } }
          : { type: 'rectangle', page: (i % 6) + 1, position: { x: 300, y: 20 + i * 10 }, width: 20, height: 5, opacity: i % 3 === 1 ? 0.5 : 1 },
      ),
    );
    const output = await exportPdf(await blankPdf(6), annotations);
    expect((await qpdfCheck(output)).exitCode).toBe(0);
    const states = await extGStates(output);
    // Highlights: 0.3 Multiply; half the rectangles 0.5 Normal; opaque rectangles need none.
    expect(states.map((state) => `${String(state?.['/ca'])} ${String(state?.['/BM'])}`).sort()).toEqual(['0.3 /Multiply', '0.5 /Normal']);
  });

  it('keeps the names of an earlier export intact when exporting the result again', async () => {
    const first = await exportPdf(await blankPdf(1), [
      normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 100, y: 100 }, width: 50, height: 50, fillStyle: 'solid', color: '#0000FF', opacity: 0.5 }),
    ]);
    const second = await exportPdf(first, [
      normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 300, y: 100 }, width: 50, height: 50, fillStyle: 'solid', color: '#FF0000', opacity: 0.25 }),
    ]);
    const image = await renderPagePixels(second, 1, 72);
    // Blue at half strength and red at a quarter, each over white: had the second export reused
    // the first one's name, one of them would come out at the other's opacity.
    expect(hasColorIn(image, { x: 120, y: 120, width: 10, height: 10 }, { r: 128, g: 128, b: 255 }, 12)).toBe(true);
    expect(hasColorIn(image, { x: 320, y: 120, width: 10, height: 10 }, { r: 255, g: 191, b: 191 }, 12)).toBe(true);
    expect(hasColorIn(image, { x: 320, y: 120, width: 10, height: 10 }, COLORS.red, 40)).toBe(false);
  });
});
