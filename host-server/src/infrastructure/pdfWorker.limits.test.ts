// The PDF worker's memory and time caps, against generated bombs: a 2 MB PDF whose Flate stream
// inflates to 2 GB and a 1.2 MB PNG declaring 20000 x 20000 pixels (1.6 GB decoded) are refused
// under the default caps, with the child's resident memory (read from /proc by the worker) under
// the cap; a 20 MB text annotation is stopped by a resident-memory cap and a time limit, and
// twenty thousand pen strokes by a V8 heap cap. Each ends with 422 "This file is too complex to process", never 500 or a hang, and the
// next job works.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../config';
import { normalizeAnnotation, type Annotation } from '@marginalia/pdf-editor/core';
import { essayAnnotation } from '../test-support/annotations';
import { makePng } from '../test-support/fixtures';
import { bigPng, flateBombPdf } from '../test-support/hostileFiles';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';
import type { PdfJobQueue } from './pdfJobQueue';
import { ChildPdfWorker, DEFAULT_PDF_JOB_LIMITS, PdfWorkerError, TOO_COMPLEX } from './pdfWorker';

const MB = 1024 * 1024;
const CAP = DEFAULT_PDF_JOB_LIMITS.maxRssMb * MB;
// The worker reads a child's memory every 20 ms; what a job allocates between two reads is the
// most it can overshoot the cap by before it is killed.
const POLL_OVERSHOOT = 128 * MB;

let t: TestServer;
let token: string;
const auth = () => ({ Authorization: `Bearer ${token}` });
// The worker itself on SQLite; on PostgreSQL the queue, which runs its jobs in one.
const worker = () => t.app.server.pdfWorker as ChildPdfWorker | PdfJobQueue;

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'team' }));
});
afterAll(() => t?.close());

const uploadWorks = () => t.uploadPdf(token, { name: 'after.pdf' });

describe('upload checks', () => {
  it('refuses a PDF whose stream inflates to 2 GB with 422, within the memory cap, and keeps working', async () => {
    const bomb = await flateBombPdf(2 * 1024 * MB);
    expect(bomb.length).toBeLessThan(4 * MB);
    const response = await t.http
      .post('/api/documents/upload')
      .set(auth())
      .attach('file', bomb, 'bomb.pdf')
      .expect(422);
    expect(response.body.message).toBe(TOO_COMPLEX);
    // Inflated with a running count: the child never held more than a small part of the bound.
    expect(worker().peakRssBytes).toBeGreaterThan(0);
    expect(worker().peakRssBytes).toBeLessThan(CAP);
    expect(await t.storedFiles()).toEqual([]);
    await uploadWorks();
  });

  it('refuses a PNG declaring 20000 x 20000 pixels with 422 before decoding it', async () => {
    const png = await bigPng(20_000, 20_000);
    const response = await t.http
      .post('/api/documents/upload')
      .set(auth())
      .attach('file', png, 'huge.png')
      .expect(422);
    expect(response.body.message).toBe(TOO_COMPLEX);
    expect(await t.app.server.models.Document.query().where('mimeType', 'image/png').resultSize()).toBe(0);
  });

  it('has the worker refuse that PNG too, when a conversion hands it over', async () => {
    const own = new ChildPdfWorker();
    const dir = await mkdtemp(join(tmpdir(), 'marginalia-limits-'));
    try {
      await writeFile(join(dir, 'huge.png'), await bigPng(20_000, 20_000));
      const refused = await own
        .imageToPdf(join(dir, 'huge.png'), join(dir, 'out.pdf'), 'png', { owner: 'u' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PdfWorkerError);
      expect(refused).toMatchObject({ reason: 'too-complex', message: TOO_COMPLEX });
      expect(own.peakRssBytes).toBeLessThan(CAP);
      await writeFile(join(dir, 'small.png'), makePng(40, 30));
      await own.imageToPdf(join(dir, 'small.png'), join(dir, 'small.pdf'), 'png', { owner: 'u' });
    } finally {
      own.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** A server whose PDF jobs run under `limits`, with one document holding `content` as a text annotation. */
async function serverExporting(limits: Partial<typeof DEFAULT_PDF_JOB_LIMITS>, annotations: Annotation[]) {
  const server = await createTestServer({
    config: { limits: { ...DEFAULT_LIMITS, pdfJobs: { ...DEFAULT_PDF_JOB_LIMITS, ...limits } } },
  });
  const { token: own } = await server.createUser({ plan: 'team' });
  const headers = { Authorization: `Bearer ${own}` };
  const id = await server.uploadPdf(own, { name: 'x.pdf' });
  await server.http
    .put(`/api/documents/${id}/annotations`)
    .set(headers)
    .send({ annotations, version: 0 })
    .expect(200);
  return {
    server,
    exportIt: () => server.http.get(`/api/documents/${id}/export`).set(headers),
    clear: () =>
      server.http
        .put(`/api/documents/${id}/annotations`)
        .set(headers)
        .send({ annotations: [], version: 1 })
        .expect(200),
  };
}

// One word per line: three million lines make a 21 MB text, whose drawn page takes hundreds of
// megabytes of buffers (the text is laid out a line at a time, so the V8 heap stays small).
const HUGE_TEXT = [essayAnnotation('margin\n'.repeat(3_000_000))];

// Twenty thousand pen strokes of forty points each (20 MB of JSON): every point is an object on
// the V8 heap, several times over while the job validates and draws them.
const MANY_STROKES = Array.from({ length: 20_000 }, (_, index) =>
  normalizeAnnotation({
    id: `stroke-${index}`,
    type: 'freehand',
    page: 1,
    position: { x: 10, y: 10 },
    points: Array.from({ length: 40 }, (_, at) => ({ x: 10.5 + at * 3.25, y: 10.25 + (index % 700) + (at % 2) * 2.5 })),
  }),
);

describe('export', () => {
  it('ends an export past the resident-memory cap (a 20 MB text annotation) with 422, and replaces the child', async () => {
    const capMb = 300;
    const { server, exportIt, clear } = await serverExporting({ maxRssMb: capMb }, HUGE_TEXT);
    try {
      const response = await exportIt().expect(422);
      expect(response.body.message).toBe(TOO_COMPLEX);
      const peak = (server.app.server.pdfWorker as ChildPdfWorker | PdfJobQueue).peakRssBytes;
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThan(capMb * MB + POLL_OVERSHOOT);
      await clear();
      const next = await binary(exportIt()).expect(200);
      expect((next.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await server.close();
    }
  });

  it('ends an export that runs out of its V8 heap with 422, and replaces the child', async () => {
    const { server, exportIt, clear } = await serverExporting({ maxHeapMb: 96, maxRssMb: 4096 }, MANY_STROKES);
    try {
      expect((await exportIt().expect(422)).body.message).toBe(TOO_COMPLEX);
      await clear();
      await exportIt().expect(200);
    } finally {
      await server.close();
    }
  });

  it('ends an export past the time limit with 422', async () => {
    // Set up (upload, saved annotations) under the default limits; only the export then runs under a
    // limit far below what the job needs: a fresh child must start, load the engine and lay out 1.2
    // million lines (seconds), against a tenth of a second. A slow machine only widens the gap.
    const { server, exportIt } = await serverExporting({}, [essayAnnotation('margin\n'.repeat(1_200_000))]);
    const setupWorker = server.app.server.pdfWorker;
    server.app.server.pdfWorker = new ChildPdfWorker({ timeoutMs: 100 });
    setupWorker.close();
    try {
      expect((await exportIt().expect(422)).body.message).toBe(TOO_COMPLEX);
    } finally {
      await server.close();
    }
  });
});
