import type { SqliteDb } from './database.js';
import type { Migration } from './migrations/index.js';
import { StorageError } from './storage-errors.js';

class DatabaseTooNewError extends StorageError {
  constructor(file: string, found: number, known: number) {
    super('too-new', `${file} was written by a newer PlanDesk (schema version ${found}; this build knows up to ${known}). Update PlanDesk to open it.`);
  }
}

class UnknownMigrationError extends StorageError {
  constructor(file: string, version: number, name: string) {
    super(
      'foreign',
      `${file} has migration ${version} "${name}", which this build of PlanDesk does not know. It was not made by this application line; refusing to open it.`,
    );
  }
}

export interface AppliedMigration {
  version: number;
  name: string;
}

/**
 * The migrations `db` still lacks. Throws when it was written by a newer build or by another line
 * of the application: its applied migrations must be a prefix of the known ones. Reads only.
 */
export function pendingMigrations(db: SqliteDb, file: string, known: readonly Migration[]): readonly Migration[] {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  const applied = hasTable ? (db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as AppliedMigration[]) : [];
  return unapplied(applied, file, known);
}

/** The known migrations after the applied ones, which must be a prefix of them (either dialect). */
export function unapplied(applied: readonly AppliedMigration[], file: string, known: readonly Migration[]): readonly Migration[] {
  const latestKnown = known.at(-1)?.version ?? 0;
  for (const [index, row] of applied.entries()) {
    if (row.version > latestKnown) throw new DatabaseTooNewError(file, applied.at(-1)!.version, latestKnown);
    if (known[index]?.version !== row.version) throw new UnknownMigrationError(file, row.version, row.name);
  }
  return known.slice(applied.length);
}

/** The schema version a database is at: its latest applied migration, 0 for none. */
export function schemaVersion(db: SqliteDb): number {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  return hasTable ? ((db.prepare('SELECT max(version) FROM schema_migrations').pluck().get() as number | null) ?? 0) : 0;
}

/** Applies `pending`, each in its own write transaction recorded in schema_migrations. */
export function applyMigrations(db: SqliteDb, pending: readonly Migration[]): void {
  if (pending.length === 0) return;
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    }).immediate();
  }
}
