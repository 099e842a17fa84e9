// The editor on a phone (375×812, the SDK's compact layout) and a tablet (768×1024), with touch
// input: open a PDF as a guest, draw a rectangle with a finger, recolour it in the Style Options
// sheet (the panel on the tablet), download it, and check the file with qpdf and pdftoppm. The page
// must fit the width, nothing may overflow sideways and no site footer may sit under the editor.
// Screenshots go to artifacts/ for review.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launchBrowser, openPage, pixelsOnPage1, tempDir } from './harness';
import { madePdf } from './madePdfs';
import { openFromLanding, shapes, waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

type Point = [number, number];

/** Fingers moving together through Chromium's touch input, each from and to CSS pixels of page 1's overlay. */
async function touchGesture(page: Page, fingers: [Point, Point][]): Promise<void> {
  const box = await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
  if (!box) throw new Error('page 1 is not on screen');
  const cdp = await page.context().newCDPSession(page);
  const at = (step: number) =>
    fingers.map(([from, to]) => ({ x: box.x + from[0] + ((to[0] - from[0]) * step) / 8, y: box.y + from[1] + ((to[1] - from[1]) * step) / 8 }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step <= 8; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
  // Rest the fingers before lifting them: a fast lift is a fling, and Chromium spends the next tap on stopping it.
  for (let rest = 0; rest < 3; rest++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(8) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

interface Fit {
  documentOverflow: number;
  scrollOverflow: number;
  pageLeft: number;
  pageRight: number;
  pageWidth: number;
  viewerWidth: number;
  editorBottom: number;
  windowHeight: number;
  footers: number;
  bannerHeight: number;
}

function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const scroll = document.querySelector<HTMLElement>('.mg-scroll')!;
    const pageBox = document.querySelector('.mg-page[data-page-number="1"]')!.getBoundingClientRect();
    const viewer = scroll.getBoundingClientRect();
    return {
      documentOverflow: document.documentElement.scrollWidth - window.innerWidth,
      scrollOverflow: scroll.scrollWidth - scroll.clientWidth,
      pageLeft: pageBox.left - viewer.left,
      pageRight: viewer.right - pageBox.right,
      pageWidth: pageBox.width,
      viewerWidth: viewer.width,
      editorBottom: document.querySelector('.mg-editor')!.getBoundingClientRect().bottom,
      windowHeight: window.innerHeight,
      footers: document.querySelectorAll('footer').length,
      bannerHeight: document.querySelector('.guest-banner')?.getBoundingClientRect().height ?? 0,
    };
  });
}

/** Pure red pixels (r > 200, g and b < 60) of page 1 at 72 dpi, in a box of PDF points. */
const redPixels = (path: string, box: { x: number; y: number; width: number; height: number }) =>
  pixelsOnPage1(path, box, (r, g, b) => r > 200 && g < 60 && b < 60);

const SIZES = [
  { name: 'phone', viewport: { width: 375, height: 812 }, compact: true },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, compact: false },
] as const;

describe('the editor on a phone and a tablet', () => {
  for (const { name, viewport, compact } of SIZES) {
    it(`must fit ${viewport.width}×${viewport.height}, draw and recolour with touch, and download the rectangle (${name})`, async () => {
      const { page, context, errors } = await openPage(browser, baseUrl, { viewport, touch: true });
      await openFromLanding(page, madePdf('tracemonkey.pdf'));
      await waitForPdf(page, 14);

      const fit = await measureFit(page);
      expect(fit.documentOverflow).toBeLessThanOrEqual(0);
      expect(fit.scrollOverflow).toBeLessThanOrEqual(0);
      expect(fit.pageLeft).toBeGreaterThanOrEqual(0);
      expect(fit.pageRight).toBeGreaterThanOrEqual(0);
      expect(fit.pageWidth).toBeGreaterThan(fit.viewerWidth * 0.85);
      // The editor fills the window: it ends at the window's bottom, with no footer under it.
      expect(Math.abs(fit.editorBottom - fit.windowHeight)).toBeLessThanOrEqual(1);
      expect(fit.footers).toBe(0);
      // The guest banner is short: one line on a phone, not a quarter of the screen.
      expect(fit.bannerHeight).toBeGreaterThan(0);
      expect(fit.bannerHeight).toBeLessThanOrEqual(compact ? 48 : viewport.height / 12);
      if (compact) {
        // One top bar: no site navbar, no page header; the back button and file name are in the editor's bar.
        expect(await page.locator('.navbar').isVisible()).toBe(false);
        expect(await page.locator('.mg-toolbar').getByRole('button', { name: 'Back' }).isVisible()).toBe(true);
        expect(await page.locator('.mg-toolbar').getByText('tracemonkey.pdf').isVisible()).toBe(true);
        expect(await page.getByRole('complementary', { name: 'Style Options' }).isVisible()).toBe(false);
        expect(await page.getByRole('navigation', { name: 'Page thumbnails' }).isVisible()).toBe(false);
      }
      await page.screenshot({ path: join(ARTIFACTS, `${name}-editor.png`) });

      await page.locator('[data-tool="rectangle"]').tap();
      await page.getByText('Rectangle tool selected').waitFor();
      const from: Point = [fit.pageWidth * 0.2, 120];
      const to: Point = [fit.pageWidth * 0.7, 260];
      await touchGesture(page, [[from, to]]);
      await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);

      // Select it with a tap and recolour it in the sheet (the panel beside the page on a tablet).
      await page.locator('[data-tool="select"]').tap();
      const overlay = (await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox())!;
      await page.touchscreen.tap(overlay.x + from[0], overlay.y + (from[1] + to[1]) / 2);
      await page.locator('.mg-selection-box').first().waitFor();
      if (compact) await page.getByRole('button', { name: 'Style Options' }).tap();
      const sheet = page.getByRole('complementary', { name: 'Style Options' });
      await sheet.waitFor();
      await sheet.getByRole('button', { name: '#FF0000' }).tap();
      await expect.poll(() => shapes(page, 'rectangle').getAttribute('stroke')).toBe('#FF0000');
      await page.screenshot({ path: join(ARTIFACTS, `${name}-style-sheet.png`) });
      if (compact) {
        await page.getByRole('button', { name: 'Style Options' }).tap();
        await page.getByRole('button', { name: 'Page thumbnails' }).tap();
        await page.getByRole('navigation', { name: 'Page thumbnails' }).getByRole('button', { name: 'Page 1', exact: true }).waitFor();
        await page.screenshot({ path: join(ARTIFACTS, `${name}-pages-drawer.png`) });
        await page.getByRole('button', { name: 'Page thumbnails' }).tap();
        await page.getByRole('button', { name: 'More actions' }).tap();
      }
      expect((await measureFit(page)).documentOverflow).toBeLessThanOrEqual(0);

      await page.locator('.mg-toolbar').getByRole('button', { name: 'Download PDF' }).tap();
      await page.getByRole('dialog', { name: 'Download without a watermark' }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download with watermark' }).tap(),
      ]);
      const path = join(tempDir(), download.suggestedFilename());
      await download.saveAs(path);
      const check = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      // The rectangle's left edge, in PDF points (the overlay is the page at the editor's zoom).
      const zoom = fit.pageWidth / 612;
      const edge = { x: from[0] / zoom - 4, y: from[1] / zoom, width: 8, height: (to[1] - from[1]) / zoom };
      expect(redPixels(path, edge)).toBeGreaterThan(edge.height);

      // In the Select tool one finger scrolls the pages and two fingers pinch-zoom them (not the site).
      const scrollTop = () => page.locator('.mg-scroll').evaluate((element) => element.scrollTop);
      const before = await scrollTop();
      await touchGesture(page, [[[fit.pageWidth / 2, 500], [fit.pageWidth / 2, 250]]]);
      await expect.poll(scrollTop).toBeGreaterThan(before + 100);
      // Fingers on a toast would pinch the site, not the pages: let the toasts go first.
      await expect.poll(() => page.locator('[data-rht-toaster] [role="status"]').count(), { timeout: 15_000 }).toBe(0);
      const view = (await page.locator('.mg-scroll').boundingBox())!;
      const sheetTop = (await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox())!;
      // The middle of page 1's visible part, in the overlay's own pixels.
      const y = (Math.max(view.y, sheetTop.y) + Math.min(view.y + view.height, sheetTop.y + sheetTop.height)) / 2 - sheetTop.y;
      const x = fit.pageWidth / 2;
      await touchGesture(page, [
        [[x - 30, y], [x - 90, y]],
        [[x + 30, y], [x + 90, y]],
      ]);
      await expect.poll(async () => (await measureFit(page)).pageWidth).toBeGreaterThan(fit.pageWidth * 1.5);
      expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
      expect((await measureFit(page)).documentOverflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
