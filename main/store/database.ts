import type Database from 'better-sqlite3';
import { storageErrorOf } from './sqlite-failures.js';
import type { DatabaseWords, StorageError } from './storage-errors.js';

/** A SQLite connection as better-sqlite3 gives it: synchronous, used only inside the SQLite driver and by the stores only a workspace has. */
export type SqliteDb = Database.Database;

/** A prepared statement of either dialect; every call answers a promise. */
export interface Statement {
  run(...params: unknown[]): Promise<{ changes: number }>;
  get(...params: unknown[]): Promise<unknown>;
  all(...params: unknown[]): Promise<unknown[]>;
  /** From now on, answers each row's first value only. */
  pluck(on?: boolean): Statement;
  /** From now on, answers each row's values as an array. */
  raw(on?: boolean): Statement;
}

/**
 * What the store's statements run on, in either dialect: a connection (a store opened by
 * open-database.ts), or the transaction handle a unit of work is given (`writeTransaction`,
 * `readTransaction`), which the work passes down to every statement it runs. A statement on a
 * connection runs on its own; a unit asked of a transaction handle is a savepoint of it.
 */
export interface Db {
  readonly dialect: 'sqlite' | 'postgres';
  /** The database, for messages: a SQLite file's path, or a PostgreSQL location without its password. */
  readonly name: string;
  /** The statement `text`, prepared once per connection (`?` and `@name` parameters in both dialects). */
  statement(text: string): Statement;
  /** One unit of work that writes: every statement of it commits together, or none does. */
  write<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** One unit of work that only reads: every statement of it reads the same commit. */
  read<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** The SQLite connection underneath, for the stores only a workspace has; PostgreSQL has none (a TypeError). */
  sqlite(): SqliteDb;
  /** Closes the connection (a transaction handle: nothing). */
  close(): Promise<void>;
}

/**
 * Runs `work` in one write transaction of `db`, handing it the transaction's handle; on a handle
 * already in a transaction, in a savepoint of it. A throw rolls back all of it; a storage failure
 * (full disk, damage, read-only, a database that stopped answering) comes out as its StorageError.
 * SQLite takes its write lock up front (IMMEDIATE), so two processes on one file queue instead of
 * failing half-way; PostgreSQL writes in READ COMMITTED and runs the work again after a race (transactions.ts).
 */
export function writeTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.write(work);
}

/** Runs `work` in one read transaction of `db` (SQLite: DEFERRED, no write lock; PostgreSQL: one REPEATABLE READ snapshot). */
export function readTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.read(work);
}

/** The statement `text` on `db`: prepared once per connection and reused. */
export function sql(db: Db, text: string): Statement {
  return db.statement(text);
}

export const isPostgres = (db: Db): boolean => db.dialect === 'postgres';

/** The SQLite connection under `db`, for the stores only a workspace has (outbox, history, sync state): a TypeError on PostgreSQL. */
export function sqliteOf(db: Db): SqliteDb {
  return db.sqlite();
}

/** Connections that may only read, with the reason a write is refused. */
const writeRefusals = new WeakMap<SqliteDb, StorageError>();

/** How the failures of a server's SQLite connections are said (a workspace's are said in the workspace's words). */
const serverWordsOf = new WeakMap<SqliteDb, DatabaseWords>();

export function refuseWrites(db: SqliteDb, refusal: StorageError): void {
  writeRefusals.set(db, refusal);
}

export function sayFailuresAsServer(db: SqliteDb, words: DatabaseWords): void {
  serverWordsOf.set(db, words);
}

/** Why writes to the SQLite connection `db` are refused (read-only workspace, full disk), or undefined when they are allowed. */
export function writeRefusal(db: SqliteDb): StorageError | undefined {
  return writeRefusals.get(db);
}

/** A failure met on the SQLite connection `db`: its StorageError, said of whose database it is, when it is one (damaged, full, read-only); else the error itself. */
export function storageFailure(db: SqliteDb, error: unknown): unknown {
  return storageErrorOf(error, db.name, serverWordsOf.get(db)) ?? error;
}
