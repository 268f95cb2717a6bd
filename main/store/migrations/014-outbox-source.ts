// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * The outbox keeps where a queued change came from: the environment a pull brought it from (or
 * whose copy a decision took), NULL for a change made on this computer. That environment's queue
 * leaves such a change out once it is marked there: it is no change of this computer's for it.
 * Rows queued before take it from the history row the same write kept (same record, same moment),
 * in one pass over each table (a look-up per row walked every history row of its record).
 */
export const outboxSource = {
  version: 14,
  name: 'outbox-source',
  sql: `
ALTER TABLE outbox ADD COLUMN pulled_from TEXT;
UPDATE outbox SET pulled_from = pulled.pulled_from
FROM (
  SELECT record_id, at, pulled_from, max(seq) FROM record_history WHERE pulled_from IS NOT NULL GROUP BY record_id, at
) pulled
WHERE pulled.record_id = outbox.record_id AND pulled.at = outbox.created_at;
`,
};
