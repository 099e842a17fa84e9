import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../config';
import { LINK_EXPIRED, LINK_INVALID, purgeExpiredDrafts, RECOVERY_TTL_MS } from '../services/recovery';
import { remoteImageAnnotation } from '../test-support/annotations';
import { makePdf } from '../test-support/fixtures';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';
import { TOO_MANY_RECOVERY_LINKS } from './recovery';

let t: TestServer;
// The server's clock, moved forward by the expiry tests.
let clock = new Date('2030-03-01T09:00:00.000Z');

const highlight = normalizeAnnotation({
  id: 'h1',
  type: 'highlight',
  page: 1,
  position: { x: 72, y: 690 },
  width: 200,
  height: 20,
  createdAt: '2030-03-01T08:00:00.000Z',
  updatedAt: '2030-03-01T08:00:00.000Z',
});

interface DraftRequest {
  email?: string;
  pdf?: Buffer;
  annotations?: string;
  fileName?: string;
}

let guestPdf: Buffer;

function sendDraft(server: TestServer, request: DraftRequest = {}) {
  return server.http
    .post('/api/recovery')
    .field('email', request.email ?? 'guest@example.com')
    .field('fileName', request.fileName ?? 'lease.pdf')
    .field('editCount', '4')
    .field('timeSpent', '7')
    .field('annotations', request.annotations ?? JSON.stringify([highlight]))
    .attach('file', request.pdf ?? guestPdf, 'lease.pdf');
}

async function outbox(server: TestServer): Promise<string[]> {
  const dir = join(server.dataDir, 'outbox');
  const files = await readdir(dir).catch(() => []);
  return Promise.all(files.sort().map((file) => readFile(join(dir, file), 'utf8')));
}

beforeAll(async () => {
  guestPdf = await makePdf(2, 'Guest lease');
  t = await createTestServer({ now: () => clock });
});
afterAll(() => t.close());

describe('guest recovery drafts', () => {
  it('keeps the file and annotations for 24 hours, mails the link and opens it without signing in', async () => {
    const pdf = await makePdf(3, 'Another lease');
    const stored = await sendDraft(t, { pdf, email: 'Guest@Example.com' }).expect(201);
    const { id, expiresAt } = stored.body as { id: string; expiresAt: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(new Date(clock.getTime() + RECOVERY_TTL_MS).toISOString());

    const mails = await outbox(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: guest@example.com');
    expect(mails[0]).toContain(`http://app.test/recover/${id}`);
    // Only a hash of the id is kept.
    expect(JSON.stringify(await t.knex('recoveryDrafts').select())).not.toContain(id);

    const opened = await t.http.get(`/api/recovery/${id}`).expect(200);
    expect(opened.body).toEqual({
      fileName: 'lease.pdf',
      annotations: [highlight],
      editCount: 4,
      timeSpent: 7,
      expiresAt,
      fileUrl: `/api/recovery/${id}/file`,
    });
    expect((await binary(t.http.get(opened.body.fileUrl)).expect(200)).body).toEqual(pdf);
  });

  it('answers the spec messages: 404 for an unknown link, 410 once expired; maintenance then deletes it', async () => {
    const { id } = (await sendDraft(t).expect(201)).body as { id: string };
    const filesBefore = await t.storedFiles();
    await t.http.get('/api/recovery/not-a-link').expect(404, { message: LINK_INVALID });
    await t.http.get(`/api/recovery/${'A'.repeat(43)}`).expect(404, { message: LINK_INVALID });

    clock = new Date(clock.getTime() + RECOVERY_TTL_MS - 1000);
    await t.http.get(`/api/recovery/${id}`).expect(200);
    clock = new Date(clock.getTime() + 1000);
    await t.http.get(`/api/recovery/${id}`).expect(410, { message: LINK_EXPIRED });
    await t.http.get(`/api/recovery/${id}/file`).expect(410);

    expect(await purgeExpiredDrafts(t.app.server)).toBeGreaterThanOrEqual(1);
    await t.http.get(`/api/recovery/${id}`).expect(404, { message: LINK_INVALID });
    expect(Number((await t.knex('recoveryDrafts').count({ count: '*' }).first())?.count)).toBe(0);
    expect((await t.storedFiles()).length).toBeLessThan(filesBefore.length);
    expect((await t.storedFiles()).filter((name) => name.startsWith('recovery-'))).toEqual([]);
  });

  it('refuses what a guest could not upload: not a PDF (415), over 10 MB (413), bad annotations or e-mail (400)', async () => {
    await sendDraft(t, { pdf: Buffer.from('plain text, not a PDF') }).expect(415);
    const big = Buffer.concat([await makePdf(1), Buffer.alloc(DEFAULT_LIMITS.maxGuestUploadBytes, 0x20)]);
    await sendDraft(t, { pdf: big }).expect(413, {
      message: 'File is too large. Maximum size is 10MB for free accounts.',
    });
    await sendDraft(t, { annotations: '[{"type":"circle","page":0}]' }).expect(400);
    await sendDraft(t, { annotations: JSON.stringify([remoteImageAnnotation()]) }).expect(400);
    const badEmail = await sendDraft(t, { email: 'not-an-address' }).expect(400);
    expect(badEmail.body.message).toContain('email: Invalid email address');
    expect((await t.storedFiles()).filter((name) => name.startsWith('recovery-'))).toEqual([]);
  });
});

/** A server that mails at most `perEmail` recovery links per address and `perAddress` per client, an hour. */
function serverWithRecoveryLimits(limits: { perEmail: number; perAddress: number }): Promise<TestServer> {
  return createTestServer({
    config: {
      limits: {
        ...DEFAULT_LIMITS,
        recoveryPerEmail: { max: limits.perEmail, windowMs: 60 * 60_000 },
        recoveryPerAddress: { max: limits.perAddress, windowMs: 60 * 60_000 },
      },
    },
  });
}

describe('recovery link rate limits', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await serverWithRecoveryLimits({ perEmail: 2, perAddress: 4 });
  });
  afterAll(() => limited.close());

  it('limits links per e-mail address, then per client address, with Retry-After', async () => {
    await sendDraft(limited, { email: 'one@example.com' }).expect(201);
    await sendDraft(limited, { email: 'one@example.com' }).expect(201);
    const perEmail = await sendDraft(limited, { email: 'ONE@example.com' }).expect(429);
    expect(perEmail.body.message).toBe(TOO_MANY_RECOVERY_LINKS);
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    await sendDraft(limited, { email: 'two@example.com' }).expect(201);
    const perAddress = await sendDraft(limited, { email: 'three@example.com' }).expect(429);
    expect(perAddress.body.message).toBe(TOO_MANY_RECOVERY_LINKS);
    expect(await outbox(limited)).toHaveLength(3);
  });
});

