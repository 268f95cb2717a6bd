// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * The outbox keeps where a queued change came from: the environment a pull brought it from (or
 * whose copy a decision took), NULL for a change made on this computer. That environment's queue
 * leaves such a change out once it is marked there: it is no change of this computer's for it.
 * Rows queued before take it from the history row the same write kept (same record, same moment).
 */
export const outboxSource = {
  version: 14,
  name: 'outbox-source',
  sql: `
ALTER TABLE outbox ADD COLUMN pulled_from TEXT;
UPDATE outbox SET pulled_from = (
  SELECT h.pulled_from FROM record_history h
  WHERE h.record_id = outbox.record_id AND h.at = outbox.created_at AND h.pulled_from IS NOT NULL
  ORDER BY h.seq DESC LIMIT 1
);
`,
};
