import { isPostgres, type Db } from '../store/database.js';
import { takeFromBucket } from '../store/rate-limit-store.js';

export interface RateLimit {
  requests: number;
  seconds: number;
}

/** Parses `N/SECONDS`, e.g. `100/60`; `source` (the flag or variable it came from) names it in the refusal. */
export function parseRateLimit(text: string, source: string): RateLimit {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || requests < 1 || seconds < 1) throw new Error(`${source} takes N/SECONDS with both numbers above 0, e.g. 100/60 (got "${text}")`);
  return { requests, seconds };
}

/** Answers 0 when a request of `key` may go ahead, else the whole seconds to wait. */
export interface Limiter {
  take(key: string): number;
}

/** A Limiter whose buckets may be in the database: its answer is promised. */
interface UserLimiter {
  take(key: string): Promise<number>;
}

/**
 * The limiter `serve` uses on `db`: on PostgreSQL the buckets are kept in the database, so the limit
 * holds across every process serving it; on SQLite (one process) they are kept in memory.
 */
export function limiterFor(db: Db, limit: RateLimit): UserLimiter {
  if (!isPostgres(db)) {
    const memory = new RateLimiter(limit);
    return { take: (key) => Promise.resolve(memory.take(key)) };
  }
  const shape = { capacity: limit.requests, perMs: limit.requests / (limit.seconds * 1000) };
  return { take: (key) => takeFromBucket(db, key, shape) };
}

/**
 * The limiter of requests without a valid token, by client address: kept in this process's memory
 * on either store (the database's buckets are users'), so behind N processes a client gets N times
 * the limit; addresses whose buckets are full again are forgotten past 10,000.
 */
export function addressLimiter(limit: RateLimit): Limiter {
  return new RateLimiter(limit);
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A token bucket per key: up to `requests` at once, refilled at `requests` per `seconds`.
 * `take` answers 0 when the request may go ahead, else the whole seconds to wait.
 */
class RateLimiter implements Limiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = limit.requests / (limit.seconds * 1000);
  }

  take(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.requests, updatedAt: now };
    bucket.tokens = Math.min(this.limit.requests, bucket.tokens + (now - bucket.updatedAt) * this.perMs);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFullBuckets(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  private forgetFullBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * this.perMs >= this.limit.requests) this.buckets.delete(key);
    }
  }
}
