import { afterAll, describe, expect, it } from 'vitest';
import { openTestRedisStore, redisAvailable } from '../test-support/redis';
import { createRateLimiter, MEMORY_STORE, type RateLimitStore } from './rateLimit';

const withRedis = await redisAvailable();
const redis = withRedis ? await openTestRedisStore() : undefined;
afterAll(() => redis?.close());

const stores: Array<[string, RateLimitStore | undefined]> = [
  ['memory', MEMORY_STORE],
  ['Redis', redis],
];

describe.each(stores)('rate limiter in %s', (name, store) => {
  it.skipIf(!store)("allows the rule's count per window, then refuses with the time left", async () => {
    const limiter = createRateLimiter('test', { max: 3, windowMs: 60_000 }, store);
    const verdicts = [];
    for (let i = 0; i < 4; i += 1) verdicts.push(await limiter.consume('ada'));
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]?.retryAfterMs).toBeGreaterThan(50_000);
    expect(verdicts[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Keys are counted apart.
    expect((await limiter.consume('bob')).allowed).toBe(true);
  });

  it.skipIf(!store)('never lets more than the count through when consumed in parallel', async () => {
    const limiter = createRateLimiter('parallel', { max: 10, windowMs: 60_000 }, store);
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => limiter.consume('target')));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
  });

  it.skipIf(!store)('takes a refunded point back and forgets a reset key', async () => {
    const limiter = createRateLimiter('refund', { max: 2, windowMs: 60_000 }, store);
    await limiter.consume('ada');
    await limiter.consume('ada');
    await limiter.refund('ada');
    expect((await limiter.consume('ada')).allowed).toBe(true);
    expect((await limiter.consume('ada')).allowed).toBe(false);
    await limiter.reset('ada');
    expect((await limiter.consume('ada')).allowed).toBe(true);
  });

  it.skipIf(!store)('counts again once the window has passed', async () => {
    const limiter = createRateLimiter('window', { max: 1, windowMs: 1000 }, store);
    expect((await limiter.consume('ada')).allowed).toBe(true);
    const refused = await limiter.consume('ada');
    expect(refused.allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, refused.retryAfterMs + 50));
    expect((await limiter.consume('ada')).allowed).toBe(true);
  });
});

describe.skipIf(!redis)('rate limits shared through Redis', () => {
  it('are one count for every server instance using the same store', async () => {
    const rule = { max: 3, windowMs: 60_000 };
    const first = createRateLimiter('shared', rule, redis);
    const second = createRateLimiter('shared', rule, redis);
    expect((await first.consume('ada')).allowed).toBe(true);
    expect((await second.consume('ada')).allowed).toBe(true);
    expect((await first.consume('ada')).allowed).toBe(true);
    expect((await second.consume('ada')).allowed).toBe(false);
  });
});

describe.skipIf(!redis)('rate limits when Redis goes away', () => {
  it('keep counting in this process rather than failing requests', async () => {
    const store = await openTestRedisStore();
    const limiter = createRateLimiter('outage', { max: 2, windowMs: 60_000 }, store);
    store.close();
    const verdicts = [];
    for (let i = 0; i < 3; i += 1) verdicts.push((await limiter.consume('ada')).allowed);
    expect(verdicts).toEqual([true, true, false]);
  });
});

describe.each(stores)('refused attempts, counted in %s', (name, store) => {
  it.skipIf(!store)('do not count: a point given back is free again even after refusals', async () => {
    const limiter = createRateLimiter('refusals', { max: 2, windowMs: 60_000 }, store);
    await limiter.consume('ada');
    await limiter.consume('ada');
    for (let i = 0; i < 5; i += 1) expect((await limiter.consume('ada')).allowed).toBe(false);
    await limiter.refund('ada');
    expect((await limiter.consume('ada')).allowed).toBe(true);
    expect((await limiter.consume('ada')).allowed).toBe(false);
  });
});
