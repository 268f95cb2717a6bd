import pg from 'pg';
import type { Db, SqliteDb, Statement } from '../database.js';
import type { PoolUse } from '../pool-use.js';
import { CONNECT_TIMEOUT_MS, failureOf, type FailureReport, type TransactionStatus } from './failure-report.js';
import { translatePlaceholders, type Translated } from './placeholders.js';
import { StorageError } from '../storage-errors.js';
import { postgresFailure, PostgresError, type PostgresLocation } from './postgres-failures.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Migration } from '../migrations/index.js';
import { unapplied, type AppliedMigration } from '../schema.js';
import { answersWithin } from './stall-probe.js';

/** How long a statement may go unanswered before it is given up (it is stuck, not slow), unless the opener says otherwise. */
const ANSWER_TIMEOUT_MS = 120_000;
/** Past the statement timeout, how long the server's cancel is waited for: at least a second, at most 5. */
const LEAST_MARGIN_MS = 1_000;
const MOST_MARGIN_MS = 5_000;
/** Clients of one pool, unless the opener says otherwise: PostgreSQL's default of 100 connections leaves room for a few processes. */
const POOL_SIZE = 16;

/**
 * SQLSTATEs a write may meet only because another transaction wrote first: a unique or foreign key
 * constraint broken by a row committed while this write ran (its own checks saw none), a
 * serialization failure or a deadlock. The unit runs again from the start, and its checks, reading
 * the other commit now, answer what they answer alone (the same 400 body).
 */
const RACES = new Set(['23505', '23503', '40001', '40P01']);
const ATTEMPTS = 5;

const isRace = (error: unknown) => error instanceof PostgresError && RACES.has(error.code ?? '');

export interface PoolOptions {
  /** The server cancels a statement that runs longer (waiting for a lock included). Undefined: no limit. */
  statementTimeoutMs?: number | undefined;
  /** Unless told: the statement timeout and a margin of 1 to 5 s, else 2 minutes. */
  answerTimeoutMs?: number | undefined;
  /** At most this many clients (PostgreSQL backends) at once. */
  size?: number | undefined;
}

// What SQLite gives, so the store reads one shape from both: counts and sums (int8, numeric) as
// numbers, booleans as 1/0, a transaction id (xid8) as a number. Timestamps are TEXT columns already.
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, Number);
types.setTypeParser(pg.types.builtins.NUMERIC, Number);
types.setTypeParser(pg.types.builtins.BOOL, (value: string) => (value === 't' ? 1 : 0));
const XID8 = 5069;
types.setTypeParser(XID8, Number);

/**
 * The PostgreSQL driver: a node-postgres pool on the calling thread. Each unit of work takes a
 * client for its transaction (writes in READ COMMITTED, run again after a race; reads in one
 * REPEATABLE READ snapshot); a statement outside a unit runs on any free client. Nothing waits on
 * a thread: concurrency is the pool's width, and PostgreSQL groups the commits' WAL flushes.
 *
 * A statement left unanswered past the answer timeout, or a client the pool could not open within
 * its connect timeout, marks the database stalled: until a probe hears from it again, statements
 * and units fail at once with the same failure, rather than each waiting out the timeout.
 */
export class PostgresPool implements Db {
  readonly dialect = 'postgres';
  readonly name: string;
  private readonly pool: pg.Pool;
  /** Whether the database answers, shared by every pool of this process to it. */
  private readonly stall: Stall;
  private readonly answerTimeoutMs: number;
  private readonly shapes = new Map<string, Shape>();

