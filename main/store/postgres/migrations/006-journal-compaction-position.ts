// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * Where compaction of the append-only journal (migration 5, journal-compaction.ts) got to: the last
 * (xid, seq) a pass read, kept in the database so that a restarted `serve`, and every other process
 * serving the database, goes on from there rather than reading the whole journal again. One row
 * (`one_row` is always true); it only moves forward.
 */
export const journalCompactionPosition = {
  version: 6,
  name: 'journal-compaction-position',
  sql: `
CREATE TABLE journal_compaction (
  one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
  xid bigint NOT NULL,
  seq bigint NOT NULL
);
INSERT INTO journal_compaction (xid, seq) VALUES (0, 0);
`,
};
