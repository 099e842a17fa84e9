// Browser test harness: builds examples/vite-basic with Vite (the SDK resolved to its sources, so
// the test checks the code as it is now), serves it and the shared PDFs on a random port, and
// drives the machine's Chromium through playwright-core.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { SHARED_PDFS } from '../../test-support/sharedPdfs';

export const PACKAGE_ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
export const REPO_ROOT = resolve(PACKAGE_ROOT, '../..');
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.pdf': 'application/pdf',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Serves `root` and, under /pdfs/, the shared test PDFs. Port 0: the system picks a free one. */
export async function serveStatic(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    // Chromium asks every page without an icon link for /favicon.ico; that 404 is not the app's.
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const [base, rest] = path.startsWith('/pdfs/') ? [SHARED_PDFS, path.slice(6)] : [root, path.slice(1) || 'index.html'];
    const file = normalize(join(base, rest));
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** The SDK's entry points resolved to its sources, as a consumer's bundler would see them built. */
const SOURCE_ALIASES = [
  { find: '@marginalia/pdf-editor/styles.css', replacement: join(PACKAGE_ROOT, 'src/react/styles.css') },
  { find: /^@marginalia\/pdf-editor$/, replacement: join(PACKAGE_ROOT, 'src/react/index.ts') },
  { find: /^@marginalia\/pdf-editor\/core$/, replacement: join(PACKAGE_ROOT, 'src/core/index.ts') },
  { find: /^@marginalia\/pdf-editor\/collab$/, replacement: join(PACKAGE_ROOT, 'src/collab/index.ts') },
];

/** Vite's build options for a test page: readable output in `outDir`, no size warnings. */
function unminifiedBuild(outDir: string) {
  return { outDir, emptyOutDir: true, minify: false, reportCompressedSize: false, chunkSizeWarningLimit: 10_000 };
}

/** Builds the Vite example against the SDK sources into a temporary folder. */
export async function buildExample(): Promise<{ dir: string; remove(): void }> {
  const { build } = await import('vite');
  const dir = mkdtempSync(join(tmpdir(), 'marginalia-example-'));
  await build({
    root: join(REPO_ROOT, 'examples/vite-basic'),
    configFile: join(REPO_ROOT, 'examples/vite-basic/vite.config.ts'),
    logLevel: 'error',
    build: unminifiedBuild(dir),
    resolve: {
      alias: SOURCE_ALIASES,
    },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Builds a page of the test's own (`main.tsx` source, the SDK resolved to its sources) into a
 * temporary folder, for what the example app does not show. The source sits inside the package's
 * node_modules while it builds, where its imports (react, ...) resolve.
 */
export async function buildTestPage(main: string): Promise<{ dir: string; remove(): void }> {
  const { build } = await import('vite');
  const root = mkdtempSync(join(PACKAGE_ROOT, 'node_modules', '.test-page-'));
  const dir = join(root, 'dist');
  writeFileSync(join(root, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
  writeFileSync(join(root, 'main.tsx'), main);
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'error',
      esbuild: { jsx: 'automatic' },
      worker: { format: 'es' },
      build: unminifiedBuild(dir),
      resolve: {
        alias: SOURCE_ALIASES,
      },
    });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * A test page of the test's own (see buildTestPage) served with `pdfs` (file name → bytes) beside
 * it, and a Chromium to open it in; `close` stops the browser and the server and removes the page.
 */
export async function serveTestPage(
  main: string,
  pdfs: Record<string, Uint8Array>,
): Promise<{ url: string; browser: Browser; close(): Promise<void> }> {
  const built = await buildTestPage(main);
  for (const [name, bytes] of Object.entries(pdfs)) writeFileSync(join(built.dir, name), bytes);
  const server = await serveStatic(built.dir);
  const browser = await launchChromium().catch(async (error: unknown) => {
    await server.close();
    built.remove();
    throw error;
  });
  return {
    url: server.url,
    browser,
    async close() {
      await browser.close();
      await server.close();
      built.remove();
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
