// Units of work on either store (main/store/database.ts): a unit's statements commit together or
// not at all, a unit asked of its handle is a savepoint, and units asked at once never see each
// other half-done (SQLite runs one connection's units one at a time; PostgreSQL isolates them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTransaction, sql, writeTransaction, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { UnitQueue } from '../../main/store/unit-queue.js';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/postgres.js';

const stores = [
  { name: 'SQLite', open: async () => ({ db: await openDatabase(':memory:'), drop: async () => {} }) },
  ...(POSTGRES_ADMIN_URL
    ? [
        {
          name: 'PostgreSQL',
          open: async () => {
            const database: TestDatabase = await createTestDatabase('units');
            return { db: await openDatabase(database.url), drop: () => database.drop() };
          },
        },
      ]
    : []),
];

describe.each(stores)('units of work on $name', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await open());
    await sql(db, 'CREATE TABLE notes (n INTEGER NOT NULL)').run();
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });
  const notes = async () => (await sql(db, 'SELECT n FROM notes ORDER BY n').pluck().all()) as number[];
  const clear = () => sql(db, 'DELETE FROM notes').run();

  it('commits every statement of a unit together, and none of a unit that throws', async () => {
    await clear();
    await writeTransaction(db, async (tx) => {
      await sql(tx, 'INSERT INTO notes (n) VALUES (?)').run(1);
      await sql(tx, 'INSERT INTO notes (n) VALUES (?)').run(2);
    });
    await expect(
      writeTransaction(db, async (tx) => {
        await sql(tx, 'INSERT INTO notes (n) VALUES (?)').run(3);
        throw new Error('refused half-way');
      }),
    ).rejects.toThrow('refused half-way');
    expect(await notes()).toEqual([1, 2]);
  });

  it('rolls back only the savepoint of a unit asked of the handle, and the unit goes on', async () => {
    await clear();
    const answer = await writeTransaction(db, async (tx) => {
      await sql(tx, 'INSERT INTO notes (n) VALUES (?)').run(1);
      await expect(
        writeTransaction(tx, async (inner) => {
          await sql(inner, 'INSERT INTO notes (n) VALUES (?)').run(2);
          throw new Error('the inner one fails');
        }),
      ).rejects.toThrow('the inner one fails');
      await writeTransaction(tx, (inner) => sql(inner, 'INSERT INTO notes (n) VALUES (?)').run(3));
      return readTransaction(tx, async (same) => (await sql(same, 'SELECT count(*) FROM notes').pluck().get()) as number);
    });
    expect(answer).toBe(2);
    expect(await notes()).toEqual([1, 3]);
  });

  it('refuses a statement on a handle whose unit has ended, rather than running it outside any transaction', async () => {
    let escaped: Db | undefined;
    await writeTransaction(db, async (tx) => {
      escaped = tx;
    });
    await expect((async () => sql(escaped!, 'SELECT 1').run())()).rejects.toThrow('a statement ran on a transaction that has ended: SELECT 1');
  });

  it('runs the units asked at once each whole, whatever they await: none sees another half-done', async () => {
    await clear();
    const unit = (first: number) =>
      writeTransaction(db, async (tx) => {
        const before = (await sql(tx, 'SELECT count(*) FROM notes').pluck().get()) as number;
        await sql(tx, 'INSERT INTO notes (n) VALUES (?)').run(first);
        await Promise.resolve();
        await sql(tx, 'INSERT INTO notes (n) VALUES (?)').run(first + 1);
        return before;
      });
    const counts = await Promise.all([unit(10), unit(20), unit(30)]);
    // Each unit saw a whole number of the others' pairs: none read between another's two inserts.
    expect(counts.every((count) => count % 2 === 0)).toBe(true);
    expect(await notes()).toEqual([10, 11, 20, 21, 30, 31]);
  });
});

describe('one connection’s queue of units', () => {
  it('refuses, after its wait, a unit asked while the unit holding the connection waits for it', async () => {
    const queue = new UnitQueue('test.db', 50);
    const outer = queue.run(() => queue.run(async () => 'never reached'));
    await expect(outer).rejects.toThrow('a unit of work waited 0.05 s for the connection to test.db: a unit holding it may be waiting for this one');
  });

  it('hands the connection to the next unit when one fails', async () => {
    const queue = new UnitQueue('test.db', 1_000);
    const failing = queue.run(async () => {
      throw new Error('failed');
    });
    const next = queue.run(async () => 'ran');
    await expect(failing).rejects.toThrow('failed');
    expect(await next).toBe('ran');
  });
});
