import Database from 'better-sqlite3';
import { migrations, type Migration } from './migrations/index.js';

export type Db = Database.Database;

class DatabaseTooNewError extends Error {
  constructor(file: string, found: number, known: number) {
    super(`${file} was written by a newer PlanDesk (schema version ${found}; this build knows up to ${known}). Update PlanDesk to open it.`);
  }
}

class UnknownMigrationError extends Error {
  constructor(file: string, version: number, name: string) {
    super(`${file} has migration ${version} "${name}", which this build of PlanDesk does not know. It was not made by this application line; refusing to open it.`);
  }
}

export interface OpenOptions {
  /** Path of a better-sqlite3 native module built for the running runtime (Electron in development). */
  nativeBinding?: string;
  /** Migrations to apply; the released list unless a test says otherwise. */
  migrations?: readonly Migration[];
}

/**
 * Opens (creating if missing) a PlanDesk database: WAL, foreign keys enforced, full fsync on commit
 * (a broker's typing must survive a power cut), and every known migration applied.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, file, options.migrations ?? migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: Db, file: string, known: readonly Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
  const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number; name: string }[];
  const latestKnown = known.at(-1)?.version ?? 0;
  for (const [index, row] of applied.entries()) {
    if (row.version > latestKnown) throw new DatabaseTooNewError(file, applied.at(-1)!.version, latestKnown);
    if (known[index]?.version !== row.version) throw new UnknownMigrationError(file, row.version, row.name);
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of known.slice(applied.length)) {
    writeTransaction(db, () => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    });
  }
}

/**
 * Runs `work` in one IMMEDIATE transaction: it takes the write lock up front, so two processes
 * on one file (the app and the CLI) queue instead of failing half-way. A throw rolls back all of it.
 */
export function writeTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}

const statementCache = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, prepared once per database and reused. */
export function sql(db: Db, text: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = db.prepare(text)));
  return statement;
}
