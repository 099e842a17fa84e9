import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFullError } from './fairQueue';

/** A job that runs until the test lets it finish, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    job: async () => {
      log.push(name);
      await released;
      return name;
    },
    release,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FairQueue', () => {
  it('runs one job per owner and serves waiting owners round robin', async () => {
    const queue = new FairQueue({ slots: 2, maxWaiting: 100, maxWaitingPerOwner: 10 });
    const log: string[] = [];
    const a = [1, 2, 3, 4].map((n) => gate(log, `a${n}`));
    const b = [1, 2].map((n) => gate(log, `b${n}`));
    const c = gate(log, 'c1');
    const done = [
      ...a.map((g) => queue.run('a', g.job)),
      ...b.map((g) => queue.run('b', g.job)),
      queue.run('c', c.job),
    ];
    await settle();
    // Two slots, but A's backlog does not take the second: B's first job does.
    expect(log).toEqual(['a1', 'b1']);
    expect(queue.size).toEqual({ running: 2, waiting: 5 });
    a[0]!.release();
    await settle();
    // C has waited longest without running anything.
    expect(log).toEqual(['a1', 'b1', 'c1']);
    b[0]!.release();
    await settle();
    expect(log.slice(3)).toEqual(['a2']);
    c.release();
    await settle();
    expect(log.slice(4)).toEqual(['b2']);
    a[1]!.release();
    b[1]!.release();
    await settle();
    expect(log.slice(5)).toEqual(['a3']);
    a[2]!.release();
    await settle();
    a[3]!.release();
    expect(await Promise.all(done)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'c1']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses jobs past the per-owner and total bounds, except unbounded ones', async () => {
    const queue = new FairQueue({ slots: 1, maxWaiting: 3, maxWaitingPerOwner: 2 });
    const log: string[] = [];
    const first = gate(log, 'a1');
    const running = queue.run('a', first.job);
    const waiting = [queue.run('a', async () => 'a2'), queue.run('a', async () => 'a3')];
    await expect(queue.run('a', async () => 'a4', { retryAfterMs: 5000 })).rejects.toMatchObject({
      name: 'QueueFullError',
      retryAfterMs: 5000,
    });
    waiting.push(queue.run('b', async () => 'b1'));
    await expect(queue.run('c', async () => 'c1')).rejects.toBeInstanceOf(QueueFullError);
    // The conversion runner's jobs wait whatever the bounds.
    waiting.push(queue.run('c', async () => 'c1', { bounded: false }));
    first.release();
    expect(await Promise.all([running, ...waiting])).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = new FairQueue({ slots: 1, maxWaiting: 10, maxWaitingPerOwner: 10 });
    await expect(queue.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('a', async () => 'next')).toBe('next');
  });
});
