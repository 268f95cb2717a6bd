import type { Actor } from '../api/types.js';
import { authenticateHash, presentedToken, type Authentication } from './tokens.js';
import type { Db } from '../store/database.js';

/** How long a token that passed is taken on this process's word alone while the database does not answer. */
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

/** A token authenticated from memory rather than by the database, which does not answer. */
export type OutageAuthenticated = Authentication & { remembered?: true };

/**
 * Token authentication that outlasts a database that stopped answering. Every request is checked
 * in the database (a revoked token is refused at once); only while the database is marked stalled
 * (`stalled`: its connections found it does not answer, and a probe has not heard from it since)
 * does a token this process saw pass in the last five minutes, and not expired since, pass again,
 * and only for a request that needs nothing else from the database (GET /capabilities/). Any other
 * failure of the lookup (a statement timeout, too many clients, one broken connection) is the
 * request's failure, as is a request that needs the database. Tokens are remembered by their key's
 * SHA-256, never the key; a user this process deletes is forgotten with their tokens.
 */
export class OutageAuthentication {
  private readonly passed = new Map<string, Passed>();

  constructor(
    private readonly db: Db,
    private readonly stalled: () => boolean,
  ) {}

  /** `needsDatabase`: whether answering the request reads or writes the database (all but GET /capabilities/ do). */
  async authenticate(header: string | undefined, now: Date, { needsDatabase }: { needsDatabase: boolean }): Promise<OutageAuthenticated> {
    const presented = presentedToken(header);
    if (!presented.ok) return presented;
    let checked: Authentication;
    try {
      checked = await authenticateHash(this.db, presented.hash, now);
    } catch (error) {
      const remembered = needsDatabase || !this.stalled() ? undefined : this.recalled(presented.hash, now);
      if (!remembered) throw error;
      return remembered;
    }
    this.passed.delete(presented.hash);
    if (checked.ok) this.remember(presented.hash, checked, now);
    return checked;
  }

  /** The user was deleted (by a write this process made): their tokens are gone, and must not pass from memory. */
  forgetUser(userId: string): void {
    const id = userId.toLowerCase();
    for (const [hash, passed] of this.passed) if (passed.actor.userId.toLowerCase() === id) this.passed.delete(hash);
  }

  /** Tokens may have been revoked by a write this process cannot read one by one (a batch): none passes from memory until checked again. */
  forgetAll(): void {
    this.passed.clear();
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
