// runExport in Chromium, where the export runs in its Web Worker: an export that fails there must
// reject in the page with the same typed error, fields included, as the core throws in place. The
// page and the worker are bundled from the sources with esbuild the way tsup lays out dist/ (the
// worker beside the code that starts it, the fonts in ../fonts/).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeAnnotation, protectPdf } from '../../core/index';
import { hasChromium, launchChromium, PACKAGE_ROOT, serveStatic } from '../../react/e2e/harness';

/** What the page saw of a rejected export. */
interface Failure {
  /** Every class of core/errors.ts the error is an instance of. */
  classes: string[];
  name: string;
  message: string;
  stack: string;
  /** The error's own fields (`reason`, `characters`, ...). */
  fields: Record<string, unknown>;
}

declare global {
  interface Window {
    /** Set by the test page: runs `runExport` and describes how it failed, or null when it did not. */
    exportFailure(
      pdfBase64: string,
      annotations: unknown[],
      options: Record<string, unknown>,
    ): Promise<Failure | null>;
  }
}

const PAGE_SCRIPT = `
import * as errors from ${JSON.stringify(join(PACKAGE_ROOT, 'src/core/errors.ts'))};
import { runExport } from ${JSON.stringify(join(PACKAGE_ROOT, 'src/editor/export/runExport.ts'))};

window.exportFailure = async (pdfBase64, annotations, options) => {
  const bytes = Uint8Array.from(atob(pdfBase64), (c) => c.charCodeAt(0));
  try {
    await runExport(bytes, annotations, options);
    return null;
  } catch (error) {
    const classes = Object.entries(errors)
      .filter(([, value]) => typeof value === 'function' && error instanceof value)
      .map(([name]) => name)
      .sort();
    return { classes, name: error.name, message: error.message, stack: String(error.stack), fields: { ...error } };
  }
};
`;

const hieroglyph = '\u{13000}';

describe.skipIf(!hasChromium)('typed errors from the export worker (Chromium)', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let plain: string;
  let locked: string;

  const failure = (pdf: string, annotations: unknown[], options: Record<string, unknown> = {}) =>
    page.evaluate(([p, a, o]) => window.exportFailure(p, a, o), [pdf, annotations, options] as const);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'marginalia-worker-errors-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'page.js'), PAGE_SCRIPT);
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" src="./dist/page.js"></script>',
    );
    cpSync(join(PACKAGE_ROOT, 'fonts'), join(dir, 'fonts'), { recursive: true });
    await build({
      entryPoints: {
        page: join(dir, 'page.js'),
        exportWorker: join(PACKAGE_ROOT, 'src/editor/export/exportWorker.ts'),
      },
      outdir: join(dir, 'dist'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      // Renamed identifiers as in the published worker (tsup.worker.config.ts): class names are
      // lost, so the errors must be found by the names they carry.
      minifyIdentifiers: true,
      // Reached only when a dependency runs in Node (Emscripten's loaders ask for `module`).
      external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
      logLevel: 'error',
    });
    const pdf = await PDFDocument.create();
    pdf.addPage([400, 300]);
    const bytes = await pdf.save();
    plain = Buffer.from(bytes).toString('base64');
    locked = Buffer.from(await protectPdf(bytes, { userPassword: 'secret' })).toString('base64');
    server = await serveStatic(dir);
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => typeof window.exportFailure === 'function');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('must export in the worker when nothing is wrong', async () => {
    const rectangle = normalizeAnnotation({
      type: 'rectangle',
      page: 1,
      position: { x: 20, y: 20 },
      width: 50,
      height: 30,
    });
    expect(await failure(plain, [rectangle])).toBeNull();
  });

  it('must shape Arabic and Hebrew in the worker, HarfBuzz loaded from the fonts/ folder and no CDN', async () => {
    const rtl = normalizeAnnotation({ type: 'text', page: 1, position: { x: 20, y: 40 }, content: 'مرحبا بالعالم — שלום' });
    expect(await failure(plain, [rtl])).toBeNull();
  });

  it('must reject bytes that are no PDF with PdfInvalidError thrown in the worker', async () => {
    const result = await failure(Buffer.from('%PDF-1.7\nnot a pdf at all').toString('base64'), []);
    expect(result?.classes).toEqual(['PdfInvalidError']);
    expect(result?.stack).toContain('exportWorker.js');
  });

  it('must reject a password-protected PDF with PdfPasswordError and its reason', async () => {
    const missing = await failure(locked, []);
    expect(missing?.classes).toEqual(['PdfEncryptedError', 'PdfPasswordError']);
    expect(missing).toMatchObject({ name: 'PdfPasswordError', fields: { reason: 'missing' } });
    expect(missing?.stack).toContain('exportWorker.js');
    const wrong = await failure(locked, [], { password: 'guess' });
    expect(wrong).toMatchObject({
      classes: ['PdfEncryptedError', 'PdfPasswordError'],
      fields: { reason: 'wrong' },
    });
  });

  it('must reject text no font can draw with UnsupportedCharactersError naming the characters and annotation', async () => {
    const text = normalizeAnnotation({
      id: 'glyphs',
      type: 'text',
      page: 1,
      position: { x: 20, y: 20 },
      content: `Ra ${hieroglyph}`,
    });
    const result = await failure(plain, [text]);
    expect(result?.classes).toEqual(['UnsupportedCharactersError']);
    expect(result?.fields).toMatchObject({ characters: [hieroglyph], annotationId: 'glyphs' });
    expect(result?.message).toContain(hieroglyph);
  });

  it('must reject a Unicode font that is no font with FontLoadError naming it', async () => {
    const text = normalizeAnnotation({ type: 'text', page: 1, position: { x: 20, y: 20 }, content: 'Ωμέγα' });
    const result = await failure(plain, [text], { fonts: { unicode: new Uint8Array([1, 2, 3, 4]) } });
    expect(result?.classes).toEqual(['FontLoadError']);
    expect(result?.fields.font).toEqual(expect.any(String));
  });
});
