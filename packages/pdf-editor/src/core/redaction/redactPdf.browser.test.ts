// redactPdf in a browser's module Web Worker (Chromium): PDFium is loaded there by the dynamic
// import, its pdfium.wasm found beside the bundled code as a bundler lays it out (esbuild here; Vite
// and webpack copy the file that `new URL('pdfium.wasm', import.meta.url)` names). The redacted
// file is then judged in Node by poppler.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageText } from '../pages/pdfTools.testkit';
import { hasChromium, launchChromium, PACKAGE_ROOT, serveStatic } from '../../react/e2e/harness';

declare global {
  interface Window {
    /** Set by the test page: redacts in its worker; the new file as base64, or the error's name. */
    redactInWorker(pdfBase64: string, options: Record<string, unknown>): Promise<{ bytes?: string; error?: string }>;
  }
}

const WORKER_SCRIPT = `
import { redactPdf } from ${JSON.stringify(join(PACKAGE_ROOT, 'src/core/redaction/redactPdf.ts'))};
self.onmessage = async ({ data: { bytes, options } }) => {
  try {
    const result = await redactPdf(bytes, options);
    self.postMessage({ bytes: result.bytes });
  } catch (error) {
    self.postMessage({ error: error.name + ': ' + error.message });
  }
};
`;

const PAGE_SCRIPT = `
window.redactInWorker = (pdfBase64, options) => new Promise((resolve) => {
  const worker = new Worker(new URL('./redactWorker.js', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }) => {
    worker.terminate();
    resolve(data.bytes ? { bytes: btoa(Array.from(data.bytes, (byte) => String.fromCharCode(byte)).join('')) } : data);
  };
  worker.onerror = (event) => resolve({ error: 'worker: ' + event.message });
  worker.postMessage({ bytes: Uint8Array.from(atob(pdfBase64), (c) => c.charCodeAt(0)), options });
});
`;

describe.skipIf(!hasChromium)('redactPdf in a browser worker (Chromium)', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'marginalia-redact-worker-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'page.js'), PAGE_SCRIPT);
    writeFileSync(join(dir, 'redactWorker.js'), WORKER_SCRIPT);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./dist/page.js"></script>');
    await build({
      entryPoints: { page: join(dir, 'page.js'), redactWorker: join(dir, 'redactWorker.js') },
      outdir: join(dir, 'dist'),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
      logLevel: 'error',
    });
    const wasm = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/pdfium')), 'pdfium.wasm');
    copyFileSync(wasm, join(dir, 'dist', 'pdfium.wasm'));
    server = await serveStatic(dir);
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => typeof window.redactInWorker === 'function');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('must redact in a module worker, loading PDFium there', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const letter = doc.addPage([612, 792]);
    letter.drawText('KEEPTHIS', { x: 72, y: 700, size: 14, font });
    letter.drawText('WORKERSECRET', { x: 300, y: 700, size: 14, font });
    const source = Buffer.from(await doc.save()).toString('base64');
    const options = { areas: [{ page: 1, rect: { x: 290, y: 80, width: 150, height: 30 } }], overlayText: 'REDACTED' };
    const result = await page.evaluate(([pdf, o]) => window.redactInWorker(pdf, o), [source, options] as const);
    expect(result.error).toBeUndefined();
    const text = pageText(new Uint8Array(Buffer.from(result.bytes ?? '', 'base64')), 1);
    expect(text).toContain('KEEPTHIS');
    expect(text).not.toContain('WORKERSECRET');
  });

  it('must reject bad input in the worker with the typed error', async () => {
    const result = await page.evaluate(() => window.redactInWorker(btoa('not a pdf'), { areas: [] }));
    expect(result.error).toMatch(/^PdfInvalidError: /);
  });
});
