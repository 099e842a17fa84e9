// The fast path of an incremental native export (lazyAppend.ts) on real files of each xref kind and
// a 2,000-page file: it is taken (the report says only the touched pages were read), keeps the
// original bytes as a prefix, passes qpdf, and gives the same annotations back and the same pixels
// as the engine's own writer (a full rewrite, which never takes the fast path).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exportPdfWithReport } from '../export/exportPdf';
import { everyType } from '../import/testing/fixtures';
import { importAnnotations } from '../import/importAnnotations';
import type { Annotation } from '../model/types';
import { pagesPdf } from '../../test-support/handmadePdf';
import { hasColorIn, parsePpm, pdfInfo, qpdf, qpdfCheck, renderPagePixels } from '../../test-support/pdfTools';
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

  it.each(cases)(
    '%s flattened (with the watermark): fast path taken, original kept, qpdf clean, same pixels as the engine path',
    async (_name, read, pages) => {
      const original = await read();
      const annotations: Annotation[] = pages.flatMap((page) => everyType(page));
      const options = { mode: 'flatten', watermark: { text: 'Draft copy' } } as const;

      const { bytes, incremental, pagesRead } = await exportPdfWithReport(original, annotations, options);
      expect(pagesRead).toBe('touched');
      expect(incremental).toBe(true);
      expect(startsWith(bytes, original)).toBe(true);
      expect(lastXrefKind(bytes)).toBe(lastXrefKind(original));

      const engine = await exportPdfWithReport(original, annotations, { ...options, incremental: false });
      expect(engine.pagesRead).toBe('all');
      const [check, originalCheck] = [await qpdfCheck(bytes), await qpdfCheck(original)];
      expect(check.errors).toEqual([]);
      expect(check.warnings.length).toBeLessThanOrEqual(originalCheck.warnings.length);
      // Nothing left to import: every mark is drawn into its page, as the engine path draws it.
      expect(await importAnnotations(bytes)).toEqual([]);
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

const run = promisify(execFile);

/** Page `number` rendered by MuPDF (mutool draw), as a binary PPM. */
async function mupdfPpm(bytes: Uint8Array, number: number): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-mutool-'));
  try {
    await writeFile(join(dir, 'in.pdf'), bytes);
    await run('mutool', ['draw', '-q', '-r', '36', '-c', 'rgb', '-o', join(dir, 'page.pnm'), join(dir, 'in.pdf'), String(number)]);
    return new Uint8Array(await readFile(join(dir, 'page.pnm')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `bytes` with the trailer's `/Size old` written as `/Size size` (same number of digits: no offset moves). */
function withSize(bytes: Uint8Array, old: number, size: number): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const at = text.lastIndexOf(`/Size ${old}`);
  expect(at).toBeGreaterThan(0);
  expect(String(size)).toHaveLength(String(old).length);
  return new Uint8Array(Buffer.from(`${text.slice(0, at)}/Size ${size}${text.slice(at + `/Size ${old}`.length)}`, 'latin1'));
}

/** Every object of `bytes` qpdf shows, by number (streams with their decoded data). */
async function objectsOf(bytes: Uint8Array, numbers: readonly number[]): Promise<string[]> {
  const shown: string[] = [];
  for (const number of numbers) {
    const object = await qpdf(bytes, [`--show-object=${number}`]);
    const data = await qpdf(bytes, [`--show-object=${number}`, '--filtered-stream-data']);
    // Without qpdf's own lines: it warns about the input's /Size, not about the object.
    const withoutWarnings = (output: string) => output.split('\n').filter((line) => !/^(WARNING|qpdf:)/.test(line)).join('\n');
    shown.push(withoutWarnings(`${object.output}${/stream/.test(object.output) ? data.output : ''}`));
  }
  return shown;
}

const BLUE = { r: 0, g: 0, b: 255 };

/**
 * A trailer /Size smaller than the file's largest object number (qpdf only warns; poppler, MuPDF
 * and pdf.js open every page): new objects are numbered after the objects that exist, so none of
 * them is replaced or listed as free.
 */
describe('lazy incremental append on a file whose trailer /Size is too small', () => {
  const check = async (original: Uint8Array, pages: number[], untouched: number[]) => {
    const annotations: Annotation[] = pages.flatMap((page) => everyType(page));
    const { bytes, pagesRead } = await exportPdfWithReport(original, annotations, { mode: 'native' });
    expect(pagesRead).toBe('touched');
    expect(startsWith(bytes, original)).toBe(true);
    expect((await qpdfCheck(bytes)).errors).toEqual([]);
    // The objects the export did not change are still there, as they were.
    expect(await objectsOf(bytes, untouched)).toEqual(await objectsOf(original, untouched));
    expect(await importAnnotations(bytes)).toEqual([...annotations].sort((a, b) => a.page - b.page));
    return bytes;
  };

  it('made here: three pages whose contents are objects 4, 6 and 8, /Size 4', async () => {
    const original = withSize(pagesPdf(3), 9, 4);
    const bytes = await check(original, [1, 3], [1, 2, 4, 5, 6, 8]);
    expect((await pdfInfo(bytes)).pages).toBe(3);
    // Each page still draws its own content, in poppler and in MuPDF.
    for (const page of [1, 2, 3]) {
      const square = { x: 5, y: 5, width: 40, height: 40 };
      expect(hasColorIn(await renderPagePixels(bytes, page, 36, 'MediaBox'), square, BLUE), `pdftoppm page ${page}`).toBe(true);
      expect(hasColorIn(parsePpm(await mupdfPpm(bytes, page)), square, BLUE), `mutool page ${page}`).toBe(true);
    }
  });

  it.skipIf(!hasSharedPdfs)('sizes.pdf with /Size lowered from 20 to 12 while objects up to 19 exist (skipped without ../shared/pdfs)', async () => {
    const original = readSharedPdf('sizes.pdf');
    // Pages 1 and 3 are objects 1 and 7, the catalog 18, the information dictionary 19.
    const lowered = withSize(original, 20, 12);
    const unchanged = Array.from({ length: 19 }, (_, index) => index + 1).filter((n) => n !== 1 && n !== 7);
    const bytes = await check(lowered, [1, 3], unchanged);
    expect((await pdfInfo(bytes)).pages).toBe(3);
    // Every page as the same export of the untouched file shows it, in poppler and in MuPDF.
    const expected = await exportPdfWithReport(original, [...everyType(1), ...everyType(3)], { mode: 'native' });
    for (const page of [1, 2, 3]) {
      expect(await differingPixels(bytes, expected.bytes, page), `pdftoppm page ${page}`).toBe(0);
      expect(Buffer.from(await mupdfPpm(bytes, page)).equals(await mupdfPpm(expected.bytes, page)), `mutool page ${page}`).toBe(true);
    }
  });
});

/**
 * `pagesPdf(2)` with its second page (object 5) at generation 1: in its header, the tree's /Kids
 * and its xref row, all the same length, so no offset moves.
 */
function secondPageAtGenerationOne(): Uint8Array {
  const text = Buffer.from(pagesPdf(2)).toString('latin1');
  const xrefAt = text.lastIndexOf('\nxref\n') + 1;
  // Row 5 of the table: after `xref`, the subsection line and rows 0 to 4.
  const rows = text.slice(xrefAt).split('\n');
  rows[2 + 5] = (rows[2 + 5] as string).replace(' 00000 n', ' 00001 n');
  const body = text.slice(0, xrefAt).replace('5 0 obj', '5 1 obj').replace('5 0 R', '5 1 R');
  return new Uint8Array(Buffer.from(body + rows.join('\n'), 'latin1'));
}

describe('lazy incremental append of a page at a generation other than 0', () => {
  it('writes the changed page under its own generation, which readers then find', async () => {
    const original = secondPageAtGenerationOne();
    expect((await qpdfCheck(original)).errors).toEqual([]);
    const annotations = [...everyType(1), ...everyType(2)];
    const { bytes, pagesRead } = await exportPdfWithReport(original, annotations, { mode: 'native' });
    expect(pagesRead).toBe('touched');
    expect(startsWith(bytes, original)).toBe(true);
    const update = Buffer.from(bytes.subarray(original.length)).toString('latin1');
    expect(update).toContain('\n5 1 obj\n');
    expect(update).not.toContain('\n5 0 obj');
    expect((await qpdfCheck(bytes)).errors).toEqual([]);
    expect((await pdfInfo(bytes)).pages).toBe(2);
    expect(await importAnnotations(bytes)).toEqual([...annotations].sort((a, b) => a.page - b.page));
  });
});
