// The PDF work of every instance in one queue, when the database is PostgreSQL: upload checks,
// image conversions and exports are rows of `pdf_jobs`, their input and output files are in the file
// store, so any instance may run a job and the instance whose request waits on it reads the outcome
// from the database, whichever ran it.
//
// - Fair across instances: at most one running job per owner, and the next job is the oldest one
//   of the owner whose last job started longest ago (round robin; an owner never served goes first).
//   The choice is made under a transaction-scoped advisory lock: with `FOR UPDATE SKIP LOCKED`
//   alone two instances could each pick a different job of the same owner, since neither sees the
//   other's uncommitted claim.
// - Bounded: a job that would pass `maxWaiting` (or the owner's `maxWaitingPerUser`) pending jobs is
//   refused at once (`PdfWorkerError('busy')`, answered 429 with Retry-After), checked under the
//   same lock so parallel requests cannot overshoot.
// - Leased: a running job names its instance and a lease on the database's clock, renewed every
//   third of its length; a job whose lease ran out (its instance died) is taken over by the next
//   claim, at most `MAX_ATTEMPTS` times.
// Each instance runs at most `slots` jobs at once, in its own PDF worker children (pdfWorker.ts).
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { describeError, type Logger } from '../logger';
import type { FileStore } from './fileStore';
import {
  type ChildPdfWorker,
  type JobOwner,
  type PdfFailure,
  type PdfJobLimits,
  type PdfWorker,
  PdfWorkerError,
  RETRY_AFTER_MS,
} from './pdfWorker';
import { FailureStreak, retryDelayMs } from './retryLoop';
import { withFileIntent } from './maintenance';

/** What a job does beside reading its input file. */
export type PdfTask =
  | { task: 'check' }
  | { task: 'image'; kind: 'png' | 'jpeg' }
  | { task: 'export'; annotations: unknown; watermark: false | { text?: string }; formValues?: Record<string, unknown> };

export type PdfJobResult =
  | { ok: true; pageCount?: number; warnings?: string[] }
  | { ok: false; reason: PdfFailure; message: string };

export interface PdfJobQueueOptions {
  knex: Knex;
  fileStore: FileStore;
  /** Where inputs and outputs are copied while a job runs (DATA_DIR/tmp). */
  tmpDir: string;
  logger: Logger;
  /** Runs the jobs this instance claims (its child processes). */
  local: ChildPdfWorker;
  /** Slots, queue bounds and the lease of a running job (renewed every third of it). */
  limits: PdfJobLimits;
  /** How often an idle instance looks for jobs, and a waiting request for its outcome. */
  pollMs?: number;
}

export const PDF_JOB_POLL_MS = 100;
/** Claims of one job before it is abandoned (its instances kept dying while running it). */
export const MAX_ATTEMPTS = 3;
export const ABANDONED = 'The file could not be processed: the server handling it stopped repeatedly.';

const LOCK = ':pdf_jobs';
const takeLock = (trx: Knex.Transaction) => trx.raw('select pg_advisory_xact_lock(hashtext(current_schema() || ?))', [LOCK]);

interface ClaimedJob {
  id: string;
  owner: string;
  task: string;
  input_key: string | null;
  payload: string;
  attempts: number;
}

interface Waiter {
  resolve(row: { result: string; outputKey: string | null }): void;
}

export class PdfJobQueue implements PdfWorker {
  /** Names this instance in the leases it holds. */
  readonly instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly options: PdfJobQueueOptions;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly waiters = new Map<string, Waiter>();
  /** Jobs this instance runs now; `lost` once a renewal found the lease gone. */
  private readonly running = new Map<string, { lost: boolean }>();
  private readonly claimFailures: FailureStreak;
  private readonly waitFailures: FailureStreak;
  private claimTimer?: NodeJS.Timeout;
  private waitTimer?: NodeJS.Timeout;
  private renewTimer?: NodeJS.Timeout;
  private claiming = false;
  private started = false;
  private stopped = false;

  constructor(options: PdfJobQueueOptions) {
    this.options = options;
    this.leaseMs = options.limits.leaseMs;
    this.pollMs = options.pollMs ?? PDF_JOB_POLL_MS;
    this.claimFailures = new FailureStreak(options.logger, {
      failed: 'PDF job queue failed; retrying with backoff',
      recovered: 'PDF job queue works again',
    });
    this.waitFailures = new FailureStreak(options.logger, {
      failed: 'reading PDF job outcomes failed; retrying',
      recovered: 'reading PDF job outcomes works again',
    });
  }

