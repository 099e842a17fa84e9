// Damaged files, made here byte by byte: what pdf.js opens is imported and exported (in both
// modes) into a file qpdf accepts, with pdf.js's page count and every annotation; what cannot be
// written without damage is refused with a typed error, never written damaged.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { handmadePdf, pagesPdf, streamObject } from '../../test-support/handmadePdf';
import { pdfjsOpen, qpdfCheck } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { PdfEmptyError, PdfEncryptedError, PdfInvalidError } from '../errors';
import { exportPdf } from '../export/exportPdf';
import { importAnnotations } from '../import/importAnnotations';
import { everyType } from '../import/testing/fixtures';
import { removeTempFiles, writeTemp } from '../pages/pdfTools.testkit';

afterAll(removeTempFiles);

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
/** `bytes` up to the last `marker` (moved by `shift`). */
const cutAt = (bytes: Uint8Array, marker: string, shift = 0) => bytes.subarray(0, latin1(bytes).lastIndexOf(marker) + shift);

const SQUARE = streamObject('', '0 0 1 rg 20 20 100 100 re f');
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << >> >>';
const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';

/** The page count pdf.js gives the file (it counts a broken tree's pages from its /Count), as the corpus check reads it. */
async function pdfjsPageCount(bytes: Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, stopAtErrors: false });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}

/** Exports `bytes` in both modes with annotations on every page; checks each output with qpdf, pdf.js and import. */
async function expectExportedIntact(bytes: Uint8Array, pages: number): Promise<void> {
  expect(await pdfjsPageCount(bytes)).toBe(pages);
  const annotations = Array.from({ length: pages }, (_, index) => everyType(index + 1)).flat();
  for (const mode of ['flatten', 'native'] as const) {
    const output = await exportPdf(bytes, annotations, { mode });
    const check = await qpdfCheck(output);
    expect(check.errors, `${mode}: ${check.output}`).toEqual([]);
    expect(await pdfjsOpen(output), mode).toBe(pages);
    if (mode === 'native') expect(await importAnnotations(output)).toEqual(annotations);
  }
}