  constructor(
    readonly location: PostgresLocation,
    options: PoolOptions = {},
  ) {
    this.name = location.display;
    this.stall = stallOf(location.url);
    const { statementTimeoutMs } = options;
    const answerTimeoutMs =
      options.answerTimeoutMs ?? (statementTimeoutMs === undefined ? ANSWER_TIMEOUT_MS : statementTimeoutMs + marginAfter(statementTimeoutMs));
    this.answerTimeoutMs = answerTimeoutMs;
    this.pool = new pg.Pool({
      connectionString: location.url,
      ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs }),
      query_timeout: answerTimeoutMs,
      types,
      max: options.size ?? POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'plandesk',
      // A write is answered once it is on the server's disk, whatever the server's default: as SQLite's synchronous = FULL.
      options: '-c synchronous_commit=on',
    });
    // An idle client whose server went away: the pool drops it; the next unit opens a new one.
    this.pool.on('error', () => {});
  }

  /** Its clients now: open, of them running a unit or statement, and the units waiting for one. */
  use(): PoolUse {
    return { open: this.pool.totalCount, busy: this.pool.totalCount - this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  /** False while the database is marked stalled: it stopped answering, and has not answered the probe since. */
  get answering(): boolean {
    return !this.stall.stalled;
  }

  statement(text: string): Statement {
    return new PoolStatement(this, this.shapeOf(text), undefined);
  }

  write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.unit('write', work);
  }

  read<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.unit('read', work);
  }

  sqlite(): SqliteDb {
    throw new TypeError('a PostgreSQL database has no SQLite connection: this store is a workspace’s only');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /**
   * Applies the migrations the database lacks, each in its own transaction recorded in
   * schema_migrations, holding a session advisory lock while it reads what is applied and applies
   * the rest: processes started together on a fresh database wait for the first, then find nothing
   * left to do. A migration may rightly take long: it runs without the statement timeout. A
   * database written by a newer build, or by another line of the application, is refused as on SQLite.
   */
  async migrate(known: readonly Migration[]): Promise<void> {
    const client = await this.client();
    let broken: Error | undefined;
    const run = (text: string, values?: unknown[]) => this.query(client, text, values);
    try {
      await run('SET statement_timeout = 0');
      await run('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK]);
      try {
        await run('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)');
        const applied = await run('SELECT version, name FROM schema_migrations ORDER BY version');
        const rows = applied.rows.map(([version, name]) => ({ version, name }) as AppliedMigration);
        for (const migration of unapplied(rows, this.name, known)) {
          await run('BEGIN');
          try {
            await run(migration.sql);
            await run('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
              migration.version,
              migration.name,
              new Date().toISOString(),
            ]);
            await run('COMMIT');
          } catch (error) {
            broken = await rollBack(client);
            throw error;
          }
        }
      } finally {
        if (!broken) await run('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK]);
      }
      await run('RESET statement_timeout');
    } catch (error) {
      broken ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** One statement on `client` (a unit's), or on a client of its own: its answer as field names and rows of values. */
  async query(client: pg.PoolClient | undefined, text: string, values: unknown[] | undefined): Promise<Answer> {
    if (!client) return this.alone(text, values);
    if (!this.answering) throw this.stalled();
    const config = values ? { name: statementName(text), text, values, rowMode: 'array' as const } : { text, rowMode: 'array' as const };
    try {
      // Several statements without parameters (a migration) answer a result each: the last one is the answer.
      const results = (await client.query<unknown[]>(config)) as pg.QueryResult<unknown[]> | pg.QueryResult<unknown[]>[];
      const result = Array.isArray(results) ? results.at(-1) : results;
      return { fields: result?.fields.map((field) => field.name) ?? [], rows: result?.rows ?? [], changes: result?.rowCount ?? 0 };
    } catch (error) {
      throw this.failure(error, client.getTransactionStatus() as TransactionStatus);
    }
  }

  /** A statement outside any unit, on a client taken for it. */
  private async alone(text: string, values: unknown[] | undefined): Promise<Answer> {
    const client = await this.client();
    let broken: Error | boolean = false;
    try {
      return await this.query(client, text, values);
    } catch (error) {
      broken = !this.answering || error instanceof StorageError;
      throw error;
    } finally {
      client.release(broken);
    }
  }

  shapeOf(text: string): Shape {
    let shape = this.shapes.get(text);
    if (!shape) this.shapes.set(text, (shape = { translated: translatePlaceholders(text), plucked: false, asArrays: false }));
    return shape;
  }

  private async unit<T>(kind: 'read' | 'write', work: (tx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.client();
      const tx = new PoolTransaction(this, client, 1);
      let broken: Error | undefined;
      try {
        await this.query(client, kind === 'write' ? 'BEGIN' : 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', undefined);
        const result = await work(tx);
        tx.end();
        throwIfFailed(client);
        await this.query(client, 'COMMIT', undefined);
        return result;
      } catch (error) {
        tx.end();
        broken = this.answering ? await rollBack(client) : new Error('the database stopped answering');
        if (kind === 'read' || attempt === ATTEMPTS || !isRace(error)) throw error;
      } finally {
        client.release(broken ?? client.getTransactionStatus() !== 'I');
      }
    }
  }

  /**
   * A client for a unit; a pool that could not open one within its connect timeout marks the
   * database stalled. Its connection's failure while the unit holds it is met by the unit's next
   * statement, not thrown from the socket's event.
   */
  private async client(): Promise<pg.PoolClient> {
    if (!this.answering) throw this.stalled();
    const connecting = this.pool.connect();
    let client: pg.PoolClient;
    let refuse!: (error: Error) => void;
    const refused = new Promise<never>((_resolve, reject) => (refuse = reject));
    this.stall.waiting.add(refuse);
    try {
      client = await Promise.race([connecting, refused]);
    } catch (error) {
      // Marked stalled while it waited: it goes at once; a client that comes later is closed.
      connecting.then(
        (late) => late.release(true),
        () => {},
      );
      throw error instanceof StalledNow ? this.stalled() : this.failure(error, 'I');
    } finally {
      this.stall.waiting.delete(refuse);
    }
    if (client.listenerCount('error') === 0) client.on('error', () => {});
    return client;
  }

  private failure(error: unknown, status: TransactionStatus): Error {
    const failure = failureOf(error, status);
    if (isNoAnswer(failure)) {
      markStalled(this.location.url, this.stall);
      if (failure.message === QUERY_TIMEOUT) failure.message = `no answer within ${this.answerTimeoutMs / 1000} s`;
    }
    return postgresFailure(this.location, failure);
  }

  /** The failure of a statement refused because the database is marked stalled. */
  private stalled(): Error {
    return postgresFailure(this.location, { ok: false, message: STALLED, code: undefined, constraint: undefined, fromServer: false, status: 'I' });
  }
}

/** A database that stopped answering: marked by the first statement or connection that met no answer, cleared by a probe that met one. */
interface Stall {
  stalled: boolean;
  probing: boolean;
  /** Units waiting for a client: refused at once when the database is marked stalled, rather than after the connect timeout. */
  waiting: Set<(error: Error) => void>;
}

/** What a unit waiting for a client is refused with when the database is marked stalled meanwhile. */
class StalledNow extends Error {}

const stalls = new Map<string, Stall>();

function stallOf(url: string): Stall {
  let stall = stalls.get(url);
  if (!stall) stalls.set(url, (stall = { stalled: false, probing: false, waiting: new Set() }));
  return stall;
}

/**
 * Marks the database stalled and asks it, 1 s at a time and 0.5 s apart, until it answers (a
 * refusal is an answer), then clears the mark. One probe at a time; it never keeps the process alive.
 */
function markStalled(url: string, stall: Stall): void {
  stall.stalled = true;
  for (const refuse of stall.waiting) refuse(new StalledNow());
  stall.waiting.clear();
  if (stall.probing) return;
  stall.probing = true;
  void (async () => {
    while (!(await answersWithin(url, PROBE_TIMEOUT_MS).catch(() => false))) await sleep(PROBE_PAUSE_MS, undefined, { ref: false });
    stall.stalled = false;
    stall.probing = false;
  })();
}

/** A unit's handle to its transaction, on the unit's client; a unit asked of it is a savepoint. */
class PoolTransaction implements Db {
  readonly dialect = 'postgres';
  private ended = false;

  constructor(
    private readonly pool: PostgresPool,
    private readonly client: pg.PoolClient,
    private readonly depth: number,
  ) {}

  get name(): string {
    return this.pool.name;
  }

  statement(text: string): Statement {
    return new PoolStatement(this.pool, this.pool.shapeOf(text), this);
  }

  async query(text: string, values: unknown[] | undefined): Promise<Answer> {
    if (this.ended) throw new Error(`a statement ran on a transaction that has ended: ${text}`);
    return this.pool.query(this.client, text, values);
  }

  /** A savepoint; one that lost a race (a request of a batch, say) runs again, as a unit does. */
  async write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const name = `plandesk_${this.depth}`;
    for (let attempt = 1; ; attempt += 1) {
      await this.query(`SAVEPOINT ${name}`, undefined);
      const tx = new PoolTransaction(this.pool, this.client, this.depth + 1);
      try {
        const result = await work(tx);
        tx.end();
        throwIfFailed(this.client);
        await this.query(`RELEASE ${name}`, undefined);
        return result;
      } catch (error) {
        tx.end();
        if (this.client.getTransactionStatus() === 'I' || !this.pool.answering) throw error;
        // A savepoint that cannot be rolled back leaves the transaction failed: its unit ends with the error.
        const rolledBack = await this.query(`ROLLBACK TO ${name}`, undefined)
          .then(() => this.query(`RELEASE ${name}`, undefined))
          .then(
            () => true,
            () => false,
          );
        if (!rolledBack || !isRace(error) || attempt === ATTEMPTS) throw error;
      }
    }
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

  end(): void {
    this.ended = true;
  }
}

interface Answer {
  fields: string[];
  rows: unknown[][];
  changes: number;
}

/** A statement's text as PostgreSQL takes it, and how its rows are answered (better-sqlite3's pluck and raw, kept per text as there). */
interface Shape {
  translated: Translated;
  plucked: boolean;
  asArrays: boolean;
}

class PoolStatement implements Statement {
  constructor(
    private readonly pool: PostgresPool,
    private readonly shape: Shape,
    private readonly tx: PoolTransaction | undefined,
  ) {}

  pluck(on = true): this {
    this.shape.plucked = on;
    return this;
  }

  raw(on = true): this {
    this.shape.asArrays = on;
    return this;
  }

  async run(...params: unknown[]): Promise<{ changes: number }> {
    return { changes: (await this.execute(params)).changes };
  }

  async get(...params: unknown[]): Promise<unknown> {
    const { fields, rows } = await this.execute(params);
    return rows.length === 0 ? undefined : this.shaped(fields, rows[0]!);
  }

  async all(...params: unknown[]): Promise<unknown[]> {
    const { fields, rows } = await this.execute(params);
    return rows.map((row) => this.shaped(fields, row));
  }

  private execute(params: unknown[]): Promise<Answer> {
    const { text } = this.shape.translated;
    const values = valuesOf(this.shape.translated, params);
    return this.tx ? this.tx.query(text, values) : this.pool.query(undefined, text, values);
  }

  private shaped(fields: string[], row: unknown[]): unknown {
    if (this.shape.plucked) return row[0];
    if (this.shape.asArrays) return row;
    const object: Record<string, unknown> = {};
    fields.forEach((field, index) => (object[field] = row[index]));
    return object;
  }
}

/**
 * The values of the `$n` parameters in order, as better-sqlite3 binds them: positional ones as
 * given (an array among them standing for its items), named ones from the one object (a missing
 * name refused).
 */
function valuesOf(translated: Translated, params: unknown[]): unknown[] {
  if (!translated.names) return params.flatMap((param) => (Array.isArray(param) ? (param as unknown[]) : [param]));
  const named = (params[0] ?? {}) as Record<string, unknown>;
  return translated.names.map((name) => {
    if (!(name in named)) throw new RangeError(`Missing named parameter "${name}"`);
    return named[name];
  });
}

const statementNames = new Map<string, string>();

/** The name a statement is prepared under on each backend that runs it: parsed and planned once per client, not at every run. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `plandesk_${statementNames.size + 1}`));
  return name;
}

/** A statement of the transaction failed and the work went on as if it had not: refused, rather than committed over PostgreSQL's own refusal. */
function throwIfFailed(client: pg.PoolClient): void {
  if (client.getTransactionStatus() === 'E') throw new PostgresError('a statement of this transaction failed and was not rolled back', undefined, undefined);
}

/** Rolls back the unit's transaction; a client that cannot (its connection failed) is the error it is released with, to be closed. */
async function rollBack(client: pg.PoolClient): Promise<Error | undefined> {
  if (client.getTransactionStatus() === 'I') return undefined;
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

const marginAfter = (statementTimeoutMs: number) => Math.min(MOST_MARGIN_MS, Math.max(LEAST_MARGIN_MS, statementTimeoutMs));

/** node-postgres gave up waiting: a query past its answer timeout, or a connection never opened. Not a refusal. */
const isNoAnswer = (failure: FailureReport) => !failure.fromServer && /timeout/i.test(failure.message);

/** How long one question of the probe may take, and the pause between two. */
const PROBE_TIMEOUT_MS = 1_000;
const PROBE_PAUSE_MS = 500;

/** The advisory lock every PlanDesk process takes to migrate a database: the same key everywhere ("PlanDesk" in ASCII). */
const MIGRATION_LOCK = '5795577627290036555';

/** node-postgres's words for a statement past its query_timeout. */
const QUERY_TIMEOUT = 'Query read timeout';

/** Why a statement is refused without being sent. */
const STALLED = 'it stopped answering: no statement is sent to it until it answers again';

/** The pool under a PostgreSQL store, for what only it knows (whether its database answers, where it is). */
export function postgresPoolOf(db: Db): PostgresPool {
  if (!(db instanceof PostgresPool)) throw new TypeError(`${db.name} is not a PostgreSQL database`);
  return db;
}
