// 50 concurrent writers for 30 seconds against a listening server: saves with version conflicts,
// uploads and deletes, share links, thumbnails and profile edits all at once. No answer may be a
// 5xx (on SQLite that would be SQLITE_BUSY leaking out), and files and rows must agree afterwards.
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, makePng } from './test-support/fixtures';
import { listen } from './test-support/multipart';
import { createTestServer, type TestServer } from './test-support/testServer';

const WRITERS = 50;
const DURATION_MS = 30_000;

let t: TestServer;
let base: string;
let closeServer: () => void;

beforeAll(async () => {
  t = await createTestServer();
  const server = createServer(t.app.callback());
  base = `http://127.0.0.1:${await listen(server)}`;
  closeServer = () => {
    server.closeAllConnections();
    server.close();
  };
});
afterAll(async () => {
  closeServer();
  await t.close();
});

describe('50 concurrent writers for 30 s', () => {
  it('never answer 5xx', { timeout: DURATION_MS + 60_000 }, async () => {
    const pdf = await makePdf(1, 'writer');
    const png = makePng(16, 16);
    const users = await Promise.all(Array.from({ length: 5 }, () => t.createUser({ plan: 'team' })));
    const documents: Array<{ token: string; id: string }> = [];
    for (const { token } of users) {
      for (let i = 0; i < 2; i += 1) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(pdf)]), `base-${i}.pdf`);
        const response = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
        expect(response.status).toBe(201);
        documents.push({ token, id: ((await response.json()) as { document: { id: string } }).document.id });
      }
    }

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const deadline = Date.now() + DURATION_MS;

    async function call(path: string, init: RequestInit & { token: string }): Promise<Response> {
      const response = await fetch(`${base}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${init.token}`, ...(init.headers as Record<string, string>) },
      });
      count(response.status);
      // Load shedding (uploads in progress per address, the PDF job queue) must say when to retry.
      if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      return response;
    }
    const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

    async function writer(index: number): Promise<void> {
      const target = documents[index % documents.length] as { token: string; id: string };
      const { token, id } = target;
      let version = 0;
      for (let round = 0; Date.now() < deadline; round += 1) {
        const kind = (index + round) % 10;
        if (kind <= 5) {
          const annotation = normalizeAnnotation({ type: 'text', page: 1, position: { x: 10, y: 10 + (round % 50) }, content: `w${index} r${round}` });
          const response = await call(`/api/documents/${id}/annotations`, { method: 'PUT', token, ...json({ annotations: [annotation], version }) });
          const body = (await response.json()) as { version: number };
          version = body.version;
        } else if (kind === 6) {
          const created = await call(`/api/documents/${id}/shares`, { method: 'POST', token, ...json({ expiresInHours: 1 }) });
          const { share } = (await created.json()) as { share: { id: string } };
          await (await call(`/api/documents/${id}/shares/${share.id}`, { method: 'DELETE', token })).arrayBuffer();
        } else if (kind === 7) {
          await (await call('/api/auth/profile', { method: 'PATCH', token, ...json({ name: `Writer ${index}-${round}` }) })).arrayBuffer();
        } else if (kind === 8) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(pdf)]), `w${index}-${round}.pdf`);
          const uploaded = await call('/api/documents/upload', { method: 'POST', token, body: form });
          const { document } = (await uploaded.json()) as { document?: { id: string } };
          if (document) await (await call(`/api/documents/${document.id}`, { method: 'DELETE', token })).arrayBuffer();
        } else {
          const form = new FormData();
          form.append('thumbnail', new Blob([new Uint8Array(png)]), 'thumb.png');
          await (await call(`/api/documents/${id}/thumbnail`, { method: 'PUT', token, body: form })).arrayBuffer();
        }
      }
    }

    await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));

    const summary = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    const total = [...statuses.values()].reduce((sum, value) => sum + value, 0);
    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, value]) => sum + value, 0);
    console.log(`[${process.env.TEST_DATABASE}] ${total} writes in ${DURATION_MS / 1000} s by ${WRITERS} writers:`, summary);
    expect(serverErrors).toBe(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
    expect([...statuses.keys()].every((status) => [200, 201, 409, 429].includes(status))).toBe(true);

    // Rows and files agree: every stored file belongs to a row, every row's file exists.
    const rows = await t.app.server.models.Document.query();
    expect(rows).toHaveLength(documents.length);
    const keys = new Set(rows.flatMap((row) => row.fileKeys()));
    expect(new Set(await t.storedFiles())).toEqual(keys);
    expect(await t.temporaryFiles()).toEqual([]);
  });
});
