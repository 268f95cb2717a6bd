// Frozen: a migration never changes once released; later schema changes are new migrations.
export const sync = {
  version: 2,
  name: 'sync',
  sql: `
CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  entity TEXT NOT NULL CHECK (entity IN ('division', 'user', 'employer', 'plan')),
  record_id TEXT NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('create', 'update', 'delete', 'addUser', 'removeUser')),
  path TEXT NOT NULL,
  detail TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX outbox_record ON outbox(record_id, seq);

CREATE TABLE environments (
  name TEXT PRIMARY KEY,
  base_url TEXT NOT NULL,
  token_scheme TEXT NOT NULL,
  token_ciphertext TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE filter_mappings (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  filter_name TEXT NOT NULL,
  remote_id TEXT NOT NULL,
  PRIMARY KEY (env, filter_name)
) STRICT;

CREATE TABLE id_map (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  entity TEXT NOT NULL,
  local_id TEXT NOT NULL,
  remote_id TEXT NOT NULL,
  PRIMARY KEY (env, local_id)
) STRICT;
CREATE UNIQUE INDEX id_map_remote ON id_map(env, entity, remote_id);

CREATE TABLE record_sync (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  record_id TEXT NOT NULL,
  entity TEXT NOT NULL,
  synced_seq INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('pending', 'in_flight', 'synced', 'failed', 'conflict')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_attempt_at TEXT,
  last_error TEXT,
  failed_seq INTEGER,
  in_flight_seq INTEGER,
  in_flight_op TEXT,
  in_flight_payload TEXT,
  in_flight_key TEXT,
  in_flight_snapshot TEXT,
  PRIMARY KEY (env, record_id)
) STRICT;

CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
) STRICT;
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
`,
};
