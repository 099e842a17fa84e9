// Renders exported pages with poppler and checks that every annotation's colour is where the user
// put it. Expected pixel positions come from display coordinates scaled to the rendered image
// (poppler's own idea of the displayed page), not from our page-space code.
import { PDFDocument, degrees, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { everyTypeAt, type Probe } from '../../test-support/annotationFixtures';
import { hasColorIn, pdfInfo, renderPagePixels, type RenderedPage } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { ANNOTATION_TYPES } from '../model/schema';
import type { Annotation, Point } from '../model/types';
import { exportPdf } from './exportPdf';

const DPI = 72;

/** Displayed page size from poppler's CropBox and /Rotate. */
async function displayedSizes(bytes: Uint8Array) {
  const info = await pdfInfo(bytes);
  return info.sizes.map((page) => {
    const [x1, y1, x2, y2] = (page.boxes.CropBox ?? '').split(' ').map(Number) as [number, number, number, number];
    const width = Math.abs(x2 - x1);
    const height = Math.abs(y2 - y1);
    return page.rotation % 180 === 0 ? { width, height } : { width: height, height: width };
  });
}

function missingProbes(image: RenderedPage, display: { width: number; height: number }, probes: Probe[]): string[] {
  const sx = image.width / display.width;
  const sy = image.height / display.height;
  return probes
    .filter((probe) => {
      const { x, y, width, height } = probe.rect;
      return !hasColorIn(image, { x: x * sx, y: y * sy, width: width * sx, height: height * sy }, probe.color, probe.tolerance);
    })
    .map((probe) => probe.label);
}

async function expectAllMarksInPlace(source: Uint8Array, placements: { page: number; origin: Point }[]) {
  const sets = placements.map(({ page, origin }) => ({ page, ...everyTypeAt(page, origin) }));
  const annotations: Annotation[] = sets.flatMap((set) => set.annotations);
  const warnings: string[] = [];
  const output = await exportPdf(source, annotations, { onWarning: (m) => warnings.push(m) });
  expect(warnings).toEqual([]);
  const sizes = await displayedSizes(output);
  for (const set of sets) {
    const display = sizes[set.page - 1];
    if (!display) throw new Error(`no page ${set.page}`);
    const image = await renderPagePixels(output, set.page, DPI);
    // The render is the displayed page: its aspect must match the rotated CropBox.
    expect(image.width / image.height).toBeCloseTo(display.width / display.height, 1);
    expect({ page: set.page, missing: missingProbes(image, display, set.probes) }).toEqual({ page: set.page, missing: [] });
  }
}

describe.skipIf(!hasSharedPdfs)('flattened marks land where they were drawn', () => {
  it('are checked on a strip holding every kind, each with a probe', () => {
    const { annotations, probes } = everyTypeAt(1, { x: 0, y: 0 });
    expect(new Set(annotations.map((annotation) => annotation.type))).toEqual(new Set(ANNOTATION_TYPES));
    for (const type of ANNOTATION_TYPES) expect(probes.some((probe) => probe.label.startsWith(type)), type).toBe(true);
  });

  it('on an ordinary page (tracemonkey p1)', async () => {
    await expectAllMarksInPlace(readSharedPdf('tracemonkey.pdf'), [{ page: 1, origin: { x: 40, y: 6 } }]);
  });

  it('on every page of habibi-rotated.pdf (/Rotate 90, 180, 270, 0)', async () => {
    const source = readSharedPdf('habibi-rotated.pdf');
    expect((await pdfInfo(source)).sizes.map((page) => page.rotation)).toEqual([90, 180, 270, 0]);
    // Off-centre, so a mark mirrored or turned by a wrong rotation lands elsewhere.
    await expectAllMarksInPlace(source, [1, 2, 3, 4].map((page) => ({ page, origin: { x: 30, y: 120 } })));
  });

  it('on sizes.pdf p2 (649 x 323) and the landscape p3', async () => {
    await expectAllMarksInPlace(readSharedPdf('sizes.pdf'), [
      { page: 2, origin: { x: 60, y: 200 } },
      { page: 3, origin: { x: 200, y: 450 } },
    ]);
  });

  it('fails the check when a mark is not there (the probes can fail)', async () => {
    const source = readSharedPdf('tracemonkey.pdf');
    const { probes } = everyTypeAt(1, { x: 40, y: 6 });
    const image = await renderPagePixels(source, 1, DPI);
    expect(missingProbes(image, { width: 612, height: 792 }, probes).length).toBeGreaterThan(probes.length - 3);
  });
});

describe('flattened marks on pages whose MediaBox/CropBox do not start at 0,0', () => {
  async function offsetBoxPdf(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    for (const rotation of [0, 90, 270]) {
      const page = doc.addPage([700, 800]);
      page.setMediaBox(50, 100, 600, 700);
      page.setCropBox(80, 150, 510, 480);
      page.setRotation(degrees(rotation));
      // Some original content inside the crop box, to be sure the page keeps rendering.
      page.drawRectangle({ x: 90, y: 160, width: 10, height: 10, color: rgb(0.5, 0.5, 0.5) });
    }
    return doc.save();
  }

  it('places every mark at its displayed position, upright and unrotated pages alike', async () => {
    const source = await offsetBoxPdf();
    const sizes = await displayedSizes(source);
    expect(sizes).toEqual([
      { width: 510, height: 480 },
      { width: 480, height: 510 },
      { width: 480, height: 510 },
    ]);
    await expectAllMarksInPlace(source, [
      { page: 1, origin: { x: 0, y: 30 } },
      { page: 2, origin: { x: 5, y: 400 } },
      { page: 3, origin: { x: 2, y: 150 } },
    ]);
  });
});
