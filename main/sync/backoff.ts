export interface BackoffPolicy {
  /** Attempts of one request within a run before the record is left for the next run. */
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
  /** The longest Retry-After honoured; a longer one ends the attempts for this run. */
  maxRetryAfterMs: number;
}

export const defaultBackoff: BackoffPolicy = { maxAttempts: 6, baseMs: 250, maxMs: 15_000, maxRetryAfterMs: 120_000 };

/** Exponential backoff with full jitter: a random wait up to base·2^attempt, capped. */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(policy.maxMs, policy.baseMs * 2 ** attempt));
}

export function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
