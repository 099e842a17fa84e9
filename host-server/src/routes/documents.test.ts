import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_MESSAGE } from '../services/quota';
import { hasSharedPdfs, makePdf, makePng, sharedPdf } from '../test-support/fixtures';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';

let t: TestServer;
let token: string;
let pdf: Buffer;
const auth = () => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'personal', name: 'Owner' }));
  pdf = await makePdf(2);
});
afterAll(() => t.close());

function upload(bytes: Buffer, filename: string, bearer = token) {
  return t.http.post('/api/documents/upload').set('Authorization', `Bearer ${bearer}`).attach('file', bytes, filename);
}

describe('upload', () => {
  it('stores a PDF and answers 201 { document } with status READY', async () => {
    const response = await upload(pdf, 'Quarterly report.pdf').expect(201);
    const { document } = response.body;
    expect(document).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Quarterly report.pdf',
      originalName: 'Quarterly report.pdf',
      size: pdf.length,
      mimeType: 'application/pdf',
      status: 'READY',
    });
    const stored = await t.storedFiles();
    expect(stored).toContain(`${document.id}.pdf`);
    expect(await readFile(join(t.dataDir, 'files', `${document.id}.pdf`))).toEqual(pdf);
    expect(await t.temporaryFiles()).toEqual([]);
  });

  it.skipIf(!hasSharedPdfs)('accepts a real multi-page paper (tracemonkey.pdf) byte for byte', async () => {
    const bytes = sharedPdf('tracemonkey.pdf');
    const { body } = await upload(bytes, 'tracemonkey.pdf').expect(201);
    const download = await binary(t.http.get(`/api/documents/${body.document.id}/download`).set(auth())).expect(200);
    expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);
  });

  it('refuses an unauthenticated upload with 401 and writes nothing', async () => {
    const before = await t.storedFiles();
    await t.http.post('/api/documents/upload').attach('file', pdf, 'x.pdf').expect(401);
    expect(await t.storedFiles()).toEqual(before);
  });
});

