// Two conversion runners on one database, as two instances have: a runner starting (a second
// instance, or a restart of a busy one's neighbour) must leave alone the job another live runner is
// converting, and the job is converted once, by the runner that claimed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../test-support/fixtures';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { ConversionRunner } from './conversions';
import { ChildPdfWorker, DEFAULT_PDF_JOB_LIMITS, type PdfWorker } from '../infrastructure/pdfWorker';

const worker = new ChildPdfWorker(DEFAULT_PDF_JOB_LIMITS);
/** Image conversions of instance A wait here until the test lets them go on. */
let conversionStarted: () => void = () => {};
let letConversionsGo: () => void = () => {};
const gate = new Promise<void>((resolve) => (letConversionsGo = resolve));
const conversionsOn = { a: 0, b: 0 };
const workerOf = (instance: 'a' | 'b'): PdfWorker => ({
  check: (input, job) => worker.check(input, job),
  exportPdf: (...args) => worker.exportPdf(...args),
  close: () => {},
  async imageToPdf(input, output, kind, job) {
    conversionsOn[instance] += 1;
    if (instance === 'a') {
      conversionStarted();
      await gate;
    }
    await worker.imageToPdf(input, output, kind, job);
  },
});

let a: TestServer & { schema?: string };
let b: TestServer;

beforeAll(async () => {
  a = await createTestServer({ pdfWorker: workerOf('a') });
  // Instance B: its own data folder, the same database (the SQLite file of A, or A's schema).
  b = await createTestServer({ pdfWorker: workerOf('b'), databaseDir: a.dataDir, schema: a.schema });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  worker.close();
});

describe('conversion leases', () => {
  it('a runner starting leaves a live runner\'s job alone; the job is converted once, by its runner', async () => {
    const runnerA = new ConversionRunner(a.app.server, { pollMs: 100, leaseMs: 600 });
    a.app.setJobs(runnerA);
    const runnerB = new ConversionRunner(b.app.server, { pollMs: 100, leaseMs: 600 });
    await runnerA.start();
    try {
      const { token } = await a.createUser({ plan: 'team' });
      const started = new Promise<void>((resolve) => (conversionStarted = resolve));
      const upload = await a.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).attach('file', makePng(8, 8), 'a.png').expect(201);
      const documentId = upload.body.document.id as string;
      await started;

      // B starts while A converts, and keeps looking for work for several of A's lease lengths:
      // A renews its lease, so B never finds the job takeable.
      await runnerB.start();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await runnerB.drain();
      const { ConversionJob } = a.app.server.models;
      const during = await ConversionJob.query().findOne({ documentId });
      expect(during).toMatchObject({ state: 'running', attempts: 1, leaseOwner: runnerA.leaseOwner });
      expect(conversionsOn.b).toBe(0);

      letConversionsGo();
      for (let i = 0; i < 100 && (await ConversionJob.query().findOne({ documentId }))?.state !== 'done'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await ConversionJob.query().findOne({ documentId })).toMatchObject({ state: 'done', attempts: 1 });
      expect((await a.app.server.models.Document.query().findById(documentId))?.status).toBe('READY');
      expect(conversionsOn).toEqual({ a: 1, b: 0 });
    } finally {
      await runnerB.stop();
      await runnerA.stop();
    }
  });
});
