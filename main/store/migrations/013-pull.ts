// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * Two-way sync: what a workspace keeps to pull from an environment.
 * - pull_state: per environment (and division filter), the feed's cursor, the scope it was read
 *   under, a listing of everything under way, and when the last pull ended.
 * - pull_seen: the remote records a listing under way has named so far; when it is done, what the
 *   workspace holds from that environment and the listing did not name is gone there.
 * - id_map gains the remote record's version (its updated_at) as last pushed or pulled, so a pull
 *   can tell a remote change from its own push; when it was last pulled; and whether the local
 *   record was made by a pull from that environment.
 * - record_history gains the environment a change was pulled from.
 */
export const pull = {
  version: 13,
  name: 'pull',
  sql: `
CREATE TABLE pull_state (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  filter TEXT NOT NULL,
  cursor TEXT,
  scope TEXT,
  listing TEXT,
  last_pull_at TEXT,
  PRIMARY KEY (env, filter)
) STRICT;

CREATE TABLE pull_seen (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  listing TEXT NOT NULL,
  remote_id TEXT NOT NULL,
  PRIMARY KEY (env, listing, remote_id)
) STRICT;

ALTER TABLE id_map ADD COLUMN remote_version TEXT;
ALTER TABLE id_map ADD COLUMN pulled_at TEXT;
ALTER TABLE id_map ADD COLUMN pulled INTEGER NOT NULL DEFAULT 0 CHECK (pulled = 0 OR pulled = 1);

ALTER TABLE record_history ADD COLUMN pulled_from TEXT;
`,
};
