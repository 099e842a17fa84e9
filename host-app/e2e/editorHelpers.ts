// Driving the SDK editor inside the product pages: wait for a page, pick a tool, drag on a page.
import type { Page } from 'playwright-core';

export async function waitForPdf(page: Page, pages: number): Promise<void> {
  await page.getByText(`Page 1 of ${pages}`, { exact: true }).waitFor({ timeout: 30_000 });
  await page.locator('.mg-page[data-page-number="1"] .mg-spinner').waitFor({ state: 'detached', timeout: 30_000 });
}

export async function pickTool(page: Page, id: string): Promise<void> {
  await page.locator(`.mg-toolbar [data-tool="${id}"]`).click();
}

/** Drags from one point to another, in CSS pixels from the top-left of page 1's overlay. */
export async function dragOnPage(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const box = await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
  if (!box) throw new Error('page 1 is not on screen');
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + (from[0] + to[0]) / 2, box.y + (from[1] + to[1]) / 2, { steps: 4 });
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 });
  await page.mouse.up();
}

export function shapes(page: Page, type?: string) {
  return page.locator(type ? `[data-annotation-type="${type}"]` : '[data-annotation-id]');
}

/** Opens a PDF as a guest from the landing page's drop zone. */
export async function openFromLanding(page: Page, path: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('landing-file-input').setInputFiles(path);
  await page.waitForURL('**/editor');
}

/** Lets a test make the page report itself hidden or visible, as switching tabs would. */
export async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}
