// Native export checked with tools that did not write it: qpdf for structure, pdf.js for the
// annotation list, poppler (pdftoppm) and MuPDF (mutool draw) for what a reader sees. Expected
// pixel positions come straight from the display coordinates (1 pt = 1 px at 72 dpi), not from
// our page-space code.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import type { Rect } from '../../model/types';
import { blankPdf, everyType } from '../../import/testing/fixtures';
import { EDITABLE_PDFS, hasSharedPdfs, readSharedPdf } from '../../../test-support/sharedPdfs';
import {
  findColorNear,
  isColor,
  parsePpm,
  qpdfCheck,
  renderPagePixels,
  type RenderedPage,
  type Rgb,
} from '../../../test-support/pdfTools';
import { normalizeAnnotation } from '../../model/defaults';
import { ANNOTATION_TYPES } from '../../model/schema';
import { exportPdf } from '../exportPdf';
import { qpdfObjects } from '../testing/qpdfObjects';

const run = promisify(execFile);
const DPI = 72;

/** The subtype each fixture annotation must appear as, counted per subtype. */
const EXPECTED_SUBTYPES: Record<string, number> = {
  Square: 2,
  Circle: 2,
  Line: 1,
  Ink: 1,
  Highlight: 1,
  StrikeOut: 1,
  Underline: 1,
  Squiggly: 1,
  FreeText: 2,
  Stamp: 3,
  Text: 1,
  Polygon: 1,
  PolyLine: 1,
  Caret: 1,
};

async function pdfjsSubtypes(bytes: Uint8Array, pageNumber: number): Promise<Map<string, number>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(pageNumber);
    const annotations = (await page.getAnnotations()) as { subtype: string }[];
    const counts = new Map<string, number>();
    for (const { subtype } of annotations) counts.set(subtype, (counts.get(subtype) ?? 0) + 1);
    return counts;
  } finally {
    await task.destroy();
  }
}

