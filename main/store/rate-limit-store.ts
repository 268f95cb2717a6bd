import { sql, type Db } from './database.js';

/** A token bucket's size and refill rate: `capacity` requests at once, refilled at `perMs` a millisecond. */
export interface BucketShape {
  capacity: number;
  perMs: number;
}

/** The database's clock in milliseconds: one clock for every process counting against the buckets. */
const NOW_MS = 'CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS bigint)';
/** A bucket's requests at `now`: what it held at `updatedMs`, refilled since, up to its capacity. */
const available = (tokens: string, updatedMs: string, now: string) =>
  `least(CAST(@capacity AS double precision), ${tokens} + greatest(0, ${now} - ${updatedMs}) * CAST(@perMs AS double precision))`;
const AVAILABLE = available('b.tokens', 'b.updated_ms', 'EXCLUDED.updated_ms');

/**
 * Takes one request from `userId`'s bucket, kept in the database (PostgreSQL only: every process
 * serving it counts against the same bucket, atomically). Answers 0 when the request may go ahead,
 * else the whole seconds until it may, and then leaves the bucket as it was: a refused request
 * writes nothing.
 */
export async function takeFromBucket(db: Db, userId: string, shape: BucketShape): Promise<number> {
  const params = { user: userId, capacity: shape.capacity, perMs: shape.perMs };
  const taken = await sql(
    db,
    `INSERT INTO rate_limit_buckets AS b (user_id, tokens, updated_ms)
    VALUES (@user, CAST(@capacity AS double precision) - 1, ${NOW_MS})
    ON CONFLICT (user_id) DO UPDATE SET tokens = ${AVAILABLE} - 1, updated_ms = EXCLUDED.updated_ms
    WHERE ${AVAILABLE} >= 1
    RETURNING tokens`,
  ).get(params);
  if (taken !== undefined) return 0;
  const left = (await sql(db, `SELECT ${available('tokens', 'updated_ms', NOW_MS)} FROM rate_limit_buckets WHERE user_id = @user`)
    .pluck()
    .get(params)) as number | undefined;
  return Math.max(1, Math.ceil((1 - (left ?? 0)) / shape.perMs / 1000));
}
