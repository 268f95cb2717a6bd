// The tests' PostgreSQL: a server given by an admin URL in PLANDESK_TEST_POSTGRES (.ci/run starts a
// throw-away cluster and sets it), in which each test file makes a database of its own and drops it
// after. Without the variable, the PostgreSQL variants of the tests are skipped; SQLite's still run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';

/** The admin URL (a role that may create databases) of the server the tests use, or undefined. */
export const POSTGRES_ADMIN_URL = process.env.PLANDESK_TEST_POSTGRES || undefined;

export interface TestDatabase {
  /** The database's URL, as `--db` takes it. */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/** A new, empty database on the test server, named `plandesk_test_<label>_<random>`. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  if (!POSTGRES_ADMIN_URL) throw new Error('PLANDESK_TEST_POSTGRES is not set');
  const name = `plandesk_test_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${randomBytes(4).toString('hex')}`.slice(0, 63);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => void (await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

/** One statement on the test server's admin database, on a connection of its own. */
async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  return onDatabase(POSTGRES_ADMIN_URL!, (client) => client.query(text, values));
}

/** `work` with an async client of its own on `url` (the tests' view from outside the store: another process, an operator). */
export async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One store the store-level tests run against: its dialect, and where a fresh database of it is for this file. */
export interface StoreUnderTest {
  dialect: 'sqlite' | 'postgres';
  /** The location openDatabase takes: a SQLite file in a temporary folder, or a throw-away PostgreSQL database. */
  location(): string;
}

/**
 * `body` as a describe block per store: SQLite always, PostgreSQL when PLANDESK_TEST_POSTGRES is
 * set (skipped otherwise, which the report says). Each gets a database of its own for the file.
 */
export function describeEachStore(name: string, body: (store: StoreUnderTest) => void): void {
  describe(`${name} (SQLite)`, () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'plandesk-store-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    body({ dialect: 'sqlite', location: () => join(dir, 'plandesk.db') });
  });
  describe.skipIf(!POSTGRES_ADMIN_URL)(`${name} (PostgreSQL)`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createTestDatabase(name);
    });
    afterAll(async () => database?.drop());
    body({ dialect: 'postgres', location: () => database!.url });
  });
}

/**
 * The store the tests that drive `serve` use in this run: PostgreSQL in vitest.config.mts's
 * "on PostgreSQL" projects (which set PLANDESK_TEST_STORE, and exist only when
 * PLANDESK_TEST_POSTGRES names a server), SQLite everywhere else. The same test files run in both.
 */
export const SERVE_STORE: 'sqlite' | 'postgres' = process.env.PLANDESK_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A new database for a `serve` under test, as `--db` takes it: a SQLite file in `dir` (dropped with
 * the folder), or a throw-away PostgreSQL database when the run's store is PostgreSQL.
 */
export async function serveDatabase(dir: string, label: string): Promise<TestDatabase> {
  if (SERVE_STORE === 'postgres') return createTestDatabase(label);
  return { url: join(dir, `${label}.db`), drop: async () => {} };
}
