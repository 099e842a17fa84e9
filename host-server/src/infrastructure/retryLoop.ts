// What every background loop does when its work fails (the database or Redis is away, a disk is
// full): it never lets the failure reach the process (an unhandled rejection ends it), says so
// once per outage rather than once per tick, retries sooner than its usual interval but backs off
// while the failure lasts, and says when it works again.
import { describeError, type Logger } from '../logger';

/** The first retry after a failure; each further failure doubles the wait, up to the cap. */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

/**
 * The wait before retry number `failures` (1 for the first) of work that normally runs every
 * `intervalMs`: doubling from `FIRST_RETRY_MS`, never longer than the interval nor `MAX_RETRY_MS`
 * (so the work resumes soon after its dependency returns), less up to a fifth at random so
 * instances sharing a database do not retry in step.
 */
export function retryDelayMs(failures: number, intervalMs: number): number {
  const cap = Math.min(MAX_RETRY_MS, intervalMs);
  const doubled = Math.min(cap, FIRST_RETRY_MS * 2 ** Math.min(30, Math.max(0, failures - 1)));
  return Math.round(doubled * (1 - Math.random() * 0.2));
}

/** What a `FailureStreak` logs: when a streak of failures starts, and when the work succeeds after one. */
export interface StreakMessages {
  failed: string;
  recovered: string;
}

/** Counts consecutive failures of one piece of work and logs the first and the recovery only. */
export class FailureStreak {
  readonly #logger: Logger;
  readonly #messages: StreakMessages;
  #failures = 0;
  #since = 0;

  constructor(logger: Logger, messages: StreakMessages) {
    this.#logger = logger;
    this.#messages = messages;
  }

  /** How many times in a row the work has failed (0 when it last worked). */
  get failures(): number {
    return this.#failures;
  }

  failed(error: unknown): void {
    this.#failures += 1;
    if (this.#failures > 1) return;
    this.#since = Date.now();
    this.#logger.error(this.#messages.failed, describeError(error));
  }

  succeeded(): void {
    if (this.#failures === 0) return;
    this.#logger.info(this.#messages.recovered, { failures: this.#failures, downMs: Date.now() - this.#since });
    this.#failures = 0;
  }
}

export interface RepeatingTask {
  /** Names the work in the log, e.g. "deleting expired recovery drafts". */
  what: string;
  run(): Promise<void>;
  intervalMs: number;
  logger: Logger;
}

/**
 * Runs `task.run` now and then every `intervalMs` after each run ends; a failed run is retried
 * after `retryDelayMs`. Answers the function that stops it.
 */
export function repeatUntilStopped(task: RepeatingTask): () => void {
  const streak = new FailureStreak(task.logger, {
    failed: `${task.what} failed; retrying with backoff`,
    recovered: `${task.what} works again`,
  });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    // Through a promise even if `run` throws before its first await.
    Promise.resolve()
      .then(() => task.run())
      .then(
      () => {
        streak.succeeded();
        schedule(task.intervalMs);
      },
      (error: unknown) => {
        streak.failed(error);
        schedule(retryDelayMs(streak.failures, task.intervalMs));
      },
    );
  };
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
