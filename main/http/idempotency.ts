import { createHash } from 'node:crypto';
import type { ApiRequest, Router } from '../api/types.js';
import { nestsTooDeep } from '../../shared/validation/nesting.js';
import { writeTransaction, type Db } from '../store/database.js';
import { idempotentResult, keepIdempotentResult, purgeIdempotencyKeys, type IdempotentResult } from '../store/idempotency-store.js';
import { canonicalJson } from './canonical-json.js';
import type { KeyedRoute } from './group-commit.js';

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'DELETE']);
const MAX_KEY_LENGTH = 255;
/**
 * Printable ASCII, as the IETF's Idempotency-Key draft has it (a Structured Fields string): the
 * same characters through a header and a batch's JSON, and kept alike by SQLite and PostgreSQL
 * (PostgreSQL cannot hold a NUL in text, and both keep a lone surrogate as U+FFFD, so that two
 * keys would be one).
 */
export const KEY_PATTERN = new RegExp(`^[\\x20-\\x7e]{1,${MAX_KEY_LENGTH}}$`);
/** Marks a fingerprint of the body as canonicalJson writes it; a key kept before it has a bare hash. */
const CANONICAL = 'jcs:';

export const idempotencyMessages = {
  reused: 'This Idempotency-Key was already used with a different request.',
  /** `name`: the key as the request carries it (the header, or a batch operation's field). */
  key: (name: string) => `${name} must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters (from space to "~"), such as a UUID.`,
};

/** Whether `key` can be an Idempotency-Key (KEY_PATTERN). */
export function isIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/**
 * Wraps the router so that a write sent again with the same `Idempotency-Key` (by the same user,
 * within 24 hours) answers the stored status and body instead of acting twice. The key is stored
 * in the same transaction as the write itself, so a crash can never separate the two.
 */
export function withIdempotency(db: Db, router: Router, now: () => number = Date.now): KeyedRoute {
  let lastPurge = 0;
  return async (request, key, tx = db) => {
    if (key === undefined || !request.actor || !MUTATING.has(request.method.toUpperCase())) return router(request, tx);
    if (!isIdempotencyKey(key)) return { status: 400, body: { detail: idempotencyMessages.key('Idempotency-Key') } };
    // A body nested too deep to fingerprint: the router refuses it (400) without acting, so there is nothing to replay.
    if (request.body !== undefined && nestsTooDeep(request.body)) return router(request, tx);
    const userId = request.actor.userId;
    const bodyHash = CANONICAL + sha256(canonicalJson(request.body ?? null));
    const at = now();
    // Inside a group commit, a savepoint of the request's own. On PostgreSQL the write's own transaction is where a key
    // kept by another process meanwhile is met, and the write run again to answer it (idempotency-store.ts).
    return writeTransaction(tx, async (tx) => {
      if (at - lastPurge > 60_000) {
        await purgeIdempotencyKeys(tx, new Date(at - KEY_LIFETIME_MS).toISOString());
        lastPurge = at;
      }
      const stored = await idempotentResult(tx, userId, key, new Date(at - KEY_LIFETIME_MS).toISOString());
      if (stored) {
        if (!isSameRequest(stored, request, bodyHash)) return { status: 400, body: { detail: idempotencyMessages.reused } };
        return { status: stored.status, body: stored.response === null ? null : JSON.parse(stored.response), headers: { 'Idempotent-Replayed': 'true' } };
      }
      const response = await router(request, tx);
      if (response.status < 500) {
        await keepIdempotentResult(
          tx,
          userId,
          key,
          {
            method: request.method.toUpperCase(),
            path: request.path,
            body_hash: bodyHash,
            status: response.status,
            response: response.status === 204 ? null : JSON.stringify(response.body),
          },
          new Date(at).toISOString(),
          new Date(at - KEY_LIFETIME_MS).toISOString(),
        );
      }
      return response;
    });
  };
}

/**
 * Whether a kept answer is this request's: the same method, the same path (a query string, which no
 * write reads, aside) and the same body as parsed, however it is spelled. A key kept before bodies
 * were fingerprinted canonically (it lives 24 hours) has the hash of the body's JSON with its
 * members in the order they came, and is compared that way.
 */
function isSameRequest(stored: IdempotentResult, request: ApiRequest, bodyHash: string): boolean {
  if (stored.method !== request.method.toUpperCase() || withoutQuery(stored.path) !== withoutQuery(request.path)) return false;
  return stored.body_hash.startsWith(CANONICAL) ? stored.body_hash === bodyHash : stored.body_hash === sha256(JSON.stringify(request.body ?? null));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const withoutQuery = (path: string) => path.replace(/\?.*$/s, '');