  /** The highest resident memory a child of this instance reached (see `ChildPdfWorker`). */
  get peakRssBytes(): number {
    return this.options.local.peakRssBytes;
  }

  /** Jobs running under a live lease and jobs waiting, across every instance. */
  async size(): Promise<{ running: number; waiting: number }> {
    const row = (await this.options.knex('pdf_jobs')
      .select(
        this.options.knex.raw(`(count(*) filter (where state = 'running' and lease_expires_at > now()))::int as "running"`),
        this.options.knex.raw(`(count(*) filter (where state = 'pending'))::int as "waiting"`),
      )
      .first()) as { running: number; waiting: number };
    return { running: row.running, waiting: row.waiting };
  }

  /** Starts taking jobs (also done by the first job this instance queues). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.renewTimer = setInterval(() => void this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.renewTimer.unref();
    this.wake();
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.claimTimer);
    clearTimeout(this.waitTimer);
    clearInterval(this.renewTimer);
    this.options.local.close();
  }

  async check(input: string, job: JobOwner): Promise<{ pageCount: number }> {
    const result = await this.submit({ task: 'check' }, input, undefined, job);
    return { pageCount: result.pageCount ?? 0 };
  }

  async imageToPdf(input: string, output: string, kind: 'png' | 'jpeg', job: JobOwner): Promise<void> {
    await this.submit({ task: 'image', kind }, input, output, job);
  }

  async exportPdf(
    input: string,
    output: string,
    annotations: unknown,
    watermark: false | { text?: string },
    job: JobOwner,
    formValues?: Record<string, unknown>,
  ): Promise<{ warnings: string[] }> {
    const result = await this.submit({ task: 'export', annotations, watermark, ...(formValues && { formValues }) }, input, output, job);
    return { warnings: result.warnings ?? [] };
  }

  /** Queues the job with its input in the store, waits for its outcome, and copies its output to `output`. */
  private async submit(
    task: PdfTask,
    input: string,
    output: string | undefined,
    job: JobOwner,
  ): Promise<Extract<PdfJobResult, { ok: true }>> {
    const { fileStore, tmpDir } = this.options;
    const id = randomUUID();
    const inputKey = `pdfjob-${id}-input`;
    let outputKey: string | null = null;
    try {
      await withFileIntent(tmpDir, [inputKey], async () => {
        // The store takes the file it is given; the caller keeps its own.
        const copy = join(tmpDir, `${inputKey}.copy`);
        await copyFile(input, copy);
        await fileStore.putFile(inputKey, copy);
        await this.enqueue(id, task, inputKey, job);
      });
      this.start();
      this.wake();
      const row = await this.outcome(id);
      outputKey = row.outputKey;
      const result = JSON.parse(row.result) as PdfJobResult;
      if (!result.ok) throw new PdfWorkerError(result.reason, result.message);
      if (output && outputKey) {
        const local = await fileStore.localFile(outputKey, tmpDir);
        try {
          await copyFile(local.path, output);
        } finally {
          await local.release();
        }
      }
      return result;
    } finally {
      await fileStore.remove(inputKey);
      if (outputKey) await fileStore.remove(outputKey);
      // The row stays, for the record, until `purgeFinishedPdfJobs`; it names no file any more.
      await this.options.knex('pdf_jobs').where('id', id).update({ inputKey: null, outputKey: null });
    }
  }

  private async enqueue(id: string, task: PdfTask, inputKey: string, job: JobOwner): Promise<void> {
    const { limits } = this.options;
    await this.options.knex.transaction(async (trx) => {
      await takeLock(trx);
      if (!job.background) {
        const counts = (await trx('pdf_jobs')
          .select(
            trx.raw(`(count(*) filter (where state = 'pending' and not background))::int as "total"`),
            trx.raw(`(count(*) filter (where state = 'pending' and not background and owner = ?))::int as "mine"`, [job.owner]),
            trx.raw(`(count(*) filter (where state = 'running' and owner = ? and lease_expires_at > now()))::int as "running"`, [
              job.owner,
            ]),
          )
          .first()) as { total: number; mine: number; running: number };
        // Pending jobs not yet claimed count as waiting, but an owner with nothing running has one
        // about to start (it goes first at the next free slot), which is not waiting behind its own.
        const starting = counts.running === 0 ? 1 : 0;
        if (counts.total >= limits.maxWaiting + starting) {
          throw new PdfWorkerError('busy', 'The server is busy processing files. Try again shortly.', RETRY_AFTER_MS);
        }
        if (counts.mine >= limits.maxWaitingPerUser + starting) {
          throw new PdfWorkerError(
            'busy',
            'You have too many files being processed at once. Wait for them to finish and try again.',
            RETRY_AFTER_MS,
          );
        }
      }
      await trx('pdf_jobs').insert({
        id,
        owner: job.owner,
        task: task.task,
        state: 'pending',
        background: job.background === true,
        inputKey,
        payload: JSON.stringify(task),
        attempts: 0,
        createdAt: trx.raw('clock_timestamp()'),
      });
    });
  }

