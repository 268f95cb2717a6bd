// What the service relies on from its store, checked on both: SQLite always, PostgreSQL when
// PLANDESK_TEST_POSTGRES names a server. Transactions (all or nothing, savepoints, one snapshot per
// read), the group commit's statements, tokens and Idempotency-Keys.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OutageAuthentication } from '../../main/auth/outage-authentication.js';
import { issueToken } from '../../main/auth/tokens.js';
import { TokenUsage } from '../../main/auth/token-usage.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { revokeToken, tokensOf } from '../../main/service/token-admin.js';
import { batchTransactionStatements } from '../../main/store/batch-transaction.js';
import { openDatabase, readTransaction, sql, writeTransaction, type Db } from '../../main/store/database.js';
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

  beforeAll(() => {
    db = openDatabase(store.location());
    other = openDatabase(store.location());
    made = bootstrap(createContext(db), { account: 'Store Brokers', email: 'admin@store.example.com', division: 'Home' });
  });
  afterAll(() => {
    db.close();
    other.close();
  });

  it('writes all of a transaction or none of it, and a savepoint inside it rolls back alone', () => {
    expect(() =>
      writeTransaction(db, () => {
        addDivision(db, 'Alpha');
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    writeTransaction(db, () => {
      addDivision(db, 'Beta');
      expect(() =>
        writeTransaction(db, () => {
          addDivision(db, 'Gamma');
          throw new Error('not this one');
        }),
      ).toThrow('not this one');
      addDivision(db, 'Delta');
    });
    expect(names()).toEqual(['Beta', 'Delta', 'Home']);
    expect(db.inTransaction).toBe(false);
  });

  it('reads one commit through a read transaction, whatever another connection commits meanwhile', () => {
    const seen = readTransaction(db, () => {
      const before = sql(db, 'SELECT count(*) FROM divisions').pluck().get();
      writeTransaction(other, () => addDivision(other, 'Epsilon'));
      return [before, sql(db, 'SELECT count(*) FROM divisions').pluck().get()];
    });
    expect(seen[1]).toBe(seen[0]);
    expect(sql(db, 'SELECT count(*) FROM divisions').pluck().get()).toBe((seen[0] as number) + 1);
  });

  it('commits a group of writes each in its savepoint: one that fails is rolled back alone', () => {
    const { begin, savepoint, release, rollbackTo, commit } = batchTransactionStatements(db);
    begin.run();
    for (const name of ['Zeta', 'Home', 'Eta']) {
      savepoint.run();
      try {
        addDivision(db, name === 'Home' ? 'HOME' : name); // a second "Home" in another case: the unique index refuses it
      } catch {
        rollbackTo.run();
      }
      release.run();
    }
    commit.run();
    expect(names()).toEqual(['Beta', 'Delta', 'Epsilon', 'Eta', 'Home', 'Zeta']);
  });

  it('keeps tokens: issued, authenticated, their last use moved only forward, listed oldest first, revoked', () => {
    const first = issueToken(db, made.user, '2025-03-01T00:00:00.000Z');
    const second = issueToken(db, made.user, '2025-03-01T00:00:00.000Z', { expiresInDays: 1 });
    // As serve authenticates a request, on a database that answers.
    const authentication = new OutageAuthentication(db, () => false);
    const authenticate = (header: string, now: Date) => authentication.authenticate(header, now, { needsDatabase: true });
    const auth = authenticate(`Token ${first}`, new Date('2025-03-02T00:00:00.000Z'));
    expect(auth).toMatchObject({ ok: true, actor: { userId: made.user } });
    expect(authenticate(`Token ${second}`, new Date('2025-03-03T00:00:00.000Z')).ok).toBe(false);
    const usage = new TokenUsage(db);
    usage.record((auth as { tokenId: string }).tokenId, '2025-03-05T00:00:00.000Z');
    usage.flush();
    usage.record((auth as { tokenId: string }).tokenId, '2025-03-04T00:00:00.000Z');
    usage.stop();
    const listed = tokensOf(db, 'admin@store.example.com');
    // The two made at the same instant in the order they were made, then bootstrap's (made now).
    expect(listed.map((token) => token.expires_at)).toEqual([null, '2025-03-02T00:00:00.000Z', null]);
    expect(listed[0]).toMatchObject({ id: (auth as { tokenId: string }).tokenId, last_used_at: '2025-03-05T00:00:00.000Z' });
    expect(tokensOf(db)).toEqual(listed);
    revokeToken(db, listed[0]!.id);
    expect(authenticate(`Token ${first}`, new Date('2025-03-06T00:00:00.000Z')).ok).toBe(false);
  });

  it('keeps an Idempotency-Key for a day: read back, replaced once expired, purged', () => {
    const result = { method: 'POST', path: '/employers/', body_hash: 'a'.repeat(64), status: 200, response: '{"id":"x"}' };
    writeTransaction(db, () => keepIdempotentResult(db, made.user, 'k', result, '2025-03-01T00:00:00.000Z', '2025-02-28T00:00:00.000Z'));
    expect(idempotentResult(db, made.user, 'k', '2025-02-28T00:00:00.000Z')).toEqual(result);
    expect(() =>
      writeTransaction(db, () => keepIdempotentResult(db, made.user, 'k', result, '2025-03-01T01:00:00.000Z', '2025-02-28T01:00:00.000Z')),
    ).toThrow();
    const later = { ...result, status: 201 };
    writeTransaction(db, () => keepIdempotentResult(db, made.user, 'k', later, '2025-03-03T00:00:00.000Z', '2025-03-02T00:00:00.000Z'));
    expect(idempotentResult(db, made.user, 'k', '2025-03-02T00:00:00.000Z')).toEqual(later);
    writeTransaction(db, () => purgeIdempotencyKeys(db, '2025-03-04T00:00:00.000Z'));
    expect(idempotentResult(db, made.user, 'k', '2025-01-01T00:00:00.000Z')).toBeUndefined();
  });
});
