// Token authentication through a database outage (README "Run an agency server"): every request is
// checked in the database; only while the database is marked stalled (it does not answer), and only
// for a request that needs nothing else from it, does a token this process saw pass in the last five
// minutes, and not expired since, pass again. Any other failure of the lookup is the request's.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OutageAuthentication } from '../../main/auth/outage-authentication.js';
import type { Db } from '../../main/store/database.js';
import { StorageError } from '../../main/store/storage-errors.js';

const UNREACHABLE = new StorageError('unavailable', 'the database postgres://db/plandesk cannot be reached (no answer within 2 s): try again once it is back');
const TIMED_OUT = new StorageError(
  'unavailable',
  'the database postgres://db/plandesk stopped a statement that took too long (canceling statement due to statement timeout)',
);

/** A database holding tokens by their key's SHA-256, which can stop answering (marked stalled) or fail a lookup while it answers. */
function tokensDatabase() {
  const rows = new Map<string, { id: string; user_id: string; expires_at: string | null }>();
  let failure: StorageError | undefined;
  let stalled = false;
  const db = {
    statement: () => ({
      get: async (hash: string) => {
        if (failure) throw failure;
        return rows.get(hash);
      },
    }),
  } as unknown as Db;
  const issue = (userId: string, expiresAt: string | null = null) => {
    const key = randomBytes(20).toString('hex');
    const hash = createHash('sha256').update(key).digest('hex');
    rows.set(hash, { id: `token-of-${userId}`, user_id: userId, expires_at: expiresAt });
    return { header: `Token ${key}`, revoke: () => rows.delete(hash) };
  };
  return {
    auth: () => new OutageAuthentication(db, () => stalled),
    issue,
    goAway: () => ((failure = UNREACHABLE), (stalled = true)),
    failLookups: (error: StorageError) => (failure = error),
    comeBack: () => ((failure = undefined), (stalled = false)),
  };
}

/** A request answered without the database (GET /capabilities/), and one that reads or writes it. */
const NO_DATABASE = { needsDatabase: false };
const DATABASE = { needsDatabase: true };

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

describe('token authentication through a database outage', () => {
  it('asks the database at every request while it answers: a token revoked is refused at once', async () => {
    const database = tokensDatabase();
    const auth = database.auth();
    const token = database.issue('ann');
    expect(await auth.authenticate(token.header, at(0), NO_DATABASE)).toEqual({ ok: true, actor: { userId: 'ann' }, tokenId: 'token-of-ann', expiresAt: null });
    token.revoke();
    expect(await auth.authenticate(token.header, at(1), NO_DATABASE)).toMatchObject({ ok: false });
  });

  it('while the database is stalled, lets in a token that passed in the last five minutes, and no other, to what needs no database', async () => {
    const database = tokensDatabase();
    const auth = database.auth();
    const recent = database.issue('ann');
    const stale = database.issue('bob');
    const expiring = database.issue('cy', at(3).toISOString());
    const revoked = database.issue('dee');
    const unseen = database.issue('eve');
    await auth.authenticate(stale.header, at(0), DATABASE);
    for (const token of [recent, expiring, revoked]) expect((await auth.authenticate(token.header, at(2), DATABASE)).ok).toBe(true);
    revoked.revoke();
    expect((await auth.authenticate(revoked.header, at(3), DATABASE)).ok).toBe(false);

    database.goAway();
    expect(await auth.authenticate(recent.header, at(6), NO_DATABASE)).toEqual({
      ok: true,
      actor: { userId: 'ann' },
      tokenId: 'token-of-ann',
      expiresAt: null,
      remembered: true,
    });
    // A read of records or a write gets the failure it would get anyway.
    await expect(auth.authenticate(recent.header, at(6), DATABASE)).rejects.toThrow(UNREACHABLE);
    for (const token of [stale, expiring, revoked, unseen]) await expect(auth.authenticate(token.header, at(6), NO_DATABASE)).rejects.toThrow(UNREACHABLE);
    await expect(auth.authenticate(recent.header, at(8), NO_DATABASE)).rejects.toThrow(UNREACHABLE);
    // A header that presents no token is answered from the header alone.
    expect(await auth.authenticate('Token nope', at(6), NO_DATABASE)).toMatchObject({ ok: false });

    database.comeBack();
    recent.revoke();
    expect((await auth.authenticate(recent.header, at(9), NO_DATABASE)).ok).toBe(false);
  });

  it('takes no token from memory when the lookup fails while the database answers (a statement timeout, too many clients, one broken connection)', async () => {
    const database = tokensDatabase();
    const auth = database.auth();
    const token = database.issue('ann');
    expect((await auth.authenticate(token.header, at(0), NO_DATABASE)).ok).toBe(true);
    // Revoked by another process; then a lock holds the lookup past the statement timeout.
    token.revoke();
    database.failLookups(TIMED_OUT);
    await expect(auth.authenticate(token.header, at(2), NO_DATABASE)).rejects.toThrow(TIMED_OUT);
    await expect(auth.authenticate(token.header, at(2), DATABASE)).rejects.toThrow(TIMED_OUT);
  });

  it('forgets the tokens of a user this process deletes, and every token after a batch', async () => {
    const database = tokensDatabase();
    const auth = database.auth();
    const ann = database.issue('ann');
    const bob = database.issue('bob');
    for (const token of [ann, bob]) await auth.authenticate(token.header, at(0), DATABASE);
    database.goAway();
    auth.forgetUser('ANN');
    await expect(auth.authenticate(ann.header, at(1), NO_DATABASE)).rejects.toThrow(UNREACHABLE);
    expect((await auth.authenticate(bob.header, at(1), NO_DATABASE)).ok).toBe(true);
    auth.forgetAll();
    await expect(auth.authenticate(bob.header, at(1), NO_DATABASE)).rejects.toThrow(UNREACHABLE);
  });
});
