// The Redis that tests of the shared rate-limit store use: REDIS_URL, or the one on 127.0.0.1:6379.
// When REDIS_URL is unset and nothing answers there (a developer's machine without Redis), those
// tests are skipped with the reason printed; CI sets REDIS_URL, so a missing Redis fails there.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { silentLogger } from '../logger';
import { connectRedis, type RateLimitStore } from '../infrastructure/rateLimit';

export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether a Redis answers; throws when REDIS_URL is set and it does not. */
export async function redisAvailable(): Promise<boolean> {
  try {
    (await connectRedis(TEST_REDIS_URL, silentLogger)).disconnect();
    return true;
  } catch (error) {
    if (process.env.REDIS_URL) throw error;
    console.warn(`Skipping the Redis rate-limit tests: REDIS_URL is unset and ${(error as Error).message}`);
    return false;
  }
}

/** A Redis store whose keys no other test shares; `close` disconnects it. */
export async function openTestRedisStore(): Promise<
  RateLimitStore & { kind: 'redis'; client: Redis; close(): void }
> {
  const client = await connectRedis(TEST_REDIS_URL, silentLogger);
  return {
    kind: 'redis',
    client,
    keyPrefix: `test-${randomBytes(6).toString('hex')}`,
    close: () => client.disconnect(),
  };
}
