import type { Actor } from '../api/types.js';
import type { Db } from '../store/database.js';
import { storageErrorOf } from '../store/sqlite-failures.js';
import { authenticateHash, presentedToken, type Authentication } from './tokens.js';

/** How long a token that passed is taken on this process's word alone while the database cannot be reached. */
const REMEMBERED_MS = 5 * 60_000;
/** Tokens remembered at most; the longest unchecked go first. */
const MOST_REMEMBERED = 10_000;

interface Passed {
  actor: Actor;
  tokenId: string;
  expiresAt: string | null;
  /** When the database last said the token is good (ms since the epoch, by the caller's clock). */
  checkedAt: number;
}

/** A token authenticated from memory rather than by the database, which could not be reached. */
export type OutageAuthenticated = Authentication & { remembered?: true };

/**
 * Token authentication that outlasts a short database outage. Every request is checked in the
 * database, as `authenticate` does (a revoked token is refused at once); only when the database
 * cannot be reached does a token this process saw pass in the last five minutes, and not expired
 * since, pass again, so that what needs nothing else from the database (GET /capabilities/) is
 * still answered. Tokens are remembered by their key's SHA-256, never the key.
 */
export class OutageAuthentication {
  private readonly passed = new Map<string, Passed>();

  constructor(private readonly db: Db) {}

  authenticate(header: string | undefined, now: Date): OutageAuthenticated {
    const presented = presentedToken(header);
    if (!presented.ok) return presented;
    let checked: Authentication;
    try {
      checked = authenticateHash(this.db, presented.hash, now);
    } catch (error) {
      const remembered = storageErrorOf(error)?.problem === 'unavailable' ? this.recalled(presented.hash, now) : undefined;
      if (!remembered) throw error;
      return remembered;
    }
    this.passed.delete(presented.hash);
    if (checked.ok) this.remember(presented.hash, checked, now);
    return checked;
  }

  private remember(hash: string, { actor, tokenId, expiresAt }: Authentication & { ok: true }, now: Date): void {
    this.passed.set(hash, { actor, tokenId, expiresAt, checkedAt: now.getTime() });
    // A Map keeps insertion order, and a token checked again was deleted and set anew: the first is the longest unchecked.
    if (this.passed.size > MOST_REMEMBERED) this.passed.delete(this.passed.keys().next().value!);
  }

  private recalled(hash: string, now: Date): OutageAuthenticated | undefined {
    const passed = this.passed.get(hash);
    if (!passed || now.getTime() - passed.checkedAt > REMEMBERED_MS) return undefined;
    if (passed.expiresAt !== null && passed.expiresAt <= now.toISOString()) return undefined;
    return { ok: true, actor: passed.actor, tokenId: passed.tokenId, expiresAt: passed.expiresAt, remembered: true };
  }
}
