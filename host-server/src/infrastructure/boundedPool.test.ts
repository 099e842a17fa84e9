import { describe, expect, it } from 'vitest';
import { BoundedPool, PoolRefusedError } from './boundedPool';

/** A task that ends when `finish` is called. */
function gate() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => done, finish: () => finish() };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ran',
    (error: unknown) => (error instanceof PoolRefusedError ? error.reason : 'failed'),
  );

describe('BoundedPool', () => {
  it('runs its concurrency at once, queues up to its bound, and refuses the rest as busy', async () => {
    const pool = new BoundedPool({ concurrency: 2, maxQueued: 1, latencyBudgetMs: 60_000 });
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((item) => pool.run(item.task));
    expect(pool.load).toEqual({ running: 2, queued: 1 });
    expect(await refusal(pool.run(async () => {}))).toBe('busy');
    for (const item of gates) item.finish();
    await Promise.all(runs);
    expect(pool.stats).toEqual({ started: 3, refusedBusy: 1, cancelled: 0 });
    expect(pool.load).toEqual({ running: 0, queued: 0 });
  });

  it('never runs a waiting task whose requester went away', async () => {
    const pool = new BoundedPool({ concurrency: 1, maxQueued: 5, latencyBudgetMs: 60_000 });
    const running = gate();
    const first = pool.run(running.task);
    const controller = new AbortController();
    let ran = false;
    const abandoned = refusal(pool.run(async () => void (ran = true), controller.signal));
    controller.abort();
    expect(await abandoned).toBe('cancelled');
    expect(pool.load.queued).toBe(0);
    running.finish();
    await first;
    expect(ran).toBe(false);
    expect(await refusal(pool.run(async () => {}, AbortSignal.abort()))).toBe('cancelled');
  });

  it('refuses a waiting task once, at the pace of the last ones, it could not finish within the budget', async () => {
    const pool = new BoundedPool({ concurrency: 1, maxQueued: 10, latencyBudgetMs: 300 });
    await pool.run(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const running = gate();
    const slow = pool.run(running.task);
    // Tasks take about 200 ms: after about 100 ms of waiting, this one cannot be done within 300 ms.
    let ran = false;
    expect(await refusal(pool.run(async () => void (ran = true)))).toBe('busy');
    running.finish();
    await slow;
    expect(ran).toBe(false);
    expect(pool.stats.refusedBusy).toBe(1);
  });
});
