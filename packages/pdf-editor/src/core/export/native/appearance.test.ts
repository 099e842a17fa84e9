// Native appearances are drawn by the same drawers as the flattened export: in a viewer, a page
// with native annotations must look like the same page flattened, on rotated pages too.
import { describe, expect, it } from 'vitest';
import { everyType } from '../../import/testing/fixtures';
import { renderPagePixels, type RenderedPage } from '../../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../../test-support/sharedPdfs';
import { exportPdf } from '../exportPdf';

const DPI = 72;
/** A channel differing by more than this counts: anti-aliased edges at a clip differ by less. */
const CHANNEL_TOLERANCE = 64;

/** Share of the pixels whose colour differs between the two renders. */
function differingShare(a: RenderedPage, b: RenderedPage): number {
  let differing = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const p = a.getPixel(x, y);
      const q = b.getPixel(x, y);
      if (Math.abs(p.r - q.r) > CHANNEL_TOLERANCE || Math.abs(p.g - q.g) > CHANNEL_TOLERANCE || Math.abs(p.b - q.b) > CHANNEL_TOLERANCE) differing++;
    }
  }
  return differing / (a.width * a.height);
}

describe.skipIf(!hasSharedPdfs)('native appearances', () => {
  for (const [file, page] of [
    ['tracemonkey.pdf', 1],
    ['habibi-rotated.pdf', 1],
    ['habibi-rotated.pdf', 2],
    ['habibi-rotated.pdf', 3],
  ] as const) {
    it(`must look like the flattened drawing of every type in poppler: ${file} page ${page}`, async () => {
      const source = await readSharedPdf(file);
      const drawn = everyType(page);
      const native = await renderPagePixels(await exportPdf(source, drawn, { mode: 'native' }), page, DPI);
      const flattened = await renderPagePixels(await exportPdf(source, drawn, { mode: 'flatten' }), page, DPI);
      expect(native.width).toBe(flattened.width);
      // Edges where the form's /BBox clips an anti-aliased stroke differ by a few hundred pixels.
      expect(differingShare(native, flattened)).toBeLessThan(0.003);
    });
  }
});
