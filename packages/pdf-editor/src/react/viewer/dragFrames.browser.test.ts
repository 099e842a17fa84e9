// What a drag frame costs the browser beyond the moving shape, in a real Chromium compositing in
// software (as headless and many virtual machines do). A 2D canvas on the page is copied whole at
// every frame the browser draws; the pages and previews show their drawings as bitmaps instead,
// which the compositor takes once (issue 24: the drag's p95 with 10,000 annotations). Chromium's
// own trace says whether a canvas was copied: the same probe first sees a 2D canvas's copies.
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, serveTestPage } from '../e2e/harness';

declare global {
  interface Window {
    editor: {
      getAnnotations(): { position: { x: number; y: number } }[];
      setTool(tool: string): void;
    } | null;
  }
}

const MAIN = `
import { createRoot } from 'react-dom/client';
import { PdfEditor } from '@marginalia/pdf-editor';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import '@marginalia/pdf-editor/styles.css';

document.body.style.margin = '0';
const rectangle = normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 300, y: 400 }, width: 100, height: 60 });
createRoot(document.getElementById('root')).render(
  <PdfEditor ref={(handle) => void (window.editor = handle)} file="/doc.pdf" defaultAnnotations={[rectangle]} propertiesPanel={false} signatureStore={null} style={{ height: '100vh' }} />,
);
`;

/** Three letter pages, each with a black band across its top (72 to 144 points from the top). */
async function bandedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const page = doc.addPage([612, 792]);
    page.drawRectangle({ x: 0, y: 792 - 144, width: 612, height: 72, color: rgb(0, 0, 0) });
    page.drawText(`Page ${n}`, { x: 72, y: 500, size: 24, font });
  }
  return doc.save();
}

/** The share of dark pixels in each canvas matching `selector`, read back through a 2D canvas. */
function darkShares(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLCanvasElement>(selector)].map((canvas) => {
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d');
      if (!context || canvas.width === 0) return 0;
      context.drawImage(canvas, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 64 && (data[i + 3] ?? 0) > 200) dark++;
      return dark / (copy.width * copy.height);
    });
  }, selector);
}

