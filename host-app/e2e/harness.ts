// Journey harness: builds the site when its sources changed, starts the real host-server on a random
// port with a temporary data folder (SQLite there, or a schema of its own in PostgreSQL), and drives
// Debian's Chromium with playwright-core.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const HOST_APP = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO = resolve(HOST_APP, '..');
export const SERVER_MAIN = join(REPO, 'host-server', 'dist', 'main.js');
// The shared corpus of real PDFs, found as the SDK's tests find it (MARGINALIA_SHARED_PDFS, else
// ../shared/pdfs beside the repository). Journeys run on PDFs they make (madePdfs.ts); the few that
// need a real file of that corpus skip, saying so, when it is absent.
export const SHARED_PDFS = process.env.MARGINALIA_SHARED_PDFS ?? join(REPO, '..', 'shared', 'pdfs');
export const hasSharedPdfs = existsSync(SHARED_PDFS);
export const ARTIFACTS = join(HOST_APP, 'artifacts');

export function sharedPdf(name: string): string {
  return join(SHARED_PDFS, name);
}

function newestMtime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds host-app unless dist/ is newer than every source file and than the SDK build it bundles. */
export function ensureBuilt(): void {
  const index = join(HOST_APP, 'dist', 'index.html');
  const sdkDist = join(REPO, 'packages', 'pdf-editor', 'dist');
  const sources = Math.max(
    newestMtime(join(HOST_APP, 'src')),
    statSync(join(HOST_APP, 'index.html')).mtimeMs,
    existsSync(sdkDist) ? newestMtime(sdkDist) : 0,
  );
  if (existsSync(index) && statSync(index).mtimeMs > sources) return;
  const result = spawnSync(join(REPO, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: HOST_APP,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export type Database = 'sqlite' | 'postgres';

/** What a journey needs to reach a server and its database; plain data, so globalSetup can provide it. */
export interface JourneyServer {
  url: string;
  dataDir: string;
  database: Database;
  /** The server's own PostgreSQL schema (postgres only). */
  schema?: string;
}

export interface RunningServer extends JourneyServer {
  /** Stops the server and removes its data folder and, on PostgreSQL, its schema. */
  stop(): Promise<void>;
}

export interface ClockedServer extends RunningServer {
  /** Moves the server's clock forward (see movableClock.ts); resolves once the server has done it. */
  advanceClock(ms: number): Promise<void>;
}

export interface ServerOptions {
  /** Starts the server with a clock the journey can move (a server of its own: others keep real time). */
  movableClock?: boolean;
  /** SQLite in the temporary data folder (the default), or a fresh schema in the PostgreSQL at DATABASE_URL. */
  database?: Database;
  /** Another instance of `server` (SQLite): its data folder, which this one neither makes nor removes. */
  instanceOf?: JourneyServer;
  /** Redis for this server: instances of one server pass collaborators' changes through it. */
  redisUrl?: string;
}

function postgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at PostgreSQL for a journey on postgres');
  return url;
}

async function dropSchema(schema: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: postgresUrl() });
  try {
    await admin.raw('drop schema if exists ?? cascade', [schema]);
  } finally {
    await admin.destroy();
  }
}

