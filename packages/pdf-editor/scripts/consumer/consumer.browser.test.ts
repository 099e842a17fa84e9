// The SDK as a third party gets it: `npm pack`, then the tarball installed from the npm registry
// into fresh apps in a temporary folder outside this repository (inside it the package is a
// workspace symlink, which hides what an install does: Vite never pre-bundles a symlink). Each app
// is driven in Chromium: the first page paints, a rectangle drawn with the mouse downloads in a
// PDF that qpdf accepts and pdftoppm shows with the rectangle, and a controlled-mode page reports
// one onAnnotationsChange per gesture and undoes it in one step. Node ESM and CJS scripts check
// `./core` and that error classes are shared across entry points, and, in an app without React
// installed, that the editor object of `./editor` edits and downloads a PDF. A strict TypeScript
// app (`skipLibCheck: false`) compiles against the published declarations in the bundler, nodenext
// and node16 resolutions, and a Next.js Server Component renders <PdfEditor>.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, serveStatic } from '../../src/react/e2e/harness';
import { renderPage } from '../../src/react/e2e/ppm';
import { packageRoot } from '../size-budget';

const APP_SOURCES = join(packageRoot, 'scripts/consumer/app');
// The majors this SDK is documented to work with; npm picks the newest of each.
const REACT = ['react@^19', 'react-dom@^19'];
const VITE = ['vite@^8', '@vitejs/plugin-react@^6'];
const WEBPACK = ['webpack@^5'];
const NEXT = ['next@^16'];
const TYPESCRIPT = ['typescript@^6'];
// npm installs from the registry and production builds of a 2 MB app on a busy 2-core machine.
const INSTALL_TIMEOUT = 600_000;
const hasTools = ['qpdf', 'pdftoppm', 'mutool'].every((tool) => spawnSync(tool, ['-v']).error === undefined);

/** The environment of a child npm or node: none of the npm_* settings of the `npm test` running us, no telemetry. */
function cleanEnv(): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_'));
  // Next.js would otherwise report usage over the network.
  return { ...Object.fromEntries(inherited), NEXT_TELEMETRY_DISABLED: '1' };
}

function run(command: string, args: string[], cwd: string): string {
  // Bounded: a synchronous child blocks the test runner's own timeouts, so a hang would stall CI.
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: cleanEnv(), maxBuffer: 64 * 1024 * 1024, timeout: INSTALL_TIMEOUT, killSignal: 'SIGKILL' });
  if (result.status !== 0) {
    const why = result.error ? `${result.error.message}` : `exit ${result.status ?? result.signal}`;
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (${why}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** A one-page PDF (with text, so it is a real page to paint), written by pdf-lib. */
async function samplePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 300]);
  page.drawText('Marginalia consumer test', { x: 40, y: 250, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}

/** Packs the SDK once (from its built dist/) and returns the tarball's path. */
function packSdk(into: string): string {
  if (!existsSync(join(packageRoot, 'dist/index.js'))) throw new Error('Build the package first (npm run build).');
  run('npm', ['pack', '--pack-destination', into, '--ignore-scripts', '--silent'], packageRoot);
  const tarball = readdirSync(into).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  return join(into, tarball);
}

/** A fresh app folder with the shared sources, the sample PDF and `packages` installed from the registry. */
async function createApp(root: string, name: string, tarball: string, packages: string[]): Promise<string> {
  const dir = join(root, name);
  // Every app gets every file: the entry, the editor component, the bundler configurations and
  // Next.js's app/ folder; each tool reads only its own.
  cpSync(APP_SOURCES, dir, { recursive: true });
  mkdirSync(join(dir, 'public'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }, null, 2));
  writeFileSync(join(dir, 'public/sample.pdf'), await samplePdf());
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball, ...packages], dir);
  return dir;
}

/** A port nothing listens on now, for servers that print the port they were given. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** Starts a command and resolves with the first http URL it prints (a dev server's address). */
function startServer(command: string, args: string[], cwd: string): Promise<{ url: string; process: ChildProcess }> {
  // Its own process group, so stopping it also stops the servers it starts (next-server).
  const child = spawn(command, args, { cwd, env: { ...cleanEnv(), NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /(http:\/\/(?:localhost|127\.0\.0\.1):\d+)/.exec(output)?.[1];
      if (url) resolve({ url, process: child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)));
  });
}

/** Stops a server started by `startServer` and every process it started. */
function stop(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // The group has already gone.
  }
}

/**
 * Drives one served app through the journey a user makes; the caller checks what comes back.
 * `serverComponentPage`: the app also serves /server, a React Server Component rendering <PdfEditor>.
 */
