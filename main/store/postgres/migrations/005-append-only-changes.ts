// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * The changes journal appended to rather than rewritten: each change of a record is a new row (the
 * next seq, the writing transaction's xid) instead of an upsert of the record's one row. The upsert
 * held that row's lock until COMMIT, so every write touching one record (each plan of an employer
 * names the employer) waited for the others' transactions, and writers taking such locks in
 * different orders deadlocked. Appending locks nothing that another writer takes.
 *
 * A reader delivers a row only when no later row (by (xid, seq)) names the same record in the same
 * division (changes-store.ts `changesAfter`); such superseded rows are deleted now and then
 * (journal-compaction.ts). The index on (entity, record_id, division_id, xid, seq) finds a row's
 * later ones; it is no longer unique.
 */
export const appendOnlyChanges = {
  version: 5,
  name: 'append-only-changes',
  sql: `
DROP INDEX changes_record_division;
CREATE INDEX changes_record_division ON changes(entity, record_id, division_id, xid, seq);

CREATE OR REPLACE FUNCTION journal_change(text, text, text, text, text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO changes (account_id, entity, record_id, division_id, kind) VALUES ($1, $2, $3, $4, $5)
$$;
`,
};
