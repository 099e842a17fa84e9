// What the browser benches share: a loopback server for the site Vite built and the PDFs they keep
// in memory, Debian's Chromium with the flags this machine needs, and the statistics they print.
/* global URL */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.pdf': 'application/pdf' };

/**
 * Builds `bench/pages/<page>.html` of the package at `root` into `siteDir` as an app of its own, as
 * a host ships it; `emptyOutDir` clears the folder first, `minify: false` keeps names readable in
 * CPU profiles.
 */
export async function buildPage(root, siteDir, page, { emptyOutDir = true, minify = true } = {}) {
  await build({
    root: join(root, 'bench/pages'),
    logLevel: 'error',
    plugins: [react()],
    worker: { format: 'es' },
    build: {
      outDir: siteDir,
      emptyOutDir,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      minify,
      rolldownOptions: { input: { [page]: join(root, `bench/pages/${page}.html`) } },
    },
  });
}

/** Serves `siteDir` and, at their paths, the PDFs of `pdfs` (path → bytes); resolves once listening. */
export async function serveSite(siteDir, pdfs) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const pdf = pdfs.get(path);
    if (pdf) return void response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(pdf);
    const file = normalize(join(siteDir, path));
    if (!file.startsWith(siteDir) || !existsSync(file) || !statSync(file).isFile()) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// Chromium 156 starts its own omnibox popup, a WebUI page in a renderer of its own, for about half
// of the new windows even when headless: about 1 s of CPU that lands at random in one viewer's
// figures or the other's. These features are that popup. Chromium reads only the last
// --disable-features, so the benches' flag repeats Playwright's own list, read off the command line.
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/** The features the browser's command line disables (Linux: read from /proc). */
async function disabledFeatures(browser) {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  const main = processInfo.find((process) => process.type === 'browser');
  const flag = readFileSync(`/proc/${main.id}/cmdline`, 'utf8').split('\0').findLast((arg) => arg.startsWith('--disable-features='));
  return flag ? flag.slice('--disable-features='.length).split(',') : [];
}

/** Debian's Chromium (without the background-networking flags it fails on this closed network),
 * without Chromium's own omnibox popup. */
export async function launchChromium() {
  const probe = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
  const defaults = await disabledFeatures(probe);
  await probe.close();
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...FLAGS, `--disable-features=${[...defaults, ...OMNIBOX_POPUP_FEATURES].join(',')}`] });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
