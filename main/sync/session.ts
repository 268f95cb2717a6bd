import { capabilitiesSchema, EXTENSIONS } from '../../shared/sync-wire.js';
import { foldCase } from '../store/text.js';
import { WriteBatcher } from './write-batcher.js';
import { backoffDelay, defaultBackoff, retryAfterMs, sleep, type BackoffPolicy } from './backoff.js';
import type { Environment } from './environments.js';
import { ConnectionLostError, EnvironmentUnreachableError, Remote, RemoteUnreachableError, type RemoteResponse } from './remote.js';

/** What the remote lets us do beyond the 2.2.1 operations, probed once per run. */
export interface Capabilities {
  extras: boolean;
  filters: Map<string, string> | undefined;
  /**
   * PlanDesk's extensions (GET /capabilities/): the changes feed with the most records a page of it
   * may hold, and batches of at most this many writes (the remote's limit, or less).
   */
  feed: boolean;
  feedPageMax: number | undefined;
  batchOperations: number | undefined;
  /** PlanDesk's `if-match`: a write may be made only over the record's version (If-Match, a batch operation's if_match). */
  preconditions: boolean;
  /** The remote takes request bodies compressed (a batch goes gzipped). */
  compressedBodies: boolean;
}

/**
 * Writes a batch carries at most, below the remote's own limit; a push's page is one batch. Fewer,
 * larger batches cost both sides less (a request, a commit and its fsync each): 2,000 plans in
 * batches of 250 took `plandesk serve` 10-20% less CPU than in batches of 64 (bench/README.md).
 */
const BATCH_OPERATIONS = 250;

/** `unknown`: the remote may have acted on the request. */
export type Attempt = { kind: 'answer'; response: RemoteResponse } | { kind: 'retry'; wait: number; unknown: boolean };

/** Statuses after which the remote may or may not have applied a write. */
const isUnknownOutcome = (status: number) => status >= 500;

/**
 * When the remote is taken for gone during a run: this many requests in a row failed (network
 * error or 5xx) and nothing has answered for this long. Far beyond what a flaky link does, well
 * short of backing off record after record for minutes.
 */
const LOST_AFTER = { failures: 24, ms: 5_000 };

/**
 * One run's conversation with one environment: requests with their retry policy, what the remote
 * offers, and the remote's divisions by name. Entity modules talk to the remote only through this.
 */
export class RemoteSession {
  private readonly backoff: BackoffPolicy;
  capabilities: Capabilities = {
    extras: false,
    filters: undefined,
    feed: false,
    feedPageMax: undefined,
    batchOperations: undefined,
    preconditions: false,
    compressedBodies: false,
  };
  private batcher: WriteBatcher | undefined;
  private divisionsByName: Map<string, { id: string; name: string }> | undefined;
  private failuresInRow = 0;
  private lastAnswerAt = performance.now();

  constructor(
    readonly env: Environment,
    private readonly remote: Remote,
    readonly signal: AbortSignal | undefined,
    backoff: BackoffPolicy | undefined,
  ) {
    this.backoff = backoff ?? defaultBackoff;
  }

  /**
   * Learns what the remote offers. A remote that refuses the connection outright is down: the run
   * stops at once with that said plainly; other network trouble is retried as usual.
   */
  async probe(): Promise<void> {
    try {
      // Side by side: none of the three depends on another's answer (one after another they took 10-25 ms of every push and pull).
      const [offered, employers, filters] = await Promise.all([this.read('/capabilities/'), this.read('/employers/list/'), this.read('/filters/list/')]);
      const extensions = offered.status === 200 ? capabilitiesSchema.safeParse(offered.body) : undefined;
      const offers = (name: string) => extensions?.success === true && extensions.data.extensions.includes(name);
      const batch = extensions?.success && offers(EXTENSIONS.batch) ? Math.min(extensions.data.limits.batch_operations, BATCH_OPERATIONS) : undefined;
      this.capabilities = {
        extras: employers.status === 200,
        filters: filters.status === 200 ? new Map((filters.body as { id: string; name: string }[]).map((filter) => [filter.name, filter.id])) : undefined,
        feed: offers(EXTENSIONS.changes),
        feedPageMax: extensions?.success ? extensions.data.limits.changes_page : undefined,
        batchOperations: batch,
        preconditions: offers(EXTENSIONS.ifMatch),
        compressedBodies: offers(EXTENSIONS.compressedBodies),
      };
      this.batcher = batch === undefined ? undefined : new WriteBatcher(this.remote, batch, this.capabilities.compressedBodies, this.signal);
    } catch (error) {
      if (error instanceof ConnectionLostError || error instanceof RemoteUnreachableError) throw new EnvironmentUnreachableError(this.env.name, error.reason);
      throw error;
    }
  }

