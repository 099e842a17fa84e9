// Every fallback font the docs show (the Noto Sans faces of the @expo-google-fonts packages the
// host app ships), loaded as the docs load it (`readFile`, which gives a Node Buffer), draws its
// text: pdftotext extracts it, poppler's rendering of the text has ink where a rendering without
// it has none, and MuPDF draws every glyph with an outline of its own (empty outlines or .notdef
// boxes for all would mean the subset lost them), with neither reader warning about the font.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parsePpm, pdfText } from '../../test-support/pdfTools';
import { normalizeAnnotation } from '../model/defaults';
import { exportPdf } from './exportPdf';
import type { CodePointRanges } from './options';
import { SCRIPT_RANGES } from './scriptRanges';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

const FALLBACKS: { name: string; folder: string; file: string; covers: CodePointRanges; text: string }[] = [
  { name: 'Noto Sans Arabic', folder: 'arabic', file: 'Arabic', covers: SCRIPT_RANGES.arabic, text: 'مرحبا بالعالم' },
  { name: 'Noto Sans Hebrew', folder: 'hebrew', file: 'Hebrew', covers: SCRIPT_RANGES.hebrew, text: 'שלום עולם' },
  { name: 'Noto Sans JP', folder: 'jp', file: 'JP', covers: SCRIPT_RANGES.japanese, text: 'こんにちは世界' },
  { name: 'Noto Sans KR', folder: 'kr', file: 'KR', covers: SCRIPT_RANGES.korean, text: '안녕하세요 세계' },
  { name: 'Noto Sans SC', folder: 'sc', file: 'SC', covers: SCRIPT_RANGES.chinese, text: '你好，世界' },
];

const fontPath = (folder: string, file: string) =>
  join(dirname(require.resolve(`@expo-google-fonts/noto-sans-${folder}/package.json`)), '400Regular', `NotoSans${file}_400Regular.ttf`);

const DPI = 72;
/** Where the text is drawn, in points (= pixels at 72 dpi), with room for its size-24 line. */
const TEXT_AREA = { x: 60, y: 60, width: 400, height: 60 };

async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

async function inTempDir<T>(bytes: Uint8Array, use: (pdf: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-fallback-'));
  try {
    await writeFile(join(dir, 'in.pdf'), bytes);
    return await use(join(dir, 'in.pdf'), dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Dark pixels of TEXT_AREA in poppler's rendering of page 1, and what pdftoppm warned. */
async function popplerInk(bytes: Uint8Array): Promise<{ ink: number; warnings: string }> {
  return inTempDir(bytes, async (pdf, dir) => {
    const { stderr } = await run('pdftoppm', ['-r', String(DPI), '-f', '1', '-l', '1', '-singlefile', pdf, join(dir, 'page')]);
    const page = parsePpm(new Uint8Array(await readFile(join(dir, 'page.ppm'))));
    let ink = 0;
    for (let y = TEXT_AREA.y; y < TEXT_AREA.y + TEXT_AREA.height; y++) {
      for (let x = TEXT_AREA.x; x < TEXT_AREA.x + TEXT_AREA.width; x++) {
        const { r, g, b } = page.getPixel(x, y);
        if (r + g + b < 384) ink++;
      }
    }
    return { ink, warnings: stderr };
  });
}

/** The outline MuPDF draws for each glyph the page shows (its SVG output), and what it warned. */
async function mupdfGlyphOutlines(bytes: Uint8Array): Promise<{ outlines: Map<string, string>; used: Set<string>; warnings: string }> {
  return inTempDir(bytes, async (pdf) => {
    const { stdout, stderr } = await run('mutool', ['draw', '-F', 'svg', '-o', '-', pdf, '1'], { maxBuffer: 64 * 1024 * 1024 });
    const outlines = new Map([...stdout.matchAll(/<path id="(font_[^"]+)" d="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']));
    const used = new Set([...stdout.matchAll(/<use data-text="[^"]*" xlink:href="#(font_[^"]+)"/g)].map((match) => match[1] ?? ''));
    return { outlines, used, warnings: stderr.replace(/^warning: ICC support is not available\n/m, '') };
  });
}

describe('exportPdf with the documented fallback fonts', () => {
  for (const { name, folder, file, covers, text } of FALLBACKS) {
    it(`must draw ${name} text that poppler and MuPDF show and pdftotext extracts`, async () => {
      const source = await blankPdf();
      const annotation = normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 72 }, content: text, fontSize: 24, color: '#000000' });
      // As docs/export-and-import.md loads it: Node's readFile, a Buffer.
      const given = await readFile(fontPath(folder, file));
      const fonts = { fallbacks: [{ name, covers, load: async () => given }] };
      const withText = await exportPdf(source, [annotation], { fonts });
      // The font's bytes are the caller's: the export reads them and writes nothing into them.
      expect(given.equals(await readFile(fontPath(folder, file)))).toBe(true);
      const withoutText = await exportPdf(source, [{ ...annotation, content: '' }], { fonts });

      const extracted = (await pdfText(withText, 1)).replace(/[\u202a-\u202e\u2066-\u2069\s]/g, '');
      expect(extracted).toBe(text.replace(/\s/g, ''));

      const drawn = await popplerInk(withText);
      const blank = await popplerInk(withoutText);
      expect(drawn.warnings).not.toMatch(/FT_Load_Glyph|invalid|error/i);
      expect(blank.ink).toBe(0);
      expect(drawn.ink).toBeGreaterThan(200);

      const mupdf = await mupdfGlyphOutlines(withText);
      expect(mupdf.warnings).not.toMatch(/FT_Load_Glyph|invalid|error/i);
      const usedOutlines = [...mupdf.used].map((id) => mupdf.outlines.get(id) ?? '');
      expect(usedOutlines.length).toBeGreaterThan(2);
      for (const outline of usedOutlines) expect(outline).not.toBe('');
      // Each glyph its own shape: not the one .notdef box over and over.
      expect(new Set(usedOutlines).size).toBe(usedOutlines.length);
    });
  }
});
