// The fast path of an incremental native export (lazyAppend.ts) on real files of each xref kind and
// a 2,000-page file: it is taken (the report says only the touched pages were read), keeps the
// original bytes as a prefix, passes qpdf, and gives the same annotations back and the same pixels
// as the engine's own writer (a full rewrite, which never takes the fast path).
import { describe, expect, it } from 'vitest';
import { exportPdfWithReport } from '../export/exportPdf';
import { everyType } from '../import/testing/fixtures';
import { importAnnotations } from '../import/importAnnotations';
import type { Annotation } from '../model/types';
import { qpdfCheck, renderPagePixels } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf, sharedPdfPath } from '../../test-support/sharedPdfs';

const SYNTHETIC_PAGES = 2000;

async function syntheticPdf(pages: number): Promise<Uint8Array> {
  const { makeSyntheticPdf } = (await import(sharedPdfPath('make-synthetic.mjs'))) as {
    makeSyntheticPdf: (count: number) => Uint8Array;
  };
  return new Uint8Array(makeSyntheticPdf(pages));
}

/** Whether the newest xref section (at the last startxref) is a table or a stream. */
function lastXrefKind(bytes: Uint8Array): 'table' | 'stream' {
  const text = Buffer.from(bytes).toString('latin1');
  const at = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))?.[1]);
  return text.startsWith('xref', at) ? 'table' : 'stream';
}

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) =>
  bytes.length >= prefix.length && Buffer.from(bytes.buffer, bytes.byteOffset, prefix.length).equals(prefix);

/**
 * Pixels differing by more than a rounding step between two renders of one page. The whole
 * MediaBox is rendered: the engine's rewrite writes a CropBox such as 86.399997 as 86.39999,
 * which shifts the raster of a cropped render by a pixel.
 */
async function differingPixels(a: Uint8Array, b: Uint8Array, page: number): Promise<number> {
  const render = (bytes: Uint8Array) => renderPagePixels(bytes, page, 36, 'MediaBox');
  const [left, right] = [await render(a), await render(b)];
  expect([left.width, left.height]).toEqual([right.width, right.height]);
  let differing = 0;
  for (let y = 0; y < left.height; y++) {
    for (let x = 0; x < left.width; x++) {
      const [p, q] = [left.getPixel(x, y), right.getPixel(x, y)];
      if (Math.max(Math.abs(p.r - q.r), Math.abs(p.g - q.g), Math.abs(p.b - q.b)) > 2) differing++;
    }
  }
  return differing;
}

const cases: [string, () => Promise<Uint8Array>, number[]][] = [
  ['tracemonkey.pdf', async () => readSharedPdf('tracemonkey.pdf'), [1, 3]],
  // A nested page tree (43 /Pages nodes), its pages touched out of order.
  ['freeculture.pdf', async () => readSharedPdf('freeculture.pdf'), [300, 2, 120]],
  [
    'prefilled_f1040.pdf (xref stream, object streams)',
    async () => readSharedPdf('prefilled_f1040.pdf'),
    [1, 2],
  ],
  ['sizes.pdf', async () => readSharedPdf('sizes.pdf'), [1, 2]],
  ['habibi-rotated.pdf', async () => readSharedPdf('habibi-rotated.pdf'), [1]],
  [`a ${SYNTHETIC_PAGES}-page file`, () => syntheticPdf(SYNTHETIC_PAGES), [1, 1500, SYNTHETIC_PAGES]],
];

describe.skipIf(!hasSharedPdfs)('lazy incremental append', () => {
  it.each(cases)(
    "%s: fast path taken, original kept, xref kind kept, qpdf clean, same import and pixels as the engine's writer",
    async (_name, read, pages) => {
      const original = await read();
      const annotations: Annotation[] = pages.flatMap((page) => everyType(page));

      const { bytes, incremental, pagesRead } = await exportPdfWithReport(original, annotations, { mode: 'native' });
      expect(pagesRead).toBe('touched');
      expect(incremental).toBe(true);
      expect(startsWith(bytes, original)).toBe(true);
      expect(lastXrefKind(bytes)).toBe(lastXrefKind(original));

      const engine = await exportPdfWithReport(original, annotations, { mode: 'native', incremental: false });
      expect(engine.pagesRead).toBe('all');

      const [check, originalCheck] = [await qpdfCheck(bytes), await qpdfCheck(original)];
      expect(check.errors).toEqual([]);
      expect(check.warnings.length).toBeLessThanOrEqual(originalCheck.warnings.length);

      // Exactly what was exported, in page order: import trusted every private copy, so their digests held.
      const imported = await importAnnotations(bytes);
      expect(imported).toEqual([...annotations].sort((a, b) => a.page - b.page));
      expect(imported).toEqual(await importAnnotations(engine.bytes));
      for (const page of pages) expect(await differingPixels(bytes, engine.bytes, page)).toBe(0);
    },
  );

  it('warns once about an annotation on a page the file lacks', async () => {
    const original = await syntheticPdf(3);
    const warnings: string[] = [];
    const { bytes, pagesRead } = await exportPdfWithReport(original, [...everyType(1), ...everyType(9)], {
      mode: 'native',
      onWarning: (message) => warnings.push(message),
    });
    expect(pagesRead).toBe('touched');
    expect(warnings.filter((message) => message.includes('page 9'))).toHaveLength(everyType(9).length);
    expect(await importAnnotations(bytes)).toHaveLength(everyType(1).length);
  });

  it.each(['empty_protected.pdf', 'xref_command_missing.pdf'])(
    '%s (encrypted, or repaired to be read): the engine writes it',
    async (name) => {
      const original = readSharedPdf(name);
      const { bytes, pagesRead } = await exportPdfWithReport(original, everyType(1), { mode: 'native' });
      expect(pagesRead).toBe('all');
      expect((await qpdfCheck(bytes)).errors).toEqual([]);
      expect(await importAnnotations(bytes)).toHaveLength(everyType(1).length);
    },
  );
});
