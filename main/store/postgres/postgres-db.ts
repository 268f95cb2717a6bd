import { extname, join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ConnectionUse } from '../pool-use.js';
import { CONNECT_TIMEOUT_MS, type IoAnswer, type IoFailure, type IoOpen, type IoProbe, type IoQuery } from './io-protocol.js';
import { translatePlaceholders, type Translated } from './placeholders.js';
import { postgresFailure, type PostgresLocation } from './postgres-failures.js';
import { PROBE_SILENT_S, PROBED_AT, probeClock, STALLED_AT } from './stall-mark.js';

/** How long a statement may take before the connection gives up on it (it is stuck, not slow), unless the opener says otherwise. */
const ANSWER_TIMEOUT_MS = 120_000;
/** Past the statement timeout, how long the server's cancel is waited for: at least a second (a loaded server's cancel is not instant), at most 5. */
const LEAST_MARGIN_MS = 1_000;
const MOST_MARGIN_MS = 5_000;
/**
 * How long opening a lease waits: the I/O thread's pool gives up on a new backend after 10 s
 * (io-worker.ts), and says so first. A backend slow to start is not a stall; a server that never
 * starts one is, and the pool's timeout marks it so.
 */
const OPEN_TIMEOUT_MS = CONNECT_TIMEOUT_MS + LEAST_MARGIN_MS;

/** What a connection is opened with: how long the server may run one statement (none: no limit), and how long this side waits for an answer. */
export interface PostgresDeadlines {
  /** The server cancels a statement that runs longer (waiting for a lock included): the statement fails, the connection stays. */
  statementTimeoutMs?: number;
  /** Unless told: the statement timeout and a margin of 1 to 5 s (the server's cancel comes first), else 2 minutes. Opening a lease has its own deadline. */
  answerTimeoutMs?: number;
}

/**
 * A PostgreSQL connection the store uses as it uses better-sqlite3: every call returns its answer.
 * node-postgres runs in the I/O thread (io-worker.ts); this connection posts each statement there
 * and blocks its own thread on Atomics.wait until the answer is posted back on its port, which it
 * then reads with receiveMessageOnPort. Only the thread that asked waits. It leases one pool client
 * for its life, so a transaction stays on one backend; a client that broke (or never answered) is
 * replaced on the next statement, and a transaction it was in is refused (as PostgreSQL refuses an
 * aborted one) until the caller rolls it back.
 *
 * A statement left unanswered past the answer timeout, or a lease the pool could not open within
 * its connect timeout, marks the database stalled for every connection of this thread (and of the
 * threads that share its mark): until a probe hears from it again, their statements fail at once
 * with the same failure, rather than each holding the thread for the whole timeout.
 */
export class PostgresDb {
  readonly memory = false;
  open = true;
  /** In a transaction, as the server said after the last statement. */
  inTransaction = false;
  /** In a transaction a failed statement aborted: nothing more runs in it until it is rolled back. */
  transactionFailed = false;
  /** The location without its password, for messages. */
  readonly name: string;
  private lease: Lease | undefined;
  /** The lease was given up inside a transaction: only ROLLBACK is taken until then. */
  private lostTransaction = false;
  private readonly statements = new Map<string, Translated>();
  /** This thread's mark for the database: 1 while it does not answer. */
  private readonly stall: Int32Array;

  private readonly statementTimeoutMs: number | undefined;
  private readonly answerTimeoutMs: number;

  constructor(
    readonly location: PostgresLocation,
    deadlines: PostgresDeadlines = {},
    /** Where this connection counts itself open and busy (a server's metrics), if anywhere. */
    private readonly use?: ConnectionUse,
  ) {
    this.name = location.display;
    this.stall = stallOf(location.url);
    this.statementTimeoutMs = deadlines.statementTimeoutMs;
    this.answerTimeoutMs =
      deadlines.answerTimeoutMs ??
      (deadlines.statementTimeoutMs === undefined ? ANSWER_TIMEOUT_MS : deadlines.statementTimeoutMs + marginAfter(deadlines.statementTimeoutMs));
    try {
      this.lease = this.leased();
    } catch (error) {
      this.open = false;
      throw error;
    }
  }

  prepare(text: string): PostgresStatement {
    return new PostgresStatement(this, text);
  }

  /** Runs any number of statements without parameters (a migration). */
  exec(text: string): void {
    this.send({ kind: 'query', text });
  }

  /** One statement with its parameters (positional as given, or named in one object), its placeholders translated once per text. */
  query(text: string, params: unknown[]): { fields: string[]; rows: unknown[][]; changes: number } {
    let translated = this.statements.get(text);
    if (!translated) this.statements.set(text, (translated = translatePlaceholders(text)));
    return this.send({ kind: 'query', text: translated.text, values: valuesOf(translated, params) });
  }

