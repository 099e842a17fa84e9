// Text export: standard fonts for WinAnsi text (nothing embedded), the bundled DejaVu Sans for
// Greek, Cyrillic and Central European Latin, caller-supplied fonts, a typed error for characters
// no font has, and the text layout (families, alignment, breaks, underline).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../../test-support/annotationFixtures';
import { hasColorIn, pdfFonts, pdfText, pdfWords, renderPagePixels } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { normalizeAnnotation } from '../model/defaults';
import type { AnnotationInput, TextAnnotation } from '../model/types';
import { importAnnotations } from '../import/importAnnotations';
import { exportPdf } from './exportPdf';

const dejavuDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const dejavu = (file: string) => new Uint8Array(readFileSync(join(dejavuDir, file)));

/** A subset font is named `<six capitals>+<PostScript name>`. */
const baseName = (fontName: string) => fontName.replace(/^[A-Z]{6}\+/, '');

async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

const text = (fields: Omit<Extract<AnnotationInput, { type: 'text' }>, 'type' | 'page'>): TextAnnotation =>
  normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 72 }, ...fields });

async function exportWithWarnings(source: Uint8Array, annotations: TextAnnotation[], fonts?: Parameters<typeof exportPdf>[2]) {
  const warnings: string[] = [];
  const output = await exportPdf(source, annotations, { ...fonts, onWarning: (m) => warnings.push(m) });
  return { output, warnings };
}

describe('Unicode text', () => {
  it('draws Greek, Cyrillic and "Łódź" with the bundled font, extractable again', async () => {
    const source = hasSharedPdfs ? readSharedPdf('tracemonkey.pdf') : await blankPdf();
    const { output, warnings } = await exportWithWarnings(source, [text({ content: 'Ωμέγα Привет Łódź', position: { x: 60, y: 20 } })]);
    expect(warnings).toEqual([]);
    const extracted = await pdfText(output, 1);
    expect(extracted).toContain('Ωμέγα');
    expect(extracted).toContain('Привет');
    expect(extracted).toContain('Łódź');
    const fonts = await pdfFonts(output, 1);
    expect(fonts.find((font) => baseName(font.name) === 'DejaVuSans')).toMatchObject({ embedded: true });
  });

  it('uses the bold and oblique DejaVu faces for bold and italic Unicode text', async () => {
    const { output } = await exportWithWarnings(await blankPdf(), [
      text({ content: 'Жирный', fontWeight: 'bold' }),
      text({ content: 'Курсив', fontStyle: 'italic', position: { x: 72, y: 120 } }),
    ]);
    const names = (await pdfFonts(output)).map((font) => baseName(font.name));
    expect(names.sort()).toEqual(['DejaVuSans-Bold', 'DejaVuSans-Oblique']);
  });

  it("uses the caller's Unicode font instead of DejaVu Sans", async () => {
    const { output, warnings } = await exportWithWarnings(await blankPdf(), [text({ content: 'Ωμέγα Привет' })], {
      fonts: { unicode: dejavu('DejaVuSerif.ttf') },
    });
    expect(warnings).toEqual([]);
    expect((await pdfFonts(output)).map((font) => baseName(font.name))).toEqual(['DejaVuSerif']);
  });

  it("fails with UnsupportedCharactersError for what the caller's Unicode font lacks", async () => {
    const exporting = exportPdf(await blankPdf(), [{ ...text({ content: 'Ωμέγα שלום' }), id: 'hebrew' }], {
      fonts: { unicode: dejavu('DejaVuSerif.ttf') },
    });
    await expect(exporting).rejects.toMatchObject({ name: 'UnsupportedCharactersError', characters: ['ש', 'ל', 'ו', 'ם'], annotationId: 'hebrew' });
  });

  it('falls back to a further caller font that has every character', async () => {
    const { output, warnings } = await exportWithWarnings(await blankPdf(), [text({ content: 'שלום' })], {
      fonts: { unicode: dejavu('DejaVuSansMono.ttf'), fallbacks: [dejavu('DejaVuSans.ttf')] },
    });
    expect(warnings).toEqual([]);
    expect((await pdfFonts(output)).map((font) => baseName(font.name))).toEqual(['DejaVuSans']);
  });
});

