import type { ApiRequest, ApiResponse } from '../api/types.js';
import { batchTransactionStatements } from '../store/batch-transaction.js';
import { storageFailure, type Db } from '../store/database.js';
import { storageErrorOf } from '../store/sqlite-failures.js';

export type KeyedRoute = (request: ApiRequest, key: string | undefined) => ApiResponse;

interface Pending {
  request: ApiRequest;
  key: string | undefined;
  resolve: (response: ApiResponse) => void;
  reject: (error: unknown) => void;
}

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
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly route: KeyedRoute,
    /** Told the number of writes of each commit that succeeded (`serve`'s metrics). */
    private readonly committed: (writes: number) => void = () => {},
  ) {
    this.statements = batchTransactionStatements(db);
  }

  submit(request: ApiRequest, key: string | undefined): Promise<ApiResponse> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the I/O callbacks of this turn: every request already read joins the batch.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    const outcomes: ({ response: ApiResponse } | { error: unknown })[] = [];
    const { begin, savepoint, release, rollbackTo, commit, rollback } = this.statements;
    // A storage failure (a statement past its timeout, the database gone) would meet the writes
    // after it too, each after its own wait: they are answered with it, unrun.
    let stopped: { error: unknown } | undefined;
    try {
      begin.run();
      for (const pending of batch) {
        if (stopped) {
          outcomes.push(stopped);
          continue;
        }
        savepoint.run();
        try {
          outcomes.push({ response: this.route(pending.request, pending.key) });
        } catch (error) {
          rollbackTo.run();
          outcomes.push({ error });
          if (storageErrorOf(error)) stopped = { error };
        }
        release.run();
      }
      commit.run();
      this.committed(batch.length);
    } catch (error) {
      try {
        if (this.db.inTransaction) rollback.run();
      } catch {
        // A rollback that fails (on a damaged page, say) leaves nothing committed either: the
        // batch is refused below with the failure that stopped it, and the writer goes on.
      }
      const failure = storageFailure(this.db, error);
      for (const pending of batch) pending.reject(failure);
      return;
    }
    for (const [index, pending] of batch.entries()) {
      const outcome = outcomes[index]!;
      if ('response' in outcome) pending.resolve(outcome.response);
      else pending.reject(outcome.error);
    }
  }
}