  /**
   * One request, classified: an answer to act on (2xx, 4xx), or how long to wait before trying
   * again (network errors and 5xx with exponential backoff and jitter, 429 as Retry-After says).
   * Throws RemoteUnreachableError once this run should stop trying the request, and
   * ConnectionLostError when the remote is gone: it refuses connections (nothing listens there any
   * more), or every request has failed for a while (see LOST_AFTER).
   */
  async attempt(call: () => Promise<RemoteResponse>, attempt: number): Promise<Attempt> {
    const last = attempt + 1 >= this.backoff.maxAttempts;
    let response: RemoteResponse;
    try {
      response = await call();
    } catch (error) {
      if (!(error instanceof RemoteUnreachableError)) throw error;
      if (error.refused) throw new ConnectionLostError(this.env.name, error.reason);
      this.noteFailure(error.reason);
      if (last) throw new RemoteUnreachableError(`${error.message}; will retry on the next sync`, error.reason);
      return { kind: 'retry', wait: backoffDelay(this.backoff, attempt), unknown: true };
    }
    if (isUnknownOutcome(response.status)) this.noteFailure(`answered ${response.status}`);
    else {
      this.failuresInRow = 0;
      this.lastAnswerAt = performance.now();
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers['retry-after']) ?? backoffDelay(this.backoff, attempt);
      if (wait > this.backoff.maxRetryAfterMs || attempt + 1 >= this.backoff.maxAttempts * 4) {
        throw new RemoteUnreachableError(
          `the remote is throttling requests (Retry-After ${Math.ceil(wait / 1000)} s); will retry on the next sync`,
          'throttled',
        );
      }
      return { kind: 'retry', wait, unknown: false };
    }
    if (isUnknownOutcome(response.status)) {
      if (last) throw new RemoteUnreachableError(`the remote answered ${response.status}; will retry on the next sync`, `answered ${response.status}`);
      return { kind: 'retry', wait: backoffDelay(this.backoff, attempt), unknown: true };
    }
    return { kind: 'answer', response };
  }

  private noteFailure(reason: string): void {
    this.failuresInRow += 1;
    if (this.failuresInRow >= LOST_AFTER.failures && performance.now() - this.lastAnswerAt >= LOST_AFTER.ms)
      throw new ConnectionLostError(this.env.name, reason);
  }

  /** A request that is safe to repeat, retried until it answers 2xx or 4xx. */
  async retrying(call: () => Promise<RemoteResponse>): Promise<RemoteResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const result = await this.attempt(call, attempt);
      if (result.kind === 'answer') return result.response;
      await sleep(result.wait, this.signal);
    }
  }

  read(path: string): Promise<RemoteResponse> {
    return this.retrying(() => this.remote.send('GET', path, undefined, undefined, this.signal));
  }

  /**
   * `json`: the body, already JSON (none for a DELETE); `ifMatch`: the version (in quotes) the write
   * is made over, for a remote that offers preconditions. Writes go in batches where the remote takes them.
   */
  send(method: string, path: string, json: string | undefined, key: string | undefined, ifMatch?: string): Promise<RemoteResponse> {
    if (this.batcher && method !== 'GET') return this.batcher.send(method, path, json, key, ifMatch);
    return this.remote.send(method, path, json, key, this.signal, ifMatch);
  }

  /** The remote's divisions by folded name, read once per run unless `fresh`. */
  async remoteDivisions(fresh = false): Promise<Map<string, { id: string; name: string }>> {
    if (fresh || !this.divisionsByName) {
      const response = await this.read('/divisions/list/');
      const list = response.status === 200 ? (response.body as { id: string; name: string }[]) : [];
      this.divisionsByName = new Map(list.map((division) => [foldName(division.name), division]));
    }
    return this.divisionsByName;
  }

  forgetDivisions(): void {
    this.divisionsByName = undefined;
  }
}

/** How names are compared with the remote's: trimmed, case folded beyond ASCII. */
export function foldName(name: string): string {
  return foldCase(name.trim());
}
