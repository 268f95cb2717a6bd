// Frozen: a migration never changes once released; later schema changes are new migrations.
export const history = {
  version: 5,
  name: 'history',
  sql: `
CREATE TABLE record_history (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  record_id TEXT NOT NULL,
  entity TEXT NOT NULL CHECK (entity IN ('division', 'user', 'employer', 'plan')),
  at TEXT NOT NULL,
  user_email TEXT NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('create', 'update', 'delete', 'decision')),
  -- A change: {FIELD: [BEFORE, AFTER]}; a sync decision: {env, kind, remote_id}.
  changes TEXT NOT NULL
) STRICT;
CREATE INDEX record_history_record ON record_history(record_id, seq);

CREATE TABLE record_states (
  record_id TEXT PRIMARY KEY,
  entity TEXT NOT NULL CHECK (entity IN ('division', 'user', 'employer', 'plan')),
  fields TEXT NOT NULL
) STRICT;

INSERT INTO meta (key, value) VALUES ('history_baseline_pending', '1');
`,
};
