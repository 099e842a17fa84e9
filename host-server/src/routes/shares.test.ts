import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test-support/fixtures';
import { createTestServer, type TestServer } from '../test-support/testServer';

let t: TestServer;
let now = new Date('2032-03-01T12:00:00Z');
let owner: string;
let documentId: string;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestServer({ now: () => now, config: { tokenTtlSeconds: 7 * 24 * 3600 } });
  ({ token: owner } = await t.createUser({ plan: 'personal' }));
  pdf = await makePdf(1);
  const upload = await t.http.post('/api/documents/upload').set('Authorization', `Bearer ${owner}`).attach('file', pdf, 'shared.pdf').expect(201);
  documentId = upload.body.document.id;
  await t.http
    .put(`/api/documents/${documentId}/annotations`)
    .set('Authorization', `Bearer ${owner}`)
    .send({ annotations: [normalizeAnnotation({ id: 'n1', type: 'highlight', page: 1, position: { x: 10, y: 10 } })], version: 0 })
    .expect(200);
});
afterAll(() => t.close());

const create = (body: object = {}) =>
  t.http.post(`/api/documents/${documentId}/shares`).set('Authorization', `Bearer ${owner}`).send(body);

describe('share links', () => {
  it('give anyone holding the token read-only access to the document, annotations and PDF', async () => {
    const created = await create().expect(201);
    const { token, id } = created.body.share;
    expect(token).toMatch(/^[\w-]{43}$/);
    const shared = await t.http.get(`/api/shares/${token}`).expect(200);
    expect(shared.body.document).toMatchObject({ id: documentId, name: 'shared.pdf', status: 'READY' });
    expect(shared.body.document.userId).toBeUndefined();
    expect(shared.body.annotations.map((a: { id: string }) => a.id)).toEqual(['n1']);
    const file = await t.http.get(shared.body.fileUrl).expect(200);
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
    // Only the hash is stored.
    const row = await t.app.server.models.Share.query().findById(id);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('grant no write access', async () => {
    const { token } = (await create().expect(201)).body.share;
    await t.http.put(`/api/shares/${token}`).send({}).expect(405);
    await t.http.delete(`/api/shares/${token}`).expect(405);
  });

  it('stop working once revoked', async () => {
    const { token, id } = (await create().expect(201)).body.share;
    const list = await t.http.get(`/api/documents/${documentId}/shares`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(list.body.shares.map((s: { id: string }) => s.id)).toContain(id);
    expect(JSON.stringify(list.body)).not.toContain(token);
    await t.http.delete(`/api/documents/${documentId}/shares/${id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    await t.http.get(`/api/shares/${token}`).expect(404);
    await t.http.get(`/api/shares/${token}/file`).expect(404);
  });

  it('stop working after their expiry', async () => {
    const { token } = (await create({ expiresInHours: 2 }).expect(201)).body.share;
    await t.http.get(`/api/shares/${token}`).expect(200);
    now = new Date(now.getTime() + 2 * 3600_000 + 1000);
    const expired = await t.http.get(`/api/shares/${token}`).expect(404);
    expect(expired.body.message).toBe('This share link is invalid, revoked or expired.');
    await create({ expiresInHours: -1 }).expect(400);
  });

  it('cannot be created or revoked by another user, and unknown tokens answer 404', async () => {
    const { token: stranger } = await t.createUser();
    await t.http.post(`/api/documents/${documentId}/shares`).set('Authorization', `Bearer ${stranger}`).send({}).expect(404);
    const { id } = (await create().expect(201)).body.share;
    await t.http.delete(`/api/documents/${documentId}/shares/${id}`).set('Authorization', `Bearer ${stranger}`).expect(404);
    await t.http.get(`/api/shares/${'x'.repeat(43)}`).expect(404);
    await t.http.get('/api/shares/short').expect(404);
  });

  it('die with the document', async () => {
    const { token } = (await create().expect(201)).body.share;
    await t.http.delete(`/api/documents/${documentId}`).set('Authorization', `Bearer ${owner}`).expect(200);
    await t.http.get(`/api/shares/${token}`).expect(404);
    expect(await t.app.server.models.Share.query().resultSize()).toBe(0);
  });
});
