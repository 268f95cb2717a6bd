import { isPostgres, sql, type Db } from './database.js';
import { migrations, type Migration } from './migrations/index.js';
import { postgresMigrations } from './postgres/migrations/index.js';
import { postgresPoolOf } from './postgres/pool-store.js';
import type { AppliedMigration } from './schema.js';
import { storageErrorOf } from './sqlite-failures.js';
import type { StorageProblem } from '../../shared/resources/workspace.js';

/** Whether a server may take requests: its database answers and holds exactly this build's migrations, or why not in one sentence. */
export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * The readiness of a server on `db`. PostgreSQL is asked on a connection of its own, so that a
 * database that does not answer costs the caller `timeoutMs` at most and holds no thread (and costs
 * nothing once `db`'s connections found it stalled); a SQLite file is read on `db` itself (a local
 * read, which WAL lets no writer block). The reason never names the database's location: whoever
 * may ask is not told where it is.
 */
export async function readiness(db: Db, timeoutMs: number): Promise<Readiness> {
  let applied: AppliedMigration[];
  try {
    if (isPostgres(db)) {
      const connection = postgresPoolOf(db);
      // Known already: said at once, not after another wait.
      if (!connection.answering) return { ready: false, reason: 'the database stopped answering' };
      const { appliedPostgresMigrations } = await import('./postgres/probe.js');
      applied = await appliedPostgresMigrations(connection.location, timeoutMs);
    } else {
      applied = (await sql(db, 'SELECT version, name FROM schema_migrations ORDER BY version').all()) as AppliedMigration[];
    }
  } catch (error) {
    return { ready: false, reason: unusable(error) };
  }
  return current(applied, isPostgres(db) ? postgresMigrations : migrations);
}

/** Ready when the applied migrations are exactly the known ones, in order. */
function current(applied: readonly AppliedMigration[], known: readonly Migration[]): Readiness {
  const latest = known.at(-1)?.version ?? 0;
  const at = applied.at(-1)?.version ?? 0;
  const foreign = applied.some((row, index) => known[index]?.version !== row.version);
  if (at > latest) return { ready: false, reason: `the database was migrated by a newer PlanDesk (schema version ${at}; this server knows up to ${latest})` };
  if (foreign) return { ready: false, reason: 'the database holds migrations this PlanDesk does not know' };
  if (applied.length < known.length)
    return { ready: false, reason: `the database lacks migrations (schema version ${at}; this server needs ${latest}): restart serve to apply them` };
  return { ready: true };
}

const REASONS: Partial<Record<StorageProblem, string>> = {
  unavailable: 'the database cannot be reached',
  refused: 'the database refused the login',
  'bad-location': 'the database does not exist',
  damaged: 'the database is damaged',
};

function unusable(error: unknown): string {
  const storage = storageErrorOf(error);
  if (storage) return REASONS[storage.problem] ?? `the database cannot be used (${storage.problem})`;
  if (error instanceof Error && error.name === 'NoAnswer') return error.message;
  return 'the database did not answer as expected';
}
