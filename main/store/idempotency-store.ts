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

export function purgeIdempotencyKeys(db: Db, before: string): void {
  sql(db, 'DELETE FROM idempotency_keys WHERE created_at < ?').run(before);
}

/** The answer kept under the user's key since `since`, if any. */
export function idempotentResult(db: Db, userId: string, key: string, since: string): IdempotentResult | undefined {
  return sql(db, 'SELECT method, path, body_hash, status, response FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_at >= ?').get(
    userId,
    key,
    since,
  ) as IdempotentResult | undefined;
}

export function keepIdempotentResult(db: Db, userId: string, key: string, result: IdempotentResult, at: string): void {
  sql(
    db,
    `INSERT INTO idempotency_keys (user_id, key, method, path, body_hash, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (user_id, key) DO UPDATE SET method = excluded.method, path = excluded.path, body_hash = excluded.body_hash,
      status = excluded.status, response = excluded.response, created_at = excluded.created_at`,
  ).run(userId, key, result.method, result.path, result.body_hash, result.status, result.response, at);
}
