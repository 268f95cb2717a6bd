// Its own module: the sync child process (sync-child.ts) uses it and must not load vitest, which
// the harness does.
import type { BackoffPolicy } from '../../../main/sync/backoff.js';

/** Small waits so that fault tests run in seconds; Retry-After is still honoured as the remote says. */
export const FAST_BACKOFF: BackoffPolicy = { maxAttempts: 5, baseMs: 5, maxMs: 40, maxRetryAfterMs: 5_000 };
