// Runs expensive tasks (password hashing) a few at a time, with a bounded queue in front. Each task
// should be done within a latency budget: a waiting task that could no longer make it (judged by how
// long recent tasks took, so on a busy machine tasks wait less) is refused rather than left to make
// every request behind it slow, and one whose requester has gone away (its AbortSignal fired)
// leaves the queue without ever running.

export class PoolRefusedError extends Error {
  override readonly name = 'PoolRefusedError';
  /** `busy`: the queue was full or the task could not finish in time; `cancelled`: the requester went away. */
  readonly reason: 'busy' | 'cancelled';
  /** How long to wait before trying again (busy only). */
  readonly retryAfterMs: number;

  constructor(reason: 'busy' | 'cancelled', retryAfterMs = 0) {
    super(reason === 'busy' ? 'Too many tasks waiting' : 'The requester went away');
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

export interface BoundedPoolOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting at most; one more is refused as busy. */
  maxQueued: number;
  /** Waiting plus running time a task should stay within; one that would not is refused as busy. */
  latencyBudgetMs: number;
}

export interface PoolStats {
  /** Tasks that started running. */
  started: number;
  /** Tasks refused because the queue was full or they could not finish within the budget. */
  refusedBusy: number;
  /** Tasks dropped before running because their requester went away. */
  cancelled: number;
}

interface Waiting {
  enqueuedAt: number;
  start(): void;
  refuse(error: PoolRefusedError): void;
}

// Weight of the latest task in the running average of task durations.
const AVERAGE_WEIGHT = 0.3;
const MIN_WAIT_MS = 500;

export class BoundedPool {
  readonly options: BoundedPoolOptions;
  readonly stats: PoolStats = { started: 0, refusedBusy: 0, cancelled: 0 };
  #running = 0;
  #averageRunMs = 0;
  readonly #queue: Waiting[] = [];

  constructor(options: BoundedPoolOptions) {
    this.options = options;
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; queued: number } {
    return { running: this.#running, queued: this.#queue.length };
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return this.#cancel();
    if (this.#running >= this.options.concurrency) await this.#wait(signal);
    else this.#running += 1;
    // The slot is ours from here on; it passes to the next waiter when the task ends.
    try {
      if (signal?.aborted) return this.#cancel();
      this.stats.started += 1;
      const started = performance.now();
      const result = await task();
      const took = performance.now() - started;
      this.#averageRunMs =
        this.#averageRunMs === 0 ? took : this.#averageRunMs + AVERAGE_WEIGHT * (took - this.#averageRunMs);
      return result;
    } finally {
      this.#release();
    }
  }

  #cancel(): never {
    this.stats.cancelled += 1;
    throw new PoolRefusedError('cancelled');
  }

  #busy(): PoolRefusedError {
    this.stats.refusedBusy += 1;
    return new PoolRefusedError('busy', this.options.latencyBudgetMs);
  }

  #wait(signal: AbortSignal | undefined): Promise<void> {
    const { maxQueued, latencyBudgetMs } = this.options;
    if (this.#queue.length >= maxQueued) return Promise.reject(this.#busy());
    return new Promise<void>((resolve, reject) => {
      const leave = (error: PoolRefusedError) => {
        const index = this.#queue.indexOf(entry);
        if (index >= 0) this.#queue.splice(index, 1);
        cleanup();
        reject(error);
      };
      const onAbort = () => {
        this.stats.cancelled += 1;
        leave(new PoolRefusedError('cancelled'));
      };
      // Still waiting when only the time of the task itself is left: refused, whatever happens next.
      // Tasks vary, so one is given a moment even when the average says it is too late already;
      // it only runs if, when its turn comes, it can still finish in time.
      const timer = setTimeout(
        () => leave(this.#busy()),
        Math.max(MIN_WAIT_MS, latencyBudgetMs - this.#averageRunMs),
      );
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const entry: Waiting = {
        enqueuedAt: performance.now(),
        start: () => {
          cleanup();
          resolve();
        },
        refuse: leave,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(entry);
    });
  }

  #release(): void {
    // The next waiter that can still finish within the budget at the recent pace gets the slot.
    for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
      if (performance.now() - next.enqueuedAt + this.#averageRunMs <= this.options.latencyBudgetMs) {
        next.start();
        return;
      }
      next.refuse(this.#busy());
    }
    this.#running -= 1;
  }
}
