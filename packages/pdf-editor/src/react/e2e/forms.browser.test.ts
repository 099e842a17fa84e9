// Filling a form in a real Chromium through examples/vite-basic, as a user does: type into the
// text fields (the comb field stops at its maximum length), tick the check box, pick a radio
// button, choose in the combo and list boxes on page 2, walking from field to field with Tab in
// the form's order; undo takes back one field; the export carries the values in the fields, as
// MuPDF and poppler read them, and flattened into the page on request. The form is made here.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, mupdfValues } from '../../test-support/formPdf';
import { pdfText } from '../../test-support/pdfTools';
import { buildExample, hasChromium, launchChromium, serveStatic } from './harness';
import { renderPage } from './ppm';

describe.skipIf(!hasChromium)('filling a form in Chromium (examples/vite-basic)', () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let example: Awaited<ReturnType<typeof buildExample>>;
  const errors: string[] = [];

  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-field') ?? null);
  const exported = async (options: { mode?: 'flatten' | 'native'; flattenForm?: boolean }) => {
    const base64 = await page.evaluate(async (options) => {
      const bytes = await window.marginalia!.exportPdf(options);
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    }, options);
    return new Uint8Array(Buffer.from(base64, 'base64'));
  };

  beforeAll(async () => {
    example = await buildExample();
    writeFileSync(join(example.dir, 'form.pdf'), await applicationForm());
    server = await serveStatic(example.dir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/?file=/form.pdf`);
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByLabel("Applicant's full name").waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    example?.remove();
  });

  it('must fill every field, walking them with Tab in the form order across pages', async () => {
    // Labelled by the tooltip, or by the name without one; the read-only field cannot be changed.
    await page.getByLabel("Applicant's full name").click();
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('notes');
    await page.keyboard.type('First line');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second line');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('zip');
    await page.keyboard.type('750019');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('agree');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('payment: Cash');
    await page.keyboard.press('Space');
    // The next field is on page 2: Tab goes there.
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-field') === 'country');
    await page.getByLabel('country').selectOption('Peru');
    await page.getByLabel('colors').selectOption(['Red', 'Blue']);
    expect(await page.getByLabel('ref').isDisabled()).toBe(true);
    expect(await page.getByLabel('ref').inputValue()).toBe('A-17');
    expect(await page.getByLabel('zip').inputValue()).toBe('75001');
  });

  it('must undo one field at a time', async () => {
    await page.evaluate(() => window.marginalia!.undo());
    expect(await page.getByLabel('colors').evaluate((select: HTMLSelectElement) => [...select.selectedOptions].map((option) => option.value))).toEqual([]);
    expect(await page.getByLabel('country').inputValue()).toBe('Peru');
    await page.evaluate(() => window.marginalia!.redo());
    expect(await page.getByLabel('colors').evaluate((select: HTMLSelectElement) => [...select.selectedOptions].map((option) => option.value))).toEqual(['Red', 'Blue']);
  });

  it('must export the values into the fields, as MuPDF and poppler show them', async () => {
    const bytes = await exported({ mode: 'native' });
    expect(mupdfValues(bytes)).toMatchObject({
      'applicant.name': 'Ada Lovelace',
      notes: 'First line\nSecond line',
      zip: '75001',
      agree: 'Yes',
      payment: 'Cash',
      country: 'Peru',
      ref: 'A-17',
    });
    const text = await pdfText(bytes);
    for (const shown of ['Ada Lovelace', 'Second line', 'Peru']) expect(text).toContain(shown);
    // The comb field's digits are drawn one per cell, each its own word to poppler.
    expect(text).toMatch(/7\s+5\s+0\s+[\s\S]*0\s+1/);
    expect(errors).toEqual([]);
  });

  it('must flatten the values into the pages on request', async () => {
    const bytes = await exported({ flattenForm: true });
    expect(Object.keys(mupdfValues(bytes))).toEqual([]);
    const text = await pdfText(bytes);
    expect(text).toContain('Ada Lovelace');
    // The ticked box is drawn dark inside its 18 pt square at (72, 792 - 538).
    const raster = renderPage(bytes, 1);
    let dark = 0;
    for (let x = 74; x < 88; x++) for (let y = 256; y < 270; y++) if (raster.pixel(x, y).every((channel) => channel < 100)) dark++;
    expect(dark).toBeGreaterThan(5);
  });
});
