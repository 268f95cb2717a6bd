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

const depths = new WeakMap<PostgresDb, number>();

/**
 * Runs `work` in a transaction of `db` (a savepoint when one is open already, as better-sqlite3
 * does): a write in READ COMMITTED, so each check reads the latest commits and the constraints
 * settle races; a read in one REPEATABLE READ snapshot, so every statement of it reads the same
 * commit. A throw rolls back all of it.
 */
export function postgresTransaction<T>(db: PostgresDb, kind: 'read' | 'write', work: () => T): T {
  const depth = depths.get(db) ?? 0;
  if (kind === 'read' && db.inTransaction) return work();
  const begin = depth > 0 || db.inTransaction ? `SAVEPOINT plandesk_${depth}` : kind === 'write' ? 'BEGIN' : 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
  const nested = begin.startsWith('SAVEPOINT');
  for (let attempt = 1; ; attempt += 1) {
    db.exec(begin);
    depths.set(db, depth + 1);
    try {
      const result = work();
      if (db.transactionFailed) throw new PostgresError('a statement of this transaction failed and was not rolled back', undefined, undefined);
      db.exec(nested ? `RELEASE plandesk_${depth}` : 'COMMIT');
      return result;
    } catch (error) {
      rollBack(db, nested ? `ROLLBACK TO plandesk_${depth}` : 'ROLLBACK', nested ? `RELEASE plandesk_${depth}` : undefined);
      if (kind === 'read' || attempt === ATTEMPTS || !(error instanceof PostgresError) || !RACES.has(error.code ?? '')) throw error;
    } finally {
      depths.set(db, depth);
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
