// Text recognition in a real Chromium: a page made from a scan (known text printed to a PDF,
// rendered by pdftoppm at 300 dpi, slightly skewed, wrapped as an image-only PDF) is recognised
// with the sidebar's "Recognise text" button, in tesseract.js's Web Worker, with the recogniser's
// files served by the test's own server as a host serves them (docs/ocr.md). Then Find finds its
// words, pdftotext reads them from the exported PDF and the highlight tool snaps to their line;
// Cancel leaves the document as it was; a range typed beside the button recognises those pages only.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../bench/scannedPdf.mjs';
import { pdfText } from '../../test-support/pdfTools';
import type { Editor } from '../../editor/index';
import { buildTestPage, hasChromium, launchChromium, serveStatic } from './harness';

declare global {
  interface Window {
    ocrEditor?: Editor;
  }
}

const MAIN = `
import { createRoot } from 'react-dom/client';
import { PdfEditor, useEditorRuntime } from '@marginalia/pdf-editor';
import '@marginalia/pdf-editor/styles.css';

function Expose() {
  window.ocrEditor = useEditorRuntime();
  return null;
}
const at = (path) => new URL(path, location.href).href;
createRoot(document.getElementById('root')).render(
  <PdfEditor
    file={new URLSearchParams(location.search).get('file') ?? '/scan.pdf'}
    signatureStore={null}
    ocr={{ assets: { workerPath: at('/ocr/worker.min.js'), corePath: at('/ocr/core/'), langPath: at('/ocr/lang/') } }}
    sidebarFooter={<Expose />}
    style={{ height: '100vh' }}
  />,
);
`;

const LINES = ['The quick brown fox jumps over the lazy dog', 'while seven wizards quietly judge boxing.'];
const SECOND_PAGE = ['Zebras graze on the open plains', 'beside a herd of patient elephants.'];

