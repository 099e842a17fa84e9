// Runs PDF work (checking uploads, converting images, exporting with annotations) in child
// processes. Parsing an untrusted 100 MB PDF in the server would hold its bytes in the server's
// memory and block every other request; a child has its own capped heap, and a crash there cannot
// take the server down. Every job runs under the limits of `PdfJobLimits`: a V8 heap cap, a cap on
// the child's resident memory (buffers and native allocations escape the heap cap, so the parent
// reads the child's RSS while it works and kills it past the cap), and a time limit. A job that
// hits one ends with `TOO_COMPLEX` and its child is replaced. Jobs wait in a fair queue, one
// running job per user. Children are kept warm between tasks (loading the core takes about half a
// second) and replaced after large inputs to give memory back.
import { fork, type ChildProcess } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { FairQueue, QueueFullError } from './fairQueue';

export type PdfFailure =
  | 'invalid'
  | 'encrypted'
  | 'empty'
  | 'annotations'
  | 'too-complex'
  | 'busy'
  | 'failed';

/** The answer to every job that hits a limit (memory, time, pixels, decoded size). */
export const TOO_COMPLEX = 'This file is too complex to process';

export class PdfWorkerError extends Error {
  override readonly name = 'PdfWorkerError';
  readonly reason: PdfFailure;
  /** For `busy`: when to try again. */
  readonly retryAfterMs: number;
  constructor(reason: PdfFailure, message: string, retryAfterMs = 0) {
    super(message);
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Whose job this is: jobs are queued fairly per owner (see fairQueue.ts). */
export interface JobOwner {
  owner: string;
  /** A job of a caller that serialises its own jobs (the conversion runner): not refused when the queue is full. */
  background?: boolean;
}

export interface PdfWorker {
  /**
   * Resolves when the core can open and rewrite the PDF and its streams decode within the bound;
   * rejects with a `PdfWorkerError` otherwise. Answers the page count.
   */
  check(input: string, job: JobOwner): Promise<{ pageCount: number }>;
  imageToPdf(input: string, output: string, kind: 'png' | 'jpeg', job: JobOwner): Promise<void>;
  exportPdf(
    input: string,
    output: string,
    annotations: unknown,
    watermark: false | { text?: string },
    job: JobOwner,
    /** The values the user gave the PDF's form fields, written into them before the annotations. */
    formValues?: Record<string, unknown>,
  ): Promise<{ warnings: string[] }>;
  /** Stops the worker's processes. */
  close(): void;
}

export interface PdfJobLimits {
  /** Jobs running at once (child processes). */
  slots: number;
  /** Jobs waiting across all users, and per user, before new ones are refused (429). */
  maxWaiting: number;
  maxWaitingPerUser: number;
  /** Wall-clock limit of one job. */
  timeoutMs: number;
  /** V8 old-space limit of a child (`--max-old-space-size`). */
  maxHeapMb: number;
  /** Resident memory of a child (heap, buffers, native allocations) past which it is killed. */
  maxRssMb: number;
  /**
   * How long a running job stays its instance's without a renewal, on PostgreSQL (jobs are shared by
   * every instance there, see pdfJobQueue.ts; conversion jobs hold a lease of the same length): a job
   * of an instance that died is taken over this long after its last renewal.
   */
  leaseMs: number;
}

export const DEFAULT_PDF_JOB_LIMITS: PdfJobLimits = {
  slots: 2,
  // A user may queue a batch of uploads (the web app sends up to 20 at once); every job waiting
  // holds only its file on disk, no memory.
  maxWaiting: 100,
  maxWaitingPerUser: 20,
  timeoutMs: 30_000,
  // A 100 MB PDF loads and saves within these; a 20 MB text annotation (the JSON body's limit) does not.
  maxHeapMb: 768,
  maxRssMb: 1024,
  leaseMs: 30_000,
};

const ERROR_REASONS: Record<string, PdfFailure> = {
  PdfInvalidError: 'invalid',
  PdfEncryptedError: 'encrypted',
  PdfPasswordError: 'encrypted',
  PdfEmptyError: 'empty',
  AnnotationValidationError: 'annotations',
  AnnotationExportError: 'annotations',
  // Text in a script no font here covers (the message names the characters).
  UnsupportedCharactersError: 'annotations',
  InvalidInputError: 'annotations',
  // Thrown by the child's own guards (decoded-size bound, declared image size).
  TooComplexError: 'too-complex',
};

interface ChildResult {
  ok: boolean;
  error?: { name: string; message: string };
  warnings?: string[];
  pageCount?: number;
}

function childScript(): string {
  // Beside this module: src/infrastructure/*.ts when running from source, dist/*.js when bundled.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return fileURLToPath(new URL(`./pdfWorkerChild${extension}`, import.meta.url));
}

// A child that handled an input this large is retired afterwards rather than kept with a grown heap.
const RECYCLE_AFTER_BYTES = 16 * 1024 * 1024;
const RECYCLE_AFTER_TASKS = 200;
const IDLE_EXIT_MS = 30_000;
// How often a running child's resident memory is read. Memory grows by at most a few hundred MB a
// second even under a bomb, so the overshoot past the cap stays small.
const MEMORY_POLL_MS = 20;
export const RETRY_AFTER_MS = 10_000;

/** Current and peak resident memory of a process, from Linux's /proc; undefined elsewhere or once it is gone. */
async function residentMemory(pid: number): Promise<{ rss: number; peak: number } | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kib('VmRSS'), peak: kib('VmHWM') };
  } catch {
    return undefined;
  }
}

interface Idle {
  child: ChildProcess;
  tasks: number;
  timer: NodeJS.Timeout;
}

