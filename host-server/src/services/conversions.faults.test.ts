// The background loops (conversion runner, recovery-draft purge) on a PostgreSQL of the test's own,
// stopped while they run: they must not end the process (vitest fails a run on any unhandled
// rejection), must log the outage once however often they retry, and must resume by themselves.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../test-support/fixtures';
import { missingTools, type PrivateService, startPrivatePostgres } from '../test-support/privateServices';
import { RecordingLogger } from '../test-support/recordingLogger';
import { createTestServer, TEST_DATABASE, type TestServer } from '../test-support/testServer';
import { ConversionRunner } from './conversions';
import { ChildPdfWorker, DEFAULT_PDF_JOB_LIMITS, type PdfWorker } from '../infrastructure/pdfWorker';
import { schedulePurge } from './recovery';

const missing = missingTools(['initdb', 'pg_ctl']);
// The test brings its own PostgreSQL, so it runs once, in the SQLite project.
const skip = missing.length > 0 || TEST_DATABASE === 'postgres';
if (missing.length > 0) console.warn(`Skipping the background-loop outage tests: ${missing.join(', ')} not found on PATH`);

let postgres: PrivateService | undefined;
let t: TestServer | undefined;
const logger = new RecordingLogger();
const worker = new ChildPdfWorker(DEFAULT_PDF_JOB_LIMITS);
/** Image conversions wait here until the test lets them go on (once open, the gate stays open). */
let conversionStarted: () => void = () => {};
let letConversionsGo: () => void = () => {};
const gate = new Promise<void>((resolve) => (letConversionsGo = resolve));
const gatedWorker: PdfWorker = {
  check: (input, job) => worker.check(input, job),
  exportPdf: (...args) => worker.exportPdf(...args),
  close: () => worker.close(),
  async imageToPdf(input, output, kind, job) {
    conversionStarted();
    await gate;
    await worker.imageToPdf(input, output, kind, job);
  },
};

beforeAll(async () => {
  if (skip) return;
  postgres = await startPrivatePostgres();
  t = await createTestServer({ databaseUrl: postgres.url, logger, pdfWorker: gatedWorker });
}, 180_000);

afterAll(async () => {
  await t?.close();
  worker.close();
  await postgres?.destroy();
}, 180_000);

async function until(what: string, condition: () => boolean | Promise<boolean>, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await delay(50);
  }
}

describe.skipIf(skip)('background loops through a PostgreSQL outage', () => {
  it('the conversion runner keeps going, logs the outage once, and finishes the job the outage interrupted', async () => {
    if (!t || !postgres) throw new Error('not started');
    const runner = new ConversionRunner(t.app.server, { pollMs: 200 });
    t.app.setJobs(runner);
    await runner.start();
    try {
      const { token } = await t.createUser({ plan: 'team' });
      const started = new Promise<void>((resolve) => (conversionStarted = resolve));
      const upload = await t.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).attach('file', makePng(8, 8), 'image.png').expect(201);
      const documentId = upload.body.document.id as string;
      // The job is claimed and converting; the database goes away before its outcome is written.
      await started;
      await postgres.stop();
      letConversionsGo();
      await until('the runner to report the outage', () => logger.matching('conversion runner failed').length > 0);
      await delay(1_500);
      await postgres.start();
      await until('the runner to work again', () => logger.matching('conversion runner works again').length > 0);
      await until('the document to be converted', async () => (await t?.app.server.models.Document.query().findById(documentId))?.status !== 'PROCESSING');

      const failed = logger.matching('conversion runner failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]?.level).toBe('error');
      // Several retries, one line.
      expect(logger.matching('conversion runner works again')[0]?.fields.failures).toBeGreaterThan(1);
      const document = await t.app.server.models.Document.query().findById(documentId);
      expect(document?.status).toBe('READY');
      const job = await t.app.server.models.ConversionJob.query().findOne({ documentId });
      // The attempt the outage cut short is not counted against the job.
      expect(job).toMatchObject({ state: 'done', attempts: 1 });
    } finally {
      letConversionsGo();
      await runner.stop();
    }
  }, 180_000);

  it('the recovery-draft purge retries within seconds instead of waiting for its next 15-minute round', async () => {
    if (!t || !postgres) throw new Error('not started');
    await postgres.stop();
    const stop = schedulePurge(t.app.server);
    try {
      await until('the purge to report the outage', () => logger.matching('deleting expired recovery drafts failed').length > 0);
      await delay(1_500);
      await postgres.start();
      await until('the purge to work again', () => logger.matching('deleting expired recovery drafts works again').length > 0);
      expect(logger.matching('deleting expired recovery drafts failed')).toHaveLength(1);
    } finally {
      stop();
    }
  }, 180_000);
});
