// Frozen: a migration never changes once released; later schema changes are new migrations.
// Tokens get an id (to list and revoke them without their secret), a last-use time and an expiry.
export const tokens = {
  version: 4,
  name: 'tokens',
  sql: `
CREATE TABLE tokens_v4 (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  expires_at TEXT
) STRICT;
INSERT INTO tokens_v4 (id, token_hash, user_id, created_at)
  SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
    || substr('89ab', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
    token_hash, user_id, created_at
  FROM tokens;
DROP TABLE tokens;
ALTER TABLE tokens_v4 RENAME TO tokens;
CREATE INDEX tokens_user ON tokens(user_id);
`,
};