  /** Resolves with the finished row; one poll per instance reads the outcomes of all its waiting requests. */
  private outcome(id: string): Promise<{ result: string; outputKey: string | null }> {
    return new Promise((resolve) => {
      this.waiters.set(id, { resolve });
      this.pollOutcomes(this.pollMs);
    });
  }

  private pollOutcomes(ms: number): void {
    if (this.waitTimer || this.waiters.size === 0) return;
    this.waitTimer = setTimeout(() => {
      const ids = [...this.waiters.keys()];
      this.options
        .knex('pdf_jobs')
        .whereIn('id', ids)
        .where('state', 'done')
        .select('id', 'result', 'outputKey')
        .then(
          (rows: Array<{ id: string; result: string; outputKey: string | null }>) => {
            this.waitFailures.succeeded();
            for (const row of rows) {
              this.waiters.get(row.id)?.resolve(row);
              this.waiters.delete(row.id);
            }
          },
          (error: unknown) => this.waitFailures.failed(error),
        )
        .finally(() => {
          this.waitTimer = undefined;
          const failures = this.waitFailures.failures;
          this.pollOutcomes(failures > 0 ? retryDelayMs(failures, 5_000) : this.pollMs);
        });
    }, ms);
  }

  /** Claims jobs while this instance has a free slot; polls again after `pollMs` when there is none to take. */
  private wake(): void {
    if (!this.started || this.stopped || this.claiming) return;
    clearTimeout(this.claimTimer);
    this.claiming = true;
    void this.claimWhileFree().then(
      (delayMs) => {
        this.claiming = false;
        if (this.stopped) return;
        this.claimTimer = setTimeout(() => this.wake(), delayMs);
        this.claimTimer.unref();
      },
      () => {
        this.claiming = false;
      },
    );
  }

  private async claimWhileFree(): Promise<number> {
    try {
      while (!this.stopped && this.running.size < this.options.limits.slots) {
        const job = await this.claim();
        this.claimFailures.succeeded();
        if (!job) break;
        this.running.set(job.id, { lost: false });
        void this.execute(job);
      }
      return this.pollMs;
    } catch (error) {
      this.claimFailures.failed(error);
      return retryDelayMs(this.claimFailures.failures, 5_000);
    }
  }

  /**
   * The next job by the fair order: pending, or running under a lapsed lease; of an owner with no job
   * running under a live lease; owners least recently served first, then oldest job first.
   */
  private async claim(): Promise<ClaimedJob | undefined> {
    return this.options.knex.transaction(async (trx) => {
      await takeLock(trx);
      for (;;) {
        const { rows } = (await trx.raw(
          `select j.id, j.attempts from pdf_jobs j
             left join pdf_job_owners o on o.owner = j.owner
            where (j.state = 'pending' or (j.state = 'running' and j.lease_expires_at < now()))
              and not exists (select 1 from pdf_jobs r
                               where r.owner = j.owner and r.state = 'running' and r.lease_expires_at >= now())
            order by o.last_started_at asc nulls first, j.created_at asc, j.id asc
            limit 1`,
        )) as { rows: Array<{ id: string; attempts: number }> };
        const next = rows[0];
        if (!next) return undefined;
        if (next.attempts >= MAX_ATTEMPTS) {
          const result: PdfJobResult = { ok: false, reason: 'failed', message: ABANDONED };
          await trx.raw(
            `update pdf_jobs set state = 'done', result = ?, lease_owner = null, finished_at = clock_timestamp() where id = ?`,
            [JSON.stringify(result), next.id],
          );
          this.options.logger.error('PDF job abandoned after repeated interruptions', { jobId: next.id });
          continue;
        }
        const claimed = (await trx.raw(
          `update pdf_jobs
              set state = 'running', lease_owner = ?, attempts = attempts + 1, started_at = clock_timestamp(),
                  lease_expires_at = clock_timestamp() + ? * interval '1 millisecond'
            where id = ?
        returning id, owner, task, input_key, payload, attempts`,
          [this.instanceId, this.leaseMs, next.id],
        )) as { rows: ClaimedJob[] };
        const job = claimed.rows[0] as ClaimedJob;
        await trx.raw(
          `insert into pdf_job_owners (owner, last_started_at) values (?, clock_timestamp())
           on conflict (owner) do update set last_started_at = excluded.last_started_at`,
          [job.owner],
        );
        return job;
      }
    });
  }

