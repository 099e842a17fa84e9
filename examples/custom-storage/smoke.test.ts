// Smoke test of the built app in a real Chromium, scripted like a user: open a PDF, draw a
// rectangle, reload, find it restored from IndexedDB, and use the host's own toolbar button.
// Needs `npm run build` first (the root `npm test` builds every workspace before testing).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const sharedPdfs = process.env.MARGINALIA_SHARED_PDFS ?? resolve(here, '../../../shared/pdfs');

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Serves dist/ as any static host would. */
function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

describe.skipIf(!existsSync(sharedPdfs))('custom-storage example in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    if (!existsSync(join(dist, 'index.html')))
      throw new Error('Build the example first: npm run build -w @marginalia/example-custom-storage');
    server = await serve(dist);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
  });

  it('must restore a drawn rectangle from IndexedDB after a reload, and run the host toolbar button', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(url);
    await page.setInputFiles('input[type="file"]', join(sharedPdfs, 'sizes.pdf'));
    const overlay = page.locator('.mg-page[data-page-number="1"] svg.mg-overlay');
    await overlay.waitFor();

    await page.locator('button[data-tool="rectangle"]').click();
    const box = await overlay.boundingBox();
    if (!box) throw new Error('page 1 has no overlay box');
    await page.mouse.move(box.x + 60, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + 110, { steps: 5 });
    await page.mouse.move(box.x + 220, box.y + 160, { steps: 5 });
    await page.mouse.up();

    const rectangles = page.locator('.mg-page[data-page-number="1"] [data-annotation-type="rectangle"]');
    await expect.poll(() => rectangles.count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => page.locator('.app-status').textContent(), { timeout: 20_000 })
      .toContain('Saved to IndexedDB (version 1)');

    await page.reload();
    await expect
      .poll(() => page.locator('.app-status').textContent(), { timeout: 20_000 })
      .toContain('Restored 1 annotation(s) from IndexedDB.');
    await expect.poll(() => rectangles.count(), { timeout: 20_000 }).toBe(1);

    // The host's button sits in the editor's own toolbar.
    await page.getByRole('toolbar').getByRole('button', { name: 'Show JSON' }).click();
    const json = await page.locator('.json-dialog pre').textContent();
    const saved = JSON.parse(json ?? '') as {
      version: number;
      annotations: { type: string; page: number }[];
    };
    expect(saved.annotations).toEqual([expect.objectContaining({ type: 'rectangle', page: 1 })]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
