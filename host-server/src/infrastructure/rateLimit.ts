// Rate limits with rate-limiter-flexible: fixed windows counted in Redis when REDIS_URL is set, so
// every server instance shares them, or in this process's memory otherwise. A point is taken
// atomically before the work it guards (a password check, a mail), so parallel requests can never
// get more than the limit's count through; work that was then not done gives its point back.
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config';
import { describeError, type Logger } from '../logger';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Milliseconds until the window ends and the count starts again (0 when allowed). */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Takes one point for `key`; refused once the rule's count is used up in the current window. */
  consume(key: string): Promise<RateLimitVerdict>;
  /** Gives back a point taken by `consume` for work that was then not done. */
  refund(key: string): Promise<void>;
  /** Forgets everything counted for `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

/** Where counters live: this process's memory, or a Redis shared by every instance. */
export type RateLimitStore = { kind: 'memory' } | { kind: 'redis'; client: Redis; keyPrefix: string };

export const MEMORY_STORE: RateLimitStore = { kind: 'memory' };

/** Gmail ignores dots in the local part, and googlemail.com is the same service. */
const DOT_BLIND_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The key a per-mailbox limit counts an e-mail address under: lower case, without a `+tag` (most
 * providers deliver `jane+1@` and `jane+2@` to `jane@`), and for Gmail without the dots of the local
 * part and with googlemail.com as gmail.com. Only for counting: mail still goes to the address as
 * typed, and accounts keep it as typed.
 */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOT_BLIND_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

function windowSeconds(rule: RateLimitRule): number {
  // Redis expiries are whole seconds.
  return Math.max(1, Math.ceil(rule.windowMs / 1000));
}

function buildLimiter(name: string, rule: RateLimitRule, store: RateLimitStore): RateLimiterAbstract {
  const options = { points: rule.max, duration: windowSeconds(rule), keyPrefix: name };
  if (store.kind === 'memory') return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    keyPrefix: `${store.keyPrefix}:${name}`,
    storeClient: store.client,
    // While Redis is unreachable each instance keeps counting on its own rather than failing requests.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

export function createRateLimiter(
  name: string,
  rule: RateLimitRule,
  store: RateLimitStore = MEMORY_STORE,
): RateLimiter {
  const limiter = buildLimiter(name, rule, store);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true, retryAfterMs: 0 };
      } catch (rejection) {
        // The library refuses with its result object when the points are used up, with an Error otherwise.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // A refused attempt still added to the count; take it off again, so refusals never lengthen
        // a lockout and a point given back (`refund`) is free for the next attempt.
        await limiter.reward(key);
        return { allowed: false, retryAfterMs: rejection.msBeforeNext };
      }
    },
    async refund(key) {
      await limiter.reward(key);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/**
 * Connects to the Redis at `url`, failing at once when it does not answer (a configured store that
 * is missing at start is a mistake worth stopping for). Later outages are logged, and counting
 * falls back to memory until the connection is back.
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    // While disconnected, commands fail at once (the limiter then counts in memory) instead of queueing.
    enableOfflineQueue: false,
    connectTimeout: 2000,
    // A Redis that accepted the command but does not answer (stopped, or cut off by the network)
    // fails it within this long rather than holding the request.
    commandTimeout: 2000,
    maxRetriesPerRequest: 1,
  });
  // ioredis reconnects on its own, forever; one line when an outage starts and one when it ends.
  let down = false;
  client.on('error', (error: unknown) => {
    if (!down) logger.error('rate-limit store (Redis) unavailable; counting in memory until it is back', { error: describeError(error).error });
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info('rate-limit store (Redis) available again');
    down = false;
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `REDIS_URL: no Redis answers at ${new URL(url).host} (${String(describeError(error).error)})`,
      {
        cause: error,
      },
    );
  }
  return client;
}
