// Comment threads in a real Chromium, through examples/vite-basic: a note answered twice and
// resolved in the Style Options panel, exported natively (MuPDF.js reads the replies as /IRT
// answers and the resolve as a review state), opened again with its thread; and a thread MuPDF.js
// wrote shown as one.
import * as mupdf from 'mupdf';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPdf } from '../../core/import/testing/fixtures';
import { buildExample, hasChromium, launchChromium, serveStatic } from './harness';

const ZOOM = 1.5;
/** A 400 x 300 point page: the note goes 50 points in, 210 down (MuPDF's box 40..60, 200..220, measured from the top as MuPDF measures). */
const NOTE = { x: 50, y: 210 } as const;

describe.skipIf(!hasChromium)('comment threads in Chromium (examples/vite-basic)', () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let example: Awaited<ReturnType<typeof buildExample>>;
  const errors: string[] = [];

  // A fresh page each time: the example keeps its annotations across files it opens.
  const open = async (name: string, bytes: Uint8Array) => {
    await page.goto(server.url);
    await page.getByLabel('Open PDF').setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
    await page.getByText('Page 1 of 1', { exact: true }).waitFor();
    await page.locator('.mg-page[data-page-number="1"] .mg-spinner').waitFor({ state: 'detached' });
  };
  const clickNote = async () => {
    const box = await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
    if (!box) throw new Error('page 1 is not on screen');
    await page.mouse.click(box.x + NOTE.x * ZOOM, box.y + NOTE.y * ZOOM);
  };
  const tool = (id: string) => page.locator(`.mg-toolbar [data-tool="${id}"]`).click();
  const thread = () => page.getByRole('region', { name: 'Comments' });
  const replies = () => thread().locator('.mg-replies li p').allTextContents();

  beforeAll(async () => {
    example = await buildExample();
    server = await serveStatic(example.dir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    example?.remove();
  });

  it('must answer a note twice, resolve it, export it natively and read its thread back', async () => {
    await open('blank.pdf', await blankPdf(400, 300));
    await tool('comment');
    await clickNote();
    await page.getByPlaceholder('Write a comment').fill('Check the totals');
    await page.keyboard.press('Enter');
    await tool('select');
    await clickNote();
    const box = thread().getByRole('textbox', { name: 'Write a reply' });
    await box.fill('They add up.');
    await box.press('Enter');
    await box.fill('Agreed.');
    await box.press('Enter');
    await thread().getByRole('button', { name: 'Resolve' }).click();
    expect(await replies()).toEqual(['They add up.', 'Agreed.']);
    await thread().getByRole('button', { name: 'Reopen' }).waitFor();

    const base64 = await page.evaluate(async () => {
      const bytes = await window.marginalia!.exportPdf({ mode: 'native' });
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    });
    const exported = new Uint8Array(Buffer.from(base64, 'base64'));

    // MuPDF.js reads the note, its two answers (/IRT to it, /RT /R) and the resolve as a review state.
    const mupdfPage = mupdf.Document.openDocument(exported, 'application/pdf').asPDF()?.loadPage(0) as mupdf.PDFPage;
    const [note, ...answers] = mupdfPage.getAnnotations();
    const noteNumber = note!.getObject().asIndirect();
    expect(answers.map((answer) => answer.getObject().get('IRT').asIndirect())).toEqual([noteNumber, noteNumber, noteNumber]);
    expect(answers.map((answer) => answer.getContents())).toEqual(expect.arrayContaining(['They add up.', 'Agreed.']));
    expect(answers.map((answer) => answer.getObject().get('State').toString())).toContain('/Completed');

    await open('answered.pdf', exported);
    await tool('select');
    await clickNote();
    await thread().waitFor();
    expect(await replies()).toEqual(['They add up.', 'Agreed.']);
    await thread().getByRole('button', { name: 'Reopen' }).waitFor();
  });

  it('must show a thread MuPDF.js wrote (replies with /IRT, one answering another) as one', async () => {
    const doc = mupdf.Document.openDocument(await blankPdf(400, 300), 'application/pdf').asPDF()!;
    const mupdfPage = doc.loadPage(0) as mupdf.PDFPage;
    const note = mupdfPage.createAnnotation('Text');
    note.setRect([40, 200, 60, 220]);
    note.setContents('Is page 3 final?');
    note.update();
    const answer = (to: mupdf.PDFAnnotation, text: string, at: string) => {
      const reply = mupdfPage.createAnnotation('Text');
      reply.setRect([40, 200, 60, 220]);
      reply.setAuthor('Grace');
      reply.setContents(text);
      reply.setCreationDate(new Date(at));
      // MuPDF.js has no setter for /IRT: it goes on the dictionary.
      reply.getObject().put('IRT', to.getObject());
      return reply;
    };
    const first = answer(note, 'Not yet.', '2026-11-22T10:00:00Z');
    answer(first, 'Now it is.', '2026-11-22T11:00:00Z');
    await open('mupdf-thread.pdf', doc.saveToBuffer('').asUint8Array());
    await page.getByTestId('annotation-count').getByText('1 annotations').waitFor();
    await tool('select');
    await clickNote();
    await thread().waitFor();
    expect(await replies()).toEqual(['Not yet.', 'Now it is.']);
    expect(await thread().locator('.mg-byline').first().textContent()).toContain('Grace');
  });

  it('must log no errors in the console', () => {
    expect(errors).toEqual([]);
  });
});
