// Signed-in editor journeys: upload, open, annotate, save, reload, conflict from another tab,
// clean download, a read-only share link, a save of only what changed, and the 30-second autosave.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, pdftotext, registerUser, signInWithToken, tempDir, uploadViaApi, type TestUser } from './harness';
import { madePdf } from './madePdfs';
import { dragOnPage, pickTool, shapes, waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

async function storedTypes(user: TestUser, id: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${user.token}` } });
  const body = (await response.json()) as { annotations: { type: string }[] };
  return body.annotations.map((a) => a.type).sort();
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('signed-in editor', () => {
  it('must save annotations to the server, keep them after reload, resolve a conflict, download and share', async () => {
    const user = await registerUser(baseUrl, 'Cloud Cleo');
    // The stale save's 409 is the point of the conflict step; the browser logs it as a failed load.
    const { page, context, errors } = await openPage(browser, baseUrl, { allow: [/status of 409/] });
    await signInWithToken(page, user, '/documents');
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await page.getByTestId('upload-file-input').setInputFiles(madePdf('tracemonkey.pdf'));
    await page.waitForURL(/\/editor\/[\w-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    await waitForPdf(page, 14);
    const save = page.locator('.mg-toolbar').getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    await pickTool(page, 'rectangle');
    await dragOnPage(page, [80, 120], [260, 240]);
    await page.getByText('Unsaved changes').waitFor();
    await save.click();
    await page.getByText('Document saved').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    await page.reload();
    await waitForPdf(page, 14);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);

    // Another tab saves first: our next save is stale and must be shown, not lost.
    const current = (await (
      await fetch(`${baseUrl}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${user.token}` } })
    ).json()) as { annotations: unknown[]; version: number };
    const other = await fetch(`${baseUrl}/api/documents/${id}/annotations`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ annotations: current.annotations, version: current.version }),
    });
    expect(other.ok).toBe(true);
    await pickTool(page, 'circle');
    await dragOnPage(page, [300, 300], [400, 400]);
    await save.click();
    await page.getByText('This document was changed in another tab or window.').waitFor();
    await page.getByRole('button', { name: 'Keep my version' }).click();
    await page.getByText('Document saved').first().waitFor();
    await expect.poll(() => storedTypes(user, id)).toEqual(['circle', 'rectangle']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.mg-toolbar').getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tracemonkey_edited.pdf');
    const path = join(tempDir(), download.suggestedFilename());
    await download.saveAs(path);
    expect(pdftotext(path)).not.toContain('Free Version');
    await page.getByText('PDF downloaded successfully!').waitFor();

    // Toasts sit over the toolbar's right end until they expire (hovering pauses them).
    await page.mouse.move(400, 600);
    await page.locator('[data-rht-toaster] [role="status"]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('.mg-toolbar').getByRole('button', { name: 'Share' }).click();
    await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Create read-only link' }).click();
    const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/\/shared\/[\w-]+$/);

    const viewer = await openPage(browser, baseUrl);
    await viewer.page.goto(link);
    await viewer.page.getByText('Read-only').waitFor();
    await waitForPdf(viewer.page, 14);
    await expect.poll(() => shapes(viewer.page).count()).toBe(2);
    expect(await viewer.page.locator('.mg-toolbar').count()).toBe(0);
    expect(viewer.errors).toEqual([]);
    await viewer.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must show the owner’s saved changes live on a share link that is open', async () => {
    const user = await registerUser(baseUrl, 'Live Lena');
    const id = await uploadViaApi(baseUrl, user, readFileSync(madePdf('tracemonkey.pdf')), 'live.pdf');
    const authorised = { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' };
    const put = (annotations: object[], version: number) =>
      fetch(`${baseUrl}/api/documents/${id}/annotations`, { method: 'PUT', headers: authorised, body: JSON.stringify({ annotations, version }) });
    const rectangle = (x: number) => ({ type: 'rectangle', page: 1, position: { x, y: 100 }, width: 120, height: 80 });
    expect((await put([rectangle(72)], 0)).ok).toBe(true);
    const share = await fetch(`${baseUrl}/api/documents/${id}/shares`, { method: 'POST', headers: authorised, body: '{}' });
    const { share: link } = (await share.json()) as { share: { token: string } };

    const viewer = await openPage(browser, baseUrl);
    await viewer.page.goto(`${baseUrl}/shared/${link.token}`);
    await waitForPdf(viewer.page, 14);
    await viewer.page.getByRole('status').filter({ hasText: 'Live: changes appear as they are saved' }).waitFor();
    await expect.poll(() => shapes(viewer.page).count()).toBe(1);
    // The owner saves (as the editor's autosave does): the open link shows it without a reload.
    const saved = (await (await fetch(`${baseUrl}/api/documents/${id}/annotations`, { headers: authorised })).json()) as { annotations: object[]; version: number };
    expect((await put([...saved.annotations, rectangle(300)], saved.version)).ok).toBe(true);
    await expect.poll(() => shapes(viewer.page).count(), { timeout: 10_000 }).toBe(2);
    expect(viewer.errors).toEqual([]);
    await viewer.context.close();
  });

  it('must download Chinese, Arabic and Hebrew text as typed, each script in its Noto font', async () => {
    const user = await registerUser(baseUrl, 'Script Sami');
    const id = await uploadViaApi(baseUrl, user, readFileSync(madePdf('tracemonkey.pdf')), 'scripts.pdf');
    const texts = ['你好，世界', 'مرحبا بالعالم', 'שלום עולם'];
    const annotations = texts.map((content, index) => ({ type: 'text', page: 1, position: { x: 72, y: 100 + index * 60 }, content, fontSize: 24 }));
    const put = await fetch(`${baseUrl}/api/documents/${id}/annotations`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ annotations, version: 0 }),
    });
    expect(put.ok).toBe(true);
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, `/editor/${id}`);
    await waitForPdf(page, 14);
    await expect.poll(() => shapes(page, 'text').count()).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.mg-toolbar').getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const path = join(tempDir(), download.suggestedFilename());
    await download.saveAs(path);
    await page.getByText('PDF downloaded successfully!').waitFor();
    // pdftotext marks right-to-left runs with bidi controls, which a reader does not see.
    const text = pdftotext(path).replace(/[\u202a-\u202e]/g, '');
    for (const content of texts) expect(text).toContain(content);
    const fonts = spawnSync('pdffonts', ['-f', '1', '-l', '1', path], { encoding: 'utf8' }).stdout;
    for (const font of ['NotoSansSC', 'NotoSansArabic', 'NotoSansHebrew']) expect(fonts).toContain(font);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must send only the new annotation when 200 are already stored, and store the whole result', async () => {
    const user = await registerUser(baseUrl, 'Patch Pia');
    const id = await uploadViaApi(baseUrl, user, new Uint8Array(readFileSync(madePdf('tracemonkey.pdf'))), 'patched.pdf');
    const stored = Array.from({ length: 200 }, (_, index) => ({
      type: 'rectangle',
      page: 2 + (index % 13),
      position: { x: 60 + (index % 10) * 40, y: 80 + Math.floor(index / 10) * 30 },
      width: 30,
      height: 20,
    }));
    const whole = JSON.stringify({ annotations: stored, version: 0 });
    const put = await fetch(`${baseUrl}/api/documents/${id}/annotations`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: whole,
    });
    expect(put.ok).toBe(true);
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, `/editor/${id}`);
    await waitForPdf(page, 14);
    await pickTool(page, 'circle');
    await dragOnPage(page, [80, 120], [200, 240]);
    const saved = page.waitForRequest((request) => request.url().endsWith(`/api/documents/${id}/annotations`) && request.method() !== 'GET');
    await page.locator('.mg-toolbar').getByRole('button', { name: 'Save', exact: true }).click();
    const request = await saved;
    await page.getByText('Document saved').waitFor();
    expect(request.method()).toBe('PATCH');
    // One circle: a tenth of the partial list stored above is more (the editor's complete one weighs more still).
    expect(request.postData()!.length).toBeLessThan(whole.length / 10);
    expect(await storedTypes(user, id)).toEqual(['circle', ...Array<string>(200).fill('rectangle')]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must autosave 30 seconds after the last change, and not before', async () => {
    const user = await registerUser(baseUrl, 'Autosave Ava');
    const id = await uploadViaApi(baseUrl, user, new Uint8Array(readFileSync(madePdf('sizes.pdf'))), 'autosaved.pdf');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.clock.install();
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith(`/api/documents/${id}/annotations`)) saves.push(request.url());
    });
    await signInWithToken(page, user, `/editor/${id}`);
    await waitForPdf(page, 3);
    await pickTool(page, 'rectangle');
    const beforeChange = await page.evaluate(() => Date.now());
    await dragOnPage(page, [60, 60], [200, 160]);
    await page.getByText('Unsaved changes').waitFor();

    // From here only the test moves time: up to 29.5 s after the change nothing may be saved...
    const paused = (await page.evaluate(() => Date.now())) + 1000;
    await page.clock.pauseAt(paused);
    await page.clock.fastForward(beforeChange + 29_500 - paused);
    expect(saves).toEqual([]);
    expect(await storedTypes(user, id)).toEqual([]);
    expect(await page.getByText('Unsaved changes').isVisible()).toBe(true);

    // ...and once 30 s have passed the annotations are on the server.
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/annotations'));
    await page.clock.fastForward(paused + 31_000 - (await page.evaluate(() => Date.now())));
    expect((await saved).ok()).toBe(true);
    await page.clock.resume();
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    expect(await storedTypes(user, id)).toEqual(['rectangle']);
    expect(saves).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
