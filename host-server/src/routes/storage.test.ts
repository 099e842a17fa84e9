// Storage limits: each plan's limit covers an account's uploads and the PDFs its page saves keep;
// past it, saves that add bytes answer 413 with what is used and allowed, and nothing of them stays.
// Parallel saves cannot both pass when only one fits. Guests' recovery drafts share one cap (507).
// The limits here are a few of the test's PDFs, set through the configuration as an operator would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../config';
import { GUEST_STORAGE_FULL, STORAGE_LIMIT_REACHED } from '../errors';
import { formatBytes, GUEST_STORAGE_FULL_MESSAGE } from '../services/storage';
import { makePdf } from '../test-support/fixtures';
import { createTestServer, type TestServer } from '../test-support/testServer';

let t: TestServer;
/** What uploads send; page saves send it or `small`, which fits twice in half of it. */
let pdf: Buffer;
let small: Buffer;
const FREE_LIMIT_IN_PDFS = 2.5;

beforeAll(async () => {
  pdf = await makePdf(10);
  small = await makePdf(1);
  t = await createTestServer({
    config: {
      limits: {
        ...DEFAULT_LIMITS,
        // Only storage limits uploads here.
        freeDailyUploads: 1000,
        storageBytes: {
          free: Math.floor(FREE_LIMIT_IN_PDFS * pdf.length),
          personal: 10 * pdf.length,
          team: 100 * pdf.length,
        },
        guestDraftsBytes: Math.floor(1.5 * pdf.length) + 100,
      },
    },
  });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const upload = (token: string, file = pdf) =>
  t.http.post('/api/documents/upload').set(bearer(token)).attach('file', file, 'memo.pdf');
const me = async (token: string) =>
  (await t.http.get('/api/auth/me').set(bearer(token)).expect(200)).body.user as { storageUsed: number; storageLimit: number };
const putContent = (token: string, documentId: string, file: Buffer, version: number) =>
  t.http
    .put(`/api/documents/${documentId}/content`)
    .set(bearer(token))
    .field('annotations', '[]')
    .field('version', String(version))
    .attach('file', file, 'pages.pdf');
const draft = (email: string) =>
  t.http
    .post('/api/recovery')
    .field('email', email)
    .field('annotations', '[]')
    .field('editCount', '1')
    .field('timeSpent', '1')
    .attach('file', pdf, 'draft.pdf');

function expectStorageRefusal(response: { status: number; body: Record<string, unknown> }, used: number, limit: number): void {
  expect(response.status).toBe(413);
  expect(response.body).toEqual({
    message: `Storage limit reached: ${formatBytes(used)} of ${formatBytes(limit)} used. Delete documents or old versions to free space, or upgrade your plan for more storage.`,
    code: STORAGE_LIMIT_REACHED,
    used,
    limit,
  });
}

describe('account storage', () => {
  it('tells each plan its limit, a running trial the Personal one', async () => {
    const limits = DEFAULT_LIMITS.storageBytes;
    expect(limits).toEqual({ free: 1024 ** 3, personal: 10 * 1024 ** 3, team: 100 * 1024 ** 3 });
    const free = await t.createUser();
    expect(await me(free.token)).toEqual(expect.objectContaining({ storageUsed: 0, storageLimit: Math.floor(2.5 * pdf.length) }));
    expect((await me((await t.createUser({ plan: 'team' })).token)).storageLimit).toBe(100 * pdf.length);
    await t.http.post('/api/account/trial').set(bearer(free.token)).expect(201);
    expect((await me(free.token)).storageLimit).toBe(10 * pdf.length);
  });

  it('refuses an upload past the limit with 413, used and limit, and keeps none of it', async () => {
    const { token } = await t.createUser();
    const limit = Math.floor(FREE_LIMIT_IN_PDFS * pdf.length);
    await upload(token).expect(201);
    await upload(token).expect(201);
    const files = await t.storedFiles();
    expectStorageRefusal(await upload(token), 2 * pdf.length, limit);
    expect(await t.storedFiles()).toEqual(files);
    expect(await me(token)).toEqual(expect.objectContaining({ storageUsed: 2 * pdf.length, storageLimit: limit }));
    const list = await t.http.get('/api/documents').set(bearer(token)).expect(200);
    expect(list.body.pagination.total).toBe(2);
  });

  it('counts page saves: the revision PDFs they keep fill the storage, and one that does not fit changes nothing', async () => {
    const { token } = await t.createUser();
    const limit = Math.floor(FREE_LIMIT_IN_PDFS * pdf.length);
    const documentId = (await upload(token).expect(201)).body.document.id as string;
    // The upload plus one saved PDF of the same size fit; a second one does not.
    await putContent(token, documentId, pdf, 0).expect(200);
    expect((await me(token)).storageUsed).toBe(2 * pdf.length);
    const files = await t.storedFiles();
    expectStorageRefusal(await putContent(token, documentId, pdf, 1), 2 * pdf.length, limit);
    expect(await t.storedFiles()).toEqual(files);
    const annotations = await t.http.get(`/api/documents/${documentId}/annotations`).set(bearer(token)).expect(200);
    expect(annotations.body.version).toBe(1);
    const revisions = await t.http.get(`/api/documents/${documentId}/revisions`).set(bearer(token)).expect(200);
    expect(revisions.body.revisions).toHaveLength(1);

    // What adds no bytes still works at the limit: a named version, a restore, deleting.
    await t.http.post(`/api/documents/${documentId}/revisions`).set(bearer(token)).send({ label: 'Kept' }).expect(201);
    await t.http.delete(`/api/documents/${documentId}`).set(bearer(token)).expect(200);
    expect((await me(token)).storageUsed).toBe(0);
    await upload(token).expect(201);
  });

  it('refuses before reading the body once the account is full', async () => {
    const { user, token } = await t.createUser();
    await upload(token).expect(201);
    await upload(token).expect(201);
    // Now exactly at the limit: the plan's limit is lowered to what is used.
    await t.knex('users').where('id', user.id).update({ plan: 'personal' });
    await upload(token).expect(201);
    await t.knex('users').where('id', user.id).update({ plan: 'free' });
    const response = await upload(token);
    expectStorageRefusal(response, 3 * pdf.length, Math.floor(FREE_LIMIT_IN_PDFS * pdf.length));
    expect(response.headers.connection).toBe('close');
  });

  it('lets only the uploads that fit through when they arrive together', async () => {
    const { token } = await t.createUser();
    // Room for two of the four.
    const answers = await Promise.all([0, 1, 2, 3].map(() => upload(token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 413, 413]);
    expect((await me(token)).storageUsed).toBe(2 * pdf.length);
  });

  it('lets only the page saves that fit through when they arrive together', async () => {
    const { token } = await t.createUser();
    const [first, second] = await Promise.all([upload(token).expect(201), upload(token).expect(201)]);
    // 2 PDFs stored of 2.5: the two saves each fit alone, not together.
    expect(2 * small.length).toBeGreaterThan(0.5 * pdf.length);
    const answers = await Promise.all(
      [first, second].map((answer) => putContent(token, answer.body.document.id as string, small, 0)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 413]);
    expect((await me(token)).storageUsed).toBe(2 * pdf.length + small.length);
  });
});

describe('guest recovery drafts', () => {
  it('share one cap: past it the server answers 507 with a clear message, one of two racing drafts', async () => {
    const answers = await Promise.all([draft('first@example.com'), draft('second@example.com')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 507]);
    const refused = answers.find((answer) => answer.status === 507);
    expect(refused?.body).toEqual({ message: GUEST_STORAGE_FULL_MESSAGE, code: GUEST_STORAGE_FULL });
    // Full now: refused before the file is read.
    const again = await draft('third@example.com').expect(507);
    expect(again.headers.connection).toBe('close');
  });
});