function describeJourney(name: string, serve: () => Promise<string>, { serverComponentPage = false } = {}) {
  describe(name, () => {
    let browser: Browser;
    let baseUrl: string;
    const errors: string[] = [];

    beforeAll(async () => {
      baseUrl = await serve();
      browser = await launchChromium();
    }, INSTALL_TIMEOUT);
    afterAll(async () => {
      await browser?.close();
    });

    const open = async (mode: 'plain' | 'controlled', path = '/'): Promise<Page> => {
      const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      // A dev server compiles the page on the first request: minutes on a busy machine.
      await page.goto(`${baseUrl}${path}?mode=${mode}`, { timeout: 240_000 });
      // The first page is painted: its canvas holds the text's dark pixels, read back over white
      // through a canvas of the test's own (the page's shows a bitmap and has no 2D context).
      await page.waitForFunction(
        () => {
          const canvas = document.querySelector<HTMLCanvasElement>('.mg-page[data-page-number="1"] canvas');
          if (!canvas || canvas.width === 0) return false;
          const copy = document.createElement('canvas');
          copy.width = canvas.width;
          copy.height = canvas.height;
          const context = copy.getContext('2d');
          if (!context) return false;
          context.fillStyle = '#fff';
          context.fillRect(0, 0, copy.width, copy.height);
          context.drawImage(canvas, 0, 0);
          const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
          return pixels.some((value, index) => index % 4 !== 3 && value < 128);
        },
        undefined,
        { timeout: 60_000 },
      );
      return page;
    };

    const drawRectangle = async (page: Page) => {
      await page.locator('.mg-toolbar [data-tool="rectangle"]').click();
      const box = await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
      if (!box) throw new Error('page 1 is not on screen');
      await page.mouse.move(box.x + 100, box.y + 120);
      await page.mouse.down();
      await page.mouse.move(box.x + 180, box.y + 170, { steps: 5 });
      await page.mouse.move(box.x + 260, box.y + 220, { steps: 5 });
      await page.mouse.up();
    };

    it('paints the first page, draws a rectangle and downloads a PDF that shows it', async () => {
      const page = await open('plain');
      await drawRectangle(page);
      const [rectangle] = (await page.evaluate(() => (window as unknown as { editor: { getAnnotations(): unknown[] } }).editor.getAnnotations())) as {
        position: { x: number; y: number };
        width: number;
        height: number;
      }[];
      expect(rectangle).toBeDefined();
      const downloading = page.waitForEvent('download', { timeout: 120_000 });
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('sample_edited.pdf');
      const file = join(tmpdir(), `marginalia-consumer-${process.pid}-${name.replace(/\W+/g, '-')}.pdf`);
      await download.saveAs(file);
      try {
        execFileSync('qpdf', ['--check', file]);
        const raster = renderPage(new Uint8Array(readFileSync(file)), 1);
        const { position, height } = rectangle!;
        const [r, g, b] = raster.pixel(position.x, position.y + height / 2);
        expect(r + g + b, 'the rectangle\'s left edge is drawn in the exported PDF').toBeLessThan(200);
        const [r2, g2, b2] = raster.pixel(position.x + 20, position.y + height / 2);
        expect(r2 + g2 + b2, 'inside the outline the page stays white').toBeGreaterThan(700);
      } finally {
        rmSync(file, { force: true });
      }
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('in controlled mode reports one change per gesture and undoes it in one step', async () => {
      const page = await open('controlled');
      await drawRectangle(page);
      const changes = () => page.evaluate(() => (window as unknown as { changes: number[] }).changes);
      await expect.poll(changes).toEqual([1]);
      // A loop would keep calling back: give it time to show.
      await page.waitForTimeout(500);
      expect(await changes()).toEqual([1]);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(changes).toEqual([1, 0]);
      await page.waitForTimeout(300);
      expect(await changes()).toEqual([1, 0]);
      expect(await page.locator('.mg-page[data-page-number="1"] [data-annotation-id]').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it.runIf(serverComponentPage)('a Server Component that imports the package renders <PdfEditor>, and ./core and ./editor run on the server', async () => {
      // The first request compiles the page in a dev server: wait for it as a browser would.
      const response = await fetch(`${baseUrl}/server`, { signal: AbortSignal.timeout(240_000) });
      const html = await response.text();
      expect(response.status, html.slice(0, 2000)).toBe(200);
      expect(html).toContain('rectangle / Download PDF');
      const page = await open('plain', '/server');
      await expect.poll(() => page.getByRole('button', { name: 'Download PDF' }).count()).toBe(1);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });
}

describe.skipIf(!hasChromium || !hasTools)('the packed SDK in fresh apps outside the workspace', () => {
  let root: string;
  let tarball: string;
  const servers: ChildProcess[] = [];
  const statics: { close(): Promise<void> }[] = [];

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'marginalia-consumer-'));
    tarball = packSdk(root);
  });
  afterAll(async () => {
    servers.forEach(stop);
    await Promise.all(statics.map((server) => server.close()));
    if (root) rmSync(root, { recursive: true, force: true });
  });

  describe('Node without React (./editor)', () => {
    let app: string;
    beforeAll(async () => {
      // The SDK alone: React and React DOM are optional peer dependencies, so npm installs neither.
      app = await createApp(root, 'node-app', tarball, []);
    }, INSTALL_TIMEOUT);

    it.each(['editor-check.mjs', 'editor-check.cjs'])('Node runs %s: createEditor draws, undoes and downloads a PDF that shows the drawing', (script) => {
      const file = join(root, `${script}.pdf`);
      const result = JSON.parse(run(process.execPath, [script, file], app).trim().split('\n').at(-1) ?? '{}') as unknown;
      expect(result).toEqual({ react: 'missing', downloaded: true, downloads: ['sample_edited.pdf'], annotations: ['rectangle'] });
      execFileSync('qpdf', ['--check', file]);
      const raster = renderPage(new Uint8Array(readFileSync(file)), 1);
      // The rectangle (100, 120)-(260, 220): its left edge is drawn, its inside stays white.
      expect(raster.pixel(100, 170).reduce((sum, value) => sum + value), 'the left edge').toBeLessThan(200);
      expect(raster.pixel(130, 170).reduce((sum, value) => sum + value), 'inside the outline').toBeGreaterThan(700);
    });
  });

  describe('strict TypeScript (skipLibCheck: false)', () => {
    let app: string;
    beforeAll(async () => {
      // React's types for ".", as a TypeScript host of the React entry has them; nothing else:
      // the SDK's declarations must not need the PDF engine's, nor what those import.
      app = await createApp(root, 'strict-ts-app', tarball, [...TYPESCRIPT, '@types/react@^19']);
    }, INSTALL_TIMEOUT);

    // nodenext and node16 also compile a CommonJS module (usage.cts), which reads the .d.cts files.
    it.each(['bundler', 'nodenext', 'node16'])(
      'tsc --noEmit passes with moduleResolution %s, importing ".", "./core" and "./editor"',
      (resolution) => {
        const tsc = join(app, 'node_modules/typescript/bin/tsc');
        const result = spawnSync(process.execPath, [tsc, '-p', `types/tsconfig.${resolution}.json`], { cwd: app, encoding: 'utf8', env: cleanEnv() });
        expect(`${result.stdout}${result.stderr}`.trim(), 'tsc errors').toBe('');
        expect(result.status).toBe(0);
      },
    );
  });

  describe('Vite', () => {
    let app: string;
    beforeAll(async () => {
      app = await createApp(root, 'vite-app', tarball, [...REACT, ...VITE]);
    }, INSTALL_TIMEOUT);

    describeJourney('vite dev', async () => {
      const vite = join(app, 'node_modules/vite/bin/vite.js');
      const server = await startServer(process.execPath, [vite, '--port', '0', '--host', '127.0.0.1', '--config', 'vite.config.mjs'], app);
      servers.push(server.process);
      return server.url;
    });

    describeJourney('vite build', async () => {
      run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.config.mjs', '--logLevel', 'error'], app);
      const server = await serveStatic(join(app, 'dist'));
      statics.push(server);
      return server.url;
    });

    it.each(['check.mjs', 'check.cjs'])('Node runs %s: ./core without a DOM, one error class across entry points', (script) => {
      const result = JSON.parse(run(process.execPath, [script], app).trim().split('\n').at(-1) ?? '{}') as {
        problems: string[];
        dom: boolean;
      };
      expect(result).toEqual({ problems: [], dom: false });
    });
  });

  describe('webpack 5', () => {
    let app: string;
    beforeAll(async () => {
      app = await createApp(root, 'webpack-app', tarball, [...REACT, ...WEBPACK]);
    }, INSTALL_TIMEOUT);

    describeJourney('webpack build', async () => {
      run(process.execPath, ['webpack-build.mjs'], app);
      cpSync(join(app, 'public/sample.pdf'), join(app, 'dist/sample.pdf'));
      // What html-webpack-plugin would write: the bundle and its stylesheet.
      const html = readFileSync(join(app, 'index.html'), 'utf8')
        .replace('<script type="module" src="/src/main.mjs">', '<script src="/main.js">')
        .replace('</head>', '<link rel="stylesheet" href="/main.css" /></head>');
      writeFileSync(join(app, 'dist/index.html'), html);
      const server = await serveStatic(join(app, 'dist'));
      statics.push(server);
      return server.url;
    });
  });

  describe('Next.js route handler built with webpack', () => {
    let app: string;
    beforeAll(async () => {
      // The fallback font docs/export-and-import.md shows, as the host app gets it.
      app = await createApp(root, 'next-webpack-app', tarball, [...REACT, ...NEXT, '@expo-google-fonts/noto-sans-arabic@^0.4']);
    }, INSTALL_TIMEOUT);

    let serverUrl: string;
    const startBuilt = async () => {
      if (serverUrl) return serverUrl;
      const next = join(app, 'node_modules/next/dist/bin/next');
      run(process.execPath, [next, 'build', '--webpack'], app);
      const server = await startServer(process.execPath, [next, 'start', '--port', String(await freePort()), '--hostname', '127.0.0.1'], app);
      servers.push(server.process);
      return (serverUrl = server.url);
    };

    it('exports Greek, Cyrillic and shaped Arabic text: the bundled font and shaper load on the server', async () => {
      const response = await fetch(`${await startBuilt()}/api/export`);
      const body = new Uint8Array(await response.arrayBuffer());
      expect(response.status, new TextDecoder().decode(body.subarray(0, 500))).toBe(200);
      const file = join(root, 'route-export.pdf');
      writeFileSync(file, body);
      // pdftotext marks right-to-left runs with bidi controls, which a reader does not see.
      const text = run('pdftotext', [file, '-'], root).replace(/[\u202a-\u202e]/g, '');
      expect(text).toContain('Grüße — Ελληνικά — Привет');
      expect(text).toContain('مرحبا بالعالم');
    }, INSTALL_TIMEOUT);

    it('exports Arabic with the Noto Sans Arabic fallback read by readFile: poppler and MuPDF draw its glyphs', async () => {
      const response = await fetch(`${await startBuilt()}/api/export-fallback`);
      const body = new Uint8Array(await response.arrayBuffer());
      expect(response.status, new TextDecoder().decode(body.subarray(0, 500))).toBe(200);
      const file = join(root, 'route-fallback.pdf');
      writeFileSync(file, body);
      expect(run('pdftotext', [file, '-'], root).replace(/[\u202a-\u202e]/g, '')).toContain('مرحبا بالعالم');
      // An invalid subset makes both readers warn per glyph and draw nothing.
      const poppler = spawnSync('pdftoppm', ['-r', '72', '-singlefile', file, join(root, 'route-fallback')], { encoding: 'utf8' });
      expect(poppler.stderr).not.toMatch(/FT_Load_Glyph|invalid/i);
      const mupdf = spawnSync('mutool', ['draw', '-o', join(root, 'route-fallback-mupdf.png'), file, '1'], { encoding: 'utf8' });
      expect(mupdf.stderr).not.toMatch(/FT_Load_Glyph|invalid/i);
      const raster = renderPage(body, 1);
      let ink = 0;
      // The text's line: 24 points high from y = 120 (the sample page's own text is above it).
      for (let y = 120; y < 150; y++) for (let x = 20; x < 380; x++) if (raster.pixel(x, y).reduce((sum, value) => sum + value) < 384) ink++;
      expect(ink, 'dark pixels of the Arabic line').toBeGreaterThan(200);
    }, INSTALL_TIMEOUT);
  });

  describe('Next.js App Router (Turbopack)', () => {
    let app: string;
    const next = () => join(app, 'node_modules/next/dist/bin/next');
    beforeAll(async () => {
      app = await createApp(root, 'next-app', tarball, [...REACT, ...NEXT]);
    }, INSTALL_TIMEOUT);

    let devServer: ChildProcess | undefined;
    describeJourney('next dev', async () => {
      const server = await startServer(process.execPath, [next(), 'dev', '--port', String(await freePort()), '--hostname', '127.0.0.1'], app);
      devServer = server.process;
      servers.push(server.process);
      return server.url;
    }, { serverComponentPage: true });

    describeJourney('next build', async () => {
      // One Next.js at a time in the folder: the build must not race the dev server's compiler.
      stop(devServer);
      run(process.execPath, [next(), 'build'], app);
      const server = await startServer(process.execPath, [next(), 'start', '--port', String(await freePort()), '--hostname', '127.0.0.1'], app);
      servers.push(server.process);
      return server.url;
    }, { serverComponentPage: true });
  });
});
