// Rate limits counted in a Redis of the test's own that stops answering without closing its
// connections (a frozen process, or a network that drops packets): counting must fall back to
// memory within the command time limit instead of holding the request for as long as Redis is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { missingTools, type PrivateRedis, startPrivateRedis } from '../test-support/privateServices';
import { RecordingLogger } from '../test-support/recordingLogger';
import { TEST_DATABASE } from '../test-support/testServer';
import { connectRedis, createRateLimiter } from './rateLimit';

const missing = missingTools(['redis-server']);
// Nothing here touches the database: it runs once, in the SQLite project.
const skip = missing.length > 0 || TEST_DATABASE === 'postgres';
if (missing.length > 0) console.warn('Skipping the frozen-Redis test: redis-server not found on PATH');

let redis: PrivateRedis | undefined;
let client: Redis | undefined;
const logger = new RecordingLogger();

beforeAll(async () => {
  if (skip) return;
  redis = await startPrivateRedis();
  client = await connectRedis(redis.url, logger);
}, 60_000);

afterAll(async () => {
  client?.disconnect();
  await redis?.destroy();
});

describe.skipIf(skip)('a Redis that stops answering', () => {
  it('fails over to counting in memory, and keeps the rule while it does', async () => {
    if (!redis || !client) throw new Error('not started');
    const limiter = createRateLimiter('frozen', { max: 2, windowMs: 60_000 }, { kind: 'redis', client, keyPrefix: 'test' });
    expect((await limiter.consume('someone')).allowed).toBe(true);
    redis.freeze();
    try {
      // Without a command time limit these would wait for as long as Redis stays frozen.
      expect((await limiter.consume('someone-else')).allowed).toBe(true);
      expect((await limiter.consume('someone-else')).allowed).toBe(true);
      expect((await limiter.consume('someone-else')).allowed).toBe(false);
    } finally {
      redis.thaw();
    }
  }, 60_000);
});
