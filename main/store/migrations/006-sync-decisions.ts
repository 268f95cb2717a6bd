// Frozen: a migration never changes once released; later schema changes are new migrations.
export const syncDecisions = {
  version: 6,
  name: 'sync-decisions',
  sql: `
CREATE TABLE sync_decisions (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  record_id TEXT NOT NULL,
  entity TEXT NOT NULL CHECK (entity IN ('division', 'user', 'employer', 'plan')),
  decision TEXT NOT NULL CHECK (decision IN ('keep-local', 'take-remote', 'link', 'skip')),
  remote_id TEXT,
  conflict TEXT NOT NULL,
  decided_by TEXT NOT NULL,
  decided_at TEXT NOT NULL,
  PRIMARY KEY (env, record_id)
) STRICT;

ALTER TABLE record_sync ADD COLUMN conflict_remote_id TEXT;
ALTER TABLE record_sync ADD COLUMN rejected_field TEXT;
`,
};
