// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * What a record in flight was sent with (its payload, about 2 KB for a plan) moves out of
 * record_sync into a table of its own that holds a row only while the record is in flight. Kept in
 * record_sync, each payload was written into the record's row and cleared again, which left every
 * row's page half empty: record_sync grew to about 2 KB a record for ~100 bytes of state, and every
 * count over it and every damage check read all of that. Dropping the columns rewrites the table.
 */
export const syncFlights = {
  version: 10,
  name: 'sync-flights',
  sql: `
CREATE TABLE sync_flights (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  record_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  op TEXT NOT NULL,
  payload TEXT NOT NULL,
  key TEXT NOT NULL,
  snapshot TEXT,
  PRIMARY KEY (env, record_id)
) STRICT;
INSERT INTO sync_flights (env, record_id, seq, op, payload, key, snapshot)
  SELECT env, record_id, in_flight_seq, in_flight_op, coalesce(in_flight_payload, 'null'), in_flight_key, in_flight_snapshot
  FROM record_sync WHERE in_flight_key IS NOT NULL AND in_flight_seq IS NOT NULL AND in_flight_op IS NOT NULL;
ALTER TABLE record_sync DROP COLUMN in_flight_seq;
ALTER TABLE record_sync DROP COLUMN in_flight_op;
ALTER TABLE record_sync DROP COLUMN in_flight_payload;
ALTER TABLE record_sync DROP COLUMN in_flight_key;
ALTER TABLE record_sync DROP COLUMN in_flight_snapshot;
CREATE INDEX record_sync_status ON record_sync(env, status);
`,
};
