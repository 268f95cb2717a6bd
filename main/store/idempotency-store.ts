import { sql, type Db } from './database.js';

/** A write's answer kept under its Idempotency-Key, with what identifies the request it answered. */
export interface IdempotentResult {
  method: string;
  path: string;
  body_hash: string;
  status: number;
  /** The body as JSON; null for 204. */
  response: string | null;
}

export async function purgeIdempotencyKeys(db: Db, before: string): Promise<void> {
  await sql(db, 'DELETE FROM idempotency_keys WHERE created_at < ?').run(before);
}

/** The answer kept under the user's key since `since`, if any. */
export async function idempotentResult(db: Db, userId: string, key: string, since: string): Promise<IdempotentResult | undefined> {
  return (await sql(db, 'SELECT method, path, body_hash, status, response FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_at >= ?').get(
    userId,
    key,
    since,
  )) as IdempotentResult | undefined;
}

/**
 * Keeps the answer under the key, in place of one that has expired (older than `since`). A live
 * answer kept meanwhile by another process (which read no key either, and so made the write too)
 * makes the INSERT a unique violation: the write is rolled back and run again, and then answers
 * what that process kept instead of writing twice.
 */
export async function keepIdempotentResult(db: Db, userId: string, key: string, result: IdempotentResult, at: string, since: string): Promise<void> {
  await sql(db, 'DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_at < ?').run(userId, key, since);
  await sql(db, 'INSERT INTO idempotency_keys (user_id, key, method, path, body_hash, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    userId,
    key,
    result.method,
    result.path,
    result.body_hash,
    result.status,
    result.response,
    at,
  );
}
