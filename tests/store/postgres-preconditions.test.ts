// A write held to a record's version (If-Match) on PostgreSQL, where several `serve` processes
// write in READ COMMITTED: a change another process commits while the conditional write is being
// checked is met by the check (the record's row is locked first), never overwritten.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreconditions } from '../../main/http/preconditions.js';
import { createRouter } from '../../main/router/router.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { recordVersion } from '../../main/service/record-version.js';
import { sql, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { validEmployerBody } from '../support/fixtures.js';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/postgres.js';

/** Another process updates the row in one transaction, prints "written", and commits 700 ms later. */
async function otherProcessUpdating(url: string, text: string, values: unknown[]): Promise<ChildProcess> {
  const script = `
    const pg = require('pg');
    (async () => {
      const client = new pg.Client({ connectionString: process.argv[1] });
      await client.connect();
      await client.query('BEGIN');
      await client.query(process.argv[2], JSON.parse(process.argv[3]));
      process.stdout.write('written\\n');
      await new Promise((resolve) => setTimeout(resolve, 700));
      await client.query('COMMIT');
      await client.end();
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script, url, text, JSON.stringify(values)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(line.toString()).toBe('written\n');
  return child;
}

describe.skipIf(!POSTGRES_ADMIN_URL)('a conditional write on PostgreSQL while another process changes the record', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase('preconditions');
    db = await openDatabase(database.url);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('waits for that change and answers 412 with it: the change is not overwritten', async () => {
    const made = await bootstrap(createContext(db), { account: 'Race Brokers', email: 'admin@race.example.com', division: 'East' });
    const router = createRouter(createContext(db));
    const actor = { userId: made.user };
    const body = validEmployerBody(made.division, { name: 'Summit Bakery', url: 'https://summit.example.com', other_filters: [] });
    const employer = (await router({ method: 'POST', path: '/employers/', body, actor })).body as { id: string };
    const path = `/employers/${employer.id}/`;
    const seen = recordVersion((await router({ method: 'GET', path, body: undefined, actor })).body as Record<string, unknown>);

    const other = await otherProcessUpdating(database.url, `UPDATE employers SET size = '60', updated_at = $2 WHERE id = $1`, [
      employer.id,
      '2030-01-01T00:00:00.000Z',
    ]);
    // Blocks on the record's row until the other process commits; then reads the record as it is.
    const [answer] = await Promise.all([
      withPreconditions(db, router)({ method: 'PUT', path, body: { ...body, size: '55' }, actor, ifMatch: `"${seen}"` }),
      once(other, 'exit'),
    ]);
    expect(answer).toMatchObject({ status: 412, body: { size: '60' } });
    expect(await sql(db, 'SELECT size FROM employers WHERE id = ?').pluck().get(employer.id)).toBe('60');
  });
});
