// Find in the document, as a signed-in user meets it in the editor: Ctrl+F, the count against
// poppler's, next on the match's page, "Mark all" then a download whose page pdftoppm shows
// highlighted; and a 2,000-page file searched with progress while the page keeps answering.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasSharedPdfs, launchBrowser, openPage, pixelsOnPage1, registerUser, sharedPdf, signInWithToken, tempDir, uploadViaApi, type TestUser } from './harness';
import { madePdf } from './madePdfs';
import { waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await registerUser(baseUrl, 'Finder Fay');
});
afterAll(async () => browser?.close());

/** How often `phrase` occurs in the file's text as pdftotext reads it (case and runs of spaces ignored). */
function popplerCount(path: string, phrase: string): number {
  const result = spawnSync('pdftotext', [path, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(result.status, result.stderr).toBe(0);
  return (result.stdout.toLowerCase().replace(/\s+/g, ' ').match(new RegExp(phrase.toLowerCase(), 'g')) ?? []).length;
}

/** Pale yellow pixels (the default highlight, #FFFF00 at 0.3, over white paper: about 255, 255, 179) of page 1 at 72 dpi, in a box of page points. */
const yellowPixels = (path: string, box: { x: number; y: number; width: number; height: number }) =>
  pixelsOnPage1(path, box, (r, g, b) => r > 230 && g > 230 && b > 140 && b < 215);

async function openDocument(path: string, name: string, pages: number): Promise<{ page: Page; errors: string[] }> {
  const id = await uploadViaApi(baseUrl, user, readFileSync(path), name);
  const { page, errors } = await openPage(browser, baseUrl);
  await signInWithToken(page, user, `/editor/${id}`);
  await waitForPdf(page, pages);
  return { page, errors };
}

/** Ctrl+F with the keyboard in the editor, then the phrase typed into the find bar. */
async function find(page: Page, phrase: string) {
  await page.locator('.mg-page[data-page-number="1"]').focus();
  await page.keyboard.press('Control+f');
  const field = page.getByRole('searchbox', { name: 'Find in document' });
  await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
  await field.fill(phrase);
  return field;
}

describe('find in the document', () => {
  it('must count what poppler counts, go to each match, and mark them all into the download', async () => {
    const path = hasSharedPdfs ? sharedPdf('tracemonkey.pdf') : madePdf('tracemonkey.pdf');
    const phrase = hasSharedPdfs ? 'trace' : 'trace trees';
    const expected = popplerCount(path, phrase);
    expect(expected).toBeGreaterThan(1);
    const { page, errors } = await openDocument(path, 'tracemonkey.pdf', 14);
    const field = await find(page, phrase);
    const status = page.locator('.mg-find-count');
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toBe(`1 of ${expected}`);
    await expect.poll(() => page.locator('.mg-find-current').count()).toBeGreaterThan(0);

    // Enter goes on; the view follows the match to its page.
    const firstPage = await page.locator('.mg-find-current').first().evaluate((element) => element.closest('.mg-page')?.getAttribute('data-page-number'));
    for (let step = 1; step < expected && (await page.locator('.mg-find-current').first().evaluate((element) => element.closest('.mg-page')?.getAttribute('data-page-number'))) === firstPage; step++) {
      await field.press('Enter');
      await expect.poll(() => status.textContent()).toBe(`${step + 1} of ${expected}`);
    }
    const laterPage = Number(await page.locator('.mg-find-current').first().evaluate((element) => element.closest('.mg-page')?.getAttribute('data-page-number')));
    expect(laterPage).toBeGreaterThan(Number(firstPage));
    await page.getByText(`Page ${laterPage} of 14`, { exact: true }).waitFor();
    await field.press('Shift+Enter');

    // Mark all: one highlight per match, saved into the download where poppler draws them.
    await page.getByRole('button', { name: 'Mark all', exact: true }).click();
    await page.getByText('Unsaved changes').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.mg-toolbar').getByRole('button', { name: 'Download PDF' }).click()]);
    const saved = join(tempDir(), 'found.pdf');
    await download.saveAs(saved);
    const band = hasSharedPdfs ? { x: 0, y: 0, width: 612, height: 792 } : { x: 60, y: 792 - 40 - 20, width: 260, height: 28 };
    expect(yellowPixels(path, band)).toBe(0);
    expect(yellowPixels(saved, band)).toBeGreaterThan(200);

    // Escape closes the bar and its tints.
    await field.press('Escape');
    await expect.poll(() => page.locator('.mg-find-match').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it.skipIf(!hasSharedPdfs)('must search a 2,000-page file with progress while the page keeps answering (skipped without ../shared/pdfs)', async () => {
    const { makeSyntheticPdf } = (await import(join(sharedPdf('make-synthetic.mjs')))) as { makeSyntheticPdf(pages: number): Buffer };
    const path = join(tempDir(), 'synthetic-2000.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, makeSyntheticPdf(2000));
    const { page, errors } = await openDocument(path, 'synthetic-2000.pdf', 2000);
    await find(page, 'of 2000');
    const status = page.locator('.mg-find-count');
    await status.getByText(/^Searching: page \d+ of 2000$/).waitFor({ timeout: 60_000 });
    // The page answers while the search runs: scripts and input are not held up behind it.
    expect(await page.evaluate(() => document.querySelector('.mg-find-count')?.textContent ?? '')).toMatch(/^Searching|of 2000$/);
    await expect.poll(() => status.textContent(), { timeout: 120_000 }).toBe(`1 of ${popplerCount(path, 'of 2000')}`);
    expect(errors).toEqual([]);
  });
});