  /** False while the database is stalled: it stopped answering, and has not answered the probe since. */
  get answering(): boolean {
    return Atomics.load(this.stall, STALLED_AT) === 0;
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.giveUp();
  }

  private send(query: IoQuery & { kind: 'query' }): { fields: string[]; rows: unknown[][]; changes: number } {
    if (!this.open) throw new TypeError('The database connection is not open');
    if (!this.answering && !this.lostTransaction) {
      if (!this.inTransaction) throw this.stalled();
      // Nothing is sent: the transaction ends with its lease (the server rolls it back), and then only its ROLLBACK is taken.
      this.giveUp();
      this.lostTransaction = true;
      if (!isRollback(query.text)) throw this.stalled();
    }
    if (this.lostTransaction) {
      if (!isRollback(query.text)) throw this.failure('the connection was lost in the middle of a transaction');
      this.lostTransaction = this.inTransaction = this.transactionFailed = false;
      return { fields: [], rows: [], changes: 0 };
    }
    this.lease ??= this.leased();
    this.use?.started();
    try {
      this.lease.port.postMessage(query);
      return this.answer(this.lease, this.answerTimeoutMs);
    } finally {
      this.use?.finished();
    }
  }

  /** A new lease: its own port to the I/O thread, answered once a pool client is this connection's. */
  private leased(): Lease {
    if (!this.answering) throw this.stalled();
    const { port1, port2 } = new MessageChannel();
    const lease = { port: port1, flag: new Int32Array(new SharedArrayBuffer(4)) };
    const thread = ioThread();
    this.use?.opening();
    thread.postMessage(
      {
        kind: 'open',
        location: this.location.url,
        statementTimeoutMs: this.statementTimeoutMs,
        port: port2,
        flag: lease.flag.buffer as SharedArrayBuffer,
      } satisfies IoOpen,
      [port2],
    );
    try {
      this.answer(lease, OPEN_TIMEOUT_MS);
      this.use?.opened(true);
      return lease;
    } catch (error) {
      this.use?.opened(false);
      lease.port.close();
      releaseIoThread();
      throw error;
    }
  }

  private answer(lease: Lease, timeoutMs: number): { fields: string[]; rows: unknown[][]; changes: number } {
    if (Atomics.wait(lease.flag, 0, 0, timeoutMs) === 'timed-out') {
      // The I/O thread is stuck on this statement: its answer, if it ever comes, must not be taken for the next one's.
      if (this.lease === lease) this.giveUp();
      this.lostTransaction = this.inTransaction;
      markStalled(this.location.url, this.stall);
      throw this.failure(`no answer within ${timeoutMs / 1000} s`);
    }
    Atomics.store(lease.flag, 0, 0);
    const answer = arrivedAnswer(lease);
    this.inTransaction = answer.status !== 'I';
    this.transactionFailed = answer.status === 'E';
    if (!answer.ok) {
      // A server that takes the connection and never starts a backend: the pool gave up waiting (io-worker.ts's connect timeout).
      if (isConnectTimeout(answer)) markStalled(this.location.url, this.stall);
      throw postgresFailure(this.location, answer satisfies IoFailure);
    }
    return answer;
  }

  /** Ends the lease: the I/O thread returns its client to the pool, or closes it if a transaction was left open on it. */
  private giveUp(): void {
    const lease = this.lease;
    this.lease = undefined;
    if (!lease) return;
    this.use?.closed();
    lease.port.postMessage({ kind: 'close' } satisfies IoQuery);
    lease.port.close();
    releaseIoThread();
  }

  /** The failure of a statement refused because the database is marked stalled; starts a probe unless one runs (the thread whose probe it was may have ended). */
  private stalled(): Error {
    probeIfNoneRuns(this.location.url, this.stall);
    return this.failure(STALLED);
  }

  private failure(reason: string): Error {
    return postgresFailure(this.location, { ok: false, message: reason, code: undefined, constraint: undefined, fromServer: false, status: 'E' });
  }
}

const isRollback = (text: string) => text.trim().toUpperCase() === 'ROLLBACK';

const marginAfter = (statementTimeoutMs: number) => Math.min(MOST_MARGIN_MS, Math.max(LEAST_MARGIN_MS, statementTimeoutMs));

/** node-postgres gave up opening a connection (the pool's or the client's connect timeout): no answer, not a refusal. */
const isConnectTimeout = (failure: IoFailure) => !failure.fromServer && /timeout/i.test(failure.message);

/** Why a statement is refused without being sent. */
const STALLED = 'it stopped answering: no statement is sent to it until it answers again';

/** One pool client's line to the I/O thread: the port statements go out and answers come back on, and the flag the answer wakes. */
interface Lease {
  port: MessagePort;
  flag: Int32Array;
}