describe.skipIf(!hasChromium)('a drag frame', () => {
  let site: { url: string; browser: Browser; close(): Promise<void> };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    site = await serveTestPage(MAIN, { 'doc.pdf': await bandedPdf() });
    ({ browser } = site);
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${site.url}/`);
    await page.locator('.mg-page[data-page-number="1"] .mg-spinner').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('.mg-page .mg-spinner').length === 0);
    await page.waitForFunction(
      () => document.querySelectorAll('.mg-thumb-preview[data-state="done"]').length >= 3,
    );
  });

  afterAll(async () => {
    await site?.close();
  });

  /** Chromium's count of canvas copies for the compositor during a drag of the rectangle by 40 moves. */
  async function canvasCopiesDuringDrag(): Promise<number> {
    const overlay = await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
    if (!overlay) throw new Error('page 1 is not shown');
    const scale = overlay.width / 612;
    const from = { x: overlay.x + 350 * scale, y: overlay.y + 430 * scale };
    const before = await page.evaluate(() => window.editor?.getAnnotations()[0]?.position.x ?? 0);
    await page.mouse.move(from.x, from.y);
    await browser.startTracing(page, { categories: ['blink'] });
    await page.mouse.down();
    for (let step = 1; step <= 40; step++) await page.mouse.move(from.x + step * 2, from.y + step);
    await page.mouse.up();
    const trace = JSON.parse(String(await browser.stopTracing())) as { traceEvents: { name: string }[] };
    const after = await page.evaluate(() => window.editor?.getAnnotations()[0]?.position.x ?? 0);
    expect(after - before).toBeGreaterThan(40);
    return trace.traceEvents.filter((event) => /ProduceCanvasResource/.test(event.name)).length;
  }

  it('must show each page and each preview as drawn', async () => {
    // The band is 72 of the page's 792 points; the text adds a little.
    const pages = await darkShares(page, '.mg-canvas');
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const share of pages) expect(share).toBeGreaterThan(0.08);
    const previews = await darkShares(page, '.mg-thumb-preview canvas');
    expect(previews).toHaveLength(3);
    for (const share of previews) expect(share).toBeGreaterThan(0.08);
  });

  it("must still show a page whose canvas's 2D context someone else took first", async () => {
    const other = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    // A host's script, or a test reading pixels, takes each page canvas's 2D context as it appears.
    await other.addInitScript(() => {
      new MutationObserver(() => {
        for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.mg-canvas'))
          canvas.getContext('2d');
      }).observe(document, { subtree: true, childList: true });
    });
    await other.goto(`${site.url}/`);
    await other.waitForFunction(
      () =>
        document.querySelector('.mg-page[data-page-number="1"]') !== null &&
        document.querySelectorAll('.mg-page .mg-spinner').length === 0,
    );
    const pages = await darkShares(other, '.mg-canvas');
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const share of pages) expect(share).toBeGreaterThan(0.08);
    await other.close();
  });

  it("must keep a drawing's spinner hidden and still for its first 400 ms, as pdf.js's own viewer does", async () => {
    // A turning spinner makes the browser draw frames all the while it shows; most pages are drawn
    // sooner. Each spinner is read as it appears, then at 399 and 600 ms of its animations.
    const other = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await other.addInitScript(() => {
      const seen: { inserted: string; at399: string[]; at600: string[] }[] = [];
      const known = new WeakSet<Element>();
      Object.assign(window, { spinnersSeen: seen });
      const at = (spinner: Element, ms: number) => {
        for (const animation of spinner.getAnimations()) {
          animation.pause();
          animation.currentTime = ms;
        }
        const style = getComputedStyle(spinner);
        return [style.visibility, style.transform];
      };
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => [...record.addedNodes])) {
          if (!(node instanceof Element)) continue;
          for (const spinner of [node, ...node.querySelectorAll('.mg-spinner')].filter((element) =>
            element.matches('.mg-spinner'),
          )) {
            // A page moved among the others keeps its spinner, and the spinner its animations.
            if (known.has(spinner)) continue;
            known.add(spinner);
            seen.push({
              inserted: getComputedStyle(spinner).visibility,
              at399: at(spinner, 399),
              at600: at(spinner, 600),
            });
          }
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await other.goto(`${site.url}/`);
    await other.waitForFunction(
      () => document.querySelectorAll('.mg-thumb-preview[data-state="done"]').length >= 3,
    );
    const seen = await other.evaluate(
      () =>
        (window as unknown as { spinnersSeen: { inserted: string; at399: string[]; at600: string[] }[] })
          .spinnersSeen,
    );
    // The pages' and the previews'.
    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const spinner of seen) {
      expect(spinner.inserted).toBe('hidden');
      expect(spinner.at399).toEqual(['hidden', 'none']);
      expect(spinner.at600[0]).toBe('visible');
      expect(spinner.at600[1]).not.toBe('none');
    }
    await other.close();
  });

  it('must copy no canvas of the pages or the previews at each frame, as it would a 2D canvas', async () => {
    await page.evaluate(() => window.editor?.setTool('select'));
    // The probe: a 2D canvas drawn once, on the page during the drag, is copied at each frame.
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.id = 'probe';
      canvas.width = 400;
      canvas.height = 400;
      canvas.style.cssText = 'position:fixed;left:0;bottom:0;z-index:10;pointer-events:none';
      canvas.getContext('2d')?.fillRect(0, 0, 200, 200);
      document.body.append(canvas);
    });
    expect(await canvasCopiesDuringDrag()).toBeGreaterThan(10);
    await page.evaluate(() => document.getElementById('probe')?.remove());
    expect(await canvasCopiesDuringDrag()).toBe(0);
    // The pages still show their drawings after the drags.
    for (const share of await darkShares(page, '.mg-canvas')) expect(share).toBeGreaterThan(0.08);
  });
});
