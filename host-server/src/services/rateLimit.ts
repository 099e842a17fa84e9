// Sliding-window rate limiting kept in this process's memory. Enough for one server instance; a
// deployment running several instances behind a load balancer needs a shared store (e.g. Redis)
// behind the same interface, or each instance enforces its own window.
import type { RateLimitRule } from '../config';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Milliseconds until the oldest counted hit leaves the window (0 when allowed). */
  retryAfterMs: number;
}

// Bounds memory under a flood of distinct keys (random e-mails, spoofed addresses): the oldest
// keys are dropped first.
const MAX_KEYS = 100_000;

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly rule: RateLimitRule;
  private readonly now: () => number;

  constructor(rule: RateLimitRule, now: () => number = Date.now) {
    this.rule = rule;
    this.now = now;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.rule.windowMs;
    const list = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** Whether another hit would be allowed, without counting one. */
  check(key: string): RateLimitVerdict {
    const list = this.recent(key);
    if (list.length < this.rule.max) return { allowed: true, retryAfterMs: 0 };
    const oldest = list[0] ?? this.now();
    return { allowed: false, retryAfterMs: Math.max(0, oldest + this.rule.windowMs - this.now()) };
  }

  /** Counts a hit when allowed; a refused hit is not counted, so waiting always helps. */
  hit(key: string): RateLimitVerdict {
    const verdict = this.check(key);
    if (!verdict.allowed) return verdict;
    const list = this.hits.get(key) ?? [];
    list.push(this.now());
    this.hits.delete(key);
    this.hits.set(key, list);
    if (this.hits.size > MAX_KEYS) {
      const oldestKey = this.hits.keys().next().value;
      if (oldestKey !== undefined) this.hits.delete(oldestKey);
    }
    return verdict;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}
