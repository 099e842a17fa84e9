// Journeys through the essential tools (/editor?tool=...): Merge, Split, Rotate and Protect PDF, from
// the landing tiles and the features page, run in the browser, with the files checked by poppler,
// qpdf and mutool. Screenshots of the merge and split screens go to artifacts/.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { madePdf, paddedPdf } from './madePdfs';
import {
  ARTIFACTS,
  launchBrowser,
  openPage,
  registerUser,
  setPlan,
  hasSharedPdfs,
  sharedPdf,
  signInWithToken,
  tempDir,
  uploadViaApi,
  type TestUser,
  toastCoversControl,
} from './harness';

const baseUrl = inject('baseUrl');
const server = inject('server');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

function run(command: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Each page's size ("612 x 792") and /Rotate, as pdfinfo reads them. */
function pdfPages(path: string, password?: string): { size: string; rot: number }[] {
  const args = password ? ['-upw', password] : [];
  const info = run('pdfinfo', [...args, '-f', '1', '-l', '1000', path]);
  expect(info.status, info.stderr).toBe(0);
  const sizes = [...info.stdout.matchAll(/^Page +\d+ size: +([\d.]+) x ([\d.]+)/gm)].map(
    (m) => `${Math.round(Number(m[1]))} x ${Math.round(Number(m[2]))}`,
  );
  const rots = [...info.stdout.matchAll(/^Page +\d+ rot: +(\d+)/gm)].map((m) => Number(m[1]));
  return sizes.map((size, index) => ({ size, rot: rots[index]! }));
}

function expectQpdfClean(path: string): void {
  const check = run('qpdf', ['--check', path]);
  expect(check.status, check.stdout + check.stderr).toBe(0);
}

/** Renders one page with pdftoppm; its pixel size. */
function renderedSize(path: string, page: number): { width: number; height: number } {
  const prefix = join(tempDir(), 'page');
  const result = run('pdftoppm', [
    '-f',
    String(page),
    '-l',
    String(page),
    '-r',
    '36',
    '-png',
    '-singlefile',
    path,
    prefix,
  ]);
  expect(result.status, result.stderr).toBe(0);
  const png = readFileSync(`${prefix}.png`);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Number of entries in each page's /Annots, read with mutool. */
function annotationsPerPage(path: string): number[] {
  const script = join(tempDir(), 'annots.js');
  writeFileSync(
    script,
    'var doc = new PDFDocument(scriptArgs[0]); var out = [];\n' +
      "for (var i = 0; i < doc.countPages(); i++) { var a = doc.findPage(i).get('Annots'); out.push(a && a.isArray() ? a.length : 0); }\n" +
      "print(out.join(','));\n",
  );
  const result = run('mutool', ['run', script, path]);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim().split(',').map(Number);
}

async function saveDownload(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(tempDir(), download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), path };
}

function guestEditsSpent(page: Page): Promise<number> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('guestDailyEdits') ?? '{"count":0}') as { count: number }).count,
  );
}

/** The page keys of a document's tiles, in the order shown. */
function tileOrder(page: Page, list: string): Promise<string[]> {
  return page
    .getByRole('list', { name: list })
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-page-key') ?? ''));
}

async function thumbnailsRendered(page: Page, count: number): Promise<void> {
  await expect.poll(() => page.locator('.page-thumb img').count(), { timeout: 30_000 }).toBe(count);
}

function api(user: TestUser, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { ...init.headers, Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
  });
}

