import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Actor } from '../api/types.js';
import { insertTokenHash, userIdForTokenHash } from '../store/accounts-store.js';
import type { Db } from '../store/database.js';
import { messages } from '../../shared/validation/messages.js';

/** Keys look like DRF's: 40 lower-case hex characters. Only their SHA-256 is stored. */
const TOKEN_PATTERN = /^[0-9a-f]{40}$/;

export function issueToken(db: Db, userId: string, at: string): string {
  const token = randomBytes(20).toString('hex');
  insertTokenHash(db, hashToken(token), userId, at);
  return token;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type Authentication = { ok: true; actor: Actor } | { ok: false; detail: string };

/**
 * Reads `Authorization: Token <key>`. The lookup is by hash, so the secret itself is never
 * compared byte by byte; the final comparison of the hashes is constant-time all the same.
 */
export function authenticate(db: Db, header: string | undefined): Authentication {
  if (header === undefined || header.trim() === '') return { ok: false, detail: messages.noCredentials };
  const [scheme, key, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'token') return { ok: false, detail: messages.noCredentials };
  if (key === undefined || rest.length > 0 || !TOKEN_PATTERN.test(key)) return { ok: false, detail: messages.invalidToken };
  const hash = hashToken(key);
  const row = userIdForTokenHash(db, hash);
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex'))) return { ok: false, detail: messages.invalidToken };
  return { ok: true, actor: { userId: row.user_id } };
}
