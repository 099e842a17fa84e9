// The background job runner that turns images and Word files into PDFs. Jobs live in the
// database: a job claimed by a process that then died is put back to pending at start, so a
// restart resumes it. Images become one-page PDFs in the PDF worker; Word files go through
// LibreOffice (`soffice --headless`) when it is installed, and end FAILED with a reason otherwise.
// While the database is away the runner keeps retrying with backoff (services/retryLoop.ts).
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { raw } from 'objection';
import type { JobNotifier, ServerContext } from '../context';
import { describeError } from '../logger';
import { isoNow } from '../models/BaseModel';
import type { ConversionJob, Document } from '../models';
import { withFileIntent } from './maintenance';
import { type JobOwner, PdfWorkerError } from './pdfWorker';
import { FailureStreak, retryDelayMs } from './retryLoop';
import { detectFileKindOfPath } from './sniff';

const run = promisify(execFile);

const MAX_ATTEMPTS = 3;
const SOFFICE_TIMEOUT_MS = 180_000;
export const NO_LIBREOFFICE =
  'Word documents cannot be converted on this server: LibreOffice (soffice) is not installed. Save the file as PDF and upload that instead.';

class ConversionFailure extends Error {
  override readonly name = 'ConversionFailure';
}

export class ConversionRunner implements JobNotifier {
  private readonly server: ServerContext;
  private readonly pollMs: number;
  private readonly failures: FailureStreak;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** Jobs this process claimed but could not finish (see `drain`). */
  private readonly interrupted = new Set<string>();
  private wanted = false;
  private stopped = true;

  constructor(server: ServerContext, options: { pollMs?: number } = {}) {
    this.server = server;
    this.pollMs = options.pollMs ?? 5_000;
    this.failures = new FailureStreak(server.logger, {
      failed: 'conversion runner failed; retrying with backoff',
      recovered: 'conversion runner works again',
    });
  }

  /** Puts interrupted jobs back in the queue and starts working through it. */
  async start(): Promise<void> {
    await this.server.models.ConversionJob.query()
      .where('state', 'running')
      .patch({ state: 'pending', lockedAt: null, updatedAt: isoNow(this.server.now()) });
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
        await this.process(job);
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
      .patch({ state: 'pending', lockedAt: null, attempts: raw('attempts - 1'), updatedAt: isoNow(this.server.now()) });
    this.interrupted.clear();
  }

  /** Takes the oldest pending job; the conditional update makes the claim safe across processes. */
  private async claim(): Promise<ConversionJob | undefined> {
    const { ConversionJob } = this.server.models;
    for (;;) {
      const next = await ConversionJob.query().where('state', 'pending').orderBy('createdAt').first();
      if (!next) return undefined;
      const now = isoNow(this.server.now());
      const claimed = await ConversionJob.query()
        .findById(next.id)
        .where('state', 'pending')
        .patch({ state: 'running', lockedAt: now, attempts: next.attempts + 1, updatedAt: now });
      if (claimed === 1) return { ...next, attempts: next.attempts + 1 } as ConversionJob;
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
      const changed = await Document.query(trx)
        .findById(document.id)
        .where('status', 'PROCESSING')
        .patch(
          'pdfKey' in outcome
            ? { status: 'READY', pdfKey: outcome.pdfKey, failureReason: null, updatedAt: now }
            : { status: 'FAILED', failureReason: outcome.failure, updatedAt: now },
        );
      await ConversionJob.query(trx)
        .findById(job.id)
        .patch({
          state: 'pdfKey' in outcome ? 'done' : 'failed',
          lastError: 'failure' in outcome ? outcome.failure : null,
          lockedAt: null,
          updatedAt: now,
        });
      return changed;
    });
    // The document was deleted while converting: its new PDF has no owner.
    if (updated !== 1 && 'pdfKey' in outcome) await this.server.fileStore.remove(outcome.pdfKey);
  }
}
