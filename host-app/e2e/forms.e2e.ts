// Filling a form in the product: a signed-in user opens a form PDF the journey makes, types into
// its text field and ticks its check box; the values are saved with the annotations (the server
// holds them), come back after a reload, a later change of one value is saved on top, and the
// downloaded PDF carries them in its fields, as poppler's pdftotext shows. And a real form from
// ../shared/pdfs (the IRS 1040 with usage rights): every field filled through the form layer,
// saved, shown again after a reload, and downloaded where poppler and MuPDF both read the values.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasSharedPdfs, launchBrowser, openPage, pdftotext, registerUser, sharedPdf, signInWithToken, tempDir, uploadViaApi } from './harness';
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
    // The form layer comes after the page: its inputs load lazily once pdf.js has read the fields.
    await expect.poll(() => name.inputValue(), { timeout: 30_000 }).toBe('Ada Lovelace');
    expect(await agree.isChecked()).toBe(true);

    // A second save changes only a value: sent as a change on top of the stored version.
    await name.fill('Grace Hopper');
    await name.press('Enter');
    await save.click();
    // The save's round trip, not a fixed second: on a loaded machine it can take longer than poll's default.
    await expect.poll(async () => ((await (await fetch(`${baseUrl}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${user.token}` } })).json()) as { formValues?: unknown }).formValues, { timeout: 30_000 }).toEqual({
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

  it.skipIf(!hasSharedPdfs)('must fill every field of a real form, keep the values through a save and a reload, and download them for poppler and MuPDF (skipped without ../shared/pdfs)', async () => {
    const user = await registerUser(baseUrl, 'Form Filer');
    const id = await uploadViaApi(baseUrl, user, readFileSync(sharedPdf('prefilled_f1040.pdf')), 'prefilled_f1040.pdf');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, `/editor/${id}`);
    await waitForPdf(page, 2);

    const typed = new Map<string, string>();
    let filled = 0;
    for (const pageNumber of [1, 2]) filled += await fillEveryField(page, pageNumber, typed);
    expect(filled).toBeGreaterThan(150);
    await page.getByText('Unsaved changes').waitFor();
    await page.locator('.mg-toolbar').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Document saved').waitFor({ timeout: 30_000 });
    const stored = (await (await fetch(`${baseUrl}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${user.token}` } })).json()) as {
      formValues?: Record<string, unknown>;
    };
    for (const [name, value] of typed) expect(stored.formValues?.[name], name).toBe(value);

    await page.reload();
    await waitForPdf(page, 2);
    const shown = page.locator('.mg-page[data-page-number="1"] input.mg-form-field[type="text"]');
    await shown.first().waitFor();
    for (const input of await shown.all()) {
      const name = await input.getAttribute('data-field');
      if (name && typed.has(name)) expect(await input.inputValue(), name).toBe(typed.get(name));
    }

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.mg-toolbar').getByRole('button', { name: 'Download PDF' }).click()]);
    const path = join(tempDir(), download.suggestedFilename());
    await download.saveAs(path);
    // Comb fields draw a character per cell: read in layout order, spaces left out, each value is whole.
    const layout = spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    expect(layout.status, layout.stderr).toBe(0);
    const poppler = layout.stdout.replace(/\s+/g, '');
    const mupdf = spawnSync('mutool', ['draw', '-F', 'txt', '-o', '-', path], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    expect(mupdf.status, mupdf.stderr).toBe(0);
    const mupdfText = mupdf.stdout.replace(/\s+/g, '');
    const checked = [...typed.values()].filter((value) => value.length >= 5);
    expect(checked.length).toBeGreaterThan(50);
    expect(checked.filter((value) => !poppler.includes(value))).toEqual([]);
    expect(checked.filter((value) => !mupdfText.includes(value))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Fills every enabled field the form layer shows on `pageNumber`: text with a value of its own
 * (as long as its maximum length allows, recorded in `typed` when it has a name), check boxes
 * checked, radio groups and lists set to their last choice. Returns how many fields it filled.
 */
async function fillEveryField(page: Page, pageNumber: number, typed: Map<string, string>): Promise<number> {
  const pageView = page.locator(`.mg-page[data-page-number="${pageNumber}"]`);
  await pageView.scrollIntoViewIfNeeded();
  await pageView.locator('.mg-form-layer').waitFor({ timeout: 30_000 });
  const fields = pageView.locator('.mg-form-field');
  let filled = 0;
  for (const [index, field] of (await fields.all()).entries()) {
    const info = await field.evaluate((element) => {
      const input = element as HTMLInputElement;
      return { tag: element.tagName, type: input.type, name: input.dataset.field ?? '', maxLength: input.maxLength, disabled: input.disabled };
    });
    if (info.disabled) continue;
    if (info.tag === 'SELECT') {
      const options = await field.locator('option').evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value));
      await field.selectOption(options.at(-1) ?? '');
    } else if (info.type === 'checkbox' || info.type === 'radio') {
      await field.check();
    } else {
      const value = `P${pageNumber}F${index}X`.slice(0, info.maxLength > 0 ? info.maxLength : undefined);
      const fitted = info.maxLength > 0 && info.maxLength < value.length ? String(index % 10).repeat(info.maxLength) : value;
      await field.fill(fitted);
      await field.blur();
      if (info.name) typed.set(info.name, fitted);
    }
    filled++;
  }
  return filled;
}
