// The background job runner that turns images and Word files into PDFs. Jobs live in the
// database under a lease: the runner that claims a job names itself and renews the lease while it
// works, and any runner (on this instance after a restart, or on another) takes over a running
// job only once its lease has run out, so a job of an instance that died is resumed and a job of
// a live instance is never taken from it. Images become one-page PDFs in the PDF worker; Word files go through
// LibreOffice (`soffice --headless`) when it is installed, and end FAILED with a reason otherwise.
// While the database is away the runner keeps retrying with backoff (infrastructure/retryLoop.ts).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type AnyQueryBuilder, raw } from 'objection';
import type { Deps, JobNotifier } from '../context';
import { describeError } from '../logger';
import { isoNow } from '../models/BaseModel';
import type { ConversionJob, Document } from '../models';
import { withFileIntent } from '../infrastructure/maintenance';
import { type JobOwner, PdfWorkerError } from '../infrastructure/pdfWorker';
import { FailureStreak, retryDelayMs } from '../infrastructure/retryLoop';
import { detectFileKindOfPath } from './sniff';

const run = promisify(execFile);

const MAX_ATTEMPTS = 3;
/** How long a claimed job stays the runner's without a renewal; renewed every third of it. */
export const CONVERSION_LEASE_MS = 60_000;
const SOFFICE_TIMEOUT_MS = 180_000;
export const NO_LIBREOFFICE =
  'Word documents cannot be converted on this server: LibreOffice (soffice) is not installed. Save the file as PDF and upload that instead.';

class ConversionFailure extends Error {
  override readonly name = 'ConversionFailure';
}

/** What the runner uses of the server: the queue's rows, the files, the worker and the clock. */
type ConversionDeps = Deps<'config' | 'knex' | 'models' | 'fileStore' | 'logger' | 'pdfWorker' | 'tmpDir' | 'now'>;

export class ConversionRunner implements JobNotifier {
  private readonly server: ConversionDeps;
  private readonly pollMs: number;
  private readonly failures: FailureStreak;
  private readonly leaseMs: number;
  /** Names this runner in the leases it holds. */
  readonly leaseOwner = `conversions-${randomUUID()}`;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** Jobs this process claimed but could not finish (see `drain`). */
  private readonly interrupted = new Set<string>();
  private wanted = false;
  private stopped = true;

  constructor(server: ConversionDeps, options: { pollMs?: number; leaseMs?: number } = {}) {
    this.server = server;
    this.pollMs = options.pollMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? CONVERSION_LEASE_MS;
    this.failures = new FailureStreak(server.logger, {
      failed: 'conversion runner failed; retrying with backoff',
      recovered: 'conversion runner works again',
    });
  }

  /**
   * Starts working through the queue. Jobs left running by a runner that died are taken over by
   * `claim` once their lease runs out; a live runner's jobs are left alone.
   */
  async start(): Promise<void> {
    this.stopped = false;
    this.notify();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  notify(): void {
    if (this.stopped) return;
    this.wanted = true;
    // Nothing a drain throws may escape: an unhandled rejection would end the process. A failed
    // drain (the database is away) is logged once and retried with backoff until one works.
    this.running ??= this.drain()
      .then(
        () => this.failures.succeeded(),
        (error: unknown) => this.failures.failed(error),
      )
      .finally(() => {
        this.running = undefined;
        if (this.failures.failures > 0) this.schedule(retryDelayMs(this.failures.failures, this.pollMs));
        else if (this.wanted) this.notify();
        else this.schedule(this.pollMs);
      });
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.notify(), ms);
    this.timer.unref();
  }

  /**
   * Runs pending jobs until none is left (also usable directly, without `start`). A job whose work
   * failed outside the conversion itself (the database went away before its outcome was written)
   * stays claimed; the next drain puts it back in the queue, without counting the lost attempt.
   */
  async drain(): Promise<void> {
    this.wanted = false;
    await this.requeueInterrupted();
    for (;;) {
      const job = await this.claim();
      if (!job) return;
      try {
        await this.holdingLease(job, () => this.process(job));
      } catch (error) {
        this.interrupted.add(job.id);
        throw error;
      }
    }
  }

  private async requeueInterrupted(): Promise<void> {
    if (this.interrupted.size === 0) return;
    await this.server.models.ConversionJob.query()
      .whereIn('id', [...this.interrupted])
      .where('state', 'running')
      .where('leaseOwner', this.leaseOwner)
      .patch({
        state: 'pending',
        lockedAt: null,
        leaseOwner: null,
        leaseExpiresAt: null,
        attempts: raw('attempts - 1'),
        updatedAt: isoNow(this.server.now()),
      });
    this.interrupted.clear();
  }

  /**
   * Takes the oldest job that is pending, or running under a lease that has run out (its runner
   * died; a row without a lease was left by a version that had none). The update is conditional on
   * the row as read (state and attempts), so of two runners claiming at once one wins.
   */
  private async claim(): Promise<ConversionJob | undefined> {
    const { ConversionJob } = this.server.models;
    const takeable = (now: string) => (where: AnyQueryBuilder) =>
      where
        .where('state', 'pending')
        .orWhere((running) =>
          running.where('state', 'running').where((lease) => lease.whereNull('leaseExpiresAt').orWhere('leaseExpiresAt', '<', now)),
        );
    for (;;) {
      const now = this.server.now();
      const next = await ConversionJob.query().where(takeable(isoNow(now))).orderBy('createdAt').first();
      if (!next) return undefined;
      const claimed = await ConversionJob.query().findById(next.id).where('attempts', next.attempts).where(takeable(isoNow(now))).patch({
        state: 'running',
        lockedAt: isoNow(now),
        leaseOwner: this.leaseOwner,
        leaseExpiresAt: isoNow(new Date(now.getTime() + this.leaseMs)),
        attempts: next.attempts + 1,
        updatedAt: isoNow(now),
      });
      if (claimed === 1) return { ...next, attempts: next.attempts + 1 } as ConversionJob;
    }
  }