describe('the per-e-mail recovery limit', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await serverWithRecoveryLimits({ perEmail: 2, perAddress: 100 });
  });
  afterAll(() => limited.close());

  it('counts +tag variants, and Gmail\'s dotted ones, as the one mailbox they reach', async () => {
    await sendDraft(limited, { email: 'jane+one@example.com' }).expect(201);
    await sendDraft(limited, { email: 'Jane+two@Example.com' }).expect(201);
    expect((await sendDraft(limited, { email: 'jane+three@example.com' }).expect(429)).body.message).toBe(
      TOO_MANY_RECOVERY_LINKS,
    );
    await sendDraft(limited, { email: 'jane@example.com' }).expect(429);
    // Outside Gmail a dot makes another mailbox.
    await sendDraft(limited, { email: 'ja.ne@example.com' }).expect(201);

    await sendDraft(limited, { email: 'john.smith+a@gmail.com' }).expect(201);
    await sendDraft(limited, { email: 'johnsmith@googlemail.com' }).expect(201);
    await sendDraft(limited, { email: 'J.O.H.N.S.M.I.T.H@gmail.com' }).expect(429);
    // The mail still goes to the address as typed.
    const mails = await outbox(limited);
    expect(mails.some((mail) => /^To: jane\+two@example\.com$/m.test(mail))).toBe(true);
    expect(mails).toHaveLength(5);
  });
});

describe('recovery form limits', () => {
  let small: TestServer;

  beforeAll(async () => {
    small = await createTestServer({
      config: { limits: { ...DEFAULT_LIMITS, annotationsJsonBytes: 64 * 1024 } },
    });
  });
  afterAll(() => small.close());

  it('answers 413 naming the fields when the annotations are over the limit', async () => {
    const oversized = JSON.stringify(
      Array.from({ length: 400 }, (_, index) => ({ ...highlight, id: `h${index}` })),
    );
    expect(oversized.length).toBeGreaterThan(64 * 1024);
    await sendDraft(small, { annotations: oversized }).expect(413, {
      message: 'The form fields beside the file are too large',
    });
    expect(await small.storedFiles()).toEqual([]);
  });
});
