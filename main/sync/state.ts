import { sql, writeTransaction, type Db } from '../store/database.js';
import type { Entity } from '../service/context.js';
import type { Flight } from './entities/entity-sync.js';

export type SyncStatus = 'pending' | 'in_flight' | 'synced' | 'failed' | 'conflict';

export interface QueueItem {
  position: number;
  record_id: string;
  entity: Entity;
  last_seq: number;
  last_op: string;
  path: string;
  phase: number;
}

export interface RecordSync {
  env: string;
  record_id: string;
  entity: Entity;
  synced_seq: number;
  status: SyncStatus;
  attempts: number;
  last_attempt_at: string | null;
  last_error: string | null;
  failed_seq: number | null;
  in_flight_seq: number | null;
  in_flight_op: string | null;
  in_flight_payload: string | null;
  in_flight_key: string | null;
  in_flight_snapshot: string | null;
}

/**
 * Snapshots what `env` still needs into a temporary table, in push order: upserts of divisions,
 * users, employers, then plans (earlier plan years first, medical before the rest, stop loss
 * last), then deletes in the reverse order. A record that failed or conflicts on its latest change
 * waits for an edit. Sorting happens inside SQLite, so memory does not grow with the queue.
 */
/** The latest outbox entry of every record `env` still needs (`@env`); joined to plans for ordering. */
const OUTSTANDING = `FROM outbox o
      JOIN (SELECT record_id, max(seq) AS seq FROM outbox GROUP BY record_id) latest ON latest.record_id = o.record_id AND latest.seq = o.seq
      LEFT JOIN record_sync s ON s.env = @env AND s.record_id = o.record_id
      LEFT JOIN plans p ON p.id = o.record_id
      WHERE o.seq > coalesce(s.synced_seq, 0)
        AND NOT (coalesce(s.status, '') IN ('failed', 'conflict') AND s.failed_seq = o.seq)`;

