// Runs PDF work (checking uploads, converting images, exporting with annotations) in child
// processes. Parsing an untrusted 100 MB PDF in the server would hold its bytes in the server's
// memory and block every other request; a child has its own capped heap, is killed when it runs
// too long, and a crash there cannot take the server down. Children are kept warm between tasks
// (loading the core takes about half a second) and replaced after large inputs to give memory back.
import { fork, type ChildProcess } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Semaphore } from './semaphore';

export type PdfFailure = 'invalid' | 'encrypted' | 'empty' | 'annotations' | 'timeout' | 'failed';

export class PdfWorkerError extends Error {
  override readonly name = 'PdfWorkerError';
  readonly reason: PdfFailure;
  constructor(reason: PdfFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface PdfWorker {
  /** Resolves when the core can open and rewrite the PDF; rejects with a `PdfWorkerError` otherwise. */
  check(input: string): Promise<void>;
  imageToPdf(input: string, output: string, kind: 'png' | 'jpeg'): Promise<void>;
  exportPdf(
    input: string,
    output: string,
    annotations: unknown,
    watermark: false | { text?: string },
  ): Promise<{ warnings: string[] }>;
  /** Stops the worker's processes. */
  close(): void;
}

export interface ChildPdfWorkerOptions {
  concurrency?: number;
  timeoutMs?: number;
  maxHeapMb?: number;
}

const ERROR_REASONS: Record<string, PdfFailure> = {
  PdfInvalidError: 'invalid',
  PdfEncryptedError: 'encrypted',
  PdfEmptyError: 'empty',
  AnnotationValidationError: 'annotations',
};

interface ChildResult {
  ok: boolean;
  error?: { name: string; message: string };
  warnings?: string[];
}

function childScript(): string {
  // Beside this module: src/services/*.ts when running from source, dist/*.js when bundled.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return fileURLToPath(new URL(`./pdfWorkerChild${extension}`, import.meta.url));
}

// A child that handled an input this large is retired afterwards rather than kept with a grown heap.
const RECYCLE_AFTER_BYTES = 16 * 1024 * 1024;
const RECYCLE_AFTER_TASKS = 200;
const IDLE_EXIT_MS = 30_000;

interface Idle {
  child: ChildProcess;
  tasks: number;
  timer: NodeJS.Timeout;
}

export class ChildPdfWorker implements PdfWorker {
  private readonly slots: Semaphore;
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;
  private readonly script = childScript();
  private readonly idle: Idle[] = [];
  private readonly running = new Set<ChildProcess>();

  constructor(options: ChildPdfWorkerOptions = {}) {
    this.slots = new Semaphore(options.concurrency ?? 2);
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.maxHeapMb = options.maxHeapMb ?? 1536;
  }

  private spawnChild(): ChildProcess {
    const child = fork(this.script, [], {
      execArgv: [`--max-old-space-size=${this.maxHeapMb}`, '--disable-warning=ExperimentalWarning'],
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

  private async run(task: Record<string, unknown> & { input: string }): Promise<ChildResult> {
    const inputBytes = (await stat(task.input)).size;
    return this.slots.run(
      () =>
        new Promise<ChildResult>((resolve, reject) => {
          const { child, tasks } = this.take();
          child.ref();
          (child as unknown as { channel?: { ref(): void } }).channel?.ref();
          this.running.add(child);
          let settled = false;
          const finish = (outcome: () => void, keep: boolean) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
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
          const onMessage = (message: ChildResult) => finish(() => resolve(message), true);
          const onExit = (code: number | null, signal: string | null) =>
            finish(
              () =>
                reject(
                  new PdfWorkerError('failed', `The PDF worker stopped unexpectedly (${signal ?? `exit ${code}`}).`),
                ),
              false,
            );
          const onError = (error: Error) => finish(() => reject(error), false);
          const timer = setTimeout(
            () => finish(() => reject(new PdfWorkerError('timeout', 'Processing the file took too long.')), false),
            this.timeoutMs,
          );
          child.on('message', onMessage);
          child.on('exit', onExit);
          child.on('error', onError);
          child.send(task);
        }),
    );
  }

  /** Ends every child process (idle ones now, running ones are killed). */
  close(): void {
    for (const entry of this.idle.splice(0)) {
      clearTimeout(entry.timer);
      entry.child.kill();
    }
    for (const child of this.running) child.kill('SIGKILL');
  }

  private async runOrThrow(task: Record<string, unknown> & { input: string }): Promise<ChildResult> {
    const result = await this.run(task);
    if (result.ok) return result;
    const name = result.error?.name ?? 'Error';
    throw new PdfWorkerError(ERROR_REASONS[name] ?? 'failed', result.error?.message ?? 'Processing failed.');
  }

  async check(input: string): Promise<void> {
    await this.runOrThrow({ task: 'check', input });
  }

  async imageToPdf(input: string, output: string, kind: 'png' | 'jpeg'): Promise<void> {
    await this.runOrThrow({ task: 'image', input, output, kind });
  }

  async exportPdf(
    input: string,
    output: string,
    annotations: unknown,
    watermark: false | { text?: string },
  ): Promise<{ warnings: string[] }> {
    const result = await this.runOrThrow({ task: 'export', input, output, annotations, watermark });
    return { warnings: result.warnings ?? [] };
  }
}
