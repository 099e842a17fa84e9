// Reaching the editor and the frame the site puts around it: "Start Editing Free" and the dashboard's
// "New Document" open an editor that takes a PDF right there, and the site's own parts of the header
// and toolbar (navbar, editor header, the controls the app adds to the SDK's toolbar) stay on one row
// at 1280 and 768 px. The SDK's own toolbar layout is the SDK's, and not measured here.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, registerUser, signInWithToken, uploadViaApi } from './harness';
import { madePdf } from './madePdfs';
import { dragOnPage, pickTool, shapes, waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('the way into the editor', () => {
  it('must let a newcomer who clicks "Start Editing Free" choose a PDF in the editor and draw on it', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Editing Free' }).first().click();
    await page.waitForURL('**/editor');
    // The spec's texts stay; the way in is right below them.
    await page.getByRole('heading', { name: 'No Document Loaded' }).waitFor();
    await page.getByText('Upload a PDF from the homepage to start editing').waitFor();
    expect(await page.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
    await page.getByTestId('landing-file-input').setInputFiles(madePdf('sizes.pdf'));
    await page.getByText('Loaded sizes.pdf. 2 free edits remaining today.').waitFor();
    await waitForPdf(page, 3);
    expect(new URL(page.url()).pathname).toBe('/editor');
    await pickTool(page, 'rectangle');
    await dragOnPage(page, [60, 60], [200, 160]);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must let a signed-in user\'s "New Document" upload a PDF from the editor and open it there', async () => {
    const user = await registerUser(baseUrl, 'New Nadia');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, '/dashboard');
    await page.getByRole('link', { name: 'New Document' }).click();
    await page.waitForURL('**/editor');
    await page.getByRole('heading', { name: 'No Document Loaded' }).waitFor();
    await page.getByTestId('upload-file-input').setInputFiles(madePdf('tracemonkey.pdf'));
    await page.waitForURL(/\/editor\/[\w-]+$/);
    await waitForPdf(page, 14);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const listed = await fetch(`${baseUrl}/api/documents`, { headers: { Authorization: `Bearer ${user.token}` } });
    const body = (await listed.json()) as { documents: { id: string; name: string }[] };
    expect(body.documents.map((document) => [document.id, document.name])).toEqual([[id, 'tracemonkey.pdf']]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

interface RowReport {
  /** Distinct vertical centres of the items (one row: one centre, within 2 px). */
  rows: number;
  /** Items with a text that runs over more than one line. */
  wrapped: string[];
  /** Items that reach past the window's right edge. */
  cut: string[];
  top: number;
}

/**
 * How the visible items matched by `selector` (only those named `names`, by label or text, when given)
 * lie: in how many rows, and which wrap their text.
 */
function rowsOf(page: Page, selector: string, names?: string[]): Promise<RowReport> {
  return page.evaluate(([query, only]) => {
    const named = (element: Element) => !only || only.includes(element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '');
    const items = [...document.querySelectorAll(query)].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && named(element);
    });
    const centres: number[] = [];
    for (const element of items) {
      const box = element.getBoundingClientRect();
      const centre = box.top + box.height / 2;
      if (!centres.some((other) => Math.abs(other - centre) <= 2)) centres.push(centre);
    }
    // A text wraps when one of its text nodes is laid out on more than one line.
    const wraps = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) return true;
      }
      return false;
    };
    const wrapped = items.filter(wraps).map((element) => element.textContent ?? '');
    const cut = items.filter((element) => element.getBoundingClientRect().right > window.innerWidth).map((element) => element.textContent ?? '');
    return { rows: centres.length, wrapped, cut, top: Math.min(...items.map((element) => element.getBoundingClientRect().top)) };
  }, [selector, names] as const);
}

describe('the site around the editor', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 768, height: 1024 },
  ]) {
    it(`must keep the navbar, the editor header and the app's toolbar controls on one row at ${viewport.width} px`, async () => {
      const user = await registerUser(baseUrl, 'Bartholomew Featherstonehaugh-Wainwright');
      const id = await uploadViaApi(baseUrl, user, new Uint8Array(readFileSync(madePdf('tracemonkey.pdf'))), 'quarterly-report-with-a-long-name-2026.pdf');
      const { page, context, errors } = await openPage(browser, baseUrl, { viewport });
      await signInWithToken(page, user, `/editor/${id}`);
      await waitForPdf(page, 14);
      await pickTool(page, 'rectangle');
      await dragOnPage(page, [80, 120], [260, 240]);
      // Every control the app adds is showing: the badge, version history, Save and Share.
      await page.getByText('Unsaved changes').waitFor();

      const navbar = await rowsOf(page, '.navbar-inner > *, .navbar-links a, .user-menu > .btn');
      expect(navbar).toMatchObject({ rows: 1, wrapped: [], cut: [] });
      expect(await rowsOf(page, '.editor-header > *')).toMatchObject({ rows: 1, wrapped: [], cut: [] });
      const controls = await rowsOf(page, '.mg-toolbar .badge, .mg-toolbar button', ['Unsaved changes', 'Version history', 'Save', 'Share']);
      expect(controls).toMatchObject({ rows: 1, wrapped: [], cut: [] });
      expect(await page.locator('.mg-toolbar').getByRole('button', { name: /^(Version history|Save|Share)$/ }).count()).toBe(3);
      const toolbarTop = await page.locator('.mg-toolbar').evaluate((element) => element.getBoundingClientRect().top);
      const firstRow = await page.locator('.mg-toolbar [data-tool="select"]').evaluate((element) => element.getBoundingClientRect().bottom);
      // At 1280 px the app's controls fit beside the SDK's tools: they are not pushed to a row of their own.
      if (viewport.width === 1280) expect(controls.top).toBeLessThan(firstRow);
      expect(controls.top).toBeGreaterThanOrEqual(toolbarTop);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
