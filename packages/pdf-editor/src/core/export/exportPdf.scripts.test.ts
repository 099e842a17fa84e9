// Scripts beyond the bundled DejaVu Sans: Chinese, Japanese and Korean text exported with lazily
// loaded Noto Sans SC/JP/KR fallbacks in both modes (the text comes back exactly from pdftotext, is
// drawn where it stands, and only its glyphs are embedded), only the fonts a text needs are loaded,
// and text no font draws or a font that fails to load fails the export with a typed error instead
// of becoming "?".
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { hasColorIn, pdfFonts, pdfText, renderPagePixels, withAnnotationsFlattened } from '../../test-support/pdfTools';
import { FontLoadError, UnsupportedCharactersError } from '../errors';
import { normalizeAnnotation } from '../model/defaults';
import type { TextAnnotation } from '../model/types';
import { exportPdf } from './exportPdf';
import { withFallbacksLoaded } from './fallbackClaims';
import type { CodePointRanges, LazyFont } from './options';

const require = createRequire(import.meta.url);
/** A Noto Sans face shipped as TrueType by an @expo-google-fonts package (glyf outlines: subset on save). */
const notoFile = (script: string) =>
  join(dirname(require.resolve(`@expo-google-fonts/noto-sans-${script}/package.json`)), '400Regular', `NotoSans${script.toUpperCase()}_400Regular.ttf`);

const IDEOGRAPHS_AND_PUNCTUATION: CodePointRanges = [
  [0x3000, 0x303f],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xff00, 0xffef],
];

/** The three fallbacks as the host app gives them, each counting how often its file is loaded. */
function cjkFallbacks() {
  const loads = { sc: 0, jp: 0, kr: 0 };
  const lazy = (script: keyof typeof loads, covers: CodePointRanges): LazyFont => ({
    name: `Noto Sans ${script.toUpperCase()}`,
    covers,
    load: async () => {
      loads[script] += 1;
      return new Uint8Array(await readFile(notoFile(script)));
    },
  });
  const fallbacks = [
    lazy('sc', IDEOGRAPHS_AND_PUNCTUATION),
    lazy('jp', [[0x3040, 0x30ff], [0x31f0, 0x31ff], ...IDEOGRAPHS_AND_PUNCTUATION]),
    lazy('kr', [[0x1100, 0x11ff], [0x3130, 0x318f], [0xac00, 0xd7af], ...IDEOGRAPHS_AND_PUNCTUATION]),
  ];
  return { fallbacks, loads };
}

async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

const text = (content: string): TextAnnotation =>
  normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 72 }, content, fontSize: 24, color: '#000000' });

const BLACK = { r: 0, g: 0, b: 0 };
const baseName = (fontName: string) => fontName.replace(/^[A-Z]{6}\+/, '');

describe.each(['flatten', 'native'] as const)('CJK text in %s mode', (mode) => {
  it.each([
    ['Chinese', '你好，世界', 'sc', 'NotoSansSC-Regular'],
    ['Japanese', 'こんにちは世界', 'jp', 'NotoSansJP-Regular'],
    ['Korean', '안녕하세요 세계', 'kr', 'NotoSansKR-Regular'],
  ] as const)('exports %s exactly, drawn where it stands, loading only its font, subset', async (_script, content, used, fontName) => {
    const { fallbacks, loads } = cjkFallbacks();
    const warnings: string[] = [];
    const source = await blankPdf();
    const output = await exportPdf(source, [text(content)], {
      mode,
      fonts: { fallbacks },
      onWarning: (message) => warnings.push(message),
    });
    expect(warnings).toEqual([]);
    expect(loads).toEqual({ sc: 0, jp: 0, kr: 0, [used]: 1 });
    // The font files are 5-10 MB; only the few glyphs drawn are embedded.
    expect(output.length - source.length).toBeLessThan(60_000);
    const drawn = mode === 'native' ? await withAnnotationsFlattened(output) : output;
    expect((await pdfText(drawn, 1)).trim()).toBe(content);
    expect((await pdfFonts(drawn, 1)).map((font) => baseName(font.name))).toEqual([fontName]);
    // 72 dpi: a pixel is a point. Ink in the text's line box, none below it.
    const image = await renderPagePixels(drawn, 1, 72);
    expect(hasColorIn(image, { x: 72, y: 72, width: 24 * content.length, height: 29 }, BLACK, 60)).toBe(true);
    expect(hasColorIn(image, { x: 72, y: 110, width: 300, height: 100 }, BLACK, 60)).toBe(false);
  });
});

