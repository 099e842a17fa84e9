// Filling a form in the product: a signed-in user opens a form PDF the journey makes, types into
// its text field and ticks its check box; the values are saved with the annotations (the server
// holds them), come back after a reload, a later change of one value is saved on top, and the
// downloaded PDF carries them in its fields, as poppler's pdftotext shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, pdftotext, registerUser, signInWithToken, tempDir, uploadViaApi } from './harness';
import { madePdf } from './madePdfs';
import { waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('a form in the editor', () => {
  it('must save the values filled in, show them after a reload and download them in the fields', async () => {
    const user = await registerUser(baseUrl, 'Form Fiona');
    const id = await uploadViaApi(baseUrl, user, readFileSync(madePdf('application-form.pdf')), 'application-form.pdf');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, `/editor/${id}`);
    await waitForPdf(page, 1);

    const name = page.getByRole('textbox', { name: 'Applicant name' });
    const agree = page.getByRole('checkbox', { name: 'agree' });
    await name.click();
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Enter');
    await agree.check();
    await page.getByText('Unsaved changes').waitFor();
    const save = page.locator('.mg-toolbar').getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await page.getByText('Document saved').waitFor();
    const stored = (await (await fetch(`${baseUrl}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${user.token}` } })).json()) as {
      formValues?: unknown;
    };
    expect(stored.formValues).toEqual({ applicant: 'Ada Lovelace', agree: true });

    await page.reload();
    await waitForPdf(page, 1);
    await expect.poll(() => name.inputValue()).toBe('Ada Lovelace');
    expect(await agree.isChecked()).toBe(true);

    // A second save changes only a value: sent as a change on top of the stored version.
    await name.fill('Grace Hopper');
    await name.press('Enter');
    await save.click();
    await expect.poll(async () => ((await (await fetch(`${baseUrl}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${user.token}` } })).json()) as { formValues?: unknown }).formValues).toEqual({
      applicant: 'Grace Hopper',
      agree: true,
    });

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.mg-toolbar').getByRole('button', { name: 'Download PDF' }).click()]);
    const path = join(tempDir(), download.suggestedFilename());
    await download.saveAs(path);
    expect(pdftotext(path)).toContain('Grace Hopper');
    expect(errors).toEqual([]);
    await context.close();
  });
});
