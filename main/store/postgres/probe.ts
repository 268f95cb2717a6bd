import pg from 'pg';
import type { AppliedMigration } from '../schema.js';
import { failureOf } from './failure-report.js';
import { postgresFailure, type PostgresLocation } from './postgres-failures.js';

/** The database did not answer in the time given: frozen, overloaded, or a network that drops packets. */
class NoAnswer extends Error {
  override readonly name = 'NoAnswer';

  constructor(timeoutMs: number) {
    super(`the database did not answer within ${timeoutMs / 1000} s`);
  }
}

/**
 * The migrations the database at `location` has applied, read on a connection of its own, opened
 * for this and closed after, so that the caller's thread never waits on it: within `timeoutMs` in
 * all, else NoAnswer. A database that cannot be used rejects with its one-sentence StorageError.
 */
export async function appliedPostgresMigrations(location: PostgresLocation, timeoutMs: number): Promise<AppliedMigration[]> {
  // The timer below answers on time; node-postgres's own deadlines, later, end a connection left hanging.
  const client = new pg.Client({
    connectionString: location.url,
    connectionTimeoutMillis: 2 * timeoutMs,
    query_timeout: 2 * timeoutMs,
    statement_timeout: timeoutMs,
    application_name: 'plandesk readiness',
  });
  client.on('error', () => {});
  const read = (async () => {
    await client.connect();
    return (await client.query<AppliedMigration>('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([read.catch((error: unknown) => Promise.reject(postgresFailure(location, failureOf(error, 'I')))), late]);
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => {});
  }
}
