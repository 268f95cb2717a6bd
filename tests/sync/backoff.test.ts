// Waits between attempts: exponential backoff with full jitter, capped; Retry-After in seconds or
// as an HTTP date.
import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs, type BackoffPolicy } from '../../main/sync/backoff.js';

const policy: BackoffPolicy = { maxAttempts: 6, baseMs: 100, maxMs: 1_000, maxRetryAfterMs: 60_000 };

describe('backoffDelay', () => {
  it('waits a random time up to base·2^attempt', () => {
    expect(backoffDelay(policy, 0, () => 0.999)).toBe(99);
    expect(backoffDelay(policy, 2, () => 0.999)).toBe(399);
    expect(backoffDelay(policy, 2, () => 0.5)).toBe(200);
    expect(backoffDelay(policy, 2, () => 0)).toBe(0);
  });

  it('never waits longer than maxMs', () => {
    expect(backoffDelay(policy, 20, () => 0.999)).toBe(999);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds', () => {
    expect(retryAfterMs('1')).toBe(1_000);
    expect(retryAfterMs(['3'])).toBe(3_000);
  });

  it('reads an HTTP date', () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterMs(inTenSeconds)).toBeGreaterThan(8_000);
    expect(retryAfterMs(inTenSeconds)).toBeLessThanOrEqual(10_000);
    expect(retryAfterMs(new Date(Date.now() - 10_000).toUTCString())).toBe(0);
  });

  it('gives nothing for a missing or unreadable header', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
