import { closeSync, openSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { identityBeforeCheck, needsDamageCheck, recordCheckPassed } from './damage-check.js';
import { fileAccess, hasUncheckpointedLog, removeDatabaseFiles, restrictToOwner } from './file-access.js';
import { migrations, type Migration } from './migrations/index.js';
import { postgresMigrations } from './postgres/migrations/index.js';
import { refuseWrites, sayFailuresAsServer, type Db, type SqliteDb } from './database.js';
import { PostgresPool } from './postgres/pool-store.js';
import { isPostgresLocation, parsePostgresLocation } from './postgres/postgres-failures.js';
import { keepChangesJournal } from './changes-journal.js';
import { applyMigrations, pendingMigrations } from './schema.js';
import { sqliteStore } from './sqlite-store.js';
import { storageErrorOf } from './sqlite-failures.js';
import { damaged, serverWords, StorageError, workspaceWords, type DatabaseWords } from './storage-errors.js';

export interface OpenOptions {
  /** Migrations to apply; the released list unless a test says otherwise. */
  migrations?: readonly Migration[];
  /** PostgreSQL: how long a statement may go unanswered before the connection gives up on it (2 minutes unless a test says otherwise). */
  answerTimeoutMs?: number;
  /**
   * PostgreSQL: how long the server may run one statement of this connection, a lock wait included,
   * before it cancels it (`serve`: a request is answered 503 rather than held). Migrations on open
   * run without it. Undefined: no limit.
   */
  statementTimeoutMs?: number | undefined;
  /**
   * A server's SQLite file (`serve`, the admin commands) rather than a workspace's: its failures are
   * said of that file (`the server's database FILE is damaged: ...`), not with the workspace's tools,
   * and its writes keep the changes journal `GET /changes/` reads (changes-journal.ts).
   */
  server?: boolean;
  /** PostgreSQL: at most this many connections at once (16 unless told). */
  poolSize?: number | undefined;
}

/**
 * Opens the database at `location`: a `postgres://` or `postgresql://` URL opens a pool of
 * PostgreSQL connections (its migrations applied under an advisory lock); anything else is a SQLite
 * file, as openSqliteDatabase. A bad URL, a refused login or a database that cannot be reached is a
 * StorageError in one sentence.
 */
export async function openDatabase(location: string, options: OpenOptions = {}): Promise<Db> {
  if (!isPostgresLocation(location)) return sqliteStore(openSqliteDatabase(location, options));
  const { answerTimeoutMs, statementTimeoutMs, poolSize } = options;
  const pool = new PostgresPool(parsePostgresLocation(location), { answerTimeoutMs, statementTimeoutMs, size: poolSize });
  try {
    await pool.migrate(postgresMigrations);
  } catch (error) {
    await pool.close();
    throw error;
  }
  return pool;
}

/**
 * Opens (creating if missing, mode 0600) a PlanDesk database: WAL, foreign keys enforced, full fsync
 * on commit (a broker's typing must survive a power cut), every known migration applied. An existing
 * file is checked (`PRAGMA quick_check`) before anything is written to it, unless it is exactly as
 * a check last found it intact (damage-check.ts): a damaged one is refused.
 * A file that cannot be written is opened for reading; its writes are refused with the reason.
 * Every refusal is a StorageError whose message is one sentence.
 */
export function openSqliteDatabase(file: string, options: OpenOptions = {}): SqliteDb {
  if (file === MEMORY) return openInMemory(options);
  const words = options.server ? serverWords(file) : workspaceWords;
  const db = openFile(file, options, words);
  if (options.server) sayFailuresAsServer(db, words);
  return db;
}

function openFile(file: string, options: OpenOptions, words: DatabaseWords): SqliteDb {
  const access = fileAccess(file, words);
  if (!access.writable) return openForReading(file, access.refusal, options, words);
  try {
    return openForWriting(file, access.exists, options, words);
  } catch (error) {
    const storage = storageErrorOf(error, file, words);
    if (access.exists && (storage?.problem === 'full' || storage?.problem === 'read-only')) return openForReading(file, storage, options, words);
    throw storage ?? error;
  }
}

/** SQLite's name for a database that lives in memory only: no file is made, checked or remembered. */
const MEMORY = ':memory:';

function openInMemory(options: OpenOptions): SqliteDb {
  const db = new Database(MEMORY);
  db.pragma('foreign_keys = ON');
  applyMigrations(db, pendingMigrations(db, MEMORY, options.migrations ?? migrations));
  if (options.server) keepChangesJournal(db);
  return db;
}

function openForWriting(file: string, exists: boolean, options: OpenOptions, words: DatabaseWords): SqliteDb {
  // Before the mode is restricted: on Windows that touches the file's change time at every open.
  const check = exists && needsDamageCheck(file);
  if (exists) restrictToOwner(file);
  else closeSync(openSync(file, 'wx', 0o600)); // SQLite gives its journals the main file's mode.
  let db: SqliteDb | undefined;
  try {
    db = new Database(file);
    if (check) verifyIntact(db, file, words);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    applyMigrations(db, pendingMigrations(db, file, options.migrations ?? migrations));
    if (options.server) keepChangesJournal(db);
    return db;
  } catch (error) {
    db?.close();
    if (!exists) removeDatabaseFiles(file);
    throw error;
  }
}

/** The damage check; a pass is recorded with the file's identity from before it, so it vouches only for what it read. */
function verifyIntact(db: SqliteDb, file: string, words: DatabaseWords): void {
  const identity = identityBeforeCheck(file);
  if (db.pragma('quick_check', { simple: true }) !== 'ok') throw damaged(words);
  if (!db.memory) recordCheckPassed(file, identity);
}

/**
 * A read-only connection. Where SQLite cannot open one (a WAL database needs its shared-memory file,
 * which a read-only or full file system cannot create), a read-only in-memory copy of the file serves
 * the reads; that copy would miss changes still in a write-ahead log, so then the refusal stands.
 */
function openForReading(file: string, refusal: StorageError, options: OpenOptions, words: DatabaseWords): SqliteDb {
  let db: SqliteDb | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch {
    db?.close();
    if (hasUncheckpointedLog(file)) throw refusal;
    db = openInMemoryCopy(file);
  }
  try {
    if (pendingMigrations(db, file, options.migrations ?? migrations).length > 0) throw refusal;
  } catch (error) {
    db.close();
    throw storageErrorOf(error, file, words) ?? error;
  }
  refuseWrites(db, refusal);
  return db;
}

/**
 * A read-only copy of the file in memory: reading it creates no journal or shared-memory file beside
 * the database. It lacks what a write-ahead log still holds; callers check for one first.
 */
export function openInMemoryCopy(file: string): SqliteDb {
  return new Database(asRollbackJournalImage(readFileSync(file)), { readonly: true });
}

/** An in-memory copy cannot use a write-ahead log: marks the image as a rollback-journal database. */
function asRollbackJournalImage(image: Buffer): Buffer {
  if (image.length >= 20 && image[18] === 2 && image[19] === 2) image[18] = image[19] = 1;
  return image;
}
