// The PostgreSQL I/O thread: node-postgres is asynchronous, the store is not. Each synchronous
// connection (postgres-db.ts) hands this thread a MessagePort and a shared flag; its queries arrive
// on the port, run on the pool client the connection leases for its life (so a transaction stays on
// one backend), and the answer goes back on the port before the flag wakes the connection's thread.
import { parentPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import pg from 'pg';
import { answerOf, CONNECT_TIMEOUT_MS, failureOf, type IoAnswer, type IoOpen, type IoProbe, type IoQuery, type TransactionStatus } from './io-protocol.js';
import { probeUntilAnswered } from './stall-probe.js';

const pools = new Map<string, pg.Pool>();

// What SQLite gives, so the store reads one shape from both: counts and sums (int8, numeric) as
// numbers, booleans as 1/0, a transaction id (xid8) as a number. Timestamps are TEXT columns already.
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, Number);
types.setTypeParser(pg.types.builtins.NUMERIC, Number);
types.setTypeParser(pg.types.builtins.BOOL, (value: string) => (value === 't' ? 1 : 0));
const XID8 = 5069;
types.setTypeParser(XID8, Number);

/** The pool of clients for the database at `location` whose statements the server cancels after `statementTimeoutMs` (none: never). */
function poolFor(location: string, statementTimeoutMs: number | undefined): pg.Pool {
  const key = `${statementTimeoutMs ?? 0} ${location}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: location,
      ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs }),
      types,
      max: 64,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'plandesk',
      // A write is answered once it is on the server's disk, whatever the server's default: as SQLite's synchronous = FULL.
      options: '-c synchronous_commit=on',
    });
    // An idle client whose server went away: the pool drops it; the next lease makes a new one.
    pool.on('error', () => {});
    pools.set(key, pool);
  }
  return pool;
}

/** One synchronous connection's side here: its leased client, replaced on the next query after it broke. */
class Lease {
  private client: pg.PoolClient | undefined;
  /** The client broke inside a transaction: everything but ROLLBACK is refused until the caller ends it, as PostgreSQL refuses an aborted one. */
  private lostTransaction = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly port: MessagePort,
    private readonly flag: Int32Array,
  ) {}

  async open(): Promise<void> {
    try {
      await this.leased();
      this.answer({ ok: true, fields: [], rows: [], changes: 0, status: 'I' });
    } catch (error) {
      this.answer(failureOf(error, 'I'));
    }
  }

  async run(query: IoQuery): Promise<void> {
    if (query.kind === 'close') return this.end();
    if (this.lostTransaction) {
      if (query.text.trim().toUpperCase() === 'ROLLBACK') {
        this.lostTransaction = false;
        this.answer({ ok: true, fields: [], rows: [], changes: 0, status: 'I' });
      } else this.answer(failureOf(new Error('Connection terminated unexpectedly'), 'E'));
      return;
    }
    let client: pg.PoolClient | undefined;
    try {
      client = await this.leased();
      const result = query.values
        ? await client.query({ name: statementName(query.text), text: query.text, values: query.values, rowMode: 'array' })
        : await client.query({ text: query.text, rowMode: 'array' });
      this.answer(answerOf(result, client.getTransactionStatus() as TransactionStatus));
    } catch (error) {
      // The client's error event may have dropped it already (a reset connection): released once only.
      if (client && client === this.client && isBroken(error)) this.drop(client, error);
      this.answer(failureOf(error, this.status()));
    }
  }

  /** The connection is done with its client: back to the pool, or closed if a transaction was left open on it (the server rolls it back). */
  end(): void {
    const client = this.client;
    this.client = undefined;
    client?.off('error', this.onError);
    client?.release(client.getTransactionStatus() !== 'I');
    this.port.close();
  }

  private status(): TransactionStatus {
    if (this.client) return this.client.getTransactionStatus() as TransactionStatus;
    return this.lostTransaction ? 'E' : 'I';
  }

  private async leased(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    const client = await this.pool.connect();
    client.on('error', this.onError);
    this.client = client;
    return client;
  }

  /** The leased client's connection failed while it waited for the next query. */
  private readonly onError = (error: Error) => {
    if (this.client) this.drop(this.client, error);
  };

  private drop(client: pg.PoolClient, error: unknown): void {
    this.lostTransaction = client.getTransactionStatus() !== 'I';
    this.client = undefined;
    client.off('error', this.onError);
    client.release(error instanceof Error ? error : true);
  }

  private answer(answer: IoAnswer): void {
    this.port.postMessage(answer);
    Atomics.store(this.flag, 0, 1);
    Atomics.notify(this.flag, 0);
  }
}

const statementNames = new Map<string, string>();

/**
 * The name a statement is prepared under on each backend that runs it (node-postgres prepares a
 * named statement once per client): parsed and planned once, not at every run.
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `plandesk_${statementNames.size + 1}`));
  return name;
}

/** A failure of the connection itself (server gone, network, shutdown), not of the statement. */
function isBroken(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  return ['08000', '08003', '08006', '57P01', '57P02', '57P03'].includes(error.code ?? '');
}

parentPort!.on('message', (message: IoOpen | IoProbe) => {
  if (message.kind === 'probe') {
    void probeUntilAnswered(message.location, new Int32Array(message.stall)).then(() => parentPort!.postMessage({ kind: 'answering' }));
    return;
  }
  const lease = new Lease(poolFor(message.location, message.statementTimeoutMs), message.port, new Int32Array(message.flag));
  // One query at a time per connection, in the order they were sent.
  let chain = lease.open();
  message.port.on('message', (query: IoQuery) => {
    chain = chain.then(() => lease.run(query));
  });
  // The connection gave up on its port (closed, or never answered in time): the client goes once the statement running on it ends.
  message.port.once('close', () => {
    chain = chain.then(() => lease.end());
  });
});