  private async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    try {
      const { rows } = (await this.options.knex.raw(
        `update pdf_jobs set lease_expires_at = clock_timestamp() + ? * interval '1 millisecond'
          where lease_owner = ? and state = 'running' returning id`,
        [this.leaseMs, this.instanceId],
      )) as { rows: Array<{ id: string }> };
      const held = new Set(rows.map((row) => row.id));
      for (const [id, job] of this.running) if (!held.has(id)) job.lost = true;
    } catch {
      // Tried again at the next tick; the lease lapses only if no renewal works for its whole length.
    }
  }

  /** Runs a claimed job in this instance's worker and records its outcome, if the lease is still ours. */
  private async execute(job: ClaimedJob): Promise<void> {
    const { fileStore, tmpDir, logger } = this.options;
    const dir = join(tmpDir, `pdfjob-${job.id}-${job.attempts}`);
    let outputKey: string | null = null;
    try {
      await mkdir(dir, { recursive: true });
      const task = JSON.parse(job.payload) as PdfTask;
      const output = join(dir, 'output.pdf');
      // Its input is gone only when the request waiting on it was answered already (a lapsed lease).
      if (!job.input_key) throw new Error('the job has no input');
      const input = await fileStore.localFile(job.input_key, dir);
      let result: PdfJobResult;
      try {
        result = await this.perform(task, input.path, output, job.owner);
      } finally {
        await input.release();
      }
      if (result.ok && (await stat(output).catch(() => undefined))) {
        outputKey = `pdfjob-${job.id}-output-${job.attempts}`;
        await fileStore.putFile(outputKey, output);
      }
      const finished = await this.options.knex('pdf_jobs')
        .where({ id: job.id, leaseOwner: this.instanceId, state: 'running' })
        .update({
          state: 'done',
          result: JSON.stringify(result),
          outputKey,
          // The lease's owner stays, naming the instance that ran the job.
          finishedAt: this.options.knex.raw('clock_timestamp()'),
        });
      // Taken over after our lease lapsed: the other instance's outcome stands.
      if (finished !== 1 && outputKey) await fileStore.remove(outputKey);
      // A request of this instance waiting on the job hears at once, not at its next poll.
      const waiter = this.waiters.get(job.id);
      if (finished === 1 && waiter) {
        this.waiters.delete(job.id);
        waiter.resolve({ result: JSON.stringify(result), outputKey });
      }
    } catch (error) {
      // The store or the database failed, not the file: the lease lapses and the job is run again.
      logger.error('PDF job interrupted; it will be retried when its lease runs out', { jobId: job.id, ...describeError(error) });
      if (outputKey) await fileStore.remove(outputKey).catch(() => {});
    } finally {
      this.running.delete(job.id);
      await rm(dir, { recursive: true, force: true });
      this.wake();
    }
  }

  private async perform(task: PdfTask, input: string, output: string, owner: string): Promise<PdfJobResult> {
    // The local worker's own queue never holds these back: this instance claims at most `slots`.
    const job: JobOwner = { owner, background: true };
    const { local } = this.options;
    try {
      if (task.task === 'check') return { ok: true, pageCount: (await local.check(input, job)).pageCount };
      if (task.task === 'image') {
        await local.imageToPdf(input, output, task.kind, job);
        return { ok: true };
      }
      const { warnings } = await local.exportPdf(input, output, task.annotations, task.watermark, job, task.formValues);
      return { ok: true, warnings };
    } catch (error) {
      if (error instanceof PdfWorkerError) return { ok: false, reason: error.reason, message: error.message };
      this.options.logger.error('PDF job failed', describeError(error));
      return { ok: false, reason: 'failed', message: 'Processing failed.' };
    }
  }
}
