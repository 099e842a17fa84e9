// The spec's export rules (sections 5, 8, 9): annotations on missing pages and blank text are
// skipped, non-hex colours draw black, a broken image fails the export naming it (issue 12: no
// annotation dropped silently), the watermark goes only on annotated pages, and input no reader opens (or that needs a
// password not given) raises typed errors.
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLORS } from '../../test-support/annotationFixtures';
import { hasColorIn, pdfFonts, pdfInfo, pdfText, pdfWords, renderPagePixels } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { AnnotationExportError, PdfInvalidError, PdfPasswordError } from '../errors';
import { normalizeAnnotation } from '../model/defaults';
import { exportPdf } from './exportPdf';

async function blankPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save();
}

const WATERMARK = 'Marginalia - Free Version';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('export rules', () => {
  it('skips an annotation on a page the document does not have, with a warning, and never adds a page', async () => {
    const warnings: string[] = [];
    const output = await exportPdf(
      await blankPdf(2),
      [
        normalizeAnnotation({ type: 'text', page: 3, position: { x: 72, y: 72 }, content: 'ghost' }),
        normalizeAnnotation({ type: 'text', page: 2, position: { x: 72, y: 72 }, content: 'kept' }),
      ],
      { onWarning: (m) => warnings.push(m), watermark: true },
    );
    expect((await pdfInfo(output)).pages).toBe(2);
    expect(await pdfText(output)).not.toContain('ghost');
    expect(await pdfText(output, 2)).toContain('kept');
    expect(warnings).toEqual([expect.stringMatching(/page 3/)]);
  });

  it('skips blank text: nothing drawn, no font used', async () => {
    const output = await exportPdf(await blankPdf(), [
      normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 72 }, content: '  \n\t ' }),
    ]);
    expect(await pdfFonts(output)).toEqual([]);
  });

  it.each(['red', '#F00', 'rgb(255,0,0)', '#GG0000'])('draws colour %s as black', async (color) => {
    const output = await exportPdf(await blankPdf(), [
      normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 100, y: 100 }, color, fillStyle: 'solid' }),
    ]);
    const image = await renderPagePixels(output, 1, 72);
    expect(hasColorIn(image, { x: 148, y: 148, width: 4, height: 4 }, COLORS.black, 10)).toBe(true);
  });

  it('accepts a 6-digit hex colour without "#"', async () => {
    const output = await exportPdf(await blankPdf(), [
      normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 100, y: 100 }, color: '00c000', fillStyle: 'solid' }),
    ]);
    const image = await renderPagePixels(output, 1, 72);
    expect(hasColorIn(image, { x: 148, y: 148, width: 4, height: 4 }, COLORS.green, 10)).toBe(true);
  });

  it.each(['flatten', 'native'] as const)('fails a %s export naming an image that cannot be embedded, instead of skipping it', async (mode) => {
    const broken = normalizeAnnotation({ type: 'signature', page: 1, position: { x: 50, y: 300 }, imageData: 'data:image/jpeg;base64,not really' });
    const annotations = [
      normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 300, y: 100 }, color: '#00C000', fillStyle: 'solid' }),
      broken,
    ];
    const failure = await exportPdf(await blankPdf(), annotations, { mode }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnnotationExportError);
    expect(failure).toMatchObject({ annotationId: broken.id, message: expect.stringMatching(/signature annotation .*could not be written \(Failed to embed image/) });
  });
});

