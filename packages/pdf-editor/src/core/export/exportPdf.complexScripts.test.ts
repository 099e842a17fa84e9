// Texts mixing scripts and right-to-left text, in both modes: each script is drawn in a font that
// covers it (the lazily loaded Noto fallback claiming it), Arabic letters take the contextual forms
// HarfBuzz shapes them into (not the isolated ones), Hebrew and Arabic runs read right to left as
// a browser lays them out, and pdftotext gets the text back in logical order.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as hb from 'harfbuzzjs';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { hasColorIn, pdfFonts, pdfText, pdfWords, renderPagePixels, withAnnotationsFlattened } from '../../test-support/pdfTools';
import { UnsupportedCharactersError } from '../errors';
import { normalizeAnnotation } from '../model/defaults';
import type { TextAnnotation } from '../model/types';
import { exportPdf } from './exportPdf';
import { revivePreloaded, withFallbacksLoaded } from './fallbackClaims';
import type { CodePointRanges, LazyFont } from './options';
import { SCRIPT_RANGES } from './scriptRanges';

const require = createRequire(import.meta.url);
const notoFile = (family: string) => {
  const name = family.split('-').map((part) => (part.length <= 2 ? part.toUpperCase() : part[0]?.toUpperCase() + part.slice(1))).join('');
  return join(dirname(require.resolve(`@expo-google-fonts/noto-sans-${family}/package.json`)), '400Regular', `NotoSans${name}_400Regular.ttf`);
};

const SCRIPTS: Record<string, CodePointRanges> = { sc: SCRIPT_RANGES.chinese, arabic: SCRIPT_RANGES.arabic, hebrew: SCRIPT_RANGES.hebrew };

/** Noto Sans SC, Arabic and Hebrew as the host app gives them, each counting its loads. */
function notoFallbacks() {
  const loads: Record<string, number> = { sc: 0, arabic: 0, hebrew: 0 };
  const fallbacks: LazyFont[] = Object.entries(SCRIPTS).map(([script, covers]) => ({
    name: `Noto Sans ${script}`,
    covers,
    load: async () => {
      loads[script] = (loads[script] ?? 0) + 1;
      return new Uint8Array(await readFile(notoFile(script)));
    },
  }));
  return { fallbacks, loads };
}

async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

const text = (content: string, y = 72): TextAnnotation =>
  normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y }, content, fontSize: 24, color: '#000000' });

const baseName = (fontName: string) => fontName.replace(/^[A-Z]{6}\+/, '');
/** pdftotext marks right-to-left and embedded runs with bidi controls; a reader does not see them. */
const withoutBidiControls = (extracted: string) => extracted.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');

/** The glyph ids a PDF's CID fonts named like `fontName` draw (their CIDToGIDMap streams). */
async function glyphIdsOf(bytes: Uint8Array, fontName: string): Promise<Set<number>> {
  const doc = await PDFDocument.load(bytes);
  const gids = new Set<number>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) continue;
    if (!String(object.get(PDFName.of('BaseFont'))).includes(fontName)) continue;
    const map = object.get(PDFName.of('CIDToGIDMap'));
    if (!(map instanceof PDFRef)) continue;
    const stream = doc.context.lookup(map);
    if (!(stream instanceof PDFRawStream)) continue;
    const data = decodePDFRawStream(stream).decode();
    // Code 0 is .notdef's.
    for (let offset = 2; offset + 1 < data.length; offset += 2) gids.add(((data[offset] ?? 0) << 8) | (data[offset + 1] ?? 0));
  }
  return gids;
}

/** The reference: the glyphs HarfBuzz itself shapes `content` into with `file`. */
async function harfbuzzGlyphs(file: string, content: string): Promise<number[]> {
  const font = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(await readFile(file)))));
  const buffer = new hb.Buffer();
  buffer.addText(content);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  return buffer.getGlyphInfos().map((info) => info.codepoint);
}

/** The glyph a font's cmap gives a character on its own: for Arabic letters, the isolated form. */
async function nominalGlyph(file: string, char: string): Promise<number> {
  const font = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(await readFile(file)))));
  return font.nominalGlyph(char.codePointAt(0) ?? 0) ?? 0;
}

/** The displayed words of the line at `y`, left to right, read in logical order (pdftotext -bbox gives RTL words reversed). */
async function wordsLeftToRight(bytes: Uint8Array, y: number): Promise<string[]> {
  const words = (await pdfWords(bytes, 1)).filter((word) => word.yMin < y + 24 && word.yMax > y);
  const logical = (word: string) => (/[\u0590-\u08ff]/.test(word) ? [...word].reverse().join('') : word);
  return words.sort((a, b) => a.xMin - b.xMin).map((word) => logical(word.text));
}

const BLACK = { r: 0, g: 0, b: 0 };

