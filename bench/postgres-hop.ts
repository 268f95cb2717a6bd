// What the synchronous PostgreSQL connection costs per statement: the store's connection (a hop to
// the I/O thread and back, Atomics.wait) against node-postgres awaited directly on this thread, both
// with prepared (named) statements as the store uses, on the same server, side by side in
// alternating rounds. Not part of `npm run bench`: run by hand,
//
//     npx tsx bench/postgres-hop.ts postgres://USER@HOST:PORT/ADMIN_DB
//
// with a role that may create a database (one is made for the run and dropped after).
import pg from 'pg';
import { sql, writeTransaction } from '../main/store/database.js';
import { openDatabase } from '../main/store/open-database.js';
import { scratchDatabase } from './postgres-databases.js';

const ROUNDS = 5;
const STATEMENTS = 2_000;

async function main(): Promise<void> {
  const admin = process.argv[2];
  if (!admin) throw new Error('usage: npx tsx bench/postgres-hop.ts postgres://USER@HOST:PORT/ADMIN_DB');
  const database = await scratchDatabase(admin, 'hop');
  try {
    const db = await openDatabase(database.url);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('CREATE TABLE hop (id integer PRIMARY KEY, body text NOT NULL)');
    const select = 'SELECT id, body FROM hop WHERE id = $1';
    const lanes = {
      'read, store connection': async () => {
        for (let i = 0; i < STATEMENTS; i += 1) await sql(db, 'SELECT id, body FROM hop WHERE id = ?').get(i);
      },
      'read, pg awaited': async () => {
        for (let i = 0; i < STATEMENTS; i += 1) await client.query({ name: 'select', text: select, values: [i] });
      },
      'insert in one transaction, store connection': async () => {
        await writeTransaction(db, async (tx) => {
          for (let i = 0; i < STATEMENTS; i += 1)
            await sql(tx, 'INSERT INTO hop (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body').run(i, 'x');
        });
      },
      'insert in one transaction, pg awaited': async () => {
        await client.query('BEGIN');
        for (let i = 0; i < STATEMENTS; i += 1)
          await client.query({
            name: 'insert',
            text: 'INSERT INTO hop (id, body) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET body = excluded.body',
            values: [i, 'x'],
          });
        await client.query('COMMIT');
      },
    };
    const perStatement = new Map<string, number[]>(Object.keys(lanes).map((lane) => [lane, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [lane, run] of Object.entries(lanes)) {
        const start = process.hrtime.bigint();
        await run();
        perStatement.get(lane)!.push(Number(process.hrtime.bigint() - start) / 1000 / STATEMENTS);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const [lane, values] of perStatement)
      console.log(`${lane.padEnd(46)} ${median(values).toFixed(1).padStart(7)} us/statement (median of ${ROUNDS} rounds)`);
    for (const kind of ['read', 'insert in one transaction']) {
      const hop = median(perStatement.get(`${kind}, store connection`)!) - median(perStatement.get(`${kind}, pg awaited`)!);
      console.log(`${`${kind}: the hop`.padEnd(46)} ${hop.toFixed(1).padStart(7)} us/statement`);
    }
    await client.end();
    await db.close();
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
