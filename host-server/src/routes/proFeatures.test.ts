// Pro on the server: the Comment and Signature tools are Pro (spec sections 4 and 6), so an account
// without Pro (free, trial over) cannot store new ones by any save path, whatever the browser let
// through; Pro accounts and running trials can. What an account already stored stays its own:
// opened, exported, moved, deleted and restored after it lost Pro.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { normalizeAnnotation, type Annotation } from '@marginalia/pdf-editor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_FEATURE_MESSAGE, PRO_FEATURE_REQUIRED } from '../errors';
import { textNote } from '../test-support/annotations';
import { makePdf, makePng } from '../test-support/fixtures';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';

const run = promisify(execFile);
const DAY_MS = 24 * 3600_000;

let now = new Date('2031-06-01T12:00:00Z');
let t: TestServer;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestServer({ now: () => now, config: { tokenTtlSeconds: 60 * 24 * 3600 } });
  pdf = await makePdf(1);
});
afterAll(() => t.close());

// So that a list sent and the list read back compare equal.
const FIXED_DATES = { createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-01T00:00:00.000Z' };

const signature = (id: string, x = 72): Annotation =>
  normalizeAnnotation({
    id,
    type: 'signature',
    page: 1,
    position: { x, y: 300 },
    width: 200,
    height: 80,
    imageData: `data:image/png;base64,${makePng(20, 8).toString('base64')}`,
    ...FIXED_DATES,
  });
const comment = (id: string, content: string): Annotation =>
  normalizeAnnotation({ id, type: 'comment', page: 1, position: { x: 400, y: 100 }, content, ...FIXED_DATES });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function account(plan: 'free' | 'personal' | 'team' = 'free') {
  const { user, token } = await t.createUser({ plan });
  const documentId = await t.uploadPdf(token, { name: 'contract.pdf' });
  return { user, token, documentId };
}

const stored = async (token: string, documentId: string) =>
  (await t.http.get(`/api/documents/${documentId}/annotations`).set(bearer(token)).expect(200)).body as {
    annotations: Annotation[];
    version: number;
  };
const put = (token: string, documentId: string, annotations: Annotation[], version: number) =>
  t.http.put(`/api/documents/${documentId}/annotations`).set(bearer(token)).send({ annotations, version });
const patch = (token: string, documentId: string, body: object) =>
  t.http.patch(`/api/documents/${documentId}/annotations`).set(bearer(token)).send(body);
const putContent = (token: string, documentId: string, annotations: Annotation[], version: number) =>
  t.http
    .put(`/api/documents/${documentId}/content`)
    .set(bearer(token))
    .field('annotations', JSON.stringify(annotations))
    .field('version', String(version))
    .attach('file', pdf, 'pages.pdf');
const revisions = async (token: string, documentId: string) =>
  (await t.http.get(`/api/documents/${documentId}/revisions`).set(bearer(token)).expect(200)).body.revisions as Array<{ id: string }>;

function expectProRefusal(response: { status: number; body: Record<string, unknown> }, feature: string): void {
  expect(response.status).toBe(403);
  expect(response.body).toEqual({ message: PRO_FEATURE_MESSAGE, code: PRO_FEATURE_REQUIRED, feature });
}

/** Text of page 1 as poppler's pdftotext reads it. */
async function pageText(file: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-pro-'));
  try {
    await writeFile(join(dir, 'in.pdf'), file);
    return (await run('pdftotext', ['-f', '1', '-l', '1', join(dir, 'in.pdf'), '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a free account', () => {
  it('cannot store a signature or a comment with PUT, and keeps what it had', async () => {
    const { token, documentId } = await account();
    await put(token, documentId, [textNote('t1', 'Free text is fine')], 0).expect(200);
    expectProRefusal(await put(token, documentId, [textNote('t1', 'Free text is fine'), signature('s1')], 1), 'signature annotations');
    expectProRefusal(await put(token, documentId, [comment('c1', 'Check this')], 1), 'comment annotations');
    expect(await stored(token, documentId)).toEqual({ annotations: [textNote('t1', 'Free text is fine')], version: 1 });
  });

  it('cannot add one with PATCH, nor turn an annotation into one', async () => {
    const { token, documentId } = await account();
    await put(token, documentId, [textNote('t1', 'Plain')], 0).expect(200);
    expectProRefusal(await patch(token, documentId, { added: [signature('s1')], version: 1 }), 'signature annotations');
    expectProRefusal(await patch(token, documentId, { updated: [comment('t1', 'Now a note')], version: 1 }), 'comment annotations');
    await patch(token, documentId, { added: [textNote('t2', 'Another')], version: 1 }).expect(200);
    expect((await stored(token, documentId)).annotations.map((annotation) => annotation.type)).toEqual(['text', 'text']);
  });

  it('cannot bring one in with a page save; nothing of the save is kept', async () => {
    const { token, documentId } = await account();
    expectProRefusal(await putContent(token, documentId, [signature('s1')], 0), 'signature annotations');
    expect(await stored(token, documentId)).toEqual({ annotations: [], version: 0 });
    expect(await revisions(token, documentId)).toEqual([]);
    await putContent(token, documentId, [textNote('t1', 'Pages saved')], 0).expect(200);
  });

  it('exports its own documents without the watermark: the spec gives that to every signed-in account', async () => {
    // Spec sections 1, 4 and 6: "Signed-in free users get ... downloads without watermark"; only the
    // pricing card says "Watermarked exports". The app downloads clean copies for free accounts too.
    const { token, documentId } = await account();
    await put(token, documentId, [textNote('t1', 'Mine')], 0).expect(200);
    const response = await binary(t.http.get(`/api/documents/${documentId}/export?watermark=false`).set(bearer(token))).expect(200);
    expect(response.headers['content-disposition']).toContain('contract_edited.pdf');
    expect(await pageText(response.body as Buffer)).not.toContain('Free Version');
  });

  it('cannot leave one in a guest recovery draft either (guests have no Pro)', async () => {
    const response = await t.http
      .post('/api/recovery')
      .field('email', 'guest@example.com')
      .field('annotations', JSON.stringify([signature('s1')]))
      .field('editCount', '3')
      .field('timeSpent', '2')
      .attach('file', pdf, 'draft.pdf');
    expectProRefusal(response, 'signature annotations');
  });
});

describe('Pro accounts and trials', () => {
  it('store and export signatures and comments on a paid plan, by PUT, PATCH and page save', async () => {
    for (const plan of ['personal', 'team'] as const) {
      const { token, documentId } = await account(plan);
      await put(token, documentId, [signature('s1')], 0).expect(200);
      await patch(token, documentId, { added: [comment('c1', 'Signed here')], version: 1 }).expect(200);
      await putContent(token, documentId, [signature('s1'), comment('c1', 'Signed here'), signature('s2', 300)], 2).expect(200);
      expect((await stored(token, documentId)).annotations.map((annotation) => annotation.type)).toEqual(['signature', 'comment', 'signature']);
      await binary(t.http.get(`/api/documents/${documentId}/export`).set(bearer(token))).expect(200);
    }
  });

  it('store them while a trial runs, and not once it has ended', async () => {
    now = new Date('2031-06-01T12:00:00Z');
    const { token, documentId } = await account();
    await t.http.post('/api/account/trial').set(bearer(token)).expect(201);
    await put(token, documentId, [signature('s1')], 0).expect(200);

    now = new Date(now.getTime() + 15 * DAY_MS);
    expectProRefusal(await patch(token, documentId, { added: [comment('c1', 'Too late')], version: 1 }), 'comment annotations');
    expect((await stored(token, documentId)).annotations).toEqual([signature('s1')]);
  });
});

describe('an account that lost Pro', () => {
  it('keeps, moves, exports, deletes and restores what it stored, but adds nothing new', async () => {
    const { user, token, documentId } = await account('personal');
    await putContent(token, documentId, [signature('s1'), comment('c1', 'Approved')], 0).expect(200);
    await t.knex('users').where('id', user.id).update({ plan: 'free' });

    // Opened and exported as stored.
    expect((await stored(token, documentId)).annotations).toEqual([signature('s1'), comment('c1', 'Approved')]);
    await binary(t.http.get(`/api/documents/${documentId}/export`).set(bearer(token))).expect(200);

    // Moved (same id, same kind): allowed by PUT, PATCH and page save.
    await put(token, documentId, [signature('s1', 150), comment('c1', 'Approved')], 1).expect(200);
    await patch(token, documentId, { updated: [signature('s1', 200)], version: 2 }).expect(200);
    await putContent(token, documentId, [signature('s1', 250), comment('c1', 'Approved')], 3).expect(200);

    // New ones: refused.
    expectProRefusal(await put(token, documentId, [signature('s1'), comment('c1', 'Approved'), signature('s2')], 4), 'signature annotations');
    expectProRefusal(await patch(token, documentId, { added: [comment('c2', 'More')], version: 4 }), 'comment annotations');

    // Deleted, then brought back from the first version: it was the account's own.
    await patch(token, documentId, { removed: ['s1', 'c1'], version: 4 }).expect(200);
    const first = (await revisions(token, documentId)).at(-1);
    const restored = await t.http
      .post(`/api/documents/${documentId}/revisions/${first?.id}/restore`)
      .set(bearer(token))
      .send({ version: 5 })
      .expect(200);
    expect(restored.body.annotations).toEqual([signature('s1'), comment('c1', 'Approved')]);
  });
});

describe('exports through share links (guests)', () => {
  const shareExport = async (token: string, documentId: string) => {
    const share = await t.http.post(`/api/documents/${documentId}/shares`).set(bearer(token)).send({}).expect(201);
    return binary(t.http.get(`/api/shares/${share.body.share.token}/export`)).expect(200);
  };

  it('carry the free-version watermark when the owner has no Pro, as guests\' downloads do', async () => {
    const { token, documentId } = await account('free');
    await put(token, documentId, [textNote('t1', 'Shared note')], 0).expect(200);
    const response = await shareExport(token, documentId);
    expect(response.headers['content-disposition']).toContain('contract_edited_watermark.pdf');
    expect(await pageText(response.body as Buffer)).toContain('Free Version');
  });

  it('are clean when the owner has Pro', async () => {
    const { token, documentId } = await account('personal');
    await put(token, documentId, [textNote('t1', 'Shared note')], 0).expect(200);
    const response = await shareExport(token, documentId);
    expect(response.headers['content-disposition']).toContain('contract_edited.pdf');
    expect(await pageText(response.body as Buffer)).not.toContain('Free Version');
  });
});