describe('list, read, download, delete', () => {
  let ids: string[] = [];

  beforeAll(async () => {
    const { token: listToken } = await t.createUser({ plan: 'team' });
    token = listToken;
    ids = [];
    for (const name of ['alpha.pdf', 'beta 100%.pdf', 'gamma_1.pdf', "o'brien.pdf", 'Alpha two.pdf']) {
      ids.push((await upload(pdf, name).expect(201)).body.document.id);
    }
  });

  it('pages newest first with { documents, pagination: { page, limit, total, pages } }', async () => {
    const first = await t.http.get('/api/documents?page=1&limit=2').set(auth()).expect(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    expect(first.body.documents.map((d: { name: string }) => d.name)).toEqual(['Alpha two.pdf', "o'brien.pdf"]);
    const last = await t.http.get('/api/documents?page=3&limit=2').set(auth()).expect(200);
    expect(last.body.documents).toHaveLength(1);
    const byDefault = await t.http.get('/api/documents').set(auth()).expect(200);
    expect(byDefault.body.pagination).toEqual({ page: 1, limit: 20, total: 5, pages: 1 });
  });

  it('searches names case-insensitively and takes SQL metacharacters literally', async () => {
    const search = async (term: string) =>
      (await t.http.get('/api/documents').query({ search: term }).set(auth()).expect(200)).body.documents.map(
        (d: { name: string }) => d.name,
      );
    expect((await search('ALPHA')).sort()).toEqual(['Alpha two.pdf', 'alpha.pdf']);
    expect(await search('100%')).toEqual(['beta 100%.pdf']);
    expect(await search('%')).toEqual(['beta 100%.pdf']);
    expect(await search('_')).toEqual(['gamma_1.pdf']);
    expect(await search("o'brien")).toEqual(["o'brien.pdf"]);
    expect(await search("'; DROP TABLE documents; --")).toEqual([]);
    expect(await search("' OR '1'='1")).toEqual([]);
    expect((await t.http.get('/api/documents').set(auth()).expect(200)).body.pagination.total).toBe(5);
  });

  it('validates paging parameters', async () => {
    const response = await t.http.get('/api/documents?page=0&limit=500').set(auth()).expect(400);
    expect(response.body.message).toContain('page');
    expect(response.body.message).toContain('limit');
  });

  it('reads one document and downloads it with a safe Content-Disposition', async () => {
    const id = ids[1] as string;
    const one = await t.http.get(`/api/documents/${id}`).set(auth()).expect(200);
    expect(one.body.document.name).toBe('beta 100%.pdf');
    const download = await t.http.get(`/api/documents/${id}/download`).set(auth()).expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="beta 100%.pdf"; filename*=UTF-8''beta%20100%25.pdf`,
    );
  });

  it('deletes the row and the file', async () => {
    const id = ids[0] as string;
    await t.http.delete(`/api/documents/${id}`).set(auth()).expect(200);
    await t.http.get(`/api/documents/${id}`).set(auth()).expect(404);
    expect(await t.app.server.models.Document.query().findById(id)).toBeUndefined();
    expect(await t.storedFiles()).not.toContain(`${id}.pdf`);
  });
});

describe("another user's documents", () => {
  it('answer 404 for every route, and stay untouched', async () => {
    const owner = await t.createUser({ plan: 'personal' });
    const intruder = await t.createUser({ plan: 'personal' });
    const { body } = await upload(pdf, 'private.pdf', owner.token).expect(201);
    const id = body.document.id as string;
    const as = { Authorization: `Bearer ${intruder.token}` };
    await t.http.get(`/api/documents/${id}`).set(as).expect(404);
    await t.http.get(`/api/documents/${id}/download`).set(as).expect(404);
    await t.http.get(`/api/documents/${id}/annotations`).set(as).expect(404);
    await t.http.put(`/api/documents/${id}/annotations`).set(as).send({ annotations: [], version: 0 }).expect(404);
    await t.http.get(`/api/documents/${id}/export`).set(as).expect(404);
    await t.http.post(`/api/documents/${id}/shares`).set(as).send({}).expect(404);
    await t.http.put(`/api/documents/${id}/thumbnail`).set(as).attach('thumbnail', makePng(), 't.png').expect(404);
    await t.http.delete(`/api/documents/${id}`).set(as).expect(404);
    const list = await t.http.get('/api/documents').set(as).expect(200);
    expect(list.body.pagination.total).toBe(0);
    expect(await t.app.server.models.Document.query().findById(id)).toBeDefined();
    await t.http.get(`/api/documents/${id}`).set({ Authorization: `Bearer ${owner.token}` }).expect(200);
    await t.http.get('/api/documents/not-a-uuid').set(as).expect(404);
  });
});

describe('free plan quota', () => {
  it('allows 3 uploads per UTC day, then 429 with the spec message, and resets the next day', async () => {
    let now = new Date('2031-05-01T23:58:00Z');
    const server = await createTestServer({ now: () => now });
    try {
      const { token: free } = await server.createUser({ plan: 'free' });
      const send = () =>
        server.http.post('/api/documents/upload').set('Authorization', `Bearer ${free}`).attach('file', pdf, 'q.pdf');
      for (let i = 0; i < 3; i += 1) await send().expect(201);
      const refused = await send().expect(429);
      expect(refused.body.message).toBe(QUOTA_MESSAGE);
      const me = await server.http.get('/api/auth/me').set('Authorization', `Bearer ${free}`).expect(200);
      expect(me.body.user).toMatchObject({ dailyUsage: 3, dailyLimit: 3, storageUsed: 3 * pdf.length });
      now = new Date('2031-05-02T00:00:01Z');
      const nextDay = await server.http.get('/api/auth/me').set('Authorization', `Bearer ${free}`).expect(200);
      expect(nextDay.body.user.dailyUsage).toBe(0);
      await send().expect(201);
      expect(await server.app.server.models.Document.query().resultSize()).toBe(4);
    } finally {
      await server.close();
    }
  });
});

describe('thumbnails', () => {
  it('stores a client-rendered page-1 thumbnail and serves it at a signed thumbnailUrl', async () => {
    const { body } = await upload(pdf, 'thumbed.pdf').expect(201);
    const id = body.document.id as string;
    expect(body.document.thumbnailUrl).toBeUndefined();
    const png = makePng(64, 80);
    const updated = await t.http.put(`/api/documents/${id}/thumbnail`).set(auth()).attach('thumbnail', png, 'p1.png').expect(200);
    const url = updated.body.document.thumbnailUrl as string;
    expect(url).toMatch(new RegExp(`^/api/documents/${id}/thumbnail\\?v=1&sig=[\\w-]{32}$`));
    const image = await t.http.get(url).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
    await t.http.get(url.replace(/sig=[\w-]+/, 'sig=' + 'A'.repeat(32))).expect(404);
    await t.http.get(`/api/documents/${id}/thumbnail?v=1`).expect(404);

    const second = await t.http.put(`/api/documents/${id}/thumbnail`).set(auth()).attach('thumbnail', makePng(10, 10), 'p1.png').expect(200);
    expect(second.body.document.thumbnailUrl).toContain('v=2');
    await t.http.get(url).expect(404);
    const thumbnails = (await t.storedFiles()).filter((name) => name.startsWith(`${id}.thumbnail`));
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]).toMatch(new RegExp(`^${id}\\.thumbnail-2-[0-9a-f]{8}\\.png$`));

    await t.http.put(`/api/documents/${id}/thumbnail`).set(auth()).attach('thumbnail', pdf, 'p1.png').expect(415);
  });

  it('keeps the winning file when thumbnails of one document race', async () => {
    const { body } = await upload(pdf, 'raced.pdf').expect(201);
    const id = body.document.id as string;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.http.put(`/api/documents/${id}/thumbnail`).set(auth()).attach('thumbnail', makePng(8 + i, 8), 'p.png'),
      ),
    );
    expect(results.every((result) => result.status === 200 || result.status === 409)).toBe(true);
    const row = await t.app.server.models.Document.query().findById(id);
    const files = (await t.storedFiles()).filter((name) => name.startsWith(`${id}.thumbnail`));
    expect(files).toEqual([row?.thumbnailKey]);
    const { body: current } = await t.http.get(`/api/documents/${id}`).set(auth()).expect(200);
    await t.http.get(current.document.thumbnailUrl).expect(200);
  });
});