/** Scanned pages of the given lines, one page per entry. */
async function scan(pages: readonly (readonly string[])[] = [LINES]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, index) => page.drawText(line, { x: 60, y: 700 - index * 28, size: 18 }));
  }
  const dir = mkdtempSync(join(tmpdir(), 'marginalia-ocr-scan-'));
  try {
    writeFileSync(join(dir, 'text.pdf'), await pdf.save());
    return scannedPdf(join(dir, 'text.pdf'), { pages: pages.map((_, index) => index + 1), dpi: 300, skew: 0.5 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The recogniser's files, from the installed packages, where the page's `ocr` option says. */
function serveRecogniser(root: string): void {
  const require = createRequire(import.meta.url);
  const core = dirname(require.resolve('tesseract.js-core/package.json'));
  mkdirSync(join(root, 'ocr/core'), { recursive: true });
  mkdirSync(join(root, 'ocr/lang'), { recursive: true });
  copyFileSync(join(dirname(require.resolve('tesseract.js/package.json')), 'dist/worker.min.js'), join(root, 'ocr/worker.min.js'));
  for (const name of ['tesseract-core-lstm.wasm.js', 'tesseract-core-simd-lstm.wasm.js', 'tesseract-core-relaxedsimd-lstm.wasm.js']) {
    copyFileSync(join(core, name), join(root, 'ocr/core', name));
  }
  copyFileSync(join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int/eng.traineddata.gz'), join(root, 'ocr/lang/eng.traineddata.gz'));
}

describe.skipIf(!hasChromium)('Recognise text in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let built: Awaited<ReturnType<typeof buildTestPage>>;
  const errors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    built = await buildTestPage(MAIN);
    writeFileSync(join(built.dir, 'scan.pdf'), await scan());
    writeFileSync(join(built.dir, 'scan2.pdf'), await scan([LINES, SECOND_PAGE]));
    serveRecogniser(built.dir);
    server = await serveStatic(built.dir);
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => requests.push(request.url()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    built?.remove();
  });

  const open = async () => {
    await page.goto(`${server.url}/`);
    await page.getByText('Page 1 of 1').waitFor();
    await page.locator('.mg-page[data-page-number="1"] .mg-spinner').waitFor({ state: 'detached' });
  };

  it('must leave the document as it was when cancelled', async () => {
    await open();
    await page.getByRole('button', { name: 'Recognise text' }).click();
    await page.getByRole('status').filter({ hasText: 'Recognising text' }).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => window.ocrEditor?.ocr.getState().status === 'cancelled');
    expect(await page.evaluate(() => window.ocrEditor?.getState().canUndo)).toBe(false);
    await page.getByRole('button', { name: 'Recognise text' }).waitFor();
  });

  it('must recognise a scanned page, then Find and pdftotext find its words', async () => {
    await open();
    expect(await page.evaluate(async () => (await window.ocrEditor?.find.search('fox'))?.length)).toBe(0);
    await page.getByRole('button', { name: 'Recognise text' }).click();
    await page.getByRole('status').filter({ hasText: 'Recognising text' }).waitFor();
    await page.waitForFunction(() => window.ocrEditor?.ocr.getState().status === 'done', undefined, { timeout: 180_000 });
    expect(await page.evaluate(() => window.ocrEditor?.getState().canUndo)).toBe(true);
    // The viewer reopens the new revision; its text layer then holds the recognised words.
    await page.locator('.mg-page[data-page-number="1"] .textLayer span').first().waitFor({ timeout: 60_000 });
    const matches = await page.evaluate(async () => (await window.ocrEditor?.find.search('fox'))?.map((match) => match.page));
    expect(matches).toEqual([1]);
    expect(await page.evaluate(async () => (await window.ocrEditor?.find.search('wizards'))?.length)).toBe(1);
    const exported = await page.evaluate(async () => Array.from((await window.ocrEditor?.exportPdf()) ?? []));
    const text = (await pdfText(new Uint8Array(exported))).replace(/\s+/g, ' ');
    expect(text).toContain('quick brown fox');
    expect(text).toContain('lazy dog');

    // The highlight tool snaps a 2 px swipe to the recognised line (18 pt text, baseline 92 pt from the top).
    await page.locator('.mg-toolbar [data-tool="highlight"]').click();
    const box = await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
    if (!box) throw new Error('page 1 is not on screen');
    const zoom = box.width / 612;
    await page.mouse.move(box.x + 80 * zoom, box.y + 86 * zoom);
    await page.mouse.down();
    await page.mouse.move(box.x + 200 * zoom, box.y + 87 * zoom, { steps: 6 });
    await page.mouse.up();
    const [mark] = (await page.evaluate(() => window.ocrEditor?.getAnnotations())) as { type: string; rects?: { y: number; height: number }[] }[];
    expect(mark?.type).toBe('highlight');
    const [rect] = mark?.rects ?? [];
    expect(rect?.height).toBeGreaterThan(10);
    expect(rect?.height).toBeLessThan(30);
    expect(Math.abs((rect?.y ?? 0) + (rect?.height ?? 0) / 2 - 86)).toBeLessThan(6);
  }, 240_000);

  it('must recognise only the pages typed beside the button', async () => {
    await page.goto(`${server.url}/?file=/scan2.pdf`);
    await page.getByText('Page 1 of 2').waitFor();
    await page.locator('.mg-page[data-page-number="1"] .mg-spinner').waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Pages to recognise (e.g. 2-5; empty: every page without text)' }).fill('2');
    await page.getByRole('button', { name: 'Recognise text' }).click();
    await page.waitForFunction(() => window.ocrEditor?.ocr.getState().status === 'done', undefined, { timeout: 180_000 });
    expect(await page.evaluate(() => window.ocrEditor?.ocr.getState().total)).toBe(1);
    await page.waitForFunction(async () => ((await window.ocrEditor?.find.search('zebras'))?.length ?? 0) > 0, undefined, { timeout: 60_000 });
    expect(await page.evaluate(async () => (await window.ocrEditor?.find.search('zebras'))?.map((match) => match.page))).toEqual([2]);
    expect(await page.evaluate(async () => (await window.ocrEditor?.find.search('fox'))?.length)).toBe(0);
  }, 240_000);

  it('must fetch nothing from another origin and log no errors', () => {
    expect(requests.filter((url) => !url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
