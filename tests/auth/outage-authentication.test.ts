// Token authentication through a database outage (README "Run an agency server"): every request is
// checked in the database while it answers; while it cannot be reached, only a token this process
// saw pass in the last five minutes, and not expired since, passes again.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OutageAuthentication } from '../../main/auth/outage-authentication.js';
import type { Db } from '../../main/store/database.js';
import { StorageError } from '../../main/store/storage-errors.js';

const UNREACHABLE = new StorageError('unavailable', 'the database postgres://db/plandesk cannot be reached (no answer within 2 s): try again once it is back');

/** A database holding tokens by their key's SHA-256, which can be taken away. */
function tokensDatabase() {
  const rows = new Map<string, { id: string; user_id: string; expires_at: string | null }>();
  let away = false;
  const db = {
    prepare: () => ({
      get: (hash: string) => {
        if (away) throw UNREACHABLE;
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
  return { db, issue, goAway: () => (away = true), comeBack: () => (away = false) };
}

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

describe('token authentication through a database outage', () => {
  it('asks the database at every request while it answers: a token revoked is refused at once', () => {
    const database = tokensDatabase();
    const auth = new OutageAuthentication(database.db);
    const token = database.issue('ann');
    expect(auth.authenticate(token.header, at(0))).toEqual({ ok: true, actor: { userId: 'ann' }, tokenId: 'token-of-ann', expiresAt: null });
    token.revoke();
    expect(auth.authenticate(token.header, at(1))).toMatchObject({ ok: false });
  });

  it('while the database cannot be reached, lets in a token that passed in the last five minutes, and no other', () => {
    const database = tokensDatabase();
    const auth = new OutageAuthentication(database.db);
    const recent = database.issue('ann');
    const stale = database.issue('bob');
    const expiring = database.issue('cy', at(3).toISOString());
    const revoked = database.issue('dee');
    const unseen = database.issue('eve');
    auth.authenticate(stale.header, at(0));
    for (const token of [recent, expiring, revoked]) expect(auth.authenticate(token.header, at(2)).ok).toBe(true);
    revoked.revoke();
    expect(auth.authenticate(revoked.header, at(3)).ok).toBe(false);

    database.goAway();
    expect(auth.authenticate(recent.header, at(6))).toEqual({ ok: true, actor: { userId: 'ann' }, tokenId: 'token-of-ann', expiresAt: null, remembered: true });
    expect(() => auth.authenticate(stale.header, at(6))).toThrow(UNREACHABLE);
    expect(() => auth.authenticate(expiring.header, at(6))).toThrow(UNREACHABLE);
    expect(() => auth.authenticate(revoked.header, at(6))).toThrow(UNREACHABLE);
    expect(() => auth.authenticate(unseen.header, at(6))).toThrow(UNREACHABLE);
    expect(() => auth.authenticate(recent.header, at(8))).toThrow(UNREACHABLE);
    // A header that presents no token is answered from the header alone.
    expect(auth.authenticate('Token nope', at(6))).toMatchObject({ ok: false });

    database.comeBack();
    recent.revoke();
    expect(auth.authenticate(recent.header, at(9)).ok).toBe(false);
  });
});
