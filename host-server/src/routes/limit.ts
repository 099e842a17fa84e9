// The rate limit every account route takes a point from (auth, e-mail verification).
import { tooManyRequests } from '../errors';
import type { RateLimiter } from '../infrastructure/rateLimit';

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/** Takes a point from `limiter` for `key`, or refuses with 429 and `Retry-After`. */
export async function limit(limiter: RateLimiter, key: string): Promise<void> {
  const verdict = await limiter.consume(key);
  if (!verdict.allowed) throw tooManyRequests(TOO_MANY_ATTEMPTS, verdict.retryAfterMs);
}