describe('essential tools', () => {
  // The third document is a real paper with native annotations on its last two pages, from the shared corpus.
  it.skipIf(!hasSharedPdfs)('must merge PDFs from the landing tile: arrange documents and pages, keep annotations, download and open the result (skipped without ../shared/pdfs)', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('link', { name: /Merge PDFs/ }).click();
    await page.getByRole('heading', { name: 'Merge PDFs', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?tool=merge');
    expect(await page.getByText('No Document Loaded').count()).toBe(0);

    await page
      .getByTestId('tool-file-input')
      .setInputFiles([
        madePdf('sizes.pdf'),
        madePdf('habibi-rotated.pdf'),
        sharedPdf('tracemonkey_with_editable_annotations.pdf'),
      ]);
    const documents = page.getByRole('list', { name: 'Documents to merge' });
    await expect.poll(() => documents.locator(':scope > li').count(), { timeout: 30_000 }).toBe(3);
    await thumbnailsRendered(page, 3 + 4 + 14);

    // Documents: habibi first (keyboard), then the annotated paper after sizes (drag).
    await documents.getByRole('listitem', { name: 'habibi-rotated.pdf', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page
      .getByRole('listitem', { name: 'tracemonkey_with_editable_annotations.pdf', exact: true })
      .getByRole('button', { name: 'Remove tracemonkey_with_editable_annotations.pdf' })
      .waitFor();
    expect(
      await documents
        .locator(':scope > li')
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
    ).toEqual(['habibi-rotated.pdf', 'sizes.pdf', 'tracemonkey_with_editable_annotations.pdf']);
    // Pages: habibi's page 4 dragged onto page 1; sizes' page 2 removed; sizes' page 3 moved left by keyboard;
    // the paper keeps only pages 13 and 14 (the annotated ones), removed with Delete and the buttons.
    await page
      .getByRole('listitem', { name: 'Page 4 of habibi-rotated.pdf' })
      .dragTo(page.getByRole('listitem', { name: 'Page 1 of habibi-rotated.pdf' }));
    await expect.poll(() => tileOrder(page, 'Pages of habibi-rotated.pdf')).toEqual(['4', '1', '2', '3']);
    // Two presses move a page two places: it keeps the focus after each move.
    await page.getByRole('listitem', { name: 'Page 3 of habibi-rotated.pdf' }).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => tileOrder(page, 'Pages of habibi-rotated.pdf')).toEqual(['4', '1', '3', '2']);
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => tileOrder(page, 'Pages of habibi-rotated.pdf')).toEqual(['4', '3', '1', '2']);
    await page.getByRole('button', { name: 'Remove Page 2 of sizes.pdf' }).click();
    await page.getByRole('listitem', { name: 'Page 3 of sizes.pdf' }).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => tileOrder(page, 'Pages of sizes.pdf')).toEqual(['3', '1']);
    for (let number = 1; number <= 11; number++) {
      await page
        .getByRole('button', {
          name: `Remove Page ${number} of tracemonkey_with_editable_annotations.pdf`,
          exact: true,
        })
        .click();
    }
    await page
      .getByRole('listitem', { name: 'Page 12 of tracemonkey_with_editable_annotations.pdf' })
      .focus();
    await page.keyboard.press('Delete');
    await expect
      .poll(() => tileOrder(page, 'Pages of tracemonkey_with_editable_annotations.pdf'))
      .toEqual(['13', '14']);
    await page.screenshot({ path: join(ARTIFACTS, 'tools-merge.png'), fullPage: true });

    await page.getByRole('button', { name: 'Merge 8 pages' }).click();
    await page.getByRole('region', { name: 'Merged PDF' }).getByText('is ready: 8 pages.').waitFor();
    expect(await guestEditsSpent(page)).toBe(0);
    const merged = await saveDownload(page, () => page.getByRole('button', { name: 'Download PDF' }).click());
    expect(merged.name).toBe('habibi-rotated_merged.pdf');
    expect(await guestEditsSpent(page)).toBe(1);

    expectQpdfClean(merged.path);
    expect(pdfPages(merged.path)).toEqual([
      { size: '595 x 842', rot: 0 },
      { size: '595 x 842', rot: 270 },
      { size: '595 x 842', rot: 90 },
      { size: '595 x 842', rot: 180 },
      { size: '792 x 612', rot: 0 },
      { size: '612 x 792', rot: 0 },
      { size: '612 x 792', rot: 0 },
      { size: '612 x 792', rot: 0 },
    ]);
    // The annotated pages keep their annotations.
    expect(annotationsPerPage(merged.path)).toEqual([0, 0, 0, 0, 0, 0, 3, 6]);
    // Page 3 is habibi's page 1, turned a quarter: landscape when rendered.
    const second = renderedSize(merged.path, 3);
    expect(second.width).toBeGreaterThan(second.height);

    // Opening the result in the editor spends nothing more: it is the same file.
    await page.getByRole('button', { name: 'Open in editor' }).click();
    await page.waitForURL((url) => url.pathname === '/editor' && url.search === '');
    await page.getByText('Loaded habibi-rotated_merged.pdf. 2 free edits remaining today.').waitFor();
    expect(await guestEditsSpent(page)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must merge documents from My Documents with their annotations following their pages', async () => {
    const user = await registerUser(baseUrl, 'Merging User');
    await uploadViaApi(
      baseUrl,
      user,
      new Uint8Array(readFileSync(madePdf('habibi-rotated.pdf'))),
      'habibi-rotated.pdf',
    );
    const sizesId = await uploadViaApi(
      baseUrl,
      user,
      new Uint8Array(readFileSync(madePdf('sizes.pdf'))),
      'sizes.pdf',
    );
    const notes = [
      normalizeAnnotation({ type: 'text', page: 1, x: 72, y: 100, content: 'First page note' }),
      normalizeAnnotation({ type: 'rectangle', page: 2, x: 20, y: 20, width: 80, height: 40 }),
      normalizeAnnotation({ type: 'text', page: 3, x: 72, y: 100, content: 'Third page note' }),
    ];
    const stored = await api(user, `/api/documents/${sizesId}/annotations`, {
      method: 'PUT',
      body: JSON.stringify({ annotations: notes, version: 0 }),
    });
    expect(stored.status).toBe(200);

    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, '/editor?tool=merge');
    await page.getByRole('button', { name: 'Add from My Documents' }).click();
    await page.getByRole('button', { name: 'Add habibi-rotated.pdf' }).click();
    await page
      .getByRole('listitem', { name: 'habibi-rotated.pdf', exact: true })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add sizes.pdf' }).click();
    await page.getByRole('listitem', { name: 'sizes.pdf', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Remove Page 2 of sizes.pdf' }).click();
    await page.getByRole('button', { name: 'Move Page 3 of sizes.pdf earlier' }).click();
    await expect.poll(() => tileOrder(page, 'Pages of sizes.pdf')).toEqual(['3', '1']);
    await page.getByRole('button', { name: 'Merge 6 pages' }).click();
    await page.getByRole('region', { name: 'Merged PDF' }).getByText('is ready: 6 pages.').waitFor();

    await page.getByRole('button', { name: 'Save to My Documents' }).click();
    await page.getByRole('link', { name: /Saved to My Documents/ }).waitFor();
    const list = (await (await api(user, '/api/documents')).json()) as {
      documents: { id: string; name: string }[];
    };
    const saved = list.documents.find((document) => document.name.startsWith('habibi-rotated_merged'));
    expect(saved).toBeDefined();
    const savedNotes = (await (await api(user, `/api/documents/${saved!.id}/annotations`)).json()) as {
      annotations: { type: string; page: number; content?: string }[];
    };
    expect(
      savedNotes.annotations.map(({ type, page: on, content }) => ({ type, page: on, content })),
    ).toEqual([
      { type: 'text', page: 6, content: 'First page note' },
      { type: 'text', page: 5, content: 'Third page note' },
    ]);

    // The download has them drawn on their pages.
    const merged = await saveDownload(page, () => page.getByRole('button', { name: 'Download PDF' }).click());
    expectQpdfClean(merged.path);
    expect(pdfPages(merged.path).map(({ size }) => size)).toEqual([
      '595 x 842',
      '595 x 842',
      '595 x 842',
      '595 x 842',
      '792 x 612',
      '612 x 792',
    ]);
    expect(run('pdftotext', ['-f', '5', '-l', '5', merged.path, '-']).stdout).toContain('Third page note');
    expect(run('pdftotext', ['-f', '6', '-l', '6', merged.path, '-']).stdout).toContain('First page note');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must refuse a merge past the guest daily limit with the spec prompt, a file over 10 MB and a password-protected file', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/editor?tool=merge');
    await page.evaluate(() => {
      const now = new Date();
      const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      localStorage.setItem(
        'guestDailyEdits',
        JSON.stringify({ date: day, count: 3, files: ['a', 'b', 'c'] }),
      );
    });
    // Each file is held to the guest's 10 MB, as on the landing page.
    const large = join(tempDir(), 'large.pdf');
    writeFileSync(large, paddedPdf(10 * 1024 * 1024 + 1024));
    await page
      .getByTestId('tool-file-input')
      .setInputFiles([madePdf('sizes.pdf'), madePdf('password-protected.pdf'), large]);
    await page.getByText('large.pdf: File is too large. Maximum size is 10MB for free accounts.').waitFor();
    await page
      .getByText(
        'password-protected.pdf is protected with a password. Remove the password with Protect PDF first.',
      )
      .waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Documents to merge' }).locator(':scope > li').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await page.getByRole('button', { name: 'Merge 3 pages' }).click();
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByRole('dialog').getByText('Daily limit reached. Sign up to continue editing.').waitFor();
    expect(await guestEditsSpent(page)).toBe(3);
    expect(errors.filter((error) => !/PasswordException|password/i.test(error))).toEqual([]);
    await context.close();
  });

  it('must split a PDF from the features page by ranges into a ZIP, then one range into one PDF', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/features');
    await page.getByRole('link', { name: 'Split PDF' }).click();
    await page.getByRole('heading', { name: 'Split PDF', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?tool=split');

    const source = madePdf('tracemonkey.pdf');
    await page.getByTestId('tool-file-input').setInputFiles(source);
    await page.getByText('(14 pages)').waitFor();
    const ranges = page.getByLabel('Pages for each new file');
    await ranges.fill('1-20');
    await page.getByText('"1-20": the document has 14 pages.').waitFor();
    await ranges.fill('1-3, 5, 13-');
    const plan = page.getByRole('region', { name: 'Files to create' });
    await plan.getByText('3 files').waitFor();
    expect(await plan.getByRole('listitem').allTextContents()).toEqual([
      'tracemonkey_pages_1-3.pdf: pages 1–3 (3 pages)',
      'tracemonkey_page_5.pdf: page 5 (1 page)',
      'tracemonkey_pages_13-14.pdf: pages 13–14 (2 pages)',
    ]);
    await thumbnailsRendered(page, 14);
    // The thumbnails say which file each page goes to.
    const pages = page.getByRole('list', { name: 'Pages of tracemonkey.pdf' });
    expect(
      await pages.getByRole('listitem', { name: 'Page 2', exact: true }).locator('.page-note').textContent(),
    ).toBe('File 1');
    expect(
      await pages.getByRole('listitem', { name: 'Page 4', exact: true }).locator('.page-note').textContent(),
    ).toBe('Not included');
    expect(
      await pages.getByRole('listitem', { name: 'Page 14', exact: true }).locator('.page-note').textContent(),
    ).toBe('File 3');
    await page.screenshot({ path: join(ARTIFACTS, 'tools-split.png'), fullPage: true });

    await plan.getByRole('button', { name: 'Split PDF' }).click();
    const zip = await saveDownload(page, () =>
      page.getByRole('button', { name: 'Download 3 PDFs (ZIP)' }).click(),
    );
    expect(zip.name).toBe('tracemonkey_split.zip');
    expect(await guestEditsSpent(page)).toBe(1);
    const entries = unzipSync(new Uint8Array(readFileSync(zip.path)));
    expect(Object.keys(entries)).toEqual([
      'tracemonkey_pages_1-3.pdf',
      'tracemonkey_page_5.pdf',
      'tracemonkey_pages_13-14.pdf',
    ]);
    const folder = tempDir();
    const expected = [
      { name: 'tracemonkey_pages_1-3.pdf', first: 1, count: 3 },
      { name: 'tracemonkey_page_5.pdf', first: 5, count: 1 },
      { name: 'tracemonkey_pages_13-14.pdf', first: 13, count: 2 },
    ];
    for (const { name, first, count } of expected) {
      const path = join(folder, name);
      writeFileSync(path, entries[name]!);
      expectQpdfClean(path);
      expect(pdfPages(path)).toHaveLength(count);
      // The part's first page is the source's page `first`: same text, same rendering size.
      const partText = run('pdftotext', ['-f', '1', '-l', '1', path, '-']).stdout;
      const sourceText = run('pdftotext', ['-f', String(first), '-l', String(first), source, '-']).stdout;
      expect(partText).toBe(sourceText);
      expect(renderedSize(path, 1)).toEqual(renderedSize(source, first));
    }

    // "Every page" lists one file per page; a single range downloads one PDF, not a ZIP.
    await page.getByLabel('Every page as its own file').check();
    await plan.getByText('14 files').waitFor();
    await page.getByLabel('Page ranges').check();
    await ranges.fill('2');
    await plan.getByRole('button', { name: 'Split PDF' }).click();
    const single = await saveDownload(page, () =>
      page
        .getByRole('region', { name: 'Split result' })
        .getByRole('button', { name: 'Download PDF' })
        .click(),
    );
    expect(single.name).toBe('tracemonkey_page_2.pdf');
    expect(pdfPages(single.path)).toEqual([{ size: '612 x 792', rot: 0 }]);
    expect(await guestEditsSpent(page)).toBe(2);

    // On a phone the tool fits the width: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByLabel('Every page as its own file').check();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(ARTIFACTS, 'tools-split-375.png'), fullPage: true });
    // A toast at phone width sits below the tool tabs, over no control.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('tool-file-input').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await page.locator('[data-rht-toaster] [role="status"]').first().waitFor();
    expect(await toastCoversControl(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must rotate chosen pages and all pages with thumbnails following, and save the result to My Documents', async () => {
    const user = await registerUser(baseUrl, 'Rotating User');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, '/');
    await page.getByRole('link', { name: /Rotate Pages/ }).click();
    await page.getByRole('heading', { name: 'Rotate Pages', level: 1 }).waitFor();
    await page.getByTestId('tool-file-input').setInputFiles(madePdf('sizes.pdf'));
    await thumbnailsRendered(page, 3);
    const thumbnail = page.getByRole('img', { name: 'Page 2' });
    const shape = () =>
      thumbnail.evaluate((image: HTMLImageElement) => ({
        width: image.naturalWidth,
        height: image.naturalHeight,
        src: image.src,
      }));
    const before = await shape();
    expect(before.width).toBeGreaterThan(before.height);

    await page.getByRole('checkbox', { name: 'Page 2' }).check();
    await page.getByRole('group', { name: 'Rotate' }).getByText('Rotate 1 selected page:').waitFor();
    await page.getByRole('button', { name: '90°' }).click();
    await expect.poll(async () => (await shape()).src !== before.src, { timeout: 20_000 }).toBe(true);
    const turned = await shape();
    expect(turned.height).toBeGreaterThan(turned.width);

    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByRole('button', { name: '180°' }).click();
    await page.getByText('Rotated 3 pages by 180°').waitFor();
    const rotated = await saveDownload(page, () =>
      page.getByRole('button', { name: 'Download PDF' }).click(),
    );
    expect(rotated.name).toBe('sizes_rotated.pdf');
    expectQpdfClean(rotated.path);
    expect(pdfPages(rotated.path)).toEqual([
      { size: '612 x 792', rot: 180 },
      { size: '649 x 323', rot: 270 },
      { size: '792 x 612', rot: 180 },
    ]);
    const second = renderedSize(rotated.path, 2);
    expect(second.height).toBeGreaterThan(second.width);

    await page.getByRole('button', { name: 'Save to My Documents' }).click();
    await page.getByText('Saved to My Documents').first().waitFor();
    const list = await fetch(`${baseUrl}/api/documents`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    const body = (await list.json()) as { documents: { name: string; originalName?: string }[] };
    expect(body.documents.map((document) => document.originalName ?? document.name).join(',')).toContain(
      'sizes_rotated',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must keep Protect PDF for Pro: guests and free accounts get the prompt, Pro adds and removes an AES-256 password', async () => {
    const guest = await openPage(browser, baseUrl);
    await guest.page.goto('/');
    await guest.page.getByRole('link', { name: /Protect PDF/ }).click();
    await guest.page.getByRole('heading', { name: 'Protect PDF', level: 1 }).waitFor();
    await guest.page.getByTestId('tool-file-input').setInputFiles(madePdf('sizes.pdf'));
    await guest.page.getByLabel('Password to open the PDF').fill('open sesame');
    await guest.page.getByLabel('Repeat the password').fill('open sesame');
    let downloaded = false;
    guest.page.on('download', () => (downloaded = true));
    await guest.page.getByRole('button', { name: 'Protect PDF' }).click();
    const prompt = guest.page.getByRole('dialog');
    await prompt.getByText('This is a Pro feature').waitFor();
    await prompt.getByText('Upgrade to Pro to use this feature').waitFor();
    // Said once, in the prompt: no toast repeats it.
    await prompt.getByRole('button', { name: 'Maybe later' }).click();
    expect(await guest.page.locator('[data-rht-toaster]').getByText('Upgrade to Pro to use this feature').count()).toBe(0);
    expect(downloaded).toBe(false);
    expect(guest.errors).toEqual([]);
    await guest.context.close();

    const user = await registerUser(baseUrl, 'Protecting User');
    const free = await openPage(browser, baseUrl);
    await signInWithToken(free.page, user, '/editor?tool=protect');
    await free.page.getByRole('heading', { name: 'Protect PDF', level: 1 }).waitFor();
    await free.page.getByTestId('tool-file-input').setInputFiles(madePdf('sizes.pdf'));
    await free.page.getByLabel('Password to open the PDF').fill('open sesame');
    await free.page.getByLabel('Repeat the password').fill('open sesame');
    await free.page.getByRole('button', { name: 'Protect PDF' }).click();
    await free.page.getByText('Upgrade to Pro to use this feature').waitFor();
    await free.context.close();

    await setPlan(server, user.email, 'personal');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, '/editor?tool=protect');
    await page.getByRole('heading', { name: 'Protect PDF', level: 1 }).waitFor();
    expect(await page.getByText('Protect PDF is part of Pro.').count()).toBe(0);
    await page.getByTestId('tool-file-input').setInputFiles(madePdf('sizes.pdf'));
    await page.getByLabel('Password to open the PDF').fill('open sesame');
    await page.getByLabel('Repeat the password').fill('open sesame!');
    await page.getByRole('button', { name: 'Protect PDF' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Repeat the password').fill('open sesame');
    await page.getByLabel('Copying text and images').uncheck();
    await page.getByLabel('Owner password (optional: needed to change the permissions)').fill('the owner');
    const locked = await saveDownload(page, () => page.getByRole('button', { name: 'Protect PDF' }).click());
    expect(locked.name).toBe('sizes_protected.pdf');

    const withoutPassword = run('qpdf', ['--check', locked.path]);
    expect(withoutPassword.status).not.toBe(0);
    expect(withoutPassword.stderr).toMatch(/invalid password/);
    const withPassword = run('qpdf', ['--check', '--password=open sesame', locked.path]);
    expect(withPassword.status, withPassword.stdout + withPassword.stderr).toBe(0);
    const encryption = run('qpdf', ['--show-encryption', '--password=open sesame', locked.path]).stdout;
    expect(encryption).toMatch(/R = 6/);
    expect(encryption).toMatch(/extract for any purpose: not allowed/);
    expect(pdfPages(locked.path, 'open sesame')).toHaveLength(3);

    // Removing it again: a wrong password is refused, the right one gives an open file.
    await page.getByLabel('Remove a password').check();
    await page.getByTestId('tool-file-input').setInputFiles(locked.path);
    await page.getByLabel("The PDF's password").fill('wrong');
    await page.getByRole('button', { name: 'Remove password' }).click();
    await page.getByText('That password does not open this PDF.').waitFor();
    await page.getByLabel("The PDF's password").fill('the owner');
    const unlocked = await saveDownload(page, () =>
      page.getByRole('button', { name: 'Remove password' }).click(),
    );
    expect(unlocked.name).toBe('sizes_protected_unlocked.pdf');
    expectQpdfClean(unlocked.path);
    expect(run('pdfinfo', [unlocked.path]).stdout).toMatch(/Encrypted: +no/);
    expect(pdfPages(unlocked.path)).toHaveLength(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});
