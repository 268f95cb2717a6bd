// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * `serve --rate-limit` on PostgreSQL: each user's token bucket kept in the database, so that every
 * process serving it counts the same requests (on SQLite, one process, the buckets stay in memory).
 * `tokens` is what was left at `updated_ms`, the database's clock in milliseconds; the bucket refills
 * from there at the limit's rate, up to its size (rate-limit-store.ts).
 */
export const rateLimits = {
  version: 4,
  name: 'rate-limits',
  sql: `
CREATE TABLE rate_limit_buckets (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  tokens double precision NOT NULL,
  updated_ms bigint NOT NULL
);
`,
};
