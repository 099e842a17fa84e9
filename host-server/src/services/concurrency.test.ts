// Uploads racing each other: none lost, none duplicated, and the free quota exact under contention.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test-support/fixtures';
import { listen } from '../test-support/multipart';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { QUOTA_MESSAGE } from './quota';

let t: TestServer;
let baseUrl: string;
let close: () => void;

beforeAll(async () => {
  t = await createTestServer();
  const server = createServer(t.app.callback());
  baseUrl = `http://127.0.0.1:${await listen(server)}`;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
});
afterAll(async () => {
  close();
  await t.close();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function upload(token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const response = await fetch(`${baseUrl}/api/documents/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { document?: { id: string; name: string }; message?: string } };
}

describe('concurrent uploads', () => {
  it('20 at once by a paid-plan user all land, none lost or duplicated', async () => {
    const { user, token } = await t.createUser({ plan: 'personal' });
    const files = await Promise.all(Array.from({ length: 20 }, (_, i) => makePdf(1, `Concurrent upload ${i}`)));
    const results = await Promise.all(files.map((bytes, i) => upload(token, bytes, `upload-${i}.pdf`)));
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(201));

    const rows = await t.app.server.models.Document.query().where('userId', user.id);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.id)).size).toBe(20);
    expect(rows.map((row) => row.name).sort()).toEqual(files.map((_, i) => `upload-${i}.pdf`).sort());
    for (const row of rows) {
      const index = Number(/upload-(\d+)\.pdf/.exec(row.name)?.[1]);
      const stored = await readFile(join(t.dataDir, 'files', row.sourceKey));
      expect(sha(stored)).toBe(sha(files[index] as Buffer));
    }
    expect((await t.storedFiles()).filter((name) => rows.some((row) => row.sourceKey === name))).toHaveLength(20);
    expect(await t.temporaryFiles()).toEqual([]);
  });

  it('6 in parallel by a free user against the quota of 3 give exactly 3 documents', async () => {
    const { user, token } = await t.createUser({ plan: 'free' });
    const pdf = await makePdf(1, 'quota race');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(token, pdf, `race-${i}.pdf`)));
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    for (const refused of results.filter((result) => result.status === 429)) {
      expect(refused.body.message).toBe(QUOTA_MESSAGE);
    }
    const rows = await t.app.server.models.Document.query().where('userId', user.id);
    expect(rows).toHaveLength(3);
    const stored = await t.storedFiles();
    expect(stored.filter((name) => rows.some((row) => row.sourceKey === name))).toHaveLength(3);
    const fresh = await t.app.server.models.User.query().findById(user.id);
    expect(fresh?.dailyUsage).toBe(3);
    expect(await t.temporaryFiles()).toEqual([]);
  });
});
