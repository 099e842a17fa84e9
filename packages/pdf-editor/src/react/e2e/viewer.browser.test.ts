// The viewer in a real Chromium, on a page of the test's own: <PdfEditor> with a Noto Sans SC
// fallback in `exportFonts`, as a host with Chinese users passes it, and a host's own toolbar content
// (a document title, three buttons) as the reference app has. Checked like a user: a thin
// swipe of a markup tool along a line of text, multi-select (Shift+click, marquee, the group's one
// box, nudge, copy and paste, delete, undo), the page number field on a 2400-page file, the
// toolbar in one row at 1280 and 768 px, and Chinese text drawn with the font the export embeds.
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../../core/index';
import type { Annotation, MarkupAnnotation, Rect } from '../../core/index';
import { pdfFonts, pdfWords, renderPagePixels } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { buildTestPage, hasChromium, launchChromium, serveStatic } from './harness';

declare global {
  interface Window {
    testAnnotations?: Annotation[];
  }
}

const MAIN = `
import { createRoot } from 'react-dom/client';
import { PdfEditor } from '@marginalia/pdf-editor';
import { SCRIPT_RANGES } from '@marginalia/pdf-editor/core';
import '@marginalia/pdf-editor/styles.css';

const fonts = {
  fallbacks: [{ name: 'Noto Sans SC', covers: SCRIPT_RANGES.chinese, load: async () => (await fetch('/noto-sans-sc.ttf')).arrayBuffer() }],
};
document.body.style.margin = '0';
createRoot(document.getElementById('root')).render(
  <PdfEditor
    ref={(handle) => { window.marginalia = handle; }}
    file={new URLSearchParams(location.search).get('file')}
    defaultAnnotations={window.testAnnotations ?? []}
    exportFonts={fonts}
    signatureStore={null}
    toolbarStart={<strong style={{ padding: '0 8px', whiteSpace: 'nowrap' }}>Quarterly report 2026 (final).pdf</strong>}
    toolbarEnd={['Share', 'Print', 'Version history'].map((label) => <button key={label} type="button" className="mg-button">{label}</button>)}
    style={{ height: '100vh' }}
  />,
);
`;

const require = createRequire(import.meta.url);
function notoSansSc(): string | undefined {
  try {
    return require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
  } catch {
    return undefined;
  }
}

const LINES = ['The quick brown fox jumps over the lazy dog.', 'Pack my box with five dozen liquor jugs.', 'How vexingly quick daft zebras jump!'];

/** A page with three lines of 12 pt Helvetica at known places, and `pages` pages in all. */
async function knownText(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([612, 792]);
  LINES.forEach((line, index) => first.drawText(line, { x: 72, y: 792 - 100 - 16 * index, size: 12, font }));
  for (let n = 2; n <= pages; n++) doc.addPage([612, 792]).drawText(`Page ${n}`, { x: 72, y: 700, size: 12, font });
  return doc.save();
}

/** The glyph boxes (page points, top-left origin) of the lines of `page` that poppler finds, top to bottom, per column. */
async function linesOf(pdf: Uint8Array, page: number, column: (x: number) => boolean): Promise<{ top: number; bottom: number; left: number; right: number }[]> {
  const lines = new Map<number, { top: number; bottom: number; left: number; right: number }>();
  for (const w of await pdfWords(pdf, page)) {
    if (!column(w.xMin)) continue;
    const key = Math.round(w.yMax);
    const line = lines.get(key);
    lines.set(key, {
      top: Math.min(line?.top ?? Infinity, w.yMin),
      bottom: Math.max(line?.bottom ?? -Infinity, w.yMax),
      left: Math.min(line?.left ?? Infinity, w.xMin),
      right: Math.max(line?.right ?? -Infinity, w.xMax),
    });
  }
  return [...lines.values()].sort((a, b) => a.top - b.top);
}

