// Several processes on one PostgreSQL database are one instance: a rule the service checks in
// process (an employer's name is unique in its account; an Idempotency-Key answers once) is also a
// constraint, and a write that loses the race to another process's commit answers exactly what the
// check answers when there is no race. The other process here is a real one, holding its
// transaction open until this one's write is waiting on it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withIdempotency } from '../../main/http/idempotency.js';
import { createRouter } from '../../main/router/router.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { sql, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { validEmployerBody } from '../support/fixtures.js';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/postgres.js';

/** How long the other process keeps its transaction open after saying it wrote. */
const HOLD_MS = 700;

/**
 * Another process that runs `statements` in one transaction, prints "written", and commits
 * HOLD_MS later: by then this process's write is waiting for it on the constraint.
 */
async function otherProcessWriting(url: string, statements: [string, unknown[]][]): Promise<ChildProcess> {
  const script = `
    const pg = require('pg');
    (async () => {
      const client = new pg.Client({ connectionString: process.argv[1] });
      await client.connect();
      await client.query('BEGIN');
      for (const [text, values] of JSON.parse(process.argv[2])) await client.query(text, values);
      process.stdout.write('written\\n');
      await new Promise((resolve) => setTimeout(resolve, ${HOLD_MS}));
      await client.query('COMMIT');
      await client.end();
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script, url, JSON.stringify(statements)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(line.toString()).toBe('written\n');
  return child;
}

describe.skipIf(!POSTGRES_ADMIN_URL)('two processes writing the same thing on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  let made: Awaited<ReturnType<typeof bootstrap>>;
  const at = '2025-06-01T12:00:00.000Z';

  beforeAll(async () => {
    database = await createTestDatabase('races');
    db = await openDatabase(database.url);
    made = await bootstrap(createContext(db), { account: 'Race Brokers', email: 'admin@race.example.com', division: 'East' });
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const router = () => createRouter(createContext(db));
  const employer = (name: string, url: string) => validEmployerBody(made.division, { name, url, other_filters: [] });
  const insertEmployer = (id: string, name: string, url: string): [string, unknown[]] => [
    `INSERT INTO employers (id, account_id, division_id, name, url, size, created_at, created_by, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, '10', $6, $7, $6, $7)`,
    [id, made.account, made.division, name, url, at, made.user],
  ];

  it('an employer name taken by a commit that lands while the write waits answers the 400 the name check answers', async () => {
    const other = await otherProcessWriting(database.url, [insertEmployer('00000000-0000-4000-8000-000000000001', 'Globex', 'https://globex.example.com')]);
    // Blocks on the unique index until the other process commits; then run again, its check finds the name.
    const [raced] = await Promise.all([
      router()({ method: 'POST', path: '/employers/', body: employer('GLOBEX', 'https://globex-2.example.com'), actor: { userId: made.user } }),
      once(other, 'exit'),
    ]);
    const plain = await router()({
      method: 'POST',
      path: '/employers/',
      body: employer('GLOBEX', 'https://globex-2.example.com'),
      actor: { userId: made.user },
    });
    expect(plain).toEqual({ status: 400, body: { name: ['employer with this name already exists.'] } });
    expect(raced).toEqual(plain);
    expect(await sql(db, "SELECT count(*) FROM employers WHERE name = 'GLOBEX' COLLATE NOCASE").pluck().get()).toBe(1);
  });

  it("an Idempotency-Key kept by another process while the same write waits answers that process's answer, and writes nothing twice", async () => {
    const body = employer('Initech', 'https://initech.example.com');
    const stored = { id: '00000000-0000-4000-8000-000000000002', name: 'Initech' };
    const other = await otherProcessWriting(database.url, [
      insertEmployer(stored.id, 'Initech', 'https://initech.example.com'),
      [
        `INSERT INTO idempotency_keys (user_id, key, method, path, body_hash, status, response, created_at) VALUES ($1, 'key-1', 'POST', '/employers/', $2, 200, $3, $4)`,
        [made.user, bodyHash(body), JSON.stringify(stored), new Date().toISOString()],
      ],
    ]);
    const write = withIdempotency(db, router());
    const [answer] = await Promise.all([write({ method: 'POST', path: '/employers/', body, actor: { userId: made.user } }, 'key-1'), once(other, 'exit')]);
    expect(answer).toEqual({ status: 200, body: stored, headers: { 'Idempotent-Replayed': 'true' } });
    expect(await sql(db, "SELECT count(*) FROM employers WHERE name = 'Initech'").pluck().get()).toBe(1);
  });
});

/** The hash withIdempotency keeps of a request's body. */
function bodyHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}
