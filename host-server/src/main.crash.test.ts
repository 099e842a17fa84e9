// The built server (dist/main.js) as a real process: killed with SIGKILL in the middle of an upload,
// then restarted on the same DATA_DIR and database. Nothing half-written may survive.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './test-support/fixtures';
import { streamUpload } from './test-support/multipart';
import { dropSchema, TEST_DATABASE } from './test-support/testServer';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');

let dataDir: string;
const schema = `crash_${Math.random().toString(16).slice(2, 10)}`;
const env = () => ({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  JWT_SECRET: 'crash-test-secret-that-is-long-enough-123',
  DATABASE_URL: TEST_DATABASE === 'postgres' ? process.env.DATABASE_URL : '',
  DATABASE_SCHEMA: TEST_DATABASE === 'postgres' ? schema : '',
  // Rate limits in this process's memory: a shared Redis would carry counts over from other runs.
  REDIS_URL: '',
  PUBLIC_DIR: join(dataDir, 'no-web-app'),
});

async function start(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [MAIN], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, port };
}

async function entries(folder: string): Promise<string[]> {
  try {
    return await readdir(join(dataDir, folder));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('dist/main.js is missing: run `npm run build -w @marginalia/host-server` first');
  dataDir = await mkdtemp(join(tmpdir(), 'marginalia-crash-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  if (TEST_DATABASE === 'postgres') await dropSchema(schema);
});

describe('server killed in the middle of an upload', () => {
  it('leaves no document, stored file or temporary file after restart', async () => {
    let server = await start();
    const base = `http://127.0.0.1:${server.port}`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Tester', email: 'crash@example.com', password: 'Crash-test-1' }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };

    const pdf = await makePdf(1);
    const upload = streamUpload(server.port, {
      token,
      totalBytes: 60 * 1024 * 1024,
      head: pdf.subarray(0, 1024),
      pauseAfterBytes: 24 * 1024 * 1024,
    });
    // Wait until the server is writing the upload to its temporary folder, then kill it.
    let partial = 0;
    for (let i = 0; i < 200 && partial < 8 * 1024 * 1024; i += 1) {
      await delay(50);
      for (const dir of await entries('tmp')) {
        for (const file of await readdir(join(dataDir, 'tmp', dir)).catch(() => [])) {
          partial = Math.max(partial, (await stat(join(dataDir, 'tmp', dir, file)).catch(() => ({ size: 0 }))).size);
        }
      }
    }
    expect(partial).toBeGreaterThan(8 * 1024 * 1024);
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    upload.abort();
    expect((await entries('tmp')).length).toBeGreaterThan(0);

    server = await start();
    try {
      const list = await fetch(`http://127.0.0.1:${server.port}/api/documents`, { headers: { Authorization: `Bearer ${token}` } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { pagination: { total: number } }).pagination.total).toBe(0);
      expect(await entries('files')).toEqual([]);
      expect(await entries('tmp')).toEqual([]);

      // And the restarted server works.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)]), 'after-restart.pdf');
      const after = await fetch(`http://127.0.0.1:${server.port}/api/documents/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      expect(after.status).toBe(201);
      expect(await entries('files')).toHaveLength(1);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  });
});

describe('configuration checked at start', () => {
  it('refuses to start with a message naming each bad variable', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...env(), PORT: 'eighty', DATABASE_URL: 'mysql://db', CORS_ORIGINS: 'not a url' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('PORT: must be a port number');
    expect(output).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(output).toContain('CORS_ORIGINS: "not a url" is not an origin');
  });
});
