import type { Migration } from '../migrations/index.js';
import { unapplied, type AppliedMigration } from '../schema.js';
import type { PostgresDb } from './postgres-db.js';

/** The advisory lock every PlanDesk process takes to migrate a database: the same key everywhere ("PlanDesk" in ASCII). */
const MIGRATION_LOCK = '5795577627290036555';

/**
 * Applies the migrations `db` lacks, each in its own transaction recorded in schema_migrations,
 * holding a session advisory lock while it reads what is applied and applies the rest: processes
 * started together on a fresh database wait for the first, then find nothing left to do.
 * A database written by a newer build, or by another line of the application, is refused as on SQLite.
 */
export function migratePostgres(db: PostgresDb, known: readonly Migration[]): void {
  db.prepare('SELECT pg_advisory_lock(?::bigint)').run(MIGRATION_LOCK);
  try {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)');
    const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as AppliedMigration[];
    for (const migration of unapplied(applied, db.name, known)) {
      db.exec('BEGIN');
      try {
        db.exec(migration.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
          migration.version,
          migration.name,
          new Date().toISOString(),
        );
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    }
  } finally {
    if (db.open) db.prepare('SELECT pg_advisory_unlock(?::bigint)').run(MIGRATION_LOCK);
  }
}
