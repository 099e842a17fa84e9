// The built server (dist/main.js) as a real process: killed with SIGKILL in the middle of an upload,
// then restarted on the same DATA_DIR and database. Nothing half-written may survive.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerBuilt, BUILT_MAIN, builtServerEnv, startBuiltServer } from './test-support/builtServer';
import { makePdf } from './test-support/fixtures';
import { streamUpload } from './test-support/multipart';
import { dropSchema, TEST_DATABASE } from './test-support/testServer';

let dataDir: string;
const schema = `crash_${Math.random().toString(16).slice(2, 10)}`;
const serverOptions = () => ({ dataDir, schema, jwtSecret: 'crash-test-secret-that-is-long-enough-123' });
const start = () => startBuiltServer(serverOptions());

async function entries(folder: string): Promise<string[]> {
  try {
    return await readdir(join(dataDir, folder));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  assertServerBuilt();
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
    await server.stop('SIGKILL');
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
      await server.stop();
    }
  });
});

describe('configuration checked at start', () => {
  it('refuses to start with a message naming each bad variable', async () => {
    const child = spawn(process.execPath, [BUILT_MAIN], {
      env: { ...builtServerEnv(serverOptions()), PORT: 'eighty', DATABASE_URL: 'mysql://db', CORS_ORIGINS: 'not a url' },
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
