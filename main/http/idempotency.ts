import { createHash } from 'node:crypto';
import type { ApiRequest, ApiResponse, Router } from '../api/types.js';
import { isPostgres, withStorageErrors, writeTransaction, type Db } from '../store/database.js';
import { idempotentResult, keepIdempotentResult, purgeIdempotencyKeys } from '../store/idempotency-store.js';

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'DELETE']);
const MAX_KEY_LENGTH = 255;

export const idempotencyMessages = {
  reused: 'This Idempotency-Key was already used with a different request.',
  tooLong: `Idempotency-Key may be at most ${MAX_KEY_LENGTH} characters.`,
};

/**
 * Wraps the router so that a write sent again with the same `Idempotency-Key` (by the same user,
 * within 24 hours) answers the stored status and body instead of acting twice. The key is stored
 * in the same transaction as the write itself, so a crash can never separate the two.
 */
export function withIdempotency(db: Db, router: Router, now: () => number = Date.now): (request: ApiRequest, key: string | undefined) => ApiResponse {
  let lastPurge = 0;
  return (request, key) => {
    if (key === undefined || !request.actor || !MUTATING.has(request.method.toUpperCase())) return router(request);
    if (key.length > MAX_KEY_LENGTH) return { status: 400, body: { detail: idempotencyMessages.tooLong } };
    const userId = request.actor.userId;
    let serialized: string;
    try {
      serialized = JSON.stringify(request.body ?? null);
    } catch {
      // A body nested too deep to serialise: the router refuses it (400) without acting, so there is nothing to replay.
      return router(request);
    }
    const bodyHash = createHash('sha256').update(serialized).digest('hex');
    const at = now();
    // Inside a group commit the request already has a savepoint of its own: on SQLite a second one would only cost. On
    // PostgreSQL the write's own transaction (a savepoint in the group's) is where a key kept by another process meanwhile
    // is met, and the write run again to answer it (idempotency-store.ts).
    const atomically =
      db.inTransaction && !isPostgres(db) ? <T>(work: () => T): T => withStorageErrors(db, work) : <T>(work: () => T): T => writeTransaction(db, work);
    return atomically(() => {
      if (at - lastPurge > 60_000) {
        purgeIdempotencyKeys(db, new Date(at - KEY_LIFETIME_MS).toISOString());
        lastPurge = at;
      }
      const stored = idempotentResult(db, userId, key, new Date(at - KEY_LIFETIME_MS).toISOString());
      if (stored) {
        if (stored.method !== request.method.toUpperCase() || stored.path !== request.path || stored.body_hash !== bodyHash) {
          return { status: 400, body: { detail: idempotencyMessages.reused } };
        }
        return { status: stored.status, body: stored.response === null ? null : JSON.parse(stored.response), headers: { 'Idempotent-Replayed': 'true' } };
      }
      const response = router(request);
      if (response.status < 500) {
        keepIdempotentResult(
          db,
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
