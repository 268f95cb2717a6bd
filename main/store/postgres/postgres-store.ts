import type { Db, SqliteDb, Statement } from '../database.js';
import { UnitQueue } from '../unit-queue.js';
import type { PostgresDb, PostgresStatement } from './postgres-db.js';
import { postgresTransaction } from './transactions.js';

/**
 * The PostgreSQL driver behind the store's API: one connection (postgres-db.ts) running one unit
 * of work at a time; a statement on the connection outside a unit runs on its own.
 */
class PostgresConnection implements Db {
  readonly dialect = 'postgres';
  private readonly queue: UnitQueue;

  constructor(readonly connection: PostgresDb) {
    this.queue = new UnitQueue(connection.name);
  }

  get name(): string {
    return this.connection.name;
  }

  statement(text: string): Statement {
    return statementOf(this.connection, text);
  }

  write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.queue.run(() => postgresTransaction(this.connection, 'write', 0, () => work(new PostgresTransaction(this.connection, 1))));
  }

  read<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.queue.run(() => postgresTransaction(this.connection, 'read', 0, () => work(new PostgresTransaction(this.connection, 1))));
  }

  sqlite(): SqliteDb {
    throw new TypeError('a PostgreSQL database has no SQLite connection: this store is a workspace’s only');
  }

  close(): Promise<void> {
    this.connection.close();
    return Promise.resolve();
  }
}

class PostgresTransaction implements Db {
  readonly dialect = 'postgres';

  constructor(
    private readonly connection: PostgresDb,
    private readonly depth: number,
  ) {}

  get name(): string {
    return this.connection.name;
  }

  statement(text: string): Statement {
    return statementOf(this.connection, text);
  }

  write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return postgresTransaction(this.connection, 'write', this.depth, () => work(new PostgresTransaction(this.connection, this.depth + 1)));
  }

  read<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return work(this);
  }

  sqlite(): SqliteDb {
    throw new TypeError('a PostgreSQL database has no SQLite connection: this store is a workspace’s only');
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The store over an open PostgreSQL connection. */
export function postgresStore(connection: PostgresDb): Db {
  return new PostgresConnection(connection);
}

/** The PostgreSQL connection under the store `db` (not a transaction's handle), for what only it knows: whether the database answers, and where it is. */
export function postgresConnectionOf(db: Db): PostgresDb {
  if (!(db instanceof PostgresConnection)) throw new TypeError(`${db.name} is not a PostgreSQL connection`);
  return db.connection;
}

const statements = new WeakMap<PostgresDb, Map<string, AsyncPostgresStatement>>();

function statementOf(connection: PostgresDb, text: string): AsyncPostgresStatement {
  let cache = statements.get(connection);
  if (!cache) statements.set(connection, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = new AsyncPostgresStatement(connection.prepare(text))));
  return statement;
}

class AsyncPostgresStatement implements Statement {
  constructor(private readonly statement: PostgresStatement) {}

  run(...params: unknown[]): Promise<{ changes: number }> {
    return settled(() => this.statement.run(...params));
  }

  get(...params: unknown[]): Promise<unknown> {
    return settled(() => this.statement.get(...params));
  }

  all(...params: unknown[]): Promise<unknown[]> {
    return settled(() => this.statement.all(...params));
  }

  pluck(on = true): this {
    this.statement.pluck(on);
    return this;
  }

  raw(on = true): this {
    this.statement.raw(on);
    return this;
  }
}

function settled<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
