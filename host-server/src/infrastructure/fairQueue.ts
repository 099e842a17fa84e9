// A fair job queue: at most `slots` jobs run at once, at most one per owner, and waiting jobs are
// started round robin across owners, so one account queueing many slow jobs delays another
// account's job by at most the jobs already running, never by its own backlog. The queue is
// bounded in total and per owner; a job that does not fit is refused at once (`QueueFullError`)
// rather than left to wait for minutes.

export interface FairQueueOptions {
  /** Jobs running at the same time (across owners). */
  slots: number;
  /** Jobs waiting (not running) across all owners. */
  maxWaiting: number;
  /** Jobs waiting for one owner. */
  maxWaitingPerOwner: number;
}

export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
  /** A fair guess at when a slot frees up. */
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

interface Waiting {
  start: () => void;
}

export class FairQueue {
  private readonly options: FairQueueOptions;
  private readonly running = new Set<string>();
  /** Waiting jobs by owner; the Map's order is the round-robin order (an owner served moves to the back). */
  private readonly waiting = new Map<string, Waiting[]>();
  private waitingCount = 0;

  constructor(options: FairQueueOptions) {
    this.options = options;
  }

  /** Jobs running and waiting, for logs and tests. */
  get size(): { running: number; waiting: number } {
    return { running: this.running.size, waiting: this.waitingCount };
  }

  /**
   * Runs `job` for `owner` when its turn comes. `bounded: false` skips the waiting limits, for a
   * caller that already serialises its own jobs (the conversion runner keeps at most one queued).
   * @throws QueueFullError when the queue (or the owner's share of it) is full.
   */
  async run<T>(
    owner: string,
    job: () => Promise<T>,
    options: { bounded?: boolean; retryAfterMs?: number } = {},
  ): Promise<T> {
    if (!this.canStart(owner)) {
      if (options.bounded !== false) this.ensureRoom(owner, options.retryAfterMs ?? 30_000);
      await new Promise<void>((start) => {
        const list = this.waiting.get(owner);
        if (list) list.push({ start });
        else this.waiting.set(owner, [{ start }]);
        this.waitingCount += 1;
      });
    }
    this.running.add(owner);
    try {
      return await job();
    } finally {
      this.running.delete(owner);
      // The owner just served goes to the back of the rotation.
      const list = this.waiting.get(owner);
      if (list) {
        this.waiting.delete(owner);
        this.waiting.set(owner, list);
      }
      this.startNext();
    }
  }

  private canStart(owner: string): boolean {
    return this.running.size < this.options.slots && !this.running.has(owner) && !this.waiting.has(owner);
  }

  private ensureRoom(owner: string, retryAfterMs: number): void {
    if (this.waitingCount >= this.options.maxWaiting) {
      throw new QueueFullError('The server is busy processing files. Try again shortly.', retryAfterMs);
    }
    if ((this.waiting.get(owner)?.length ?? 0) >= this.options.maxWaitingPerOwner) {
      throw new QueueFullError(
        'You have too many files being processed at once. Wait for them to finish and try again.',
        retryAfterMs,
      );
    }
  }

  /** Starts waiting jobs of owners with nothing running, oldest owner in the rotation first. */
  private startNext(): void {
    for (const [owner, list] of this.waiting) {
      if (this.running.size >= this.options.slots) return;
      if (this.running.has(owner)) continue;
      const next = list.shift() as Waiting;
      this.waiting.delete(owner);
      // Back of the rotation: every other owner with waiting jobs goes before this one's next job.
      if (list.length > 0) this.waiting.set(owner, list);
      this.waitingCount -= 1;
      // Marked running now, so a second pass of this loop (or a concurrent finish) cannot start another.
      this.running.add(owner);
      next.start();
    }
  }
}
