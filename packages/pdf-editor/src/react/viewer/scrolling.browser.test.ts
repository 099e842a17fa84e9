// The viewer while scrolling a long file, in a real Chromium: only the pages near the view are
// mounted, the canvases of pages scrolled past give their pixels back, a scroll that brings no
// new page re-renders nothing, and a page whose real size is learnt when it is drawn (until then
// it has page 1's) never moves the page the user went to. React's commits are counted through the hook its developer tools
// use, which production builds call too.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, serveTestPage } from '../e2e/harness';

declare global {
  interface Window {
    commits: number;
    canvases: Set<HTMLCanvasElement>;
  }
}

const MAIN = `
import { createRoot } from 'react-dom/client';
import { PdfEditor } from '@marginalia/pdf-editor';
import '@marginalia/pdf-editor/styles.css';

document.body.style.margin = '0';
createRoot(document.getElementById('root')).render(
  <PdfEditor file={new URLSearchParams(location.search).get('file') ?? '/long.pdf'} sidebar={false} propertiesPanel={false} signatureStore={null} style={{ height: '100vh' }} />,
);
`;

const PAGES = 300;

async function longPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= PAGES; n++) doc.addPage([612, 792]).drawText(`Page ${n}`, { x: 72, y: 700, size: 24, font });
  return doc.save();
}

/** Page 1 letter-sized, then pages alternately 400 (even) and 1,100 (odd) points tall. */
const mixedHeight = (n: number) => (n === 1 ? 792 : n % 2 === 0 ? 400 : 1100);

async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let n = 1; n <= PAGES; n++) doc.addPage([612, mixedHeight(n)]);
  return doc.save();
}

describe.skipIf(!hasChromium)('scrolling a long file', () => {
  let site: { url: string; browser: Browser; close(): Promise<void> };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    site = await serveTestPage(MAIN, { 'long.pdf': await longPdf(), 'mixed.pdf': await mixedPdf() });
    ({ browser } = site);
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.addInitScript(() => {
      window.commits = 0;
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        onCommitFiberRoot: () => {
          window.commits++;
        },
      };
      // Every canvas pdf.js draws into, to check afterwards which still hold pixels.
      window.canvases = new Set();
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: Parameters<typeof getContext>) {
        window.canvases.add(this);
        return getContext.apply(this, args);
      } as typeof getContext;
    });
    await page.goto(`${site.url}/`);
    await page.getByText(`Page 1 of ${PAGES}`).waitFor();
    await page.locator('.mg-page[data-page-number="1"] .mg-spinner').waitFor({ state: 'detached' });
    // The page below is mounted ahead once the first is drawn.
    await page.locator('.mg-page[data-page-number="2"] .mg-spinner').waitFor({ state: 'detached' });
  });

  afterAll(async () => {
    await site?.close();
  });

  it('must not re-render anything for a scroll that brings no new page into view', async () => {
    const commits = await page.evaluate(async () => {
      const scroller = document.querySelector('.mg-scroll') as HTMLElement;
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      // Wait until the first pages are drawn and measured.
      for (let quiet = window.commits - 1; quiet !== window.commits; ) {
        quiet = window.commits;
        await new Promise((done) => setTimeout(done, 500));
      }
      const before = window.commits;
      for (let i = 0; i < 10; i++) {
        scroller.scrollTop += 10;
        await frame();
      }
      return { during: window.commits - before, top: scroller.scrollTop };
    });
    expect(commits.top).toBe(100);
    expect(commits.during).toBe(0);
    expect(await page.locator('.mg-page-input').inputValue()).toBe('1');
  });

  it('must mount only the pages near the view and give back the canvases of the pages scrolled past', async () => {
    await page.evaluate(() => {
      const record = window as unknown as { mountedMost: number; recording: boolean };
      record.mountedMost = 0;
      record.recording = true;
      const tick = () => {
        record.mountedMost = Math.max(record.mountedMost, document.querySelectorAll('.mg-page').length);
        if (record.recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const box = await page.locator('.mg-scroll').boundingBox();
    await page.mouse.move((box?.x ?? 0) + 300, (box?.y ?? 0) + 300);
    // 60 pages, one wheel step of half a page every 30 ms, faster than pages draw.
    for (let i = 0; i < 120; i++) {
      await page.mouse.wheel(0, 602);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(300);
    const current = Number(await page.locator('.mg-page-input').inputValue());
    expect(current).toBeGreaterThan(55);
    await page.locator(`.mg-page[data-page-number="${current}"] .mg-spinner`).waitFor({ state: 'detached' });
    const seen = await page.evaluate(() => {
      const record = window as unknown as { mountedMost: number; recording: boolean };
      record.recording = false;
      const canvases = [...window.canvases].filter((canvas) => canvas.classList.contains('mg-canvas'));
      const pages = [...document.querySelectorAll('.mg-page')].map((element) => Number(element.getAttribute('data-page-number')));
      return {
        current: Number((document.querySelector('.mg-page-input') as HTMLInputElement).value),
        mountedMost: record.mountedMost,
        pages,
        drawnInDocument: canvases.filter((canvas) => canvas.isConnected).length,
        holdingPixelsDetached: canvases.filter((canvas) => !canvas.isConnected && canvas.width * canvas.height > 0).length,
        everDrawn: canvases.length,
      };
    });
    // A 1,000 px view shows at most two 1,188 px pages, with one more above and below.
    expect(seen.mountedMost).toBeLessThanOrEqual(4);
    expect(seen.pages.every((n) => Math.abs(n - seen.current) <= 2)).toBe(true);
    expect(seen.drawnInDocument).toBeLessThanOrEqual(4);
    // None of the pages left behind keeps its drawing.
    expect(seen.holdingPixelsDetached).toBe(0);
    expect(seen.everDrawn).toBeGreaterThan(4);
  });

  it('must keep the page typed in the page number field in place while the pages around it learn their sizes', async () => {
    const mixed = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await mixed.goto(`${site.url}/?file=/mixed.pdf`);
    await mixed.getByText(`Page 1 of ${PAGES}`).waitFor();
    const field = mixed.getByRole('textbox', { name: 'Page number' });
    await field.fill('200');
    await field.press('Enter');
    // Page 200 and the pages beside it are drawn, so their real sizes replace page 1's.
    for (const n of [199, 200, 201]) await mixed.locator(`.mg-page[data-page-number="${n}"] canvas[width]`).waitFor();
    await mixed.waitForTimeout(300);
    const shown = await mixed.evaluate(() => {
      const view = (document.querySelector('.mg-scroll') as HTMLElement).getBoundingClientRect();
      const box = (n: number) => (document.querySelector(`.mg-page[data-page-number="${n}"]`) as HTMLElement).getBoundingClientRect();
      return { top: box(200).top - view.top, scale: box(200).width / 612, heights: [199, 200, 201].map((n) => box(n).height) };
    });
    await mixed.close();
    // Page 200 is where going to it put it, one gap below the top of the view, at its own size.
    expect(shown.top).toBeCloseTo(16, 0);
    expect(shown.heights.map((h) => Math.round(h / shown.scale))).toEqual([1100, 400, 1100]);
  });
});