describe('files pdf.js opens, made here', () => {
  it('reads a file whose %PDF- header comes after 2,000 bytes of garbage, as pdf.js does', async () => {
    const garbage = 'x'.repeat(2000);
    // Offsets counted from the header (the file was prefixed), and from the file's first byte.
    const prefixed = bytesOf(garbage + latin1(pagesPdf(2)));
    await expectExportedIntact(prefixed, 2);
    await expectExportedIntact(pagesPdf(2, { before: garbage }), 2);
  });

  it('still refuses bytes that are no PDF at all as not a PDF', async () => {
    await expect(importAnnotations(bytesOf('not even a pdf file'))).rejects.toThrow(/not a PDF \(no %PDF- header found\)/);
    await expect(importAnnotations(bytesOf(`${'x'.repeat(2000)}\n1 0 obj\n<< >>\nendobj\n`))).rejects.toThrow(PdfInvalidError);
  });

  it.each([
    ['whose only kid does not exist', handmadePdf([CATALOG, '<< /Type /Pages /Kids [9 0 R] /Count 1 >>', PAGE, SQUARE])],
    ['whose only kid is a font', handmadePdf([CATALOG, '<< /Type /Pages /Kids [5 0 R] /Count 1 >>', PAGE, SQUARE, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'])],
    ['without /Kids', handmadePdf([CATALOG, '<< /Type /Pages /Count 1 >>', PAGE, SQUARE])],
  ])('finds the page of a file whose page tree counts one page but leads to none (%s) by scanning its objects', async (_name, bytes) => {
    await expectExportedIntact(bytes, 1);
  });

  it('keeps a valid empty page tree empty (pdf.js shows no page either)', async () => {
    const bytes = handmadePdf([CATALOG, '<< /Type /Pages /Kids [] /Count 0 >>', PAGE, SQUARE]);
    expect(await pdfjsPageCount(bytes)).toBe(0);
    await expect(exportPdf(bytes, [])).rejects.toThrow(PdfEmptyError);
  });

  it.each([
    ['before its xref table', 'xref', 0],
    ['before startxref', 'startxref', 0],
  ])('reads a truncated file (cut %s) with its page', async (_name, marker, shift) => {
    await expectExportedIntact(cutAt(pagesPdf(1), marker, shift), 1);
  });
});

describe('files rebuilt from their objects', () => {
  it('are written out whole with their /Info even when nothing changed, never handed back damaged', async () => {
    const objects = [CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', PAGE, SQUARE, '<< /Title (Kept through the repair) >>'];
    const made = latin1(handmadePdf(objects)).replace('/Root 1 0 R >>', '/Root 1 0 R /Info 5 0 R >>');
    // The cross-reference start points past the end: readers rebuild the file by scanning it.
    const damaged = bytesOf(made.replace(/startxref\n\d+/, 'startxref\n999999'));
    expect((await qpdfCheck(damaged)).warnings.length).toBeGreaterThan(0);
    for (const mode of ['flatten', 'native'] as const) {
      const output = await exportPdf(damaged, [], { mode });
      const check = await qpdfCheck(output);
      expect(check.warnings, `${mode}: ${check.output}`).toEqual([]);
      expect(check.errors, mode).toEqual([]);
      expect(latin1(output), mode).toContain('/Title (Kept through the repair)');
      expect(latin1(output), mode).not.toContain('999999');
    }
  });
});

describe('page trees that loop', () => {
  it.each([
    ['the root among its own kids, before the page', handmadePdf([CATALOG, '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>', PAGE, SQUARE])],
    ['the root among its own kids, after the page', handmadePdf([CATALOG, '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 1 >>', PAGE, SQUARE])],
    [
      'a node under itself, beside the page (inheriting its media box from the root)',
      handmadePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 1 /MediaBox [0 0 200 200] >>',
        '<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << >> >>',
        SQUARE,
        '<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 0 >>',
      ]),
    ],
  ])('exports a tree with %s into a file qpdf accepts, the loop gone', async (_name, bytes) => {
    expect((await qpdfCheck(bytes)).errors.join('\n')).toMatch(/Loop detected in \/Pages structure/);
    await expectExportedIntact(bytes, 1);
  });

  it('refuses a looping tree that leads to no page with a typed error', async () => {
    const bytes = handmadePdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>']);
    for (const mode of ['flatten', 'native'] as const) await expect(exportPdf(bytes, everyType(1), { mode })).rejects.toThrow(PdfEmptyError);
  });
});

/** An encrypted file (empty user password, as qpdf writes it) whose /Encrypt dictionary then lost its `<<`. */
function damagedEncryption(): Uint8Array {
  const path = writeTemp(pagesPdf(1));
  execFileSync('qpdf', ['--object-streams=disable', '--encrypt', '', 'owner', '128', '--use-aes=y', '--', path, `${path}.aes.pdf`]);
  const text = latin1(new Uint8Array(readFileSync(`${path}.aes.pdf`)));
  const number = /\/Encrypt (\d+) 0 R/.exec(text)?.[1];
  const at = text.indexOf(`\n${number} 0 obj\n<<`) + `\n${number} 0 obj\n`.length;
  expect(at).toBeGreaterThan(0);
  return bytesOf(`${text.slice(0, at)}E<${text.slice(at + 2)}`);
}

describe('encrypted files whose encryption cannot be read', () => {
  const refusedInBothModes = async (bytes: Uint8Array) => {
    for (const mode of ['flatten', 'native'] as const) {
      await expect(exportPdf(bytes, everyType(1), { mode })).rejects.toThrow(PdfEncryptedError);
    }
  };

  it('refuses a file whose /Encrypt dictionary is damaged instead of writing it without /Encrypt', async () => {
    await refusedInBothModes(damagedEncryption());
  });

  it.skipIf(!hasSharedPdfs)('refuses PDFBOX-4352-0.pdf the same way (skipped without ../shared/pdfs)', async () => {
    await refusedInBothModes(readSharedPdf('pdfjs-corpus/PDFBOX-4352-0.pdf'));
  });
});