export class ChildPdfWorker implements PdfWorker {
  private readonly queue: FairQueue;
  private readonly limits: PdfJobLimits;
  private readonly script = childScript();
  private readonly idle: Idle[] = [];
  private readonly running = new Set<ChildProcess>();
  private peakRss = 0;

  constructor(limits: Partial<PdfJobLimits> = {}) {
    this.limits = { ...DEFAULT_PDF_JOB_LIMITS, ...limits };
    this.queue = new FairQueue({
      slots: this.limits.slots,
      maxWaiting: this.limits.maxWaiting,
      maxWaitingPerOwner: this.limits.maxWaitingPerUser,
    });
  }

  /** The highest resident memory any child reached (Linux only; 0 elsewhere), to prove the caps hold. */
  get peakRssBytes(): number {
    return this.peakRss;
  }

  /** Jobs running and waiting. */
  get queueSize(): { running: number; waiting: number } {
    return this.queue.size;
  }

  private spawnChild(): ChildProcess {
    const child = fork(this.script, [], {
      execArgv: [`--max-old-space-size=${this.limits.maxHeapMb}`, '--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    child.stderr?.resume();
    return child;
  }

  private take(): { child: ChildProcess; tasks: number } {
    while (this.idle.length > 0) {
      const entry = this.idle.pop() as Idle;
      clearTimeout(entry.timer);
      if (entry.child.connected) return { child: entry.child, tasks: entry.tasks };
    }
    return { child: this.spawnChild(), tasks: 0 };
  }

  private giveBack(child: ChildProcess, tasks: number): void {
    const timer = setTimeout(() => {
      const index = this.idle.findIndex((entry) => entry.child === child);
      if (index >= 0) this.idle.splice(index, 1);
      child.kill();
    }, IDLE_EXIT_MS);
    timer.unref();
    // An idle child must not keep the server (or a test run) alive.
    child.unref();
    (child as unknown as { channel?: { unref(): void } }).channel?.unref();
    this.idle.push({ child, tasks, timer });
  }

  private async run(task: Record<string, unknown> & { input: string }, job: JobOwner): Promise<ChildResult> {
    const inputBytes = (await stat(task.input)).size;
    try {
      return await this.queue.run(job.owner, () => this.runInChild(task, inputBytes), {
        bounded: !job.background,
        retryAfterMs: RETRY_AFTER_MS,
      });
    } catch (error) {
      if (error instanceof QueueFullError) throw new PdfWorkerError('busy', error.message, error.retryAfterMs);
      throw error;
    }
  }

  /** Runs one task in a warm or new child, under the time limit and the memory cap. */
  private runInChild(task: Record<string, unknown>, inputBytes: number): Promise<ChildResult> {
    return new Promise<ChildResult>((resolve, reject) => {
      const { child, tasks } = this.take();
      child.ref();
      (child as unknown as { channel?: { ref(): void } }).channel?.ref();
      this.running.add(child);
      let settled = false;
      const finish = (outcome: () => void, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.off('error', onError);
        this.running.delete(child);
        if (keep && child.connected && tasks + 1 < RECYCLE_AFTER_TASKS && inputBytes < RECYCLE_AFTER_BYTES) {
          this.giveBack(child, tasks + 1);
        } else {
          child.kill('SIGKILL');
        }
        outcome();
      };
      const tooComplex = () => finish(() => reject(new PdfWorkerError('too-complex', TOO_COMPLEX)), false);
      const onMessage = (message: ChildResult) => finish(() => resolve(message), true);
      // A child dies during a job when V8 runs out of its capped heap (or, rarely, on a crash of a
      // native part): both are the file's doing, and the next job gets a fresh child.
      const onExit = () => tooComplex();
      const onError = (error: Error) => finish(() => reject(error), false);
      const timer = setTimeout(tooComplex, this.limits.timeoutMs);
      const capBytes = this.limits.maxRssMb * 1024 * 1024;
      let reading = false;
      const watch = setInterval(() => {
        if (reading || child.pid === undefined) return;
        reading = true;
        void residentMemory(child.pid).then((memory) => {
          reading = false;
          if (!memory || settled) return;
          this.peakRss = Math.max(this.peakRss, memory.peak, memory.rss);
          if (memory.rss > capBytes) tooComplex();
        });
      }, MEMORY_POLL_MS);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.on('error', onError);
      child.send(task);
    });
  }

  /** Ends every child process (idle ones now, running ones are killed). */
  close(): void {
    for (const entry of this.idle.splice(0)) {
      clearTimeout(entry.timer);
      entry.child.kill();
    }
    for (const child of this.running) child.kill('SIGKILL');
  }

  private async runOrThrow(task: Record<string, unknown> & { input: string }, job: JobOwner): Promise<ChildResult> {
    const result = await this.run(task, job);
    if (result.ok) return result;
    const reason = ERROR_REASONS[result.error?.name ?? 'Error'] ?? 'failed';
    throw new PdfWorkerError(reason, reason === 'too-complex' ? TOO_COMPLEX : (result.error?.message ?? 'Processing failed.'));
  }

  async check(input: string, job: JobOwner): Promise<{ pageCount: number }> {
    const result = await this.runOrThrow({ task: 'check', input }, job);
    return { pageCount: result.pageCount ?? 0 };
  }

  async imageToPdf(input: string, output: string, kind: 'png' | 'jpeg', job: JobOwner): Promise<void> {
    await this.runOrThrow({ task: 'image', input, output, kind }, job);
  }

  async exportPdf(
    input: string,
    output: string,
    annotations: unknown,
    watermark: false | { text?: string },
    job: JobOwner,
    formValues?: Record<string, unknown>,
  ): Promise<{ warnings: string[] }> {
    const result = await this.runOrThrow({ task: 'export', input, output, annotations, watermark, ...(formValues && { formValues }) }, job);
    return { warnings: result.warnings ?? [] };
  }
}

