// The built server (dist/main.js) as a real process: what it writes under DATA_DIR is its own
// account's alone (files 0600, folders 0700), and a stored upload is named after what it is, not
// after what the client called it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './test-support/fixtures';
import { dropSchema, TEST_DATABASE } from './test-support/testServer';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');

let dataDir: string;
let child: ChildProcess | undefined;
const schema = `files_${Math.random().toString(16).slice(2, 10)}`;

async function start(): Promise<number> {
  const server = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'files-test-secret-that-is-long-enough-1234',
      DATABASE_URL: TEST_DATABASE === 'postgres' ? process.env.DATABASE_URL : '',
      DATABASE_SCHEMA: TEST_DATABASE === 'postgres' ? schema : '',
      REDIS_URL: '',
      PUBLIC_DIR: join(dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = server;
  let output = '';
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Every file and folder under `root` with its permission bits. */
async function modes(root: string): Promise<Array<{ path: string; folder: boolean; mode: number }>> {
  const found = [];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({
      path: path.slice(root.length),
      folder: entry.isDirectory(),
      mode: (await stat(path)).mode & 0o777,
    });
  }
  return found;
}

beforeAll(async () => {
  if (!existsSync(MAIN))
    throw new Error('dist/main.js is missing: run `npm run build -w @marginalia/host-server` first');
  // A fresh folder inside a temporary one, so the server creates DATA_DIR itself.
  dataDir = join(await mkdtemp(join(tmpdir(), 'marginalia-files-')), 'data');
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
  }
  await rm(dirname(dataDir), { recursive: true, force: true });
  if (TEST_DATABASE === 'postgres') await dropSchema(schema);
});

describe('files the server writes', () => {
  it('are 0600 in 0700 folders, and stored uploads carry the extension of their sniffed type', async () => {
    const base = `http://127.0.0.1:${await start()}`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'File Owner', email: 'files@example.com', password: 'Files-test-1' }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };

    // A PDF the client calls a web page.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePdf(1))], { type: 'text/html' }), 'invoice.html');
    const uploaded = await fetch(`${base}/api/documents/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { document } = (await uploaded.json()) as { document: { id: string; name: string } };
    expect(document.name).toBe('invoice.pdf');
    const download = await fetch(`${base}/api/documents/${document.id}/download`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(download.headers.get('content-disposition')).toContain('filename="invoice.pdf"');
    expect(await readdir(join(dataDir, 'files'))).toEqual([`${document.id}.pdf`]);

    // Mail lands in the outbox.
    await fetch(`${base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'files@example.com' }),
    });
    for (
      let waited = 0;
      waited < 10_000 && (await readdir(join(dataDir, 'outbox')).catch(() => [])).length === 0;
      waited += 100
    ) {
      await delay(100);
    }

    const written = await modes(dataDir);
    const names = written.map((item) => item.path);
    expect(names).toEqual(expect.arrayContaining(['/files', '/tmp', '/outbox', `/files/${document.id}.pdf`]));
    if (TEST_DATABASE === 'sqlite')
      expect(names).toEqual(expect.arrayContaining(['/marginalia.sqlite', '/marginalia.sqlite-wal']));
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const wrong = written.filter((item) => item.mode !== (item.folder ? 0o700 : 0o600));
    expect(wrong).toEqual([]);
  });
});
