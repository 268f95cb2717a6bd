import type { ApiRequest, ApiResponse } from '../api/types.js';
import { writeTransaction, type Db } from '../store/database.js';
import { storageErrorOf } from '../store/sqlite-failures.js';

/** A route that takes the request's Idempotency-Key; `db`: the transaction handle to answer in, else the route's own connection. */
export type KeyedRoute = (request: ApiRequest, key: string | undefined, db?: Db) => Promise<ApiResponse>;

interface Pending {
  request: ApiRequest;
  key: string | undefined;
  resolve: (response: ApiResponse) => void;
  reject: (error: unknown) => void;
}

type Outcome = { response: ApiResponse } | { error: unknown };

/**
 * Group commit, as databases do it: writes that arrive while a commit is in progress (the event
 * loop is busy with it, so they wait in the sockets) are applied together once it ends, in one
 * transaction, each in its own savepoint, and made durable by one commit (one fsync with
 * synchronous = FULL). A request that throws rolls back alone; every answer waits for the commit.
 * Reads do not come here: on WAL they read the last commit without taking the write lock.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly route: KeyedRoute,
    /** Told the number of writes of each commit that succeeded (`serve`'s metrics). */
    private readonly committed: (writes: number) => void = () => {},
  ) {}

  submit(request: ApiRequest, key: string | undefined): Promise<ApiResponse> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the I/O callbacks of this turn: every request already read joins the batch.
        setImmediate(() => void this.flush());
      }
    });
  }

  /** Never rejects: every request of the batch is answered with its outcome, or with the failure of the commit. */
  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    let outcomes: Outcome[];
    try {
      // PostgreSQL runs the whole unit again after a commit that lost a race: the outcomes are those of the last run.
      outcomes = await writeTransaction(this.db, (tx) => this.apply(batch, tx));
      this.committed(batch.length);
    } catch (error) {
      // A rollback that failed too (on a damaged page, say) left nothing committed either: the batch
      // is refused with the failure that stopped it, and the writer goes on.
      for (const pending of batch) pending.reject(error);
      return;
    }
    for (const [index, pending] of batch.entries()) {
      const outcome = outcomes[index]!;
      if ('response' in outcome) pending.resolve(outcome.response);
      else pending.reject(outcome.error);
    }
  }

  /** Each request of the batch in its own savepoint of the transaction `tx`. */
  private async apply(batch: Pending[], tx: Db): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    // A storage failure (a statement past its timeout, the database gone) would meet the writes
    // after it too, each after its own wait: they are answered with it, unrun.
    let stopped: { error: unknown } | undefined;
    for (const pending of batch) {
      if (stopped) {
        outcomes.push(stopped);
        continue;
      }
      try {
        outcomes.push({ response: await writeTransaction(tx, (tx) => this.route(pending.request, pending.key, tx)) });
      } catch (error) {
        outcomes.push({ error });
        if (storageErrorOf(error)) stopped = { error };
      }
    }
    return outcomes;
  }
}