  /**
   * Keeps the job's lease while `work` runs, renewing it every third of its length. A renewal that
   * fails (the database is away for a moment) is tried again at the next tick; the lease only
   * lapses if none succeeds for its whole length.
   */
  private async holdingLease<T>(job: ConversionJob, work: () => Promise<T>): Promise<T> {
    const { ConversionJob } = this.server.models;
    const renew = setInterval(() => {
      const now = this.server.now();
      ConversionJob.query()
        .findById(job.id)
        .where('leaseOwner', this.leaseOwner)
        .where('state', 'running')
        .patch({ leaseExpiresAt: isoNow(new Date(now.getTime() + this.leaseMs)) })
        .catch(() => {});
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
    }
  }

  private async process(job: ConversionJob): Promise<void> {
    const { Document } = this.server.models;
    const document = await Document.query().modify('summary').findById(job.documentId);
    if (!document) return;
    if (job.attempts > MAX_ATTEMPTS) {
      await this.finish(job, document, { failure: 'The conversion failed repeatedly and was abandoned.' });
      return;
    }
    const workDir = join(this.server.tmpDir, `job-${job.id}`);
    await mkdir(workDir, { recursive: true });
    try {
      const output = await this.convert(job, document, workDir);
      const pdfKey = `${document.id}.converted.pdf`;
      await withFileIntent(this.server.tmpDir, [pdfKey], async () => {
        await this.server.fileStore.putFile(pdfKey, output);
        await this.finish(job, document, { pdfKey });
      });
    } catch (error) {
      const expected = error instanceof ConversionFailure || error instanceof PdfWorkerError;
      if (!expected) this.server.logger.error('conversion failed', { documentId: document.id, ...describeError(error) });
      await this.finish(job, document, {
        failure: expected ? error.message : 'The file could not be converted to PDF.',
      });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** The runner converts one document at a time, so its jobs wait in the queue unbounded, as their owner's. */
  private jobOwner(document: Document): JobOwner {
    return { owner: document.userId, background: true };
  }

  private async convert(job: ConversionJob, document: Document, workDir: string): Promise<string> {
    const source = await this.server.fileStore.localFile(document.sourceKey, workDir);
    try {
      const output = join(workDir, 'converted.pdf');
      if (job.kind === 'image') {
        const kind = await detectFileKindOfPath(source.path);
        if (kind !== 'png' && kind !== 'jpeg') throw new ConversionFailure('The image is not a PNG or JPEG file.');
        await this.server.pdfWorker.imageToPdf(source.path, output, kind, this.jobOwner(document));
        return output;
      }
      const converted = await this.convertWithLibreOffice(source.path, document, workDir);
      await this.server.pdfWorker.check(converted, this.jobOwner(document));
      return converted;
    } finally {
      await source.release();
    }
  }

  private async convertWithLibreOffice(sourcePath: string, document: Document, workDir: string): Promise<string> {
    // soffice picks the import filter from the extension, so give it a copy with the right one.
    const input = join(workDir, `input.${document.sourceKey.split('.').pop() ?? 'docx'}`);
    await copyFile(sourcePath, input);
    const outDir = join(workDir, 'out');
    try {
      await run(
        this.server.config.sofficePath,
        ['--headless', '--norestore', `-env:UserInstallation=file://${join(workDir, 'profile')}`, '--convert-to', 'pdf', '--outdir', outDir, input],
        { timeout: SOFFICE_TIMEOUT_MS },
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ConversionFailure(NO_LIBREOFFICE);
      throw new ConversionFailure('LibreOffice could not convert this document.');
    }
    const produced = (await readdir(outDir)).find((name) => name.endsWith('.pdf'));
    if (!produced) throw new ConversionFailure('LibreOffice produced no PDF for this document.');
    return join(outDir, produced);
  }

  private async finish(
    job: ConversionJob,
    document: Document,
    outcome: { pdfKey: string } | { failure: string },
  ): Promise<void> {
    const { Document, ConversionJob } = this.server.models;
    const now = isoNow(this.server.now());
    const updated = await this.server.knex.transaction(async (trx) => {
      // Only while the job is still ours: a runner whose lease lapsed (it stalled past it) and was
      // taken over leaves the outcome to the runner that took it, and the file under the shared key
      // to the document that names it.
      const held = await ConversionJob.query(trx)
        .findById(job.id)
        .where('leaseOwner', this.leaseOwner)
        .patch({
          state: 'pdfKey' in outcome ? 'done' : 'failed',
          lastError: 'failure' in outcome ? outcome.failure : null,
          lockedAt: null,
          leaseOwner: null,
          leaseExpiresAt: null,
          updatedAt: now,
        });
      if (held !== 1) return 'taken over';
      return Document.query(trx)
        .findById(document.id)
        .where('status', 'PROCESSING')
        .patch(
          'pdfKey' in outcome
            ? { status: 'READY', pdfKey: outcome.pdfKey, failureReason: null, updatedAt: now }
            : { status: 'FAILED', failureReason: outcome.failure, updatedAt: now },
        );
    });
    if (updated === 'taken over') return;
    // The document was deleted while converting: its new PDF has no owner.
    if (updated !== 1 && 'pdfKey' in outcome) await this.server.fileStore.remove(outcome.pdfKey);
  }
}
