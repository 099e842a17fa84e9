// One user cannot block everyone: PDF jobs are queued fairly (one running job per user, the rest
// behind other users' work), so another user's small upload starts at once while one user's slow
// exports are running and queued; a user's queue is bounded and a full one answers 429 with
// Retry-After, for guests on that user's share links too (they count as the share's owner).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { essayAnnotation } from '../test-support/annotations';
import { makePdf } from '../test-support/fixtures';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { DEFAULT_LIMITS } from '../config';
import { PdfJobQueue } from './pdfJobQueue';
import { type ChildPdfWorker, DEFAULT_PDF_JOB_LIMITS } from './pdfWorker';

let t: TestServer;
// Small bounds, so filling one user's share of the queue takes few slow jobs.
const LIMITS = { ...DEFAULT_PDF_JOB_LIMITS, maxWaitingPerUser: 3 };

beforeAll(async () => {
  t = await createTestServer({ config: { limits: { ...DEFAULT_LIMITS, pdfJobs: LIMITS } } });
});
afterAll(() => t?.close());

describe('the PDF job queue', () => {
  it("starts another user's upload while one user's slow exports hold the queue, and bounds that user's queue", async () => {
    const a = await t.createUser({ plan: 'team' });
    const b = await t.createUser({ plan: 'team' });
    const asA = { Authorization: `Bearer ${a.token}` };
    const id = await t.uploadPdf(a.token, { name: 'long.pdf' });
    // A real slow input: laying out 600,000 lines takes a couple of seconds per export, and stays
    // well inside the worker's memory caps (a 1.5-million-line text peaks near them).
    const essay = essayAnnotation('margin\n'.repeat(600_000));
    await t.http
      .put(`/api/documents/${id}/annotations`)
      .set(asA)
      .send({ annotations: [essay], version: 0 })
      .expect(200);
    const share = await t.http.post(`/api/documents/${id}/shares`).set(asA).send({}).expect(201);

    const finished: string[] = [];
    // One running and `maxWaitingPerUser` waiting fit; one more does not.
    const exports = Array.from({ length: LIMITS.maxWaitingPerUser + 2 }, (_, index) =>
      t.http
        .get(`/api/documents/${id}/export`)
        .set(asA)
        .then((response) => {
          finished.push(`A${index}:${response.status}`);
          return response;
        }),
    );
    // A's requests reach the queue before the others arrive: one running, the user's bound waiting.
    // In this process's queue on SQLite, in the database on PostgreSQL.
    const worker = t.app.server.pdfWorker as ChildPdfWorker | PdfJobQueue;
    await vi.waitFor(
      async () =>
        expect(worker instanceof PdfJobQueue ? await worker.size() : worker.queueSize).toEqual({
          running: 1,
          waiting: LIMITS.maxWaitingPerUser,
        }),
      {
        timeout: 20_000,
        interval: 20,
      },
    );
    const guest = await t.http.get(`/api/shares/${share.body.share.token}/export`);
    const started = Date.now();
    const small = await t.http
      .post('/api/documents/upload')
      .set('Authorization', `Bearer ${b.token}`)
      .attach('file', await makePdf(1), 'small.pdf');
    finished.push(`B:${small.status}`);
    const smallMs = Date.now() - started;

    expect(small.status).toBe(201);
    // B's upload went ahead of every export A queued (before its first one even finished).
    expect(finished.filter((entry) => entry.startsWith('A') && entry.endsWith(':200'))).toEqual([]);
    expect(smallMs).toBeLessThan(10_000);

    const responses = await Promise.all(exports);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(LIMITS.maxWaitingPerUser + 1).fill(200), 429]);
    const refused = responses.find((response) => response.status === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.body.message).toMatch(/too many files being processed/);
    // The guest's export counted as the owner's, whose queue was full.
    expect(guest.status).toBe(429);
    expect(guest.headers['retry-after']).toBeDefined();
  });
});
