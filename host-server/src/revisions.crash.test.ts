// The built server (dist/main.js) as a real process, killed with SIGKILL while a page save (a new
// PDF plus annotations, which records a revision) is arriving, then restarted on the same DATA_DIR
// and database: the document and its previous revision are exactly as they were.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerBuilt, startBuiltServer } from './test-support/builtServer';
import { makePdf } from './test-support/fixtures';
import { dropSchema, TEST_DATABASE } from './test-support/testServer';

let dataDir: string;
const schema = `crash_rev_${Math.random().toString(16).slice(2, 10)}`;
const start = () =>
  startBuiltServer({ dataDir, schema, jwtSecret: 'crash-test-secret-that-is-long-enough-123' });

async function entries(...folder: string[]): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, ...folder))).sort();
  } catch {
    return [];
  }
}

/** Size of the largest file being written under DATA_DIR/tmp. */
async function largestTemporaryFile(): Promise<number> {
  let largest = 0;
  for (const dir of await entries('tmp')) {
    for (const file of await entries('tmp', dir)) {
      largest = Math.max(
        largest,
        (await stat(join(dataDir, 'tmp', dir, file)).catch(() => ({ size: 0 }))).size,
      );
    }
  }
  return largest;
}

/**
 * Starts PUT /api/documents/:id/content with the annotations and version, then streams a PDF part
 * of `totalBytes` in 1 MiB chunks, stopping after `pauseAfterBytes` (the server is killed then).
 */
function streamPageSave(
  base: string,
  path: string,
  token: string,
  fields: Record<string, string>,
  head: Buffer,
) {
  const boundary = `----marginalia${randomBytes(8).toString('hex')}`;
  const url = new URL(path, base);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    method: 'PUT',
    path: url.pathname,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Transfer-Encoding': 'chunked',
    },
  });
  req.on('error', () => {});
  for (const [name, value] of Object.entries(fields)) {
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pages.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  req.write(head);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let written = head.length;
  const writeMore = () => {
    while (written < 24 * 1024 * 1024 && !req.destroyed) {
      written += chunk.length;
      if (!req.write(chunk)) {
        req.once('drain', writeMore);
        return;
      }
    }
  };
  writeMore();
  return { abort: () => req.destroy() };
}

beforeAll(async () => {
  assertServerBuilt();
  dataDir = await mkdtemp(join(tmpdir(), 'marginalia-crash-revision-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  if (TEST_DATABASE === 'postgres') await dropSchema(schema);
});

describe('server killed in the middle of a page save', () => {
  it('keeps the document and its previous revision intact, and leaves no stray file', async () => {
    let server = await start();
    const registered = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Crash Reviser',
        email: 'crash-revision@example.com',
        password: 'Crash-test-1',
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${server.base}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });

    const original = await makePdf(2, 'Before the crash');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(original)]), 'contract.pdf');
    const uploaded = await call('/api/documents/upload', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const { document } = (await uploaded.json()) as { document: { id: string } };
    const saved = await call(`/api/documents/${document.id}/revisions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ label: 'Signed copy' }),
    });
    expect(saved.status).toBe(201);
    const { revision } = (await saved.json()) as { revision: { id: string } };
    const filesBefore = await entries('files');

    const save = streamPageSave(
      server.base,
      `/api/documents/${document.id}/content`,
      token,
      { annotations: '[]', version: '0' },
      await makePdf(1, 'Never saved'),
    );
    let partial = 0;
    for (let i = 0; i < 200 && partial < 8 * 1024 * 1024; i += 1) {
      await delay(50);
      partial = await largestTemporaryFile();
    }
    expect(partial).toBeGreaterThan(8 * 1024 * 1024);
    await server.stop('SIGKILL');
    save.abort();

    server = await start();
    try {
      const revisions = (await (await call(`/api/documents/${document.id}/revisions`)).json()) as {
        revisions: Array<{ id: string; label: string }>;
      };
      expect(revisions.revisions.map((item) => [item.id, item.label])).toEqual([
        [revision.id, 'Signed copy'],
      ]);
      const revisionFile = await call(`/api/documents/${document.id}/revisions/${revision.id}/file`);
      expect(Buffer.from(await revisionFile.arrayBuffer())).toEqual(original);
      const current = await call(`/api/documents/${document.id}/download`);
      expect(Buffer.from(await current.arrayBuffer())).toEqual(original);
      const stored = (await (await call(`/api/documents/${document.id}`)).json()) as {
        document: { annotationsVersion: number };
      };
      expect(stored.document.annotationsVersion).toBe(0);
      expect(await entries('files')).toEqual(filesBefore);
      expect(await entries('tmp')).toEqual([]);

      // And the restarted server saves pages.
      const retry = new FormData();
      retry.append('annotations', '[]');
      retry.append('version', '0');
      retry.append('file', new Blob([new Uint8Array(await makePdf(1, 'Saved after restart'))]), 'pages.pdf');
      const after = await call(`/api/documents/${document.id}/content`, { method: 'PUT', body: retry });
      expect(after.status).toBe(200);
      expect(((await after.json()) as { revision: { number: number } }).revision.number).toBe(2);
    } finally {
      await server.stop();
    }
  });

  it('killed at whatever moment of back-to-back page saves, every document opens at a saved revision and no file is stray', async () => {
    let server = await start();
    const registered = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Busy Reviser',
        email: 'busy-revision@example.com',
        password: 'Crash-test-1',
      }),
    });
    const { token } = (await registered.json()) as { token: string };
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${server.base}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
      });
    const filesBefore = (await entries('files')).length;

    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await makePdf(1, `Document ${index}`))]),
        `doc-${index}.pdf`,
      );
      ids.push(
        (
          (await (await call('/api/documents/upload', { method: 'POST', body: form })).json()) as {
            document: { id: string };
          }
        ).document.id,
      );
    }
    const pdfs = await Promise.all([1, 2, 3, 4].map((pages) => makePdf(pages, 'Saved pages')));
    let stop = false;
    const savers = ids.map(async (id) => {
      for (let version = 0; !stop; version += 1) {
        const form = new FormData();
        form.append('annotations', '[]');
        form.append('version', String(version));
        form.append('file', new Blob([new Uint8Array(pdfs[version % pdfs.length] as Buffer)]), 'pages.pdf');
        const response = await call(`/api/documents/${id}/content`, { method: 'PUT', body: form }).catch(
          () => undefined,
        );
        if (response?.status !== 200) return;
      }
    });
    await delay(2500);
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(savers);

    server = await start();
    try {
      let revisionCount = 0;
      for (const id of ids) {
        const { revisions } = (await (await call(`/api/documents/${id}/revisions`)).json()) as {
          revisions: Array<{ id: string; pageCount: number; size: number }>;
        };
        revisionCount += revisions.length;
        const current = Buffer.from(await (await call(`/api/documents/${id}/download`)).arrayBuffer());
        const newest = revisions[0];
        if (newest) {
          const file = Buffer.from(
            await (await call(`/api/documents/${id}/revisions/${newest.id}/file`)).arrayBuffer(),
          );
          expect(file).toHaveLength(newest.size);
          expect(current).toEqual(file);
        }
        for (const revision of revisions) {
          expect((await call(`/api/documents/${id}/revisions/${revision.id}/file`)).status).toBe(200);
        }
      }
      expect(revisionCount).toBeGreaterThan(0);
      // Each document's upload plus one file per page save; nothing half-saved is left.
      expect((await entries('files')).length - filesBefore).toBe(ids.length + revisionCount);
      expect(await entries('tmp')).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