describe.each(['flatten', 'native'] as const)('in %s mode', (mode) => {
  const draw = async (output: Uint8Array) => (mode === 'native' ? withAnnotationsFlattened(output) : output);

  it('draws each script of a mixed text in a font that covers it', async () => {
    const { fallbacks, loads } = notoFallbacks();
    const output = await exportPdf(await blankPdf(), [text('Hello 你好 مرحبا שלום')], { mode, fonts: { fallbacks } });
    expect(loads).toEqual({ sc: 1, arabic: 1, hebrew: 1 });
    const drawn = await draw(output);
    const fonts = new Set((await pdfFonts(drawn, 1)).map((font) => baseName(font.name)));
    expect(fonts).toEqual(new Set(['NotoSansSC-Regular', 'NotoSansArabic-Regular', 'NotoSansHebrew-Regular']));
    const extracted = withoutBidiControls(await pdfText(drawn, 1));
    for (const word of ['Hello', '你好', 'مرحبا', 'שלום']) expect(extracted).toContain(word);
    // As a browser shows it in a left-to-right box: the right-to-left run "مرحبا שלום" reads from the right.
    expect(await wordsLeftToRight(drawn, 72)).toEqual(['Hello', '你好', 'שלום', 'مرحبا']);
    // Ink all along the line, none after it: no glyph went missing.
    const image = await renderPagePixels(drawn, 1, 72);
    for (let x = 72; x < 290; x += 40) expect(hasColorIn(image, { x, y: 72, width: 40, height: 29 }, BLACK, 60)).toBe(true);
    expect(hasColorIn(image, { x: 320, y: 60, width: 200, height: 60 }, BLACK, 60)).toBe(false);
  });

  it('joins Arabic letters into the contextual forms HarfBuzz shapes, not the isolated ones', async () => {
    const { fallbacks } = notoFallbacks();
    const content = 'السلام عليكم';
    const output = await exportPdf(await blankPdf(), [text(content)], { mode, fonts: { fallbacks } });
    const arabic = notoFile('arabic');
    const used = await glyphIdsOf(output, 'NotoSansArabic');
    expect(used).toEqual(new Set(await harfbuzzGlyphs(arabic, content)));
    // ع starts a word (initial form), ك sits inside one (medial form), and ل only ever joins
    // here: none is drawn in its isolated form, the glyph its character has on its own.
    for (const joined of ['ع', 'ك', 'ل']) expect(used.has(await nominalGlyph(arabic, joined))).toBe(false);
    const drawn = await draw(output);
    expect(withoutBidiControls(await pdfText(drawn, 1)).trim()).toBe(content);
    // The font is subset: the 190 KB file adds a few kilobytes.
    expect(output.length).toBeLessThan((await blankPdf()).length + 40_000);
  });

  it('lays Hebrew out right to left and keeps a following Latin run after it', async () => {
    const { fallbacks } = notoFallbacks();
    const output = await exportPdf(await blankPdf(), [text('שלום עולם (abc)')], { mode, fonts: { fallbacks } });
    const drawn = await draw(output);
    expect(await wordsLeftToRight(drawn, 72)).toEqual(['עולם', 'שלום', '(abc)']);
    expect(withoutBidiControls(await pdfText(drawn, 1))).toContain('שלום עולם');
  });

  it('shapes Arabic with the bundled DejaVu Sans when no fallback is given', async () => {
    const content = 'السلام عليكم';
    const drawn = await draw(await exportPdf(await blankPdf(), [text(content)], { mode }));
    expect(withoutBidiControls(await pdfText(drawn, 1)).trim()).toBe(content);
    expect((await pdfFonts(drawn, 1)).map((font) => baseName(font.name))).toEqual(['DejaVuSans']);
  });
});

describe('fonts preloaded for the editor\'s export worker', () => {
  it('keep the scripts they claim once sent to a worker: Arabic stays in Noto Sans Arabic', async () => {
    const { fallbacks, loads } = notoFallbacks();
    const content = 'مرحبا';
    // What runExport posts to the worker (structured clone) and the worker revives.
    const sent = structuredClone(await withFallbacksLoaded({ fallbacks }, [content]));
    expect(loads).toEqual({ sc: 0, arabic: 1, hebrew: 0 });
    const output = await exportPdf(await blankPdf(), [text(content)], { fonts: revivePreloaded(sent) });
    expect((await pdfFonts(output, 1)).map((font) => baseName(font.name))).toEqual(['NotoSansArabic-Regular']);
  });
});

describe('what complex text still cannot draw', () => {
  it('names the characters no font has, right-to-left text included', async () => {
    const exporting = exportPdf(await blankPdf(), [{ ...text('مرحبا 𐤀'), id: 'phoenician' }]);
    await expect(exporting).rejects.toBeInstanceOf(UnsupportedCharactersError);
    await expect(exporting).rejects.toMatchObject({ characters: ['𐤀'], annotationId: 'phoenician' });
  });
});
