// The built server (dist/main.js) as a real process: what it writes under DATA_DIR is its own
// account's alone (files 0600, folders 0700), and a stored upload is named after what it is, not
// after what the client called it.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerBuilt, startBuiltServer, type BuiltServer } from './test-support/builtServer';
import { makePdf } from './test-support/fixtures';
import { dropSchema, TEST_DATABASE } from './test-support/testServer';

let dataDir: string;
let server: BuiltServer | undefined;
const schema = `files_${Math.random().toString(16).slice(2, 10)}`;

async function start(): Promise<number> {
  server = await startBuiltServer({
    dataDir,
    schema,
    jwtSecret: 'files-test-secret-that-is-long-enough-1234',
  });
  return server.port;
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
  assertServerBuilt();
  // A fresh folder inside a temporary one, so the server creates DATA_DIR itself.
  dataDir = join(await mkdtemp(join(tmpdir(), 'marginalia-files-')), 'data');
});
afterAll(async () => {
  await server?.stop();
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