describe('font loading', () => {
  it('loads no fallback for Latin, Greek or Cyrillic text', async () => {
    const { fallbacks, loads } = cjkFallbacks();
    await exportPdf(await blankPdf(), [text('Hello Ωμέγα Привет')], { fonts: { fallbacks } });
    expect(loads).toEqual({ sc: 0, jp: 0, kr: 0 });
  });

  it('loads each needed fallback once per export, however many texts use it', async () => {
    const { fallbacks, loads } = cjkFallbacks();
    await exportPdf(await blankPdf(), [text('中文'), text('汉字'), { ...text('한국어'), id: 'kr-note' }], { fonts: { fallbacks } });
    expect(loads).toEqual({ sc: 1, jp: 0, kr: 1 });
  });

  it('loads ahead, for the editor\'s worker export, only the fallbacks the texts need', async () => {
    const { fallbacks, loads } = cjkFallbacks();
    const eager = new Uint8Array([1]);
    const loaded = await withFallbacksLoaded({ fallbacks: [eager, ...fallbacks] }, ['Hello Привет', '안녕']);
    expect(loads).toEqual({ sc: 0, jp: 0, kr: 1 });
    expect(loaded.fallbacks).toEqual([eager, { name: 'Noto Sans KR', covers: expect.any(Array), bytes: expect.any(Uint8Array) }]);
    const none = cjkFallbacks();
    await withFallbacksLoaded({ fallbacks: none.fallbacks }, ['Plain ASCII']);
    expect(none.loads).toEqual({ sc: 0, jp: 0, kr: 0 });
  });

  it('fails with FontLoadError naming the font when a loader rejects, instead of drawing "?"', async () => {
    const failing: LazyFont = { name: 'Noto Sans SC', covers: IDEOGRAPHS_AND_PUNCTUATION, load: () => Promise.reject(new Error('HTTP 404')) };
    const exporting = exportPdf(await blankPdf(), [text('中文')], { fonts: { fallbacks: [failing] } });
    await expect(exporting).rejects.toBeInstanceOf(FontLoadError);
    await expect(exporting).rejects.toMatchObject({ font: 'Noto Sans SC', message: expect.stringMatching(/HTTP 404/) });
  });

  it('fails with FontLoadError when fallback bytes are no font', async () => {
    const exporting = exportPdf(await blankPdf(), [text('中文')], { fonts: { fallbacks: [new Uint8Array([0, 1, 2, 3])] } });
    await expect(exporting).rejects.toMatchObject({ name: 'FontLoadError', font: 'fallback font 1' });
  });
});

describe('text no font can draw', () => {
  it.each(['flatten', 'native'] as const)('fails the %s export with UnsupportedCharactersError naming the characters and the annotation', async (mode) => {
    const note = { ...text('Total 漢字 🦄 ok'), id: 'note-7' };
    const exporting = exportPdf(await blankPdf(), [note], { mode });
    await expect(exporting).rejects.toBeInstanceOf(UnsupportedCharactersError);
    await expect(exporting).rejects.toMatchObject({ characters: ['漢', '字', '🦄'], annotationId: 'note-7' });
  });

  it('names the characters the fallbacks still lack', async () => {
    const { fallbacks } = cjkFallbacks();
    const exporting = exportPdf(await blankPdf(), [{ ...text('你好 🦄'), id: 'emoji' }], { fonts: { fallbacks } });
    await expect(exporting).rejects.toMatchObject({ name: 'UnsupportedCharactersError', characters: ['🦄'], annotationId: 'emoji' });
  });
});
