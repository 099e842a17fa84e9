// The document list is served from a cache keyed by the user's documents version (kept by database
// triggers). Every change a user can make, and a change made behind the server's back, must show in
// the very next list: each step below reads the list first, so a stale cached copy would be served.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_WRITES_CHECK_MS } from '../infrastructure/sessions';
import { makePdf, makePng } from '../test-support/fixtures';
import { createTestServer, TEST_DATABASE, type TestServer } from '../test-support/testServer';

let t: TestServer;
let token: string;
let pdf: Buffer;
const auth = (bearer = token) => ({ Authorization: `Bearer ${bearer}` });

beforeAll(async () => {
  t = await createTestServer({ config: { sofficePath: 'soffice-not-installed-here' } });
  ({ token } = await t.createUser({ plan: 'personal' }));
  pdf = await makePdf(1);
});
afterAll(() => t.close());

interface Listed {
  id: string;
  name: string;
  status: string;
  annotationsVersion: number;
  thumbnailUrl?: string;
  updatedAt: string;
}

async function list(query = '', bearer = token): Promise<{ documents: Listed[]; pagination: { total: number } }> {
  return (await t.http.get(`/api/documents${query}`).set(auth(bearer)).expect(200)).body;
}

const listed = async (id: string) => (await list()).documents.find((document) => document.id === id);

const upload = (bytes: Buffer, name: string, bearer = token) =>
  t.http.post('/api/documents/upload').set(auth(bearer)).attach('file', bytes, name).expect(201);

describe('the cached document list', () => {
  it('shows every change at once: upload, annotation save, thumbnail, conversion, delete', async () => {
    expect((await list()).pagination.total).toBe(0);

    const first = (await upload(pdf, 'first.pdf')).body.document;
    expect((await list()).documents.map((document) => document.name)).toEqual(['first.pdf']);
    expect((await list('?search=fir')).documents).toHaveLength(1);

    const annotation = normalizeAnnotation({ id: 'a1', type: 'text', page: 1, position: { x: 72, y: 72 }, content: 'Checked' });
    await t.http.put(`/api/documents/${first.id}/annotations`).set(auth()).send({ annotations: [annotation], version: 0 }).expect(200);
    expect((await listed(first.id))?.annotationsVersion).toBe(1);

    await t.http.put(`/api/documents/${first.id}/thumbnail`).set(auth()).attach('thumbnail', makePng(20, 26), 'p1.png').expect(200);
    expect((await listed(first.id))?.thumbnailUrl).toMatch(/\?v=1&sig=/);

    const image = (await upload(makePng(30, 30), 'scan.png')).body.document;
    expect((await listed(image.id))?.status).toBe('PROCESSING');
    await t.runner.drain();
    expect((await listed(image.id))?.status).toBe('READY');

    await t.http.delete(`/api/documents/${first.id}`).set(auth()).expect(200);
    const after = await list();
    expect(after.documents.map((document) => document.id)).toEqual([image.id]);
    expect(after.pagination.total).toBe(1);
    expect((await list('?search=fir')).documents).toEqual([]);
  });

  it('never shows one user the list cached for another', async () => {
    const other = await t.createUser({ plan: 'personal' });
    await upload(pdf, 'theirs.pdf', other.token);
    const mine = await list();
    const theirs = await list('', other.token);
    expect(theirs.documents.map((document) => document.name)).toEqual(['theirs.pdf']);
    expect(mine.documents.map((document) => document.name)).not.toContain('theirs.pdf');
  });

  it('answers the same list for equivalent queries, and validates a query it has not seen', async () => {
    const plain = await list();
    expect(await list('?page=1&limit=20')).toEqual(plain);
    await t.http.get('/api/documents?page=0').set(auth()).expect(400);
    await t.http.get('/api/documents?limit=500').set(auth()).expect(400);
  });

  it('shows a change made to the database behind the server (another process, a script)', async () => {
    const { document } = (await upload(pdf, 'before rename.pdf')).body;
    expect((await listed(document.id))?.name).toBe('before rename.pdf');
    if (TEST_DATABASE === 'sqlite') {
      const outside = new DatabaseSync(join(t.dataDir, 'marginalia.sqlite'));
      try {
        outside.exec('PRAGMA busy_timeout = 10000');
        outside.prepare('update documents set name = ? where id = ?').run('renamed outside.pdf', document.id);
      } finally {
        outside.close();
      }
      // Writes by other processes are noticed within EXTERNAL_WRITES_CHECK_MS.
      await new Promise((resolve) => setTimeout(resolve, EXTERNAL_WRITES_CHECK_MS + 50));
    } else {
      await t.knex.raw('update documents set name = ? where id = ?', ['renamed outside.pdf', document.id]);
    }
    expect((await listed(document.id))?.name).toBe('renamed outside.pdf');
  });
});

describe('the list cache under one account', () => {
  it('keeps at most its lists per user and its bytes, however many distinct queries the account sends', async () => {
    const { user, token: bearer } = await t.createUser();
    const cache = t.app.server.listCache;
    for (let i = 0; i < 120; i += 1) {
      await t.http.get(`/api/documents?page=1&search=${'q'.repeat(150)}${i}&pad=${'x'.repeat(4000)}`).set(auth(bearer)).expect(200);
    }
    expect(cache.entriesOf(user.id)).toBe(cache.limits.maxEntriesPerUser);
    expect(cache.bytes).toBeLessThanOrEqual(cache.limits.maxBytes);
  });
});
