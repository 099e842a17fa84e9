// The editor in a real Chromium, driven like a user through examples/vite-basic: every tool,
// select / move / resize, copy and paste, undo and redo, page rotation and reordering, export;
// the exported PDF is checked with pdf-lib and rendered by poppler's pdftoppm.
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Annotation } from '../../core/index';
import { hasSharedPdfs } from '../../test-support/sharedPdfs';
import { buildExample, hasChromium, launchChromium, serveStatic } from './harness';
import { renderPage } from './ppm';

declare global {
  interface Window {
    /** Set by examples/vite-basic: the editor's ref. */
    marginalia?: import('../PdfEditor').PdfEditorHandle | null;
  }
}

const ZOOM = 1.5;
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

describe.skipIf(!hasChromium || !hasSharedPdfs)('PdfEditor in Chromium (examples/vite-basic)', () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let example: Awaited<ReturnType<typeof buildExample>>;
  const errors: string[] = [];

  const annotations = () => page.evaluate(() => window.marginalia?.getAnnotations() ?? []) as Promise<Annotation[]>;
  const overlay = (n: number) => page.locator(`.mg-page[data-page-number="${n}"] .mg-overlay`);
  const at = async (n: number, x: number, y: number) => {
    const box = await overlay(n).boundingBox();
    if (!box) throw new Error(`page ${n} is not on screen`);
    return { x: box.x + x * ZOOM, y: box.y + y * ZOOM };
  };
  const drag = async (n: number, from: [number, number], to: [number, number]) => {
    const a = await at(n, ...from);
    const b = await at(n, ...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  };
  const click = async (n: number, x: number, y: number) => {
    const p = await at(n, x, y);
    await page.mouse.click(p.x, p.y);
  };
  const tool = (id: string) => page.locator(`.mg-toolbar [data-tool="${id}"]`).click();
  const count = async () => (await annotations()).length;
  // Base64 crosses the DevTools protocol far faster than an array of a million numbers.
  const exported = async (mode: 'flatten' | 'native' = 'flatten') => {
    const base64 = await page.evaluate(async (mode) => {
      const bytes = await window.marginalia!.exportPdf({ mode });
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    }, mode);
    return new Uint8Array(Buffer.from(base64, 'base64'));
  };

  beforeAll(async () => {
    example = await buildExample();
    server = await serveStatic(example.dir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/?file=/pdfs/tracemonkey.pdf`);
    await page.getByText('Page 1 of 14').waitFor();
    await page.locator('.mg-page[data-page-number="1"] .mg-spinner').waitFor({ state: 'detached' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    example?.remove();
  });

  it('must render the first page with a text layer and disable Previous on page 1', async () => {
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
    expect(await page.locator('.mg-page[data-page-number="1"] .textLayer span').count()).toBeGreaterThan(10);
    expect(await page.getByText('150%').count()).toBe(1);
    // Virtualisation: far pages have no canvas.
    expect(await page.locator('.mg-page[data-page-number="14"]').count()).toBe(0);
  });

  it('must draw with every tool', async () => {
    await page.locator('.mg-swatch[aria-label="#FF0000"]').click();
    await tool('rectangle');
    await page.getByLabel('Stroke width').selectOption('8');
    await drag(1, [60, 300], [160, 380]);
    await tool('circle');
    await drag(1, [200, 300], [260, 360]);
    await tool('arrow');
    await drag(1, [300, 300], [380, 360]);
    await tool('freehand');
    await drag(1, [400, 300], [480, 340]);
    await tool('highlight');
    await drag(1, [70, 90], [540, 130]);
    await tool('strikethrough');
    await drag(1, [70, 140], [300, 160]);
    await tool('underline');
    await drag(1, [70, 170], [300, 190]);
    await tool('whiteout');
    await click(1, 450, 420);
    await tool('text');
    await click(1, 60, 420);
    await page.getByPlaceholder('Click to edit').fill('Hello Marginalia');
    await page.keyboard.press('Enter');
    await tool('comment');
    await click(1, 300, 420);
    await page.getByPlaceholder('Write a comment').fill('A note');
    await page.keyboard.press('Enter');
    await tool('image');
    const chooser = page.waitForEvent('filechooser');
    await drag(1, [60, 460], [120, 500]);
    await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await page.waitForFunction(() => window.marginalia?.getAnnotations().some((a) => a.type === 'image'));
    await tool('signature');
    await drag(1, [200, 460], [210, 470]);
    const pad = page.getByRole('img', { name: 'Signature drawing area' });
    expect(await page.getByRole('button', { name: 'Use Signature' }).isDisabled()).toBe(true);
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 50, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, box.y + 60, { steps: 5 });
    await page.mouse.move(box.x + 300, box.y + 140, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Use Signature' }).click();

    const list = await annotations();
    expect(list.map((a) => a.type).sort()).toEqual(
      ['arrow', 'circle', 'comment', 'freehand', 'highlight', 'image', 'rectangle', 'signature', 'strikethrough', 'text', 'underline', 'whiteout'].sort(),
    );
    const rectangle = list.find((a) => a.type === 'rectangle');
    expect(rectangle).toMatchObject({ color: '#FF0000', page: 1 });
    expect(rectangle?.position.x).toBeCloseTo(60, 0);
    expect(list.find((a) => a.type === 'signature')).toMatchObject({ width: 200, height: 80 });
    expect(list.find((a) => a.type === 'text')).toMatchObject({ content: 'Hello Marginalia' });
    // The highlight covered text lines, so it snapped to them.
    const highlight = list.find((a) => a.type === 'highlight');
    expect(highlight && 'rects' in highlight ? highlight.rects?.length : 0).toBeGreaterThan(0);
    expect(await page.getByTestId('annotation-count').textContent()).toBe('12 annotations');
  });

  it('must erase, select, move, resize, copy, paste, undo and redo', async () => {
    await tool('eraser');
    await click(1, 450 + 50, 420 + 10);
    expect((await annotations()).some((a) => a.type === 'whiteout')).toBe(false);

    await tool('select');
    await click(1, 60, 340);
    await expect.poll(() => page.locator('.mg-selection-box').count()).toBe(1);
    // While the shape is dragged only its transient copy moves: the overlay holding every other
    // shape is not written to (no page re-render, no attribute updates) until the release, and the
    // copy itself is drawn once and slid (its layer's transform), not redrawn at every move.
    const from = await at(1, 60, 340);
    const to = await at(1, 80, 350);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 12, from.y + 6);
    await page.evaluate(() => {
      const overlay = document.querySelector('.mg-page[data-page-number="1"] .mg-overlay') as Element;
      const observer = new MutationObserver(() => undefined);
      observer.observe(overlay, { subtree: true, attributes: true, childList: true, characterData: true });
      (window as unknown as { overlayObserver: MutationObserver }).overlayObserver = observer;
      const copy = new MutationObserver(() => undefined);
      copy.observe(document.querySelector('.mg-transient [data-annotation-id]') as Element, { subtree: true, attributes: true });
      (window as unknown as { copyObserver: MutationObserver }).copyObserver = copy;
    });
    await page.mouse.move(to.x, to.y, { steps: 6 });
    const during = await page.evaluate(() => {
      const observer = (window as unknown as { overlayObserver: MutationObserver }).overlayObserver;
      const mutations = observer.takeRecords().length;
      observer.disconnect();
      const copy = (window as unknown as { copyObserver: MutationObserver }).copyObserver;
      const redrawn = copy.takeRecords().length;
      copy.disconnect();
      const layer = document.querySelector('.mg-transient') as SVGElement;
      return { mutations, redrawn, slid: layer.style.transform !== '', moving: document.querySelectorAll('.mg-transient [data-annotation-id]').length };
    });
    await page.mouse.up();
    expect(during).toEqual({ mutations: 0, redrawn: 0, slid: true, moving: 1 });
    expect(await page.locator('.mg-transient').count()).toBe(0);
    const moved = (await annotations()).find((a) => a.type === 'rectangle');
    expect(moved?.position.x).toBeCloseTo(80, 0);
    expect(moved?.position.y).toBeCloseTo(310, 0);
    // Resize from the bottom-right corner handle (160+20, 380+10).
    await drag(1, [180, 390], [200, 400]);
    const resized = (await annotations()).find((a) => a.type === 'rectangle');
    expect(resized && 'width' in resized ? resized.width : 0).toBeCloseTo(120, 0);

    const before = await count();
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    expect(await count()).toBe(before + 1);
    const pasted = (await annotations()).filter((a) => a.type === 'rectangle');
    expect((pasted[1]?.position.x ?? 0) - (pasted[0]?.position.x ?? 0)).toBeCloseTo(20, 0);
    // The pasted copy is selected: Delete removes it.
    await page.keyboard.press('Delete');
    expect(await count()).toBe(before);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    expect(await count()).toBe(before + 1);
    await page.keyboard.press('Control+z');
    expect(await count()).toBe(before);
    await page.keyboard.press('Control+Shift+z');
    expect(await count()).toBe(before + 1);
    await page.keyboard.press('Control+y');
    expect(await count()).toBe(before);
  });

  it('must rotate and reorder pages, annotations following them, each undoable', async () => {
    const onPage1 = (await annotations()).filter((a) => a.page === 1).length;
    await page.getByRole('button', { name: 'Move page 2 up' }).click();
    await expect.poll(async () => (await annotations()).filter((a) => a.page === 2).length, { timeout: 20_000 }).toBe(onPage1);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(async () => (await annotations()).filter((a) => a.page === 1).length, { timeout: 20_000 }).toBe(onPage1);
    await page.getByRole('button', { name: 'Rotate page 3' }).click();
    await expect
      .poll(async () => (await PDFDocument.load(await exported())).getPage(2).getRotation().angle, { timeout: 20_000 })
      .toBe(90);
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await PDFDocument.load(await exported())).getPage(2).getRotation().angle, { timeout: 20_000 })
      .toBe(0);
  });

  it('must export a PDF whose pages carry the drawings where they were drawn', async () => {
    const bytes = await exported();
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(14);
    const rectangle = (await annotations()).find((a) => a.type === 'rectangle');
    if (!rectangle || rectangle.type !== 'rectangle') throw new Error('no rectangle');
    const raster = renderPage(bytes, 1);
    const [r, g, b] = raster.pixel(rectangle.position.x, rectangle.position.y + rectangle.height / 2);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
  });

  it('must cancel an export running in its worker', async () => {
    const outcome = await page.evaluate(async () => {
      const controller = new AbortController();
      const running = window.marginalia!.exportPdf({ signal: controller.signal });
      controller.abort();
      return running.then(
        () => 'finished',
        (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
      );
    });
    expect(outcome).toBe('AbortError');
  });

  it("must black out a box with the host's own redaction tool (the tools prop) and export it black", async () => {
    await page.locator('.mg-page[data-page-number="1"]').scrollIntoViewIfNeeded();
    await tool('custom:redact');
    const before = await count();
    await drag(1, [400, 100], [500, 130]);
    expect(await count()).toBe(before + 1);
    expect((await annotations()).at(-1)).toMatchObject({ type: 'rectangle', fillStyle: 'solid', fillColor: '#000000', width: 100, height: 30 });
    const [r, g, b] = renderPage(await exported(), 1).pixel(450, 115);
    expect(Math.max(r, g, b)).toBeLessThan(60);
  });

  it("must stamp the host's own check mark kind (the kinds prop), show and move it, and export it drawn by its own code on the main thread", async () => {
    await page.locator('.mg-page[data-page-number="1"]').scrollIntoViewIfNeeded();
    await tool('custom:checkmark');
    const before = await count();
    await click(1, 560, 240);
    expect(await count()).toBe(before + 1);
    const stamped = (await annotations()).at(-1) as Annotation & { size: number };
    expect(stamped).toMatchObject({ type: 'custom:checkmark', page: 1, size: 24 });
    expect(stamped.position.x).toBeCloseTo(548, 0);
    expect(stamped.position.y).toBeCloseTo(228, 0);
    // Its own view draws it on the page.
    expect(await overlay(1).locator(`[data-annotation-id="${stamped.id}"]`).getAttribute('data-annotation-type')).toBe('custom:checkmark');
    // The select tool moves it by its own geometry, as any annotation.
    await tool('select');
    await drag(1, [560, 240], [530, 250]);
    const mark = (await annotations()).find((a) => a.id === stamped.id) as Annotation & { size: number };
    expect(mark.position.x).toBeCloseTo(stamped.position.x - 30, 0);
    expect(mark.position.y).toBeCloseTo(stamped.position.y + 10, 0);
    // The bend of the tick, 0.4 and 0.8 of the box (examples/vite-basic/src/checkmark.tsx), in its colour in both exports:
    // the export worker knows no host kind, so these ran where the kind is registered.
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(mark.color.slice(at, at + 2), 16));
    for (const mode of ['flatten', 'native'] as const) {
      const bytes = await exported(mode);
      const pixel = renderPage(bytes, 1).pixel(mark.position.x + 0.4 * mark.size, mark.position.y + 0.8 * mark.size - 1);
      expect({ mode, pixel }).toEqual({ mode, pixel: [expect.closeTo(r!, -2), expect.closeTo(g!, -2), expect.closeTo(b!, -2)] });
      if (mode === 'flatten') continue;
      // Natively a /Stamp with its appearance, named by the mark's id.
      const pdf = await PDFDocument.load(bytes);
      const dicts = (pdf.getPage(0).node.Annots()?.asArray() ?? []).map((ref) => pdf.context.lookup(ref, PDFDict));
      const stamp = dicts.find((dict) => dict.lookup(PDFName.of('NM'), PDFString, PDFHexString)?.decodeText() === mark.id);
      expect(stamp?.get(PDFName.of('Subtype'))).toBe(PDFName.of('Stamp'));
      expect(stamp?.get(PDFName.of('AP'))).toBeDefined();
    }
  });

  it('must click out a polygon (closed by a double-click) and a polyline (ended by Enter) and export them where they were drawn', async () => {
    await page.locator('.mg-page[data-page-number="1"]').scrollIntoViewIfNeeded();
    await tool('polygon');
    await page.locator('.mg-swatch[aria-label="#0000FF"]').click();
    const before = await count();
    await click(1, 70, 200);
    await click(1, 190, 200);
    const last = await at(1, 130, 290);
    await page.mouse.dblclick(last.x, last.y);
    await tool('polyline');
    // Each tool keeps a style of its own.
    await page.locator('.mg-swatch[aria-label="#0000FF"]').click();
    for (const [x, y] of [[230, 200], [300, 290], [370, 200], [390, 280]] as const) await click(1, x, y);
    // The last click was a slip: Backspace takes it back, Enter ends the line.
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    expect(await count()).toBe(before + 2);
    const [shape, line] = (await annotations()).slice(-2);
    const rounded = (a: Annotation | undefined) => (a && 'points' in a ? a.points.map((p) => [Math.round(p.x), Math.round(p.y)]) : []);
    expect(shape).toMatchObject({ type: 'polygon', color: '#0000FF' });
    expect(rounded(shape)).toEqual([[70, 200], [190, 200], [130, 290]]);
    expect(line).toMatchObject({ type: 'polyline', color: '#0000FF' });
    expect(rounded(line)).toEqual([[230, 200], [300, 290], [370, 200]]);
    const raster = renderPage(await exported(), 1);
    for (const [x, y] of [[130, 200], [265, 245]] as const) {
      const [r = 255, g = 255, b = 0] = raster.pixel(x, y);
      expect({ x, y, blue: r < 90 && g < 90 && b > 180 }).toEqual({ x, y, blue: true });
    }
  });

  it('must log no errors in the console', () => {
    expect(errors).toEqual([]);
  });
});
