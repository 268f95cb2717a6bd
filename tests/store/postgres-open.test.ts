// Opening a PostgreSQL database: migrations run once however many processes start together, and
// every way it can fail (a bad URL, a refused login, no such database, a server that cannot be
// reached or goes away mid-way) is one sentence, after which the connection recovers by itself.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, sql, writeTransaction, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { postgresMigrations } from '../../main/store/postgres/migrations/index.js';
import { postgresPoolOf } from '../../main/store/postgres/pool-store.js';
import { StorageError } from '../../main/store/storage-errors.js';
import { createTestDatabase, onDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/postgres.js';

const CHILD = join(__dirname, 'support', 'open-database-child.ts');
const RELAY = join(__dirname, 'support', 'relay-thread.ts');

/** A relay to `url`'s server on a thread of its own (support/relay-thread.ts), and `url` through it. */
async function relayThread(url: string) {
  const target = new URL(url);
  const worker = new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(RELAY)});`, {
    eval: true,
    workerData: { host: target.hostname, port: Number(target.port || 5432) },
  });
  const [{ port }] = (await once(worker, 'message')) as [{ port: number }];
  const through = new URL(url);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  const told = async (command: 'hold' | 'release') => {
    worker.postMessage(command);
    await once(worker, 'message');
  };
  return {
    url: through.toString(),
    hold: () => told('hold'),
    release: () => told('release'),
    close: async () => {
      worker.postMessage('close');
      await once(worker, 'exit');
    },
  };
}

/** Milliseconds `work` took. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Connections of the database `on` reads that were left inside a transaction (a unit never leaves one). */
const leftInTransaction = async (on: Db) =>
  sql(on, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'").pluck().get();

/** What openDatabase(location) rejects with: its problem and message. */
async function refusal(location: string): Promise<{ problem: string; message: string }> {
  try {
    await (await openDatabase(location)).close();
  } catch (error) {
    if (error instanceof StorageError) return { problem: error.problem, message: error.message };
    throw error;
  }
  throw new Error(`${location} opened`);
}

const oneSentence = (message: string) => expect(message).toMatch(/^[^\n]+$/);

describe.skipIf(!POSTGRES_ADMIN_URL)('opening PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('open');
  });
  afterAll(async () => database.drop());

  const withPath = (path: string, user?: string) => {
    const url = new URL(database.url);
    url.pathname = path;
    if (user) url.username = user;
    return url.toString();
  };

  it('migrates a fresh database once when several processes open it at the same moment', async () => {
    const children = Array.from({ length: 3 }, () => spawn(process.execPath, ['--import', 'tsx', CHILD, database.url], { stdio: ['pipe', 'pipe', 'inherit'] }));
    const lines = children.map((child) => {
      let text = '';
      child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
      return () => text;
    });
    await Promise.all(children.map((child) => once(child.stdout!, 'data')));
    for (const child of children) child.stdin!.write('go\n');
    await Promise.all(children.map((child) => once(child, 'exit')));
    expect(lines.map((text) => text())).toEqual(children.map(() => 'ready\nopen\n'));
    const applied = await onDatabase(database.url, (client) => client.query('SELECT version, name FROM schema_migrations ORDER BY version'));
    expect(applied.rows).toEqual(postgresMigrations.map(({ version, name }) => ({ version, name })));
  });

  it('commits durably whatever the server default: synchronous_commit is on for its connections', async () => {
    await onDatabase(database.url, (client) => client.query(`ALTER DATABASE ${new URL(database.url).pathname.slice(1)} SET synchronous_commit = off`));
    const db = await openDatabase(database.url);
    try {
      expect(await sql(db, 'SHOW synchronous_commit').pluck().get()).toBe('on');
    } finally {
      await db.close();
    }
    await onDatabase(database.url, (client) => client.query(`ALTER DATABASE ${new URL(database.url).pathname.slice(1)} RESET synchronous_commit`));
  });

  it('refuses a location that is not a PostgreSQL URL naming a database, without the password it held', async () => {
    for (const location of ['postgres://plandesk:s3cret@db.example.com:99999/plandesk', 'postgres://db.example.com', 'postgresql://host/a/b']) {
      const { problem, message } = await refusal(location);
      expect(problem).toBe('bad-location');
      oneSentence(message);
      expect(message).toContain('write it as postgres://USER@HOST:PORT/DATABASE');
      expect(message).not.toContain('s3cret');
    }
  });

  it('says a login was refused, and a database that is not there, in one sentence each', async () => {
    const login = await refusal(withPath(new URL(database.url).pathname, 'nobody_at_all'));
    expect(login.problem).toBe('refused');
    oneSentence(login.message);
    expect(login.message).toMatch(/refused the login \(.*nobody_at_all/);
    const missing = await refusal(withPath('/plandesk_no_such_database'));
    expect(missing).toEqual({
      problem: 'bad-location',
      message: expect.stringMatching(/^there is no database postgres:\/\/.*\/plandesk_no_such_database: create it first/),
    });
  });

  it('says a server that cannot be reached cannot be reached', async () => {
    const { problem, message } = await refusal('postgres://plandesk@127.0.0.1:1/plandesk');
    expect(problem).toBe('unavailable');
    oneSentence(message);
    expect(message).toMatch(/^the database postgres:\/\/plandesk@127\.0\.0\.1:1\/plandesk cannot be reached \(.*ECONNREFUSED.*\): try again once it is back$/);
  });

  describe('a connection lost mid-way', () => {
    let db: Db;
    let operator: Db;
    beforeAll(async () => {
      db = await openDatabase(database.url);
      operator = await openDatabase(database.url);
      await sql(db, 'CREATE TABLE IF NOT EXISTS notes (text TEXT NOT NULL)').run();
    });
    afterAll(async () => {
      await db.close();
      await operator.close();
    });
    /** Ends the backend of `db` (or of the transaction `on` of it). */
    const cutOff = async (on: Db = db) => sql(operator, 'SELECT pg_terminate_backend(?)').run(await sql(on, 'SELECT pg_backend_pid()').pluck().get());

    it('fails the transaction it was in with the one sentence, writes none of it, and works again at the next statement', async () => {
      let thrown: unknown;
      try {
        await writeTransaction(db, async (db) => {
          await sql(db, 'INSERT INTO notes (text) VALUES (?)').run('before the cut');
          await cutOff(db);
          await sql(db, 'INSERT INTO notes (text) VALUES (?)').run('after the cut');
        });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(StorageError);
      expect((thrown as StorageError).problem).toBe('unavailable');
      oneSentence((thrown as StorageError).message);
      expect(await leftInTransaction(operator)).toBe(0);
      await writeTransaction(db, (db) => sql(db, 'INSERT INTO notes (text) VALUES (?)').run('after it came back'));
      expect(await sql(operator, 'SELECT text FROM notes ORDER BY text').pluck().all()).toEqual(['after it came back']);
    });

    it('gives up on a statement that goes unanswered, rolls back the rest of its unit, and answers the next on a new backend', async () => {
      const impatient = await openDatabase(database.url, { answerTimeoutMs: 300 });
      try {
        const unit = writeTransaction(impatient, async (tx) => {
          await sql(tx, 'INSERT INTO notes (text) VALUES (?)').run('never committed');
          await sql(tx, 'SELECT pg_sleep(1.5)').run();
        });
        await expect(unit).rejects.toThrow(/cannot be reached \(no answer within 0.3 s\)/);
        await untilAnswering(impatient);
        expect(await sql(impatient, 'SELECT 1 AS one').pluck().get()).toBe(1);
        expect(await sql(impatient, 'SELECT count(*) FROM notes WHERE text = ?').pluck().get('never committed')).toBe(0);
        expect(await leftInTransaction(operator)).toBe(0);
      } finally {
        await impatient.close();
      }
    });

    it('outside a transaction, is replaced: the statement met by the loss fails with the sentence, or, lost while idle, none does', async () => {
      await untilAnswering(db);
      const before = await sql(db, 'SELECT pg_backend_pid()').pluck().get();
      await cutOff();
      try {
        expect(await sql(db, 'SELECT 1').pluck().get()).toBe(1);
      } catch (error) {
        expect((error as StorageError).problem).toBe('unavailable');
      }
      expect(await sql(db, 'SELECT pg_backend_pid()').pluck().get()).not.toBe(before);
    });
  });

  describe('a server that stops answering', () => {
    it('is waited for once: every pool of the process then fails at once, a unit in flight is refused and rolled back, and all answer again once it does', async () => {
      const relay = await relayThread(database.url);
      const first = await openDatabase(relay.url, { answerTimeoutMs: 500 });
      const second = await openDatabase(relay.url, { answerTimeoutMs: 500 });
      try {
        await sql(first, 'CREATE TABLE IF NOT EXISTS frozen_notes (text TEXT NOT NULL)').run();
        let inserted!: () => void;
        let resume!: () => void;
        const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
        const resumed = new Promise<void>((resolve) => (resume = resolve));
        const inFlight = writeTransaction(second, async (tx) => {
          await sql(tx, 'INSERT INTO frozen_notes (text) VALUES (?)').run('in flight');
          inserted();
          await resumed;
          await sql(tx, 'SELECT 1').run();
        });
        await insertedNow;
        await relay.hold();

        expect(await timed(() => expect(sql(first, 'SELECT 1').run()).rejects.toThrow(/cannot be reached \(no answer within 0.5 s\)/))).toBeGreaterThanOrEqual(
          490,
        );
        const stalled = /cannot be reached \(it stopped answering: no statement is sent to it until it answers again\)/;
        expect(await timed(() => expect(sql(first, 'SELECT 1').run()).rejects.toThrow(stalled))).toBeLessThan(50);
        resume();
        expect(await timed(() => expect(inFlight).rejects.toThrow(stalled))).toBeLessThan(50);
        expect(await timed(() => expect(openDatabase(relay.url)).rejects.toThrow(stalled))).toBeLessThan(50);

        await relay.release();
        await untilAnswering(first);
        expect(await sql(first, 'SELECT count(*) FROM frozen_notes').pluck().get()).toBe(0);
        await writeTransaction(second, (second) => sql(second, 'INSERT INTO frozen_notes (text) VALUES (?)').run('after'));
        expect(await sql(first, 'SELECT text FROM frozen_notes').pluck().all()).toEqual(['after']);
      } finally {
        await first.close();
        await second.close();
        await relay.close();
      }
    });

    it('that takes connections and never starts a backend is waited for once, for the connect timeout, and answers again once it does', async () => {
      const relay = await relayThread(database.url);
      try {
        await relay.hold();
        const took = await timed(() => expect(openDatabase(relay.url, { statementTimeoutMs: 20_000 })).rejects.toThrow(/cannot be reached \(.*timeout.*\)/));
        expect(took).toBeGreaterThanOrEqual(9_900);
        expect(await timed(() => expect(openDatabase(relay.url)).rejects.toThrow(/it stopped answering/))).toBeLessThan(50);
        await relay.release();
        const opened = await eventually(() => openDatabase(relay.url));
        expect(await sql(opened, 'SELECT 1').pluck().get()).toBe(1);
        await opened.close();
      } finally {
        await relay.close();
      }
    }, 40_000);

    it('is never taken for stalled because the statement timeout is small: the wait for an answer keeps a second past it', async () => {
      const healthy = await openDatabase(database.url);
      try {
        for (let i = 0; i < 100; i++) {
          const db = await openDatabase(database.url, { statementTimeoutMs: 1 });
          try {
            await sql(db, 'SELECT 1').run();
          } catch (error) {
            // The server may cancel even SELECT 1 after 1 ms: that is the statement's failure, not a stall.
            expect((error as Error).message).toMatch(/statement timeout/);
          } finally {
            await db.close();
          }
          expect(postgresPoolOf(healthy).answering).toBe(true);
        }
        expect(await sql(healthy, 'SELECT 1').pluck().get()).toBe(1);
      } finally {
        await healthy.close();
      }
    });
  });
});

/** `open`'s result once it stops rejecting (the probe hears from the server about a second after it answers again), or its failure after 5 s. */
async function eventually<T>(open: () => Promise<T>): Promise<T> {
  const until = performance.now() + 5_000;
  for (;;) {
    try {
      return await open();
    } catch (error) {
      if (performance.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Waits until `db`'s server answers the probe again (about a second at most), or fails after 3 s. */
async function untilAnswering(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  const until = performance.now() + 3_000;
  while (!postgresPoolOf(db).answering) {
    if (performance.now() > until) throw new Error(`${db.name} did not answer again within 3 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
