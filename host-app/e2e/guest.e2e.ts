// Guest journeys: open from the landing page, draw, the save/pro/download prompts, the watermarked
// download, the daily limit, sign-up from the exit modal with the work restored and saved, recovery links.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launchBrowser, openPage, pdftotext, runSql, tempDir } from './harness';
import { madePdf } from './madePdfs';
import { databases, journeyServer } from './databases';
import { dragOnPage, openFromLanding, pickTool, setVisibility, shapes, waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('guest', () => {
  it('must open a PDF from the landing page, draw, be prompted, and download a watermarked copy', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openFromLanding(page, madePdf('tracemonkey.pdf'));
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

    // A Pro tool says so once: in the prompt, with no toast repeating it.
    await pickTool(page, 'signature');
    await page.getByRole('dialog', { name: 'This is a Pro feature' }).getByText('Upgrade to Pro to use this feature').waitFor();
    expect(await page.getByText('Upgrade to Pro to use this feature').count()).toBe(1);
    await page.getByRole('button', { name: 'Maybe later' }).click();
    expect(await page.locator('[data-rht-toaster]').getByText('Upgrade to Pro to use this feature').count()).toBe(0);

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

  it('must stop a guest after three files in a day, spending nothing on a reopened, reloaded or unreadable file', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, { allow: [/Invalid PDF structure|UnknownErrorException|InvalidPDFException/] });
    await openFromLanding(page, madePdf('sizes.pdf'));
    await page.getByText('Loaded sizes.pdf. 2 free edits remaining today.').waitFor();
    await waitForPdf(page, 3);
    // One toast follows the file from the drop to the open editor.
    expect(await page.locator('[data-rht-toaster] [role="status"]').count()).toBe(1);
    // A reload and a second open of the same file the same day spend nothing.
    await page.reload();
    await page.getByText('Loaded sizes.pdf. 2 free edits remaining today.').waitFor();
    await openFromLanding(page, madePdf('sizes.pdf'));
    await page.getByText('Loaded sizes.pdf. 2 free edits remaining today.').waitFor();
    // A file that does not open spends none, and says so in one message, without a success toast.
    await openFromLanding(page, madePdf('unreadable.pdf'));
    await page.getByText('This file is not a readable PDF').first().waitFor();
    expect(await page.getByText(/^Loaded /).count()).toBe(0);
    expect(await page.getByText('Invalid PDF structure.').count()).toBe(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestDailyEdits') ?? '{}').count)).toBe(1);
    // Two PDFs dropped at once: the first one opens.
    await page.goto('/');
    await page.getByTestId('landing-file-input').setInputFiles([madePdf('habibi-rotated.pdf'), madePdf('sizes.pdf')]);
    await page.waitForURL('**/editor');
    await page.getByText('Loaded habibi-rotated.pdf. 1 free edit remaining today.').waitFor();
    await openFromLanding(page, madePdf('tracemonkey.pdf'));
    await page.getByText('Loaded tracemonkey.pdf. 0 free edits remaining today.').waitFor();
    await openFromLanding(page, madePdf('notes.pdf'));
    await page.getByText('Daily limit reached. Sign up to continue editing.').first().waitFor();
    await page.getByRole('dialog', { name: 'Daily limit reached' }).waitFor();
    await page.getByRole('button', { name: 'Sign Up Free' }).click();
    await page.waitForURL('**/register');
    // Files already opened today still open at the limit.
    await openFromLanding(page, madePdf('sizes.pdf'));
    await page.getByText('Loaded sizes.pdf. 0 free edits remaining today.').waitFor();
    await waitForPdf(page, 3);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a guest with unsaved work who chooses another PDF', () => {
  it('must ask which to open, open the new file when asked to, and keep the draft when asked to', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openFromLanding(page, madePdf('sizes.pdf'));
    await waitForPdf(page, 3);
    await pickTool(page, 'rectangle');
    await dragOnPage(page, [60, 60], [200, 160]);
    await dragOnPage(page, [60, 200], [200, 300]);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(2);
    // Switching away with more than 2 edits keeps a recovery record of sizes.pdf.
    await setVisibility(page, 'hidden');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('editor_state_backup') !== null)).toBe(true);
    await setVisibility(page, 'visible');

    // A new PDF from the landing page: asked, not ignored (the old document does not just reopen).
    await openFromLanding(page, madePdf('tracemonkey.pdf'));
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes to sizes.pdf' });
    await question.getByText('You chose tracemonkey.pdf.', { exact: false }).waitFor();
    expect(await page.getByText('Document restored successfully!').count()).toBe(0);
    await question.getByRole('button', { name: 'Open tracemonkey.pdf' }).click();
    await page.getByText('Loaded tracemonkey.pdf. 1 free edit remaining today.').waitFor();
    await waitForPdf(page, 14);
    expect(await shapes(page).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('editor_state_backup'))).toBeNull();

    // Unsaved work on tracemonkey.pdf, then sizes.pdf chosen again: keeping the draft reopens it, work included.
    await pickTool(page, 'circle');
    await dragOnPage(page, [250, 250], [330, 330]);
    await expect.poll(() => shapes(page, 'circle').count()).toBe(1);
    await openFromLanding(page, madePdf('sizes.pdf'));
    await page.getByRole('alertdialog', { name: 'Unsaved changes to tracemonkey.pdf' }).getByRole('button', { name: 'Keep editing tracemonkey.pdf' }).click();
    await page.getByText('Document restored successfully!').waitFor();
    await waitForPdf(page, 14);
    await expect.poll(() => shapes(page, 'circle').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// The guest's work kept by the server, on each database the server runs on.
describe.each(databases)('guest work kept on %s', (database) => {
  const server = journeyServer(database);

  it('must sign up from the exit modal and find the work saved to the new account at once', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { allow: [/status of 503/] });
    await openFromLanding(page, madePdf('sizes.pdf'));
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
    // The first upload fails: the failure is shown, the work stays in the browser, and a retry saves it.
    let failures = 0;
    await page.route('**/api/documents/upload', async (route) => {
      if (failures > 0) return route.continue();
      failures += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Storage unavailable' }) });
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Your document is not in your account yet', { exact: false }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/editor');
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('editor_state_backup'))).not.toBeNull();
    await page.getByRole('button', { name: 'Try again' }).click();
    // The restored work goes to the new account, then the stored document opens.
    await page.waitForURL(/\/editor\/[\w-]+$/, { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    await waitForPdf(page, 3);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    expect(await page.getByTestId('guest-badge').count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem('editor_state_backup'), sessionStorage.getItem('editor_state_backup')])).toEqual([null, null]);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const stored = await fetch(`${server.url}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await stored.json()) as { annotations: { type: string }[] };
    expect(body.annotations.map((a) => a.type)).toEqual(['rectangle']);
    const list = await fetch(`${server.url}/api/documents`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await list.json()) as { pagination: { total: number } }).pagination.total).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must mail a recovery link that opens the work with every annotation in another browser, and refuse unknown and expired links', async () => {
    const email = `recover${Date.now()}@example.com`;
    const { page, context, errors } = await openPage(browser, server.url);
    await openFromLanding(page, madePdf('sizes.pdf'));
    await waitForPdf(page, 3);
    await pickTool(page, 'rectangle');
    await dragOnPage(page, [60, 60], [200, 160]);
    await pickTool(page, 'circle');
    await dragOnPage(page, [250, 250], [330, 330]);
    await expect.poll(() => shapes(page).count()).toBe(2);
    const edits = /(\d+) edits/.exec((await page.getByTestId('guest-badge').textContent()) ?? '')?.[1];
    expect(edits).toBeDefined();
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -2, relatedTarget: null, bubbles: true })));
    await page.getByRole('dialog', { name: "Don't lose your edits!" }).waitFor();
    await page.getByRole('button', { name: 'Email me a recovery link instead' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Recovery Link' }).click();
    await page.getByText(`Recovery link sent to ${email}. Check your email to continue editing.`).waitFor();
    await context.close();
    expect(errors).toEqual([]);

    // The mail went through the server's mailer; its link works in a browser that never saw the file.
    const outbox = join(server.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((name) => readFileSync(join(outbox, name), 'utf8'))
      .find((text) => text.includes(`To: ${email}`));
    expect(mail).toBeDefined();
    const link = /https?:\/\/\S+\/recover\/[\w-]+/.exec(mail ?? '')?.[0] ?? '';
    expect(link.startsWith(`${server.url}/recover/`)).toBe(true);
    const fresh = await openPage(browser, server.url);
    await fresh.page.goto(link);
    await fresh.page.getByText('Welcome back! Resuming your work on sizes.pdf').waitFor();
    await fresh.page.waitForURL('**/editor');
    await waitForPdf(fresh.page, 3);
    await expect.poll(() => shapes(fresh.page).count()).toBe(2);
    expect((await shapes(fresh.page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-annotation-type')))).sort()).toEqual([
      'circle',
      'rectangle',
    ]);
    await fresh.page.getByTestId('guest-badge').getByText(`${edits} edits`, { exact: false }).waitFor();
    expect(fresh.errors).toEqual([]);

    // Unknown and expired links get the spec's messages.
    const { page: other, context: otherContext, errors: otherErrors } = await openPage(browser, server.url, { allow: [/status of 40[14]|status of 410/] });
    await other.goto('/recover/does-not-exist');
    await other.getByText('Recovery link expired or invalid').waitFor();
    await other.waitForURL(`${server.url}/`);
    await runSql(server, 'UPDATE recovery_drafts SET expires_at = ? WHERE email = ?', ['2000-01-01T00:00:00.000Z', email]);
    await other.goto(new URL(link).pathname);
    await other.getByText('Recovery link has expired').waitFor();
    await other.waitForURL(`${server.url}/`);
    expect(otherErrors).toEqual([]);
    await otherContext.close();
    await fresh.context.close();
  });
});