describe.skipIf(!hasChromium)('the viewer in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let built: Awaited<ReturnType<typeof buildTestPage>>;
  const noto = notoSansSc();

  const annotations = () => page.evaluate(() => window.marginalia?.getAnnotations() ?? []) as Promise<Annotation[]>;
  const overlay = (n: number) => page.locator(`.mg-page[data-page-number="${n}"] .mg-overlay`);
  /** Screen position of page point x, y, and the zoom. */
  const at = async (n: number, x: number, y: number) => {
    const box = await overlay(n).boundingBox();
    if (!box) throw new Error(`page ${n} is not on screen`);
    const zoom = box.width / 612;
    return { x: box.x + x * zoom, y: box.y + y * zoom, zoom };
  };
  const drag = async (n: number, from: [number, number], to: [number, number], modifiers: 'Shift' | null = null) => {
    const a = await at(n, ...from);
    const b = await at(n, ...to);
    if (modifiers) await page.keyboard.down(modifiers);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    if (modifiers) await page.keyboard.up(modifiers);
  };
  const shiftClick = async (n: number, x: number, y: number) => {
    const p = await at(n, x, y);
    await page.keyboard.down('Shift');
    await page.mouse.click(p.x, p.y);
    await page.keyboard.up('Shift');
  };
  const open = async (file: string, options: { annotations?: Annotation[]; width?: number; pages?: number } = {}) => {
    await page.setViewportSize({ width: options.width ?? 1500, height: 1000 });
    await page.evaluate((list) => sessionStorage.setItem('testAnnotations', JSON.stringify(list)), options.annotations ?? []);
    await page.goto(`${server.url}/?file=${file}`);
    await page.getByText(`Page 1 of ${options.pages ?? 1}`).waitFor();
    await page.locator('.mg-page[data-page-number="1"] .mg-spinner').waitFor({ state: 'detached' });
    await page.locator('.mg-page[data-page-number="1"] .textLayer span').first().waitFor();
  };

  beforeAll(async () => {
    built = await buildTestPage(MAIN);
    writeFileSync(join(built.dir, 'known.pdf'), await knownText());
    writeFileSync(join(built.dir, 'long.pdf'), await knownText(2400));
    if (hasSharedPdfs) writeFileSync(join(built.dir, 'tracemonkey.pdf'), readSharedPdf('tracemonkey.pdf'));
    if (noto) copyFileSync(noto, join(built.dir, 'noto-sans-sc.ttf'));
    server = await serveStatic(built.dir);
    browser = await launchChromium();
    page = await browser.newPage();
    // The annotations a test asks for are in place before the page's script reads them.
    await page.addInitScript(() => {
      const list = sessionStorage.getItem('testAnnotations');
      if (list) window.testAnnotations = JSON.parse(list) as Annotation[];
    });
    // On the server's origin, whose session storage carries each test's annotations.
    await page.goto(`${server.url}/nothing-here`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    built?.remove();
  });

  const files = [
    { name: 'a PDF made with known text', file: 'known.pdf', column: () => true, shared: false },
    { name: 'tracemonkey.pdf (left column)', file: 'tracemonkey.pdf', column: (x: number) => x < 306, shared: true },
  ];

  describe.each(files)('markup tools on $name', ({ file, column, shared }) => {
    let lines: { top: number; bottom: number; left: number; right: number }[];
    /** Lines as a reader sees them: for tracemonkey, the abstract's, below its heading. */
    beforeAll(async () => {
      if (shared && !hasSharedPdfs) return;
      const bytes = file === 'known.pdf' ? await knownText() : readSharedPdf(file);
      const all = await linesOf(bytes, 1, column);
      lines = file === 'known.pdf' ? all : all.filter((line) => line.top > 400).slice(0, 3);
    });

    it.skipIf(shared && !hasSharedPdfs)('must mark the line a 2 px swipe runs along, from the start to the end of the swipe', async () => {
      await open(`/${file}`, { pages: file === 'known.pdf' ? 1 : 14 });
      await page.locator('.mg-toolbar [data-tool="highlight"]').click();
      const line = lines[0] ?? { top: 0, bottom: 0, left: 0, right: 0 };
      const middle = (line.top + line.bottom) / 2;
      const { zoom } = await at(1, 0, 0);
      // 2 screen pixels high, whatever the zoom.
      await drag(1, [line.left + 10, middle - 1 / zoom], [line.left + 120, middle + 1 / zoom]);
      const [mark] = (await annotations()) as MarkupAnnotation[];
      expect(mark?.type).toBe('highlight');
      const rects = mark?.rects ?? [];
      expect(rects).toHaveLength(1);
      const [rect] = rects as [Rect];
      // pdf.js and poppler measure glyphs alike to a point.
      expect(Math.abs(rect.x - (line.left + 10))).toBeLessThan(1);
      expect(Math.abs(rect.x + rect.width - (line.left + 120))).toBeLessThan(1);
      expect(Math.abs(rect.y - line.top)).toBeLessThan(2);
      expect(Math.abs(rect.y + rect.height - line.bottom)).toBeLessThan(2);
    });

    it.skipIf(shared && !hasSharedPdfs)('must mark three lines when a drag runs down across them', async () => {
      await open(`/${file}`, { pages: file === 'known.pdf' ? 1 : 14 });
      await page.locator('.mg-toolbar [data-tool="underline"]').click();
      const [first, , third] = lines;
      if (!first || !third) throw new Error('fewer than three lines');
      await drag(1, [first.left + 30, (first.top + first.bottom) / 2], [first.left + 36, (third.top + third.bottom) / 2]);
      const [mark] = (await annotations()) as MarkupAnnotation[];
      const rects = mark?.rects ?? [];
      expect(rects).toHaveLength(3);
      rects.forEach((rect, index) => {
        const line = lines[index] ?? { top: NaN, bottom: NaN };
        expect(Math.abs(rect.y + rect.height / 2 - (line.top + line.bottom) / 2), `line ${index + 1}`).toBeLessThan(2);
      });
      expect(rects[1]?.width).toBeGreaterThan(((lines[1]?.right ?? 0) - (lines[1]?.left ?? 0)) - 2);
    });
  });

  it('must select a group with a marquee and Shift+click, show one box, and nudge, copy, paste, delete and undo it as one', async () => {
    const boxes = [80, 200, 320].map((x) => normalizeAnnotation({ type: 'rectangle', page: 1, position: { x, y: 400 }, width: 60, height: 40 }) as Annotation);
    await open('/known.pdf', { annotations: boxes });
    // A marquee from empty page area over the first two boxes.
    await drag(1, [60, 380], [230, 420]);
    await expect.poll(() => page.locator('.mg-selection-box').count()).toBe(1);
    await shiftClick(1, 350, 420);
    const group = await page.locator('.mg-selection-box').boundingBox();
    const first = await at(1, 80, 400);
    const last = await at(1, 380, 440);
    // One box round all three (3 px of padding each side).
    expect(group && Math.abs(group.x - first.x) < 6 && Math.abs(group.x + group.width - last.x) < 6, JSON.stringify({ group, first, last })).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect((await annotations()).map((a) => ('position' in a ? a.position.x : NaN))).toEqual([81, 201, 321]);
    // Shift+click takes one out of the group again.
    await shiftClick(1, 100, 420);
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    expect((await annotations()).map((a) => ('position' in a ? a.position.x : NaN))).toEqual([81, 201, 321, 221, 341]);
    await page.keyboard.press('Delete');
    expect(await annotations()).toHaveLength(3);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    expect((await annotations()).map((a) => ('position' in a ? a.position.x : NaN))).toEqual([81, 201, 321]);
  });

  it('must go to page 2000 typed in the page number field, and put back what is not a page', async () => {
    await open('/long.pdf', { pages: 2400 });
    const field = page.getByRole('textbox', { name: 'Page number' });
    expect(await page.locator('.mg-page-indicator').textContent()).toContain('of 2400');
    await field.fill('2000');
    await field.press('Enter');
    await page.locator('.mg-page[data-page-number="2000"] .textLayer span').first().waitFor();
    const view = await page.locator('.mg-scroll').boundingBox();
    const shown = await page.locator('.mg-page[data-page-number="2000"]').boundingBox();
    expect(view && shown && shown.y < view.y + view.height && shown.y + shown.height > view.y).toBe(true);
    await page.getByText('Page 2000 of 2400').waitFor();
    await field.fill('9999');
    await field.press('Enter');
    expect(await field.inputValue()).toBe('2000');
  });

  it.each([1280, 768])('must keep the toolbar in one row at %i px, every tool within reach', async (width) => {
    await open('/known.pdf', { width });
    const buttons = page.locator('.mg-toolbar button:visible');
    const tops = await buttons.evaluateAll((list) => list.map((b) => Math.round(b.getBoundingClientRect().top + b.getBoundingClientRect().height / 2)));
    expect(new Set(tops).size, `button rows: ${[...new Set(tops)].join(', ')}`).toBe(1);
    const bar = await page.locator('.mg-toolbar').boundingBox();
    const tallest = Math.max(...(await buttons.evaluateAll((list) => list.map((b) => b.getBoundingClientRect().height))));
    expect(bar?.height ?? Infinity).toBeLessThan(2 * tallest);
    // The last tool scrolls into view and works.
    await page.locator('.mg-toolbar [data-tool="eraser"]').click();
    expect(await page.locator('.mg-toolbar [data-tool="eraser"]').getAttribute('aria-pressed')).toBe('true');
  });

  it.skipIf(!noto)('must draw Chinese text with the font the export embeds, where the export puts it', async () => {
    const text = normalizeAnnotation({ type: 'text', page: 1, position: { x: 100, y: 300 }, content: '中文字体测试', fontSize: 24, color: '#000000' }) as Annotation;
    await open('/known.pdf', { annotations: [text] });
    const client = await page.context().newCDPSession(page);
    await client.send('DOM.enable');
    await client.send('CSS.enable');
    const fontsDrawing = async () => {
      const { root } = await client.send('DOM.getDocument', { depth: -1 });
      const { nodeId } = await client.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-annotation-type="text"] tspan' });
      const { fonts } = await client.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.map((font) => `${font.familyName}${font.isCustomFont ? ' (web font)' : ''}`);
    };
    // The fallback is fetched once the text is there; then every glyph is Noto Sans SC's.
    await expect.poll(fontsDrawing, { timeout: 30_000 }).toEqual(['Noto Sans SC (web font)']);

    const exported = await page.evaluate(async () => {
      const bytes = await window.marginalia!.exportPdf({ mode: 'flatten' });
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    });
    const pdf = new Uint8Array(Buffer.from(exported, 'base64'));
    expect((await pdfFonts(pdf, 1)).map((font) => font.name).join(' ')).toMatch(/NotoSansSC/);

    // The ink of the text on screen and in the rendered export: same place, same extent, to 1.5 pt.
    const area = { x: 80, y: 290, width: 260, height: 50 };
    const topLeft = await at(1, area.x, area.y);
    const shot = await page.screenshot({ clip: { x: topLeft.x, y: topLeft.y, width: area.width * topLeft.zoom, height: area.height * topLeft.zoom } });
    const screenInk = await page.evaluate(async ({ png, zoom }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let [left, right, top, bottom, count] = [Infinity, -Infinity, Infinity, -Infinity, 0];
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i] ?? 255) > 128) continue;
        const x = (i / 4) % canvas.width;
        const y = Math.floor(i / 4 / canvas.width);
        [left, right, top, bottom, count] = [Math.min(left, x), Math.max(right, x + 1), Math.min(top, y), Math.max(bottom, y + 1), count + 1];
      }
      return { left: left / zoom, right: right / zoom, top: top / zoom, bottom: bottom / zoom, share: count / (zoom * zoom) };
    }, { png: shot.toString('base64'), zoom: topLeft.zoom });
    const scale = 4;
    const rendered = await renderPagePixels(pdf, 1, 72 * scale);
    let [left, right, top, bottom, count] = [Infinity, -Infinity, Infinity, -Infinity, 0];
    for (let y = area.y * scale; y < (area.y + area.height) * scale; y++) {
      for (let x = area.x * scale; x < (area.x + area.width) * scale; x++) {
        if (rendered.getPixel(x, y).r > 128) continue;
        [left, right, top, bottom, count] = [Math.min(left, x), Math.max(right, x + 1), Math.min(top, y), Math.max(bottom, y + 1), count + 1];
      }
    }
    const pdfInk = { left: left / scale - area.x, right: right / scale - area.x, top: top / scale - area.y, bottom: bottom / scale - area.y, share: count / (scale * scale) };
    for (const edge of ['left', 'right', 'top', 'bottom'] as const) expect(Math.abs(screenInk[edge] - pdfInk[edge]), `${edge}: ${JSON.stringify({ screenInk, pdfInk })}`).toBeLessThanOrEqual(1.5);
    // The same glyphs cover about as much of the page (boxes of .notdef would not).
    expect(screenInk.share / pdfInk.share).toBeGreaterThan(0.75);
    expect(screenInk.share / pdfInk.share).toBeLessThan(1.33);
  });

  it('must find the test font where the Chinese test expects it', () => {
    // Without it the Chinese test above is skipped; say so rather than pass silently.
    if (!noto) console.warn('Noto Sans SC (@expo-google-fonts/noto-sans-sc) is not installed: the Chinese rendering test was skipped');
    expect(noto === undefined || existsSync(noto)).toBe(true);
  });
});