export function buildQueue(db: Db, env: string): number {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS sync_queue (
    position INTEGER PRIMARY KEY, record_id TEXT NOT NULL, entity TEXT NOT NULL, last_seq INTEGER NOT NULL,
    last_op TEXT NOT NULL, path TEXT NOT NULL, phase INTEGER NOT NULL);
    CREATE UNIQUE INDEX IF NOT EXISTS temp.sync_queue_record ON sync_queue(record_id)`);
  return writeTransaction(db, () => {
    sql(db, 'DELETE FROM temp.sync_queue').run();
    return sql(db, `INSERT INTO temp.sync_queue (record_id, entity, last_seq, last_op, path, phase)
      SELECT o.record_id, o.entity, o.seq, o.op, o.path,
        CASE WHEN o.op = 'delete'
          THEN CASE o.entity WHEN 'plan' THEN 5 WHEN 'employer' THEN 6 WHEN 'user' THEN 7 ELSE 8 END
          ELSE CASE o.entity WHEN 'division' THEN 1 WHEN 'user' THEN 2 WHEN 'employer' THEN 3 ELSE 4 END
        END AS phase
      ${OUTSTANDING}
      ORDER BY phase, p.start_date, CASE p.benefit WHEN 'medical' THEN 0 WHEN 'stoploss' THEN 2 ELSE 1 END, o.seq`).run({ env }).changes;
  });
}

/**
 * The next page of the queue. A page never mixes phases: every record of one phase has its outcome
 * before the next phase is sent, so reconciling a record can rely on the records it may be found
 * through (a 2.2.1 remote's employers are found through the members pushed before them).
 */
export function queuePage(db: Db, afterPosition: number, size: number): QueueItem[] {
  return sql(db, `SELECT * FROM temp.sync_queue
    WHERE position > @after AND phase = (SELECT phase FROM temp.sync_queue WHERE position > @after ORDER BY position LIMIT 1)
    ORDER BY position LIMIT @size`).all({ after: afterPosition, size }) as QueueItem[];
}

/** Where the record stands in this run's queue; undefined when it is not queued. */
export function queuedPosition(db: Db, recordId: string): number | undefined {
  return sql(db, 'SELECT position FROM temp.sync_queue WHERE record_id = ?').pluck().get(recordId) as number | undefined;
}

export function getRecordSync(db: Db, env: string, recordId: string): RecordSync | undefined {
  return sql(db, 'SELECT * FROM record_sync WHERE env = ? AND record_id = ?').get(env, recordId) as RecordSync | undefined;
}

export function remoteIdOf(db: Db, env: string, localId: string): string | undefined {
  return sql(db, 'SELECT remote_id FROM id_map WHERE env = ? AND local_id = ?').pluck().get(env, localId) as string | undefined;
}

export function localIdOf(db: Db, env: string, remoteId: string): string | undefined {
  return sql(db, 'SELECT local_id FROM id_map WHERE env = ? AND remote_id = ?').pluck().get(env, remoteId) as string | undefined;
}

export function mapIds(db: Db, env: string, entity: Entity, localId: string, remoteId: string): void {
  sql(db, 'INSERT INTO id_map (env, entity, local_id, remote_id) VALUES (?, ?, ?, ?) ON CONFLICT (env, local_id) DO UPDATE SET remote_id = excluded.remote_id')
    .run(env, entity, localId, remoteId);
}

export function unmapId(db: Db, env: string, localId: string): void {
  sql(db, 'DELETE FROM id_map WHERE env = ? AND local_id = ?').run(env, localId);
}

/**
 * Once an employer's delete is on the remote, its plans are gone there too (the service deletes
 * them with it), as they went here: plans that no longer exist here and were never deleted on
 * their own lose their mapping.
 */
export function unmapPlansDeletedWithEmployers(db: Db, env: string): void {
  sql(db, `DELETE FROM id_map WHERE env = ? AND entity = 'plan'
    AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.id = id_map.local_id)
    AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.record_id = id_map.local_id AND o.op = 'delete')`).run(env);
}

/** E-mails removed from a division by its changes after `seq`. */
export function membersRemovedSince(db: Db, divisionId: string, seq: number): string[] {
  return sql(db, "SELECT detail FROM outbox WHERE record_id = ? AND op = 'removeUser' AND seq > ?").pluck().all(divisionId, seq) as string[];
}

/** Marks a record as being sent, before anything is sent: a crash leaves it to be reconciled. */
export function markInFlight(db: Db, env: string, item: QueueItem, flight: Flight, at: string): void {
  sql(db, `INSERT INTO record_sync (env, record_id, entity, status, attempts, last_attempt_at, in_flight_seq, in_flight_op, in_flight_payload, in_flight_key, in_flight_snapshot)
    VALUES (@env, @record_id, @entity, 'in_flight', 1, @at, @seq, @op, @payload, @key, @snapshot)
    ON CONFLICT (env, record_id) DO UPDATE SET status = 'in_flight', attempts = attempts + 1, last_attempt_at = @at,
      in_flight_seq = @seq, in_flight_op = @op, in_flight_payload = @payload, in_flight_key = @key, in_flight_snapshot = @snapshot`).run({
    env, record_id: item.record_id, entity: item.entity, at, seq: flight.seq, op: flight.op,
    payload: JSON.stringify(flight.payload ?? null), key: flight.key, snapshot: flight.snapshot ? JSON.stringify(flight.snapshot) : null,
  });
}

/** The change up to `seq` is on the remote. Later local edits keep the record pending. */
export function markSynced(db: Db, env: string, item: Pick<QueueItem, 'record_id' | 'entity'>, seq: number): void {
  sql(db, `INSERT INTO record_sync (env, record_id, entity, synced_seq, status) VALUES (@env, @record_id, @entity, @seq, 'synced')
    ON CONFLICT (env, record_id) DO UPDATE SET synced_seq = max(synced_seq, @seq), status = 'synced', last_error = NULL, failed_seq = NULL,
      in_flight_seq = NULL, in_flight_op = NULL, in_flight_payload = NULL, in_flight_key = NULL, in_flight_snapshot = NULL`)
    .run({ env, record_id: item.record_id, entity: item.entity, seq });
}

/** A refusal that only an edit can cure: the record waits for its next change. */
export function markFailed(db: Db, env: string, item: Pick<QueueItem, 'record_id' | 'entity'>, seq: number, status: 'failed' | 'conflict', error: string): void {
  sql(db, `INSERT INTO record_sync (env, record_id, entity, status, last_error, failed_seq) VALUES (@env, @record_id, @entity, @status, @error, @seq)
    ON CONFLICT (env, record_id) DO UPDATE SET status = @status, last_error = @error, failed_seq = @seq,
      in_flight_seq = NULL, in_flight_op = NULL, in_flight_payload = NULL, in_flight_key = NULL, in_flight_snapshot = NULL`)
    .run({ env, record_id: item.record_id, entity: item.entity, status, error, seq });
}

/** Still to do: waiting on a dependency, or a transient failure. An in-flight mark stays until reconciled. */
export function markPending(db: Db, env: string, item: Pick<QueueItem, 'record_id' | 'entity'>, error: string): void {
  sql(db, `INSERT INTO record_sync (env, record_id, entity, status, last_error) VALUES (@env, @record_id, @entity, 'pending', @error)
    ON CONFLICT (env, record_id) DO UPDATE SET status = CASE WHEN in_flight_key IS NULL THEN 'pending' ELSE 'in_flight' END, last_error = @error`)
    .run({ env, record_id: item.record_id, entity: item.entity, error });
}

/** How many records `env` still needs; read-only, so it is safe while a run pages through its queue. */
export function countOutstanding(db: Db, env: string): number {
  return sql(db, `SELECT count(*) ${OUTSTANDING}`).pluck().get({ env }) as number;
}

/** How many records `env` refused (failed or in conflict) on their latest change. */
export function countRefused(db: Db, env: string): number {
  return sql(db, "SELECT count(*) FROM record_sync WHERE env = ? AND status IN ('failed', 'conflict')").pluck().get(env) as number;
}
