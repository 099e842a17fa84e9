// Malformed PDFs answer 4xx, never 500: 500 hostile files generated from a fixed seed (random bytes
// after a header, truncations, bit flips, page-tree and outline loops, deep nesting, broken
// cross-reference tables and object streams, huge declared sizes) are uploaded one by one; none may
// get 5xx, none may be stored, nothing may stay in DATA_DIR/tmp. Unreadable uploads count against
// a per-account limit. Some files make the PDF engine loop until the job's time limit; the limit is
// 10 s here instead of 30 s to keep the run short (they answer 422 either way).
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../config';
import { DEFAULT_PDF_JOB_LIMITS } from '../infrastructure/pdfWorker';
import { hostilePdfs, plainPdf } from '../test-support/hostileFiles';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { TOO_MANY_FAILED_UPLOADS } from './documents';

let t: TestServer;
let token: string;
let valid: Buffer;

beforeAll(async () => {
  t = await createTestServer({
    config: {
      limits: {
        ...DEFAULT_LIMITS,
        failedUploadsPerAccount: { max: 10_000, windowMs: 60_000 },
        pdfJobs: { ...DEFAULT_PDF_JOB_LIMITS, timeoutMs: 10_000 },
      },
    },
  });
  ({ token } = await t.createUser({ plan: 'team' }));
  valid = plainPdf();
});
afterAll(() => t?.close());

describe('hostile PDF uploads', () => {
  it('answer 4xx with a reason for every one of 500 generated files, and leave nothing behind', async () => {
    const files = hostilePdfs(500, valid);
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const started = Date.now();
    for (const [index, file] of files.entries()) {
      const response = await t.http
        .post('/api/documents/upload')
        .set('Authorization', `Bearer ${token}`)
        .attach('file', file.bytes, `hostile-${index}.pdf`);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500)
        serverErrors.push(`${index} ${file.family}: ${response.status} ${response.body.message}`);
      else if (response.status !== 201)
        expect(response.body.message, `${index} ${file.family}`).toEqual(expect.any(String));
    }
    console.log('hostile uploads', Object.fromEntries(statuses), `${Date.now() - started} ms`);
    expect(serverErrors).toEqual([]);
    // Some bit flips and truncations still leave a readable file; those are stored like any upload.
    const stored = statuses.get(201) ?? 0;
    expect(await t.app.server.models.Document.query().resultSize()).toBe(stored);
    expect((await t.storedFiles()).length).toBe(stored);
    await delay(50);
    expect(await t.temporaryFiles()).toEqual([]);
  }, 300_000);
});

describe('failed uploads per account', () => {
  it('are limited: past the limit, uploads answer 429 with Retry-After until the window ends', async () => {
    const limited = await createTestServer({
      config: { limits: { ...DEFAULT_LIMITS, failedUploadsPerAccount: { max: 3, windowMs: 60_000 } } },
    });
    try {
      const { token: own } = await limited.createUser({ plan: 'team' });
      const upload = (bytes: Buffer) =>
        limited.http
          .post('/api/documents/upload')
          .set('Authorization', `Bearer ${own}`)
          .attach('file', bytes, 'x.pdf');
      // Good uploads do not count.
      await upload(valid).expect(201);
      const [junk] = hostilePdfs(1, valid);
      for (let attempt = 0; attempt < 3; attempt += 1) await upload(junk!.bytes).expect(422);
      const refused = await upload(valid).expect(429);
      expect(refused.body.message).toBe(TOO_MANY_FAILED_UPLOADS);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
