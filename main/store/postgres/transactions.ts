import type { PostgresDb } from './postgres-db.js';
import { PostgresError } from './postgres-failures.js';

/**
 * SQLSTATEs a write may meet only because another process wrote first: a unique or foreign key
 * constraint broken by a row committed while this write ran (its own checks saw none), a
 * serialization failure or a deadlock. The write is run again from the start, and its checks,
 * reading the other commit now, answer what they answer in one process (the same 400 body).
 */
const RACES = new Set(['23505', '23503', '40001', '40P01']);
const ATTEMPTS = 5;

/**
 * Runs `work` in a transaction of `db` (a savepoint of the transaction `depth` > 0 is in): a
 * write in READ COMMITTED, so each check reads the latest commits and the constraints settle
 * races; a read in one REPEATABLE READ snapshot. A throw rolls back all of it; a top-level write
 * that lost a race runs again.
 */
export async function postgresTransaction<T>(db: PostgresDb, kind: 'read' | 'write', depth: number, work: () => Promise<T>): Promise<T> {
  const nested = depth > 0;
  const begin = nested ? `SAVEPOINT plandesk_${depth}` : kind === 'write' ? 'BEGIN' : 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
  for (let attempt = 1; ; attempt += 1) {
    db.exec(begin);
    try {
      const result = await work();
      if (db.transactionFailed) throw new PostgresError('a statement of this transaction failed and was not rolled back', undefined, undefined);
      db.exec(nested ? `RELEASE plandesk_${depth}` : 'COMMIT');
      return result;
    } catch (error) {
      rollBack(db, nested ? `ROLLBACK TO plandesk_${depth}` : 'ROLLBACK', nested ? `RELEASE plandesk_${depth}` : undefined);
      if (nested || kind === 'read' || attempt === ATTEMPTS || !(error instanceof PostgresError) || !RACES.has(error.code ?? '')) throw error;
    }
  }
}

/** Rolls back what the transaction or savepoint did; on a connection already lost there is nothing left to roll back. */
function rollBack(db: PostgresDb, rollback: string, release: string | undefined): void {
  if (!db.open || !db.inTransaction) return;
  try {
    db.exec(rollback);
    if (release) db.exec(release);
  } catch {
    // The connection failed: the server ends the transaction with it, and the caller meets the failure itself.
  }
}
