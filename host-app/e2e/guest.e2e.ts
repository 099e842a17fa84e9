// Guest journeys: open from the landing page, draw, the save/pro/download prompts, the watermarked
// download, the daily limit, sign-up from the exit modal with the work restored and saved, recovery links.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launchBrowser, openPage, pdftotext, sharedPdf, tempDir } from './harness';
import { dragOnPage, openFromLanding, pickTool, shapes, waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('guest', () => {
  it('must open a PDF from the landing page, draw, be prompted, and download a watermarked copy', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openFromLanding(page, sharedPdf('tracemonkey.pdf'));
    await page.getByText('Loaded tracemonkey.pdf. 2 free edits remaining today.').waitFor();
    await page.getByText('Sign up to save your edits and download without watermarks.').waitFor();
    await waitForPdf(page, 14);
    // The site's layout owns the one main landmark; the SDK's page area is a named region.
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('main').getByRole('region', { name: 'PDF pages' }).count()).toBe(1);
    await pickTool(page, 'rectangle');
    await page.getByText('Rectangle tool selected').waitFor();
    // Toasts must leave the site's and the editor's controls uncovered (a hovered toast stays open).
    const covered = await page.evaluate(() => {
      const boxes = [...document.querySelectorAll('header a, header button, .mg-toolbar, [data-testid="guest-badge"]')].map((element) => element.getBoundingClientRect());
      const toasts = [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].map((element) => element.getBoundingClientRect());
      return toasts.some((toast) =>
        boxes.some((box) => toast.left < box.right && box.left < toast.right && toast.top < box.bottom && box.top < toast.bottom),
      );
    });
    expect(covered).toBe(false);
    await dragOnPage(page, [80, 120], [260, 240]);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    await page.getByText('Unsaved changes').waitFor();
    await page.getByTestId('guest-badge').getByText(/2 edits/).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'editor.png') });

    // Enter on a focused toolbar button is that button's, not an editor shortcut.
    await page.locator('.mg-toolbar').getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Sign up to save your work' }).waitFor();
    await page.getByRole('button', { name: 'Continue editing as guest' }).click();

    await pickTool(page, 'signature');
    await page.getByRole('dialog', { name: 'This is a Pro feature' }).getByText('Upgrade to Pro to use this feature').waitFor();
    await page.getByRole('button', { name: 'Maybe later' }).click();

    await page.locator('.mg-toolbar').getByRole('button', { name: 'Download PDF' }).click();
    await page.getByRole('dialog', { name: 'Download without a watermark' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download with watermark' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tracemonkey_edited_watermark.pdf');
    const path = join(tempDir(), download.suggestedFilename());
    await download.saveAs(path);
    expect(pdftotext(path)).toContain('Marginalia - Free Version');
    const actions = await page.evaluate(() => JSON.parse(localStorage.getItem('guestActions') ?? '[]') as { action: string }[]);
    expect(actions.map((entry) => entry.action)).toEqual(['save_attempt', 'pro_feature_click', 'download_attempt']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must stop a guest after three free edits in a day', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    for (const remaining of [2, 1, 0]) {
      await openFromLanding(page, sharedPdf('sizes.pdf'));
      await page.getByText(`Loaded sizes.pdf. ${remaining} free edits remaining today.`).waitFor();
    }
    await openFromLanding(page, sharedPdf('sizes.pdf'));
    await page.getByText('Daily limit reached. Sign up to continue editing.').first().waitFor();
    await page.getByRole('dialog', { name: 'Daily limit reached' }).waitFor();
    await page.getByRole('button', { name: 'Sign Up Free' }).click();
    await page.waitForURL('**/register');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must sign up from the exit modal, find the work restored, and save it to the account', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openFromLanding(page, sharedPdf('sizes.pdf'));
    await waitForPdf(page, 3);
    await pickTool(page, 'rectangle');
    await dragOnPage(page, [60, 60], [200, 160]);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -2, relatedTarget: null, bubbles: true })));
    await page.getByRole('dialog', { name: "Don't lose your edits!" }).waitFor();
    await page.getByRole('button', { name: 'Create Free Account & Save' }).click();
    await page.waitForURL('**/register');
    await page.getByLabel('Name').fill('Restored Rita');
    await page.getByLabel('Email').fill(`rita${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Restore123');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Restore123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Document restored successfully!').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/editor');
    await waitForPdf(page, 3);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    await page.getByText('Unsaved changes').waitFor();
    // Signed in now: edits count, but the guest badge is for guests only.
    await page.getByText('Sign up to save your edits and download without watermarks.').waitFor({ state: 'detached' });
    expect(await page.getByTestId('guest-badge').count()).toBe(0);
    await page.getByRole('button', { name: 'Save to account' }).click();
    await page.getByText('Document saved').waitFor();
    await page.waitForURL(/\/editor\/[\w-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const stored = await fetch(`${baseUrl}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await stored.json()) as { annotations: { type: string }[] };
    expect(body.annotations.map((a) => a.type)).toEqual(['rectangle']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must resume from a valid recovery link and refuse missing and expired ones', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/recover/does-not-exist');
    await page.getByText('Recovery link expired or invalid').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    const dataUrl = `data:application/pdf;base64,${readFileSync(sharedPdf('sizes.pdf')).toString('base64')}`;
    await page.evaluate(
      ({ dataUrl }) => {
        const record = (timestamp: number) =>
          JSON.stringify({ timestamp, fileName: 'sizes.pdf', editCount: 3, timeSpent: 2, documentState: JSON.stringify({ fileName: 'sizes.pdf', fileData: dataUrl }) });
        localStorage.setItem('recovery_old', record(Date.now() - 25 * 60 * 60 * 1000));
        localStorage.setItem('recovery_fresh', record(Date.now() - 60 * 1000));
      },
      { dataUrl },
    );
    await page.goto('/recover/old');
    await page.getByText('Recovery link has expired').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('recovery_old'))).toBeNull();
    await page.goto('/recover/fresh');
    await page.getByText('Welcome back! Resuming your work on sizes.pdf').waitFor();
    await page.waitForURL('**/editor');
    await page.getByText('Editing:').waitFor();
    await waitForPdf(page, 3);
    expect(await page.evaluate(() => localStorage.getItem('recovery_fresh'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