async function renderWithMupdf(bytes: Uint8Array, pageNumber: number): Promise<RenderedPage> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-mutool-'));
  try {
    await writeFile(join(dir, 'in.pdf'), bytes);
    const out = join(dir, 'page.pnm');
    await run('mutool', ['draw', '-q', '-r', String(DPI), '-c', 'rgb', '-o', out, join(dir, 'in.pdf'), String(pageNumber)]);
    return parsePpm(new Uint8Array(await readFile(out)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const hex = (color: string): Rgb => ({
  r: parseInt(color.slice(1, 3), 16),
  g: parseInt(color.slice(3, 5), 16),
  b: parseInt(color.slice(5, 7), 16),
});

function countColor(image: RenderedPage, box: Rect, color: Rgb, tolerance = 50): number {
  let count = 0;
  for (let y = Math.ceil(box.y); y < box.y + box.height; y++) {
    for (let x = Math.ceil(box.x); x < box.x + box.width; x++) if (isColor(image.getPixel(x, y), color, tolerance)) count++;
  }
  return count;
}

/** What a reader must see of `everyType(page)`, at display coordinates in points (= pixels here). */
function expectFixtureVisible(image: RenderedPage, where: string): void {
  const at = (x: number, y: number, color: Rgb, label: string, radius = 2, tolerance = 45) =>
    expect(findColorNear(image, x, y, color, radius, tolerance), `${label} at ${x},${y} (${where})`).toBe(true);
  at(70, 55, hex('#00FF00'), 'rectangle fill');
  at(30, 55, hex('#FF0000'), 'rectangle border');
  at(190, 60, { r: 51, g: 51, b: 255 }, 'circle stroke (0.8 opacity)', 2, 60);
  expect(findColorNear(image, 160, 60, { r: 51, g: 51, b: 255 }, 3, 60), `circle centre stays empty (${where})`).toBe(false);
  at(260, 65, hex('#008000'), 'arrow shaft', 2, 60);
  at(52.5, 118.5, hex('#FF00FF'), 'freehand stroke', 2, 60);
  at(170, 117, { r: 255, g: 255, b: 178 }, 'highlight line 1', 4, 30);
  at(150, 136, { r: 255, g: 255, b: 178 }, 'highlight line 2', 4, 30);
  at(265, 117, hex('#C00000'), 'strike-through line', 2, 60);
  at(60, 230, { r: 255, g: 128, b: 0 }, 'image');
  at(150, 230, { r: 20, g: 20, b: 160 }, 'signature');
  at(283, 219, { r: 255, g: 214, b: 64 }, 'comment icon', 1);
  expect(countColor(image, { x: 30, y: 160, width: 180, height: 34 }, hex('#202080')), `text ink (${where})`).toBeGreaterThan(40);
  at(31, 15, hex('#1B7A34'), 'stamp frame', 1, 60);
  expect(countColor(image, { x: 40, y: 8, width: 60, height: 14 }, hex('#1B7A34'), 60), `stamp word (${where})`).toBeGreaterThan(20);
  // The wave rests at the bottom of its 18 pt line, not through its middle.
  at(175, 21.5, hex('#00A0A0'), 'squiggly wave', 2, 60);
  expect(countColor(image, { x: 130, y: 8, width: 90, height: 8 }, hex('#00A0A0'), 60), `squiggly above its wave (${where})`).toBe(0);
  // The caret points up: solid at its tip, open between its legs.
  at(247, 11, hex('#808000'), 'caret tip', 1, 60);
  expect(findColorNear(image, 247, 20, hex('#808000'), 1, 60), `caret stays open between its legs (${where})`).toBe(false);
  at(110, 276, hex('#FF0080'), 'ellipse right edge', 2, 60);
  at(70, 258, hex('#FF0080'), 'ellipse top edge', 2, 60);
  expect(findColorNear(image, 70, 276, hex('#FF0080'), 3, 60), `ellipse centre stays empty (${where})`).toBe(false);
  at(155, 270, hex('#80FF00'), 'polygon fill', 2, 60);
  at(140, 275, hex('#000080'), 'polygon edge', 2, 60);
  expect(findColorNear(image, 155, 288, hex('#80FF00'), 2, 60), `polygon notch stays empty (${where})`).toBe(false);
  at(215, 276, hex('#00C0FF'), 'polyline first segment', 2, 60);
  at(225, 262, hex('#00C0FF'), 'polyline peak', 2, 60);
  at(275, 276, hex('#00C0FF'), 'polyline last segment', 2, 60);
  expect(findColorNear(image, 245, 270, hex('#00C0FF'), 2, 60), `polyline stays open under its peaks (${where})`).toBe(false);
}

describe.skipIf(!hasSharedPdfs)('writeNativeAnnotations', () => {
  it('must be checked on a fixture holding every kind, so a new kind is drawn by other readers too', () => {
    expect(new Set(everyType(1).map((annotation) => annotation.type))).toEqual(new Set(ANNOTATION_TYPES));
  });

  describe.concurrent('on every editable PDF', () => {
    for (const name of EDITABLE_PDFS) {
      it(`must stay qpdf-clean and list every annotation in pdf.js: ${name}`, async () => {
        const source = readSharedPdf(name);
        const exported = await exportPdf(source, everyType(1), { mode: 'native' });
        const check = await qpdfCheck(exported);
        expect(check.errors, check.output).toEqual([]);
        expect(check.exitCode).not.toBe(2);
        const before = await pdfjsSubtypes(source, 1);
        const after = await pdfjsSubtypes(exported, 1);
        for (const [subtype, count] of Object.entries(EXPECTED_SUBTYPES)) {
          expect((after.get(subtype) ?? 0) - (before.get(subtype) ?? 0), `${subtype} in ${name}`).toBe(count);
        }
      });
    }
  });

  describe.concurrent('what readers draw', () => {
    const pages = [
      { name: 'tracemonkey.pdf', page: 1 },
      { name: 'habibi-rotated.pdf', page: 1 },
      { name: 'habibi-rotated.pdf', page: 2 },
      { name: 'habibi-rotated.pdf', page: 3 },
    ];
    for (const { name, page } of pages) {
      it(`must show every annotation where it was drawn in poppler and MuPDF: ${name} p${page}`, async () => {
        const exported = await exportPdf(readSharedPdf(name), everyType(page), { mode: 'native' });
        expectFixtureVisible(await renderPagePixels(exported, page, DPI), `pdftoppm ${name} p${page}`);
        expectFixtureVisible(await renderWithMupdf(exported, page), `mutool ${name} p${page}`);
      });
    }

    it('must hide the page content under a whiteout', async () => {
      const source = readSharedPdf('tracemonkey.pdf');
      // The paper's title block, dark text on white in the source.
      const box = { x: 100, y: 70, width: 400, height: 30 };
      const [whiteout] = everyType(1).filter((a) => a.type === 'whiteout');
      const covered = await exportPdf(source, [{ ...whiteout!, position: { x: box.x, y: box.y }, width: box.width, height: box.height } as never], { mode: 'native' });
      const black = { r: 0, g: 0, b: 0 };
      expect(countColor(await renderPagePixels(source, 1, DPI), box, black, 100)).toBeGreaterThan(100);
      expect(countColor(await renderPagePixels(covered, 1, DPI), box, black, 100)).toBe(0);
    });
  });

  describe('appearance boxes', () => {
    it('must give every appearance a /BBox at the origin, so rotated-page notes stay in place in every viewer', async () => {
      const exported = await exportPdf(readSharedPdf('habibi-rotated.pdf'), [1, 2, 3].flatMap((page) => everyType(page)), { mode: 'native' });
      const objects = await qpdfObjects(exported);
      const forms = objects.filter(({ dict }) => dict?.['/Subtype'] === '/Form' && dict['/Type'] === '/XObject');
      const annotations = objects.filter(({ dict }) => dict?.['/Type'] === '/Annot' && typeof dict['/NM'] === 'string');
      expect(annotations.length).toBe(3 * everyType(1).length);
      for (const annotation of annotations) {
        const formRef = (annotation.dict?.['/AP'] as { '/N': string })['/N'];
        const form = forms.find(({ ref }) => ref === formRef);
        const [x0, y0, x1, y1] = form?.dict?.['/BBox'] as number[];
        const [left, bottom, right, top] = annotation.dict?.['/Rect'] as number[];
        expect([x0, y0], `${String(annotation.dict?.['/Subtype'])} ${annotation.ref}`).toEqual([0, 0]);
        expect(x1).toBeCloseTo(right! - left!, 3);
        expect(y1).toBeCloseTo(top! - bottom!, 3);
      }
    });

    it('must keep sticky notes upright and in place on rotated pages in MuPDF (mupdf.js) as well', async () => {
      for (const page of [1, 2, 3]) {
        const exported = await exportPdf(readSharedPdf('habibi-rotated.pdf'), everyType(page), { mode: 'native' });
        const doc = mupdf.Document.openDocument(exported, 'application/pdf');
        try {
          const pixmap = doc.loadPage(page - 1).toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false, true);
          const [width, height, stride, pixels] = [pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride(), pixmap.getPixels()];
          const image: RenderedPage = {
            width,
            height,
            getPixel(x, y) {
              const at = Math.min(height - 1, Math.max(0, Math.round(y))) * stride + Math.min(width - 1, Math.max(0, Math.round(x))) * 3;
              return { r: pixels[at] ?? 0, g: pixels[at + 1] ?? 0, b: pixels[at + 2] ?? 0 };
            },
          };
          expect(findColorNear(image, 283, 219, { r: 255, g: 214, b: 64 }, 1, 45), `comment icon, page ${page}`).toBe(true);
        } finally {
          doc.destroy();
        }
      }
    });

    it('must not clip the accents of capitals (Ü, Å) in a FreeText appearance, in poppler and MuPDF', async () => {
      const text = normalizeAnnotation({ type: 'text', page: 1, position: { x: 100, y: 100 }, content: 'ÜÅÜÅ', fontSize: 40, color: '#202080' });
      const source = readSharedPdf('tracemonkey.pdf');
      const native = await exportPdf(source, [text], { mode: 'native' });
      // The umlauts and rings rise above the text's line box, whose top is y = 100; drawn into
      // the page (flattened) nothing clips them, so the native appearance must show as much ink.
      const aboveLineBox = { x: 100, y: 90, width: 120, height: 10 };
      const ink = (image: RenderedPage) => countColor(image, aboveLineBox, hex('#202080'), 80);
      const flattened = ink(await renderPagePixels(await exportPdf(source, [text]), 1, DPI));
      expect(flattened).toBeGreaterThan(5);
      expect(ink(await renderPagePixels(native, 1, DPI))).toBeGreaterThanOrEqual(flattened * 0.8);
      expect(ink(await renderWithMupdf(native, 1))).toBeGreaterThanOrEqual(flattened * 0.8);
    });
  });
});


describe('writeNativeAnnotations, kinds interleaved on a page', () => {
  // Written kind by kind for speed: /Annots must still list them as given, which is the order
  // viewers paint them in, each reply right after the annotation it answers.
  const at = (x: number, y: number) => ({ x, y });
  const reply = { id: 'reply', author: 'Grace', content: 'Agreed.', createdAt: '2026-11-20T10:15:30.456Z', updatedAt: '2026-11-20T10:15:30.456Z' };
  const annotations = [
    normalizeAnnotation({ type: 'rectangle', page: 1, id: 'first-box', position: at(20, 20), width: 40, height: 30 }),
    normalizeAnnotation({ type: 'text', page: 1, id: 'note', position: at(80, 20), width: 120, content: 'Between the boxes', replies: [reply] }),
    normalizeAnnotation({ type: 'rectangle', page: 1, id: 'second-box', position: at(20, 80), width: 40, height: 30 }),
    normalizeAnnotation({ type: 'freehand', page: 1, id: 'ink', position: at(80, 80), points: [at(80, 80), at(100, 95), at(120, 82)] }),
    normalizeAnnotation({ type: 'rectangle', page: 1, id: 'third-box', position: at(20, 140), width: 40, height: 30 }),
  ];

  it.each([true, false])('keeps the given order in /Annots (incremental: %s)', async (incremental) => {
    const bytes = await exportPdf(await blankPdf(300, 300), annotations, { mode: 'native', incremental });
    const page = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()?.loadPage(0);
    if (!(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the PDF');
    const listed = page.getAnnotations().map((annotation) => `${annotation.getType()} ${annotation.getObject().get('NM').asString()}`);
    expect(listed).toEqual(['Square first-box', 'FreeText note', 'Text reply', 'Square second-box', 'Ink ink', 'Square third-box']);
    expect((await qpdfCheck(bytes)).errors).toEqual([]);
  });
});
