import type Database from 'better-sqlite3';
import { storageFailure, writeRefusal, type Db, type SqliteDb, type Statement } from './database.js';
import { UnitQueue } from './unit-queue.js';

/**
 * The SQLite driver: better-sqlite3 is synchronous, so each statement answers at once and its
 * promise is already settled. A connection runs one unit of work at a time (UnitQueue): a unit's
 * transaction stays open across its awaits, and another unit on the same connection waits for it.
 * A statement run on the connection itself, outside any unit, runs at once, as better-sqlite3 does.
 */
class SqliteConnection implements Db {
  readonly dialect = 'sqlite';
  private readonly queue: UnitQueue;

  constructor(private readonly db: SqliteDb) {
    this.queue = new UnitQueue(db.name);
  }

  get name(): string {
    return this.db.name;
  }

  statement(text: string): Statement {
    return statementOf(this.db, text);
  }

  write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const refusal = writeRefusal(this.db);
    if (refusal) return Promise.reject(refusal);
    return this.queue.run(() => unit(this.db, 'BEGIN IMMEDIATE', work));
  }

  read<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.queue.run(() => unit(this.db, 'BEGIN DEFERRED', work));
  }

  sqlite(): SqliteDb {
    return this.db;
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

/** A unit's handle to its transaction; a unit asked of it is a savepoint (named by depth, as better-sqlite3 names its own). */
class SqliteTransaction implements Db {
  readonly dialect = 'sqlite';
  private ended = false;

  constructor(
    private readonly db: SqliteDb,
    private readonly depth: number,
  ) {}

  get name(): string {
    return this.db.name;
  }

  statement(text: string): Statement {
    if (this.ended) throw new Error(`a statement ran on a transaction that has ended: ${text}`);
    return statementOf(this.db, text);
  }

  async write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const refusal = writeRefusal(this.db);
    if (refusal) throw refusal;
    const name = `plandesk_${this.depth}`;
    prepared(this.db, `SAVEPOINT ${name}`).run();
    const tx = new SqliteTransaction(this.db, this.depth + 1);
    try {
      const result = await work(tx);
      prepared(this.db, `RELEASE ${name}`).run();
      return result;
    } catch (error) {
      if (this.db.inTransaction) {
        prepared(this.db, `ROLLBACK TO ${name}`).run();
        prepared(this.db, `RELEASE ${name}`).run();
      }
      throw storageFailure(this.db, error);
    } finally {
      tx.end();
    }
  }

  read<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return work(this);
  }

  /** The unit or savepoint it stands for is over: a statement asked of it now is a defect, refused. */
  end(): void {
    this.ended = true;
  }

  sqlite(): SqliteDb {
    return this.db;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

async function unit<T>(db: SqliteDb, begin: string, work: (tx: Db) => Promise<T>): Promise<T> {
  const tx = new SqliteTransaction(db, 0);
  try {
    prepared(db, begin).run();
    const result = await work(tx);
    prepared(db, 'COMMIT').run();
    return result;
  } catch (error) {
    // SQLite may have ended the transaction itself (a full disk): then there is nothing to roll back.
    if (db.inTransaction) prepared(db, 'ROLLBACK').run();
    throw storageFailure(db, error);
  } finally {
    tx.end();
  }
}

const stores = new WeakMap<SqliteDb, SqliteConnection>();

/** The store over a SQLite connection: one per connection, so that its units share one queue. */
export function sqliteStore(db: SqliteDb): Db {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new SqliteConnection(db)));
  return store;
}

const rawStatements = new WeakMap<SqliteDb, Map<string, Database.Statement>>();

/** better-sqlite3's prepared statement for `text`, prepared once per connection: for the driver and the stores only a workspace has. */
export function prepared(db: SqliteDb, text: string): Database.Statement {
  let cache = rawStatements.get(db);
  if (!cache) rawStatements.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = db.prepare(text)));
  return statement;
}

/** The statement `text` with the answers promised, prepared once per connection. */
const asyncStatements = new WeakMap<SqliteDb, Map<string, SqliteStatement>>();

function statementOf(db: SqliteDb, text: string): SqliteStatement {
  let cache = asyncStatements.get(db);
  if (!cache) asyncStatements.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = new SqliteStatement(db, prepared(db, text))));
  return statement;
}

class SqliteStatement implements Statement {
  constructor(
    private readonly db: SqliteDb,
    private readonly statement: Database.Statement,
  ) {}

  run(...params: unknown[]): Promise<{ changes: number }> {
    return this.settled(() => this.statement.run(...params));
  }

  get(...params: unknown[]): Promise<unknown> {
    return this.settled(() => this.statement.get(...params));
  }

  all(...params: unknown[]): Promise<unknown[]> {
    return this.settled(() => this.statement.all(...params));
  }

  pluck(on = true): this {
    this.statement.pluck(on);
    return this;
  }

  raw(on = true): this {
    this.statement.raw(on);
    return this;
  }

  private settled<T>(run: () => T): Promise<T> {
    try {
      return Promise.resolve(run());
    } catch (error) {
      return Promise.reject(storageFailure(this.db, error));
    }
  }
}

/**
 * A synchronous write transaction on a workspace's SQLite connection, for the stores only a
 * workspace has: inside a unit it is a savepoint of the unit's transaction. A write refused on the
 * connection (read-only, full disk) throws its StorageError.
 */
export function sqliteWriteTransaction<T>(db: SqliteDb, work: () => T): T {
  const refusal = writeRefusal(db);
  if (refusal) throw refusal;
  try {
    return transactionRunner(db).immediate(work) as T;
  } catch (error) {
    throw storageFailure(db, error);
  }
}

type TransactionRunner = Database.Transaction<(work: () => unknown) => unknown>;
const transactionRunners = new WeakMap<SqliteDb, TransactionRunner>();

/** better-sqlite3's transaction wrapper, made once per connection and handed the work to run (`db.transaction(work)` per call cost about 6 us). */
function transactionRunner(db: SqliteDb): TransactionRunner {
  let runner = transactionRunners.get(db);
  if (!runner) transactionRunners.set(db, (runner = db.transaction((work: () => unknown) => work())));
  return runner;
}