export async function startServer(options: { movableClock: true }): Promise<ClockedServer>;
export async function startServer(options?: ServerOptions): Promise<RunningServer>;
export async function startServer(options: ServerOptions = {}): Promise<RunningServer | ClockedServer> {
  const port = await freePort();
  const database = options.database ?? 'sqlite';
  const dataDir = options.instanceOf?.dataDir ?? mkdtempSync(join(tmpdir(), 'marginalia-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_DIR: join(HOST_APP, 'dist'),
    APP_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'production',
    // As behind one reverse proxy: journeys' API sign-ups each come from an address of their own
    // (see registerUser), so the shared server's per-address sign-up limit meets real use, not a
    // whole run's accounts from 127.0.0.1. Requests without the header (the browser's) are 127.0.0.1.
    TRUST_PROXY_HOPS: '1',
  };
  // Journeys never touch a shared database: SQLite in the temporary folder, or on PostgreSQL a schema
  // of this server's own (the server creates it), dropped when it stops.
  const schema = database === 'postgres' ? `e2e_${randomBytes(6).toString('hex')}` : undefined;
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  // Rate-limit counters in memory, this server's own: with CI's REDIS_URL every journey server (and
  // every earlier run) would share one sign-up count for 127.0.0.1 and refuse registrations.
  delete env.REDIS_URL;
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  if (schema) {
    env.DATABASE_URL = postgresUrl();
    env.DATABASE_SCHEMA = schema;
  }
  const cleanUp = async () => {
    if (options.instanceOf) return;
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await dropSchema(schema);
  };
  const args = options.movableClock ? ['--import', join(HOST_APP, 'e2e', 'movableClock.ts'), SERVER_MAIN] : [SERVER_MAIN];
  const child: ChildProcess = spawn(process.execPath, args, {
    env,
    stdio: options.movableClock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanUp();
      throw new Error(`host-server exited early:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
      await cleanUp();
      throw new Error(`host-server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const running: RunningServer = {
    url,
    dataDir,
    database,
    schema,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await cleanUp();
    },
  };
  if (!options.movableClock) return running;
  return {
    ...running,
    advanceClock: (ms: number) =>
      new Promise<void>((resolveMove, reject) => {
        const moved = (message: unknown) => {
          if (typeof message === 'object' && message !== null && 'clockMovedMs' in message) {
            child.off('message', moved);
            resolveMove();
          }
        };
        child.on('message', moved);
        if (!child.send({ advanceClockMs: ms })) reject(new Error('the server did not take the clock message'));
      }),
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A page that records console errors and uncaught exceptions, which every journey asserts are absent. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; allow?: RegExp[]; touch?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    acceptDownloads: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    // A phone or tablet: touch input and the page's meta viewport, as a mobile browser has them.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const allowed = (text: string) => (options.allow ?? []).some((pattern) => pattern.test(text));
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => void dialog.accept());
  return { page, context, errors };
}

/**
 * How many pixels of page 1, rendered by pdftoppm at 72 dpi (one pixel per point), inside `box`
 * (page points from the top-left) have a colour `matches` accepts.
 */
export function pixelsOnPage1(path: string, box: { x: number; y: number; width: number; height: number }, matches: (r: number, g: number, b: number) => boolean): number {
  const prefix = join(tempDir(), 'page');
  const result = spawnSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '72', '-singlefile', path, prefix], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr}`);
  const data = readFileSync(`${prefix}.ppm`);
  const header = data.subarray(0, 64).toString('latin1').match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
  if (!header) throw new Error('pdftoppm did not write a P6 image');
  const width = Number(header[1]);
  let count = 0;
  for (let y = Math.floor(box.y); y < box.y + box.height; y++) {
    for (let x = Math.floor(box.x); x < box.x + box.width; x++) {
      const i = header[0].length + (y * width + x) * 3;
      if (matches(data[i]!, data[i + 1]!, data[i + 2]!)) count++;
    }
  }
  return count;
}

export function pdftotext(path: string): string {
  const result = spawnSync('pdftotext', [path, '-'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'marginalia-dl-'));
}

let userCounter = 0;

export interface TestUser {
  name: string;
  email: string;
  password: string;
  token: string;
}

/** Registers through the API (fast set-up for journeys that are not about sign-up). */
export async function registerUser(baseUrl: string, name = 'Journey User'): Promise<TestUser> {
  userCounter += 1;
  const email = `user${Date.now()}${userCounter}@example.com`;
  const password = 'Journey123';
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ name, email, password }),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return { name, email, password, token: body.token };
}

/** Signs in by putting the token where the app keeps it, then loading a page. */
export async function signInWithToken(page: Page, user: TestUser, path = '/dashboard'): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), user.token);
  await page.goto(path);
  // The app verifies the stored token at start-up; journeys act once it has.
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}')?.state?.isAuthenticated === true);
}

/**
 * Runs one statement (`?` placeholders) straight in the server's database, SQLite file or PostgreSQL
 * schema, for what has no UI or API: a plan purchase, a draft's expiry.
 */
export async function runSql(server: JourneyServer, sql: string, bindings: (string | number)[] = []): Promise<void> {
  if (server.database === 'sqlite') {
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(join(server.dataDir, 'marginalia.sqlite'));
    try {
      db.prepare(sql).run(...bindings);
    } finally {
      db.close();
    }
    return;
  }
  const db = knexFactory({ client: 'pg', connection: postgresUrl(), searchPath: server.schema ? [server.schema] : undefined });
  try {
    await db.raw(sql, bindings);
  } finally {
    await db.destroy();
  }
}

/** Moves a user to another plan straight in the server's database (plan purchase has no UI). */
export async function setPlan(server: JourneyServer, email: string, plan: 'free' | 'personal' | 'team'): Promise<void> {
  await runSql(server, 'UPDATE users SET plan = ? WHERE email = ?', [plan, email]);
}

/** Uploads a file through the API as the given user; returns the new document's id. */
export async function uploadViaApi(baseUrl: string, user: TestUser, bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  // A copy of just these bytes: a small Buffer from readFileSync is a view into a larger shared pool.
  form.append('file', new Blob([bytes.slice()], { type: 'application/pdf' }), name);
  const response = await fetch(`${baseUrl}/api/documents/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { document: { id: string } };
  return body.document.id;
}

/** The newest link to `path` (e.g. /verify-email, with its query) mailed to `to`, read from the server's development outbox. */
export async function mailedLink(dataDir: string, to: string, path: string): Promise<string> {
  const { readdir, readFile } = await import('node:fs/promises');
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  // Mail leaves after the server has answered, so it may land a moment later.
  for (;;) {
    const names = existsSync(outbox) ? (await readdir(outbox)).sort().reverse() : [];
    for (const name of names) {
      const mail = await readFile(join(outbox, name), 'utf8');
      const link = new RegExp(`https?://[^\\s]+${path}\\?[^\\s]+`).exec(mail)?.[0];
      if (mail.includes(`To: ${to}\r\n`) && link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no ${path} link was mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Proves the user's address with the link the server mailed them at sign-up. */
export async function verifyEmail(server: Pick<JourneyServer, 'url' | 'dataDir'>, user: TestUser): Promise<void> {
  const link = new URL(await mailedLink(server.dataDir, user.email, '/verify-email'));
  const verified = await fetch(`${server.url}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  if (!verified.ok) throw new Error(`verify-email failed: ${verified.status} ${await verified.text()}`);
}

/** Whether any visible toast overlaps a button, link, field or the editor's toolbar and style panel. */
export async function toastCoversControl(page: Page): Promise<boolean> {
  // Measured where the toasts come to rest: while one slides in, it passes over what is above it.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return !target?.closest('[data-rht-toaster]') || animation.playState !== 'running';
    }),
  );
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].map((element) => element.getBoundingClientRect());
    const controls = [
      ...document.querySelectorAll('header a, header button, .mg-toolbar, .mg-properties, .editor-header button, main button, main a, main input'),
    ]
      .filter((element) => !element.closest('[data-rht-toaster]'))
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    return toasts.some((toast) =>
      controls.some((box) => toast.left < box.right && box.left < toast.right && toast.top < box.bottom && box.top < toast.bottom),
    );
  });
}
