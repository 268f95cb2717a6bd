import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Actor } from '../api/types.js';
import type { Db } from '../store/database.js';
import { insertToken, tokenByHash } from '../store/tokens-store.js';
import { messages } from '../../shared/validation/messages.js';

/** Keys look like DRF's: 40 lower-case hex characters. Only their SHA-256 is stored. */
const TOKEN_PATTERN = /^[0-9a-f]{40}$/;
const DAY_MS = 86_400_000;

export interface IssueOptions {
  /** The token stops working this many days after `at`; never, when absent. */
  expiresInDays?: number;
}

export async function issueToken(db: Db, userId: string, at: string, options: IssueOptions = {}): Promise<string> {
  const token = randomBytes(20).toString('hex');
  const expiresAt = options.expiresInDays === undefined ? null : new Date(new Date(at).getTime() + options.expiresInDays * DAY_MS).toISOString();
  await insertToken(db, { id: randomUUID(), hash: hashToken(token), userId, at, expiresAt });
  return token;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type Authentication = { ok: true; actor: Actor; tokenId: string; expiresAt: string | null } | { ok: false; detail: string };

/** The SHA-256 of the key `Authorization: Token <key>` presents, or the 401's detail when it presents none. */
export function presentedToken(header: string | undefined): { ok: true; hash: string } | { ok: false; detail: string } {
  if (header === undefined || header.trim() === '') return { ok: false, detail: messages.noCredentials };
  const [scheme, key, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'token') return { ok: false, detail: messages.noCredentials };
  if (key === undefined || rest.length > 0 || !TOKEN_PATTERN.test(key)) return { ok: false, detail: messages.invalidToken };
  return { ok: true, hash: hashToken(key) };
}

/**
 * The token whose key has this SHA-256, as the database holds it now: the lookup is by the hash, so
 * the secret itself is never compared, and a revoked (deleted) or expired token fails at once. Only
 * reads: recording the use is the caller's (TokenUsage), so that authenticating never waits for a write.
 */
export async function authenticateHash(db: Db, hash: string, now: Date): Promise<Authentication> {
  const row = await tokenByHash(db, hash);
  if (!row) return { ok: false, detail: messages.invalidToken };
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) return { ok: false, detail: messages.invalidToken };
  return { ok: true, actor: { userId: row.user_id }, tokenId: row.id, expiresAt: row.expires_at };
}