/**
 * The answer the I/O thread posted before it woke this thread. Under load the posted message reaches
 * the port a moment after the wake (measured: from tens of microseconds to a few milliseconds), so
 * it is waited for, in short sleeps, rather than taken as missing.
 */
function arrivedAnswer(lease: Lease): IoAnswer {
  for (;;) {
    const received = receiveMessageOnPort(lease.port);
    if (received) return received.message as IoAnswer;
    // The flag stays 0 until the next statement's answer: this only sleeps, 50 us at a time.
    Atomics.wait(lease.flag, 0, 0, 0.05);
  }
}

/** better-sqlite3's statement, as far as the store uses it: `pluck` answers a row's first value, `raw` its values as an array. */
export class PostgresStatement {
  private plucked = false;
  private asArrays = false;

  constructor(
    private readonly db: PostgresDb,
    private readonly text: string,
  ) {}

  pluck(on = true): this {
    this.plucked = on;
    return this;
  }

  raw(on = true): this {
    this.asArrays = on;
    return this;
  }

  run(...params: unknown[]): { changes: number } {
    return { changes: this.execute(params).changes };
  }

  get(...params: unknown[]): unknown {
    const { fields, rows } = this.execute(params);
    return rows.length === 0 ? undefined : this.shape(fields, rows[0]!);
  }

  all(...params: unknown[]): unknown[] {
    const { fields, rows } = this.execute(params);
    return rows.map((row) => this.shape(fields, row));
  }

  private execute(params: unknown[]) {
    return this.db.query(this.text, params);
  }

  private shape(fields: string[], row: unknown[]): unknown {
    if (this.plucked) return row[0];
    if (this.asArrays) return row;
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

/**
 * Per database (by URL), the mark this thread's connections share: two Int32s, the first 1 while
 * the database does not answer (an I/O thread's probe sets it back to 0), the second the time in
 * seconds a probe last showed it runs (0: none runs). Threads of one process may share it
 * (`serve`'s writer thread is given its HTTP thread's): whichever thread finds the database stalled
 * first spares the others the wait, and if the thread whose probe it was ends, the next
 * connection refused starts another.
 */
const stalls = new Map<string, Int32Array>();

function stallOf(url: string): Int32Array {
  let stall = stalls.get(url);
  if (!stall) stalls.set(url, (stall = new Int32Array(new SharedArrayBuffer(8))));
  return stall;
}

/** The memory this thread's mark for the database at `url` lives in, for another thread to share (`shareStallMark`). */
export function stallMarkOf(url: string): SharedArrayBuffer {
  return stallOf(url).buffer as SharedArrayBuffer;
}

/** This thread's connections to the database at `url` share the mark in `buffer` (another thread's `stallMarkOf`). */
export function shareStallMark(url: string, buffer: SharedArrayBuffer): void {
  stalls.set(url, new Int32Array(buffer));
}

/** Marks the database stalled and has this thread's I/O thread probe it, unless a probe runs already; the probe keeps the thread until it answers. */
function markStalled(url: string, stall: Int32Array): void {
  Atomics.store(stall, STALLED_AT, 1);
  probeIfNoneRuns(url, stall);
}

/** Starts a probe of the stalled database unless one showed it runs in the last few seconds (a probe shows it every 1.5 s at most: stall-probe.ts). */
function probeIfNoneRuns(url: string, stall: Int32Array): void {
  const seen = Atomics.load(stall, PROBED_AT);
  const now = probeClock();
  if (seen !== 0 && now - seen < PROBE_SILENT_S) return;
  if (Atomics.compareExchange(stall, PROBED_AT, seen, now) !== seen) return;
  ioThread().postMessage({ kind: 'probe', location: url, stall: stall.buffer as SharedArrayBuffer } satisfies IoProbe);
}

let io: { worker: Worker; users: number } | undefined;

/** This thread's I/O thread, started with its first connection and ended with its last. */
function ioThread(): Worker {
  if (!io) {
    const worker = new Worker(workerSource(), { eval: true });
    worker.unref();
    // A probe heard from its database (markStalled).
    worker.on('message', () => releaseIoThread());
    io = { worker, users: 0 };
  }
  io.users += 1;
  return io.worker;
}

function releaseIoThread(): void {
  if (!io) return;
  io.users -= 1;
  if (io.users === 0) {
    void io.worker.terminate();
    io = undefined;
  }
}

/** The I/O thread's script: compiled beside this chunk (electron-vite's `postgres-io` entry), or the TypeScript source in tests. */
function workerSource(): string {
  const extension = extname(__filename);
  if (extension === '.ts') return `require('tsx/cjs/api').register(); require(${JSON.stringify(join(__dirname, 'io-worker.ts'))});`;
  return `require(${JSON.stringify(join(__dirname, `postgres-io${extension}`))});`;
}