describe('WinAnsi text', () => {
  it('uses the standard fonts, embeds nothing and adds little to the file', async () => {
    const source = await blankPdf();
    const baseline = await exportPdf(source, []);
    const { output, warnings } = await exportWithWarnings(source, [text({ content: 'Café “quoted” – 5 € naïve' })]);
    expect(warnings).toEqual([]);
    expect(await pdfFonts(output)).toEqual([{ name: 'Helvetica', type: 'Type 1', embedded: false }]);
    expect(output.length - baseline.length).toBeLessThan(1500);
    expect(await pdfText(output, 1)).toContain('Café “quoted” – 5 € naïve');
  });

  it.each([
    ['Arial', 'normal', 'normal', 'Helvetica'],
    ['Arial', 'bold', 'normal', 'Helvetica-Bold'],
    ['Times New Roman', 'bold', 'italic', 'Times-BoldItalic'],
    ['Georgia', 'normal', 'normal', 'Times-Roman'],
    ['Courier New', 'normal', 'italic', 'Courier-Oblique'],
    ['Verdana', 'normal', 'normal', 'Helvetica'],
    ['Comic Sans MS', 'normal', 'italic', 'Helvetica-Oblique'],
  ] as const)('%s %s %s is drawn in %s', async (fontFamily, fontWeight, fontStyle, expected) => {
    const { output } = await exportWithWarnings(await blankPdf(), [text({ content: 'Sample', fontFamily, fontWeight, fontStyle })]);
    expect((await pdfFonts(output)).map((font) => font.name)).toEqual([expected]);
  });
});

describe('text layout', () => {
  it('keeps line breaks as separate lines, top to bottom', async () => {
    const { output } = await exportWithWarnings(await blankPdf(), [text({ content: 'first line\nsecond line', fontSize: 20 })]);
    const words = await pdfWords(output, 1);
    const first = words.find((word) => word.text === 'first');
    const second = words.find((word) => word.text === 'second');
    expect(first?.xMin).toBeCloseTo(72, 0);
    expect(second?.xMin).toBeCloseTo(72, 0);
    expect((second?.yMin ?? 0) - (first?.yMin ?? 0)).toBeCloseTo(24, 0);
  });

  it('aligns lines within the box width: centre and right', async () => {
    const { output } = await exportWithWarnings(await blankPdf(), [
      text({ content: 'centred', textAlign: 'center', width: 300, position: { x: 100, y: 100 } }),
      text({ content: 'right', textAlign: 'right', width: 300, position: { x: 100, y: 200 } }),
      text({ content: 'wide line\nshort', textAlign: 'right', position: { x: 100, y: 300 } }),
    ]);
    const words = await pdfWords(output, 1);
    const word = (name: string) => words.find((w) => w.text === name);
    const centred = word('centred');
    // Glyph boxes from pdftotext differ from advance widths by a fraction of a point.
    const near = (actual: number | undefined, expected: number) => expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1.5);
    near(((centred?.xMin ?? 0) + (centred?.xMax ?? 0)) / 2, 250);
    near(word('right')?.xMax, 400);
    // Without a width the longest line is the box: the short line ends where "wide line" ends.
    near(word('short')?.xMax, word('line')?.xMax ?? 0);
    near(word('wide')?.xMin, 100);
  });

  it('exports a text of 200,000 lines in a box never sized, each line aligned to the longest', async () => {
    const content = `wide line\n${'short\n'.repeat(199_999)}short`;
    const essay = text({ content, textAlign: 'right', position: { x: 100, y: 100 } });
    const words = await pdfWords(await exportPdf(await blankPdf(), [essay]), 1);
    const wide = words.find((word) => word.text === 'line');
    const shorts = words.filter((word) => word.text === 'short');
    // The page shows the first of them, each ending where "wide line" ends.
    expect(shorts.length).toBeGreaterThan(30);
    for (const short of shorts) expect(Math.abs(short.xMax - (wide?.xMax ?? NaN))).toBeLessThan(1.5);
    // Natively too, where the longest line sets the annotation's width.
    const native = await exportPdf(await blankPdf(), [essay], { mode: 'native' });
    expect(await importAnnotations(native)).toMatchObject([{ type: 'text', content }]);
  });

  it('underlines each line and applies colour and opacity', async () => {
    const { output } = await exportWithWarnings(await blankPdf(), [
      text({ content: 'MMMM', fontSize: 30, color: '#FF0000', textDecoration: 'underline', opacity: 0.5 }),
    ]);
    const image = await renderPagePixels(output, 1, 72);
    // Half-transparent red over white; the underline sits just below the baseline (about y 72 + 26).
    const pink = { r: 255, g: 128, b: 128 };
    expect(hasColorIn(image, { x: 75, y: 80, width: 40, height: 15 }, pink, 30)).toBe(true);
    expect(hasColorIn(image, { x: 80, y: 98, width: 60, height: 5 }, pink, 30)).toBe(true);
    expect(hasColorIn(image, { x: 80, y: 103, width: 60, height: 10 }, pink, 60)).toBe(false);
    expect(hasColorIn(image, { x: 75, y: 80, width: 40, height: 15 }, COLORS.red, 30)).toBe(false);
  });
});