describe.skipIf(!hasSharedPdfs)('watermark', () => {
  const annotated = [2, 5];
  const annotations = annotated.map((page) =>
    normalizeAnnotation({ type: 'rectangle', page, position: { x: 20, y: 20 }, color: '#FF0000' }),
  );

  it('is drawn only on pages that carry an annotation', async () => {
    const output = await exportPdf(readSharedPdf('tracemonkey.pdf'), annotations, { watermark: true });
    for (let page = 1; page <= 6; page++) {
      const text = (await pdfText(output, page)).replace(/\s+/g, ' ');
      expect({ page, watermarked: text.includes(WATERMARK) }).toEqual({ page, watermarked: annotated.includes(page) });
    }
  });

  it('is absent when omitted or false', async () => {
    for (const options of [{}, { watermark: false }]) {
      const output = await exportPdf(readSharedPdf('tracemonkey.pdf'), annotations, options);
      expect(await pdfText(output)).not.toContain('Free Version');
    }
  });

  it('takes a custom text', async () => {
    const output = await exportPdf(readSharedPdf('sizes.pdf'), [{ ...annotations[0]!, page: 1 }], { watermark: { text: 'Draft copy' } });
    expect(await pdfText(output, 1)).toContain('Draft copy');
  });

  it.each([1, 2, 3, 4])('is upright and centred on habibi-rotated.pdf page %i', async (page) => {
    const output = await exportPdf(readSharedPdf('habibi-rotated.pdf'), [{ ...annotations[0]!, page }], { watermark: true });
    const words = (await pdfWords(output, page)).filter((word) => WATERMARK.split(' ').includes(word.text));
    expect(words.map((word) => word.text)).toEqual(WATERMARK.split(' '));
    const [first, last] = [words[0]!, words[words.length - 1]!];
    // Upright: one horizontal line reading left to right on the displayed page.
    expect(first.xMin).toBeLessThan(last.xMin);
    expect(Math.abs(first.yMin - last.yMin)).toBeLessThan(1);
    const displayed = page % 2 === 1 ? { width: 841.89, height: 595.28 } : { width: 595.28, height: 841.89 };
    // pdftotext's boxes come from poppler's substitute font (ink of the first glyph, ascender to
    // descender), so allow a few points against the watermark's own centring of advance widths.
    expect(Math.abs((first.xMin + last.xMax) / 2 - displayed.width / 2)).toBeLessThan(6);
    expect(Math.abs((first.yMin + first.yMax) / 2 - displayed.height / 2)).toBeLessThan(8);
  });

  it('shrinks to fit a page narrower than the text', async () => {
    const output = await exportPdf(readSharedPdf('xref_command_missing.pdf'), [{ ...annotations[0]!, page: 1 }], { watermark: true });
    const words = (await pdfWords(output, 1)).filter((word) => WATERMARK.split(' ').includes(word.text));
    expect(words).toHaveLength(4);
    expect(words[0]!.xMin).toBeGreaterThanOrEqual(0);
    expect(words[3]!.xMax).toBeLessThanOrEqual(200);
  });
});

describe.skipIf(!hasSharedPdfs)('bad input', () => {
  it('refuses a file that needs a password, given none or a wrong one, with PdfPasswordError', async () => {
    const locked = readSharedPdf('libreoffice-writer-password.pdf');
    await expect(exportPdf(locked, [])).rejects.toMatchObject({ name: 'PdfPasswordError', reason: 'missing' });
    await expect(exportPdf(locked, [], { password: 'guess' })).rejects.toThrow(PdfPasswordError);
  });

  it.each(['bad.pdf', 'bug1020226.pdf'])('refuses %s, which no reader opens, with PdfInvalidError', async (name) => {
    await expect(exportPdf(readSharedPdf(name), [])).rejects.toThrow(PdfInvalidError);
  });

  it('refuses a truncated copy of a real PDF with PdfInvalidError', async () => {
    const whole = readSharedPdf('sizes.pdf');
    await expect(exportPdf(whole.subarray(0, Math.floor(whole.length / 3)), [])).rejects.toThrow(PdfInvalidError);
  });

  it('refuses bytes that are not a PDF with PdfInvalidError', async () => {
    await expect(exportPdf(new TextEncoder().encode('hello, not a pdf'), [])).rejects.toThrow(PdfInvalidError);
    await expect(exportPdf(new ArrayBuffer(0), [])).rejects.toThrow(PdfInvalidError);
  });
});
