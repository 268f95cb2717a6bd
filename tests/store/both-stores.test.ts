// What the service relies on from its store, checked on both: SQLite always, PostgreSQL when
// PLANDESK_TEST_POSTGRES names a server. Transactions (all or nothing, savepoints, one snapshot per
// read), the group commit's savepoints, tokens and Idempotency-Keys.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OutageAuthentication } from '../../main/auth/outage-authentication.js';
import { issueToken } from '../../main/auth/tokens.js';
import { TokenUsage } from '../../main/auth/token-usage.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { revokeToken, tokensOf } from '../../main/service/token-admin.js';
import { readTransaction, sql, sqliteOf, writeTransaction, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { idempotentResult, keepIdempotentResult, purgeIdempotencyKeys } from '../../main/store/idempotency-store.js';
import { describeEachStore } from '../support/postgres.js';

describeEachStore('the store', (store) => {
  let db: Db;
  let other: Db;
  let made: { account: string; user: string; division: string };
  const names = () => sql(other, 'SELECT name FROM divisions WHERE account_id = ? ORDER BY name').pluck().all(made.account);
  const addDivision = (on: Db, name: string) =>
    sql(on, 'INSERT INTO divisions (id, account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      `${name}-id`,
      made.account,
      name,
      '2025-01-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    );
  /** Whether a connection to the database was left in a transaction (SQLite: `db`'s own; PostgreSQL: any session of it). */
  const leftInTransaction = async () =>
    store.dialect === 'sqlite'
      ? sqliteOf(db).inTransaction
      : ((await sql(other, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'")
          .pluck()
          .get()) as number) > 0;

  beforeAll(async () => {
    db = await openDatabase(store.location());
    other = await openDatabase(store.location());
    made = await bootstrap(createContext(db), { account: 'Store Brokers', email: 'admin@store.example.com', division: 'Home' });
  });
  afterAll(async () => {
    await db.close();
    await other.close();
  });

  it('writes all of a transaction or none of it, and a savepoint inside it rolls back alone', async () => {
    await expect(
      writeTransaction(db, async (db) => {
        await addDivision(db, 'Alpha');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await writeTransaction(db, async (db) => {
      await addDivision(db, 'Beta');
      await expect(
        writeTransaction(db, async (db) => {
          await addDivision(db, 'Gamma');
          throw new Error('not this one');
        }),
      ).rejects.toThrow('not this one');
      await addDivision(db, 'Delta');
    });
    expect(await names()).toEqual(['Beta', 'Delta', 'Home']);
    expect(await leftInTransaction()).toBe(false);
  });

  it('reads one commit through a read transaction, whatever another connection commits meanwhile', async () => {
    const seen = await readTransaction(db, async (db) => {
      const before = await sql(db, 'SELECT count(*) FROM divisions').pluck().get();
      await writeTransaction(other, (other) => addDivision(other, 'Epsilon'));
      return [before, await sql(db, 'SELECT count(*) FROM divisions').pluck().get()];
    });
    expect(seen[1]).toBe(seen[0]);
    expect(await sql(db, 'SELECT count(*) FROM divisions').pluck().get()).toBe((seen[0] as number) + 1);
  });

  it('commits a group of writes each in its savepoint: one that fails is rolled back alone', async () => {
    await writeTransaction(db, async (db) => {
      for (const name of ['Zeta', 'Home', 'Eta']) {
        try {
          // A second "Home" in another case: the unique index refuses it.
          await writeTransaction(db, (db) => addDivision(db, name === 'Home' ? 'HOME' : name));
        } catch {
          // Rolled back to its savepoint; the others go on.
        }
      }
    });
    expect(await names()).toEqual(['Beta', 'Delta', 'Epsilon', 'Eta', 'Home', 'Zeta']);
  });

  it('keeps tokens: issued, authenticated, their last use moved only forward, listed oldest first, revoked', async () => {
    const first = await issueToken(db, made.user, '2025-03-01T00:00:00.000Z');
    const second = await issueToken(db, made.user, '2025-03-01T00:00:00.000Z', { expiresInDays: 1 });
    // As serve authenticates a request, on a database that answers.
    const authentication = new OutageAuthentication(db, () => false);
    const authenticate = (header: string, now: Date) => authentication.authenticate(header, now, { needsDatabase: true });
    const auth = await authenticate(`Token ${first}`, new Date('2025-03-02T00:00:00.000Z'));
    expect(auth).toMatchObject({ ok: true, actor: { userId: made.user } });
    expect((await authenticate(`Token ${second}`, new Date('2025-03-03T00:00:00.000Z'))).ok).toBe(false);
    const usage = new TokenUsage(db);
    usage.record((auth as { tokenId: string }).tokenId, '2025-03-05T00:00:00.000Z');
    await usage.flush();
    usage.record((auth as { tokenId: string }).tokenId, '2025-03-04T00:00:00.000Z');
    await usage.stop();
    const listed = await tokensOf(db, 'admin@store.example.com');
    // The two made at the same instant in the order they were made, then bootstrap's (made now).
    expect(listed.map((token) => token.expires_at)).toEqual([null, '2025-03-02T00:00:00.000Z', null]);
    expect(listed[0]).toMatchObject({ id: (auth as { tokenId: string }).tokenId, last_used_at: '2025-03-05T00:00:00.000Z' });
    expect(await tokensOf(db)).toEqual(listed);
    await revokeToken(db, listed[0]!.id);
    expect((await authenticate(`Token ${first}`, new Date('2025-03-06T00:00:00.000Z'))).ok).toBe(false);
  });

  it('keeps an Idempotency-Key for a day: read back, replaced once expired, purged', async () => {
    const result = { method: 'POST', path: '/employers/', body_hash: 'a'.repeat(64), status: 200, response: '{"id":"x"}' };
    await writeTransaction(db, (db) => keepIdempotentResult(db, made.user, 'k', result, '2025-03-01T00:00:00.000Z', '2025-02-28T00:00:00.000Z'));
    expect(await idempotentResult(db, made.user, 'k', '2025-02-28T00:00:00.000Z')).toEqual(result);
    await expect(
      writeTransaction(db, (db) => keepIdempotentResult(db, made.user, 'k', result, '2025-03-01T01:00:00.000Z', '2025-02-28T01:00:00.000Z')),
    ).rejects.toThrow();
    const later = { ...result, status: 201 };
    await writeTransaction(db, (db) => keepIdempotentResult(db, made.user, 'k', later, '2025-03-03T00:00:00.000Z', '2025-03-02T00:00:00.000Z'));
    expect(await idempotentResult(db, made.user, 'k', '2025-03-02T00:00:00.000Z')).toEqual(later);
    await writeTransaction(db, (db) => purgeIdempotencyKeys(db, '2025-03-04T00:00:00.000Z'));
    expect(await idempotentResult(db, made.user, 'k', '2025-01-01T00:00:00.000Z')).toBeUndefined();
  });
});
