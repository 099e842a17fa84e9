// Text recognition as a signed-in user meets it in the editor: on the free plan "Recognise text"
// brings the Pro prompt and changes nothing; during a trial it recognises a scanned page in the
// browser (the recogniser's files served by the site itself, nothing fetched from elsewhere), Find
// then finds a word of it, and the saved PDF carries the text for poppler.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, pdftotext, registerUser, signInWithToken, tempDir, uploadViaApi, type TestUser } from './harness';
import { scannedPdf } from './madePdfs';
import { waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await registerUser(baseUrl, 'Scanner Sue');
});
afterAll(async () => browser?.close());

describe('recognising a scanned page', () => {
  it('must prompt a free account to upgrade, then make the scan searchable during a trial and save its text', async () => {
    const id = await uploadViaApi(baseUrl, user, scannedPdf(['Quarterly invoice for Marginalia', 'Payment due in thirty days']), 'scan.pdf');
    const { page, errors } = await openPage(browser, baseUrl);
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith('blob:') && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    await signInWithToken(page, user, `/editor/${id}`);
    await waitForPdf(page, 1);

    const recognise = page.getByRole('button', { name: 'Recognise text' });
    await recognise.click();
    await page.getByText('Upgrade to Pro to use this feature').first().waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    const trial = await fetch(`${baseUrl}/api/account/trial`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
    expect(trial.status).toBe(201);
    await page.reload();
    await waitForPdf(page, 1);
    await recognise.click();
    // The recognised PDF becomes the document's next revision: the page is drawn again and the edit is unsaved.
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled(), { timeout: 120_000, interval: 500 }).toBe(false);

    await page.locator('.mg-page[data-page-number="1"]').focus();
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Find in document' }).fill('invoice');
    await expect.poll(() => page.locator('.mg-find-count').textContent(), { timeout: 30_000 }).toBe('1 of 1');

    await page.getByRole('button', { name: 'Save' }).click();
    const stored = join(tempDir(), 'stored.pdf');
    await expect
      .poll(
        async () => {
          const response = await fetch(`${baseUrl}/api/documents/${id}/download`, { headers: { Authorization: `Bearer ${user.token}` } });
          writeFileSync(stored, Buffer.from(await response.arrayBuffer()));
          return pdftotext(stored).replace(/\s+/g, ' ');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(/Quarterly invoice for Marginalia.*Payment due in thirty days/i);
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
  });
});
