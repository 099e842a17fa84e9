// A counting semaphore: bounds how many expensive operations (password hashing, PDF child
// processes) run at once; the rest queue in arrival order.
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      if (next) next();
      else this.active -= 1;
    }
  }
}
