import { sql, writeTransaction, type Db } from '../store/database.js';
import type { Entity } from '../service/context.js';
import type { Flight } from './entities/entity-sync.js';

type SyncStatus = 'pending' | 'in_flight' | 'synced' | 'failed' | 'conflict';

export interface QueueItem {
  position: number;
  record_id: string;
  entity: Entity;
  last_seq: number;
  last_op: string;
  path: string;
  phase: number;
  /** The record's id on the environment, when it has one. */
  remote_id: string | null;
  /** Left in flight by an interrupted run, with what was sent: to be reconciled before anything else. */
  resumable: 0 | 1;
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
  /** For a conflict: the remote record ours clashes with, when known. */
  conflict_remote_id: string | null;
  /** For a 400: the field the remote rejected. */
  rejected_field: string | null;
}

/**
 * The latest outbox entry of every record `env` still needs (`@env`); joined to plans for ordering.
 * A record that failed or conflicts on its latest change waits for an edit, a retry or a decision;
 * a record skipped for `env` is never sent there.
 */
const OUTSTANDING = `FROM outbox o
      JOIN (SELECT record_id, max(seq) AS seq FROM outbox GROUP BY record_id) latest ON latest.record_id = o.record_id AND latest.seq = o.seq
      LEFT JOIN record_sync s ON s.env = @env AND s.record_id = o.record_id
      LEFT JOIN plans p ON p.id = o.record_id
      WHERE o.seq > coalesce(s.synced_seq, 0)
        AND NOT (coalesce(s.status, '') IN ('failed', 'conflict') AND s.failed_seq = o.seq)
        AND NOT EXISTS (SELECT 1 FROM sync_decisions d WHERE d.env = @env AND d.record_id = o.record_id AND d.decision = 'skip')`;

/**
 * Snapshots what `env` still needs into a temporary table, in push order: upserts of divisions,
 * users, employers, then plans (earlier plan years first, medical before the rest, stop loss
 * last), then deletes in the reverse order. Sorting happens inside SQLite, so memory does not grow
 * with the queue.
 */
export function buildQueue(db: Db, env: string): number {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS sync_queue (
    position INTEGER PRIMARY KEY, record_id TEXT NOT NULL, entity TEXT NOT NULL, last_seq INTEGER NOT NULL,
    last_op TEXT NOT NULL, path TEXT NOT NULL, phase INTEGER NOT NULL);
    CREATE UNIQUE INDEX IF NOT EXISTS temp.sync_queue_record ON sync_queue(record_id)`);
  // The queue's pages beyond 2 MB stay in the temporary file (the OS caches it), not in this
  // process: SQLite's default cache for the temporary database is 16 MB, which a queue of 100,000
  // changes fills, so the process's memory would grow with the queue.
  db.pragma('temp.cache_size = -2048');
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
export function queuePage(db: Db, env: string, afterPosition: number, size: number): QueueItem[] {
  return sql(db, `SELECT q.*, m.remote_id, coalesce(s.status = 'in_flight' AND f.key IS NOT NULL, 0) AS resumable
    FROM temp.sync_queue q
    LEFT JOIN id_map m ON m.env = @env AND m.local_id = q.record_id
    LEFT JOIN record_sync s ON s.env = @env AND s.record_id = q.record_id
    LEFT JOIN sync_flights f ON f.env = @env AND f.record_id = q.record_id
    WHERE q.position > @after AND q.phase = (SELECT phase FROM temp.sync_queue WHERE position > @after ORDER BY position LIMIT 1)
    ORDER BY q.position LIMIT @size`).all({ env, after: afterPosition, size }) as QueueItem[];
}

/** Where the record stands in this run's queue; undefined when it is not queued. */
export function queuedPosition(db: Db, recordId: string): number | undefined {
  return sql(db, 'SELECT position FROM temp.sync_queue WHERE record_id = ?').pluck().get(recordId) as number | undefined;
}

export function getRecordSync(db: Db, env: string, recordId: string): RecordSync | undefined {
  return sql(db, `SELECT s.*, f.seq AS in_flight_seq, f.op AS in_flight_op, f.payload AS in_flight_payload, f.key AS in_flight_key, f.snapshot AS in_flight_snapshot
    FROM record_sync s LEFT JOIN sync_flights f ON f.env = s.env AND f.record_id = s.record_id
    WHERE s.env = ? AND s.record_id = ?`).get(env, recordId) as RecordSync | undefined;
}

export function remoteIdOf(db: Db, env: string, localId: string): string | undefined {
  return sql(db, 'SELECT remote_id FROM id_map WHERE env = ? AND local_id = ?').pluck().get(env, localId) as string | undefined;
}

export function localIdOf(db: Db, env: string, remoteId: string): string | undefined {
  // Every entity named, so the lookup goes through the (env, entity, remote_id) index instead of scanning the environment's rows.
  return sql(db, `SELECT local_id FROM id_map WHERE env = ? AND entity IN ('division', 'user', 'employer', 'plan') AND remote_id = ?`).pluck().get(env, remoteId) as string | undefined;
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
  sql(db, `INSERT INTO record_sync (env, record_id, entity, status, attempts, last_attempt_at) VALUES (@env, @record_id, @entity, 'in_flight', 1, @at)
    ON CONFLICT (env, record_id) DO UPDATE SET status = 'in_flight', attempts = attempts + 1, last_attempt_at = @at`)
    .run({ env, record_id: item.record_id, entity: item.entity, at });
  sql(db, `INSERT INTO sync_flights (env, record_id, seq, op, payload, key, snapshot) VALUES (@env, @record_id, @seq, @op, @payload, @key, @snapshot)
    ON CONFLICT (env, record_id) DO UPDATE SET seq = @seq, op = @op, payload = @payload, key = @key, snapshot = @snapshot`).run({
    env, record_id: item.record_id, seq: flight.seq, op: flight.op,
    payload: flight.json, key: flight.key, snapshot: flight.snapshot ? JSON.stringify(flight.snapshot) : null,
  });
}

/** The record is no longer in flight: its outcome is known. */
function land(db: Db, env: string, recordId: string): void {
  sql(db, 'DELETE FROM sync_flights WHERE env = ? AND record_id = ?').run(env, recordId);
}

/** The change up to `seq` is on the remote. Later local edits keep the record pending. */
export function markSynced(db: Db, env: string, item: Pick<QueueItem, 'record_id' | 'entity'>, seq: number): void {
  sql(db, `INSERT INTO record_sync (env, record_id, entity, synced_seq, status) VALUES (@env, @record_id, @entity, @seq, 'synced')
    ON CONFLICT (env, record_id) DO UPDATE SET synced_seq = max(synced_seq, @seq), status = 'synced', last_error = NULL, failed_seq = NULL,
      conflict_remote_id = NULL, rejected_field = NULL`)
    .run({ env, record_id: item.record_id, entity: item.entity, seq });
  land(db, env, item.record_id);
}

export interface Refusal {
  status: 'failed' | 'conflict';
  error: string;
  /** The remote record a conflict is with, when known. */
  remoteId?: string | undefined;
  /** The field a 400 rejected. */
  field?: string | undefined;
}

/** A refusal that only an edit, a retry or a decision can cure: the record waits until then. */
export function markFailed(db: Db, env: string, item: Pick<QueueItem, 'record_id' | 'entity'>, seq: number, refusal: Refusal): void {
  sql(db, `INSERT INTO record_sync (env, record_id, entity, status, last_error, failed_seq, conflict_remote_id, rejected_field)
    VALUES (@env, @record_id, @entity, @status, @error, @seq, @remote, @field)
    ON CONFLICT (env, record_id) DO UPDATE SET status = @status, last_error = @error, failed_seq = @seq, conflict_remote_id = @remote, rejected_field = @field`)
    .run({ env, record_id: item.record_id, entity: item.entity, status: refusal.status, error: refusal.error, seq, remote: refusal.remoteId ?? null, field: refusal.field ?? null });
  land(db, env, item.record_id);
}

/** Sends the record again with the next run (after a retry or a decision). */
export function reopen(db: Db, env: string, recordId: string): void {
  sql(db, `UPDATE record_sync SET status = 'pending', failed_seq = NULL, last_error = NULL, conflict_remote_id = NULL, rejected_field = NULL
    WHERE env = ? AND record_id = ?`).run(env, recordId);
}

/** Still to do: waiting on a dependency, or a transient failure. An in-flight mark stays until reconciled. */
export function markPending(db: Db, env: string, item: Pick<QueueItem, 'record_id' | 'entity'>, error: string): void {
  sql(db, `INSERT INTO record_sync (env, record_id, entity, status, last_error) VALUES (@env, @record_id, @entity, 'pending', @error)
    ON CONFLICT (env, record_id) DO UPDATE SET last_error = @error,
      status = CASE WHEN EXISTS (SELECT 1 FROM sync_flights f WHERE f.env = @env AND f.record_id = @record_id) THEN 'in_flight' ELSE 'pending' END`)
    .run({ env, record_id: item.record_id, entity: item.entity, error });
}

/** How many records `env` still needs; read-only, so it is safe while a run pages through its queue. */
export function countOutstanding(db: Db, env: string): number {
  return sql(db, `SELECT count(*) ${OUTSTANDING}`).pluck().get({ env }) as number;
}

/** How many records `env` refused (failed or in conflict) on their latest change. */
export function countRefused(db: Db, env: string): number {
  return countWithStatus(db, env, 'failed') + countWithStatus(db, env, 'conflict');
}

/** How many records of each entity `env` still needs. */
export function outstandingByEntity(db: Db, env: string): Record<Entity, number> {
  const counts: Record<Entity, number> = { employer: 0, plan: 0, user: 0, division: 0 };
  for (const row of sql(db, `SELECT o.entity, count(*) AS n ${OUTSTANDING} GROUP BY o.entity`).all({ env }) as { entity: Entity; n: number }[]) counts[row.entity] = row.n;
  return counts;
}

/** How many records `env` refused with this status on their latest change (skipped ones aside). */
export function countWithStatus(db: Db, env: string, status: 'failed' | 'conflict'): number {
  return sql(db, `SELECT count(*) FROM record_sync s WHERE s.env = @env AND s.status = @status
    AND NOT EXISTS (SELECT 1 FROM sync_decisions d WHERE d.env = @env AND d.record_id = s.record_id AND d.decision = 'skip')`).pluck().get({ env, status }) as number;
}

export interface RecordQueueRow {
  record_id: string;
  entity: Entity;
  last_op: string;
  last_seq: number;
  status: SyncStatus | null;
  synced_seq: number | null;
  failed_seq: number | null;
  last_attempt_at: string | null;
  last_error: string | null;
  rejected_field: string | null;
  mapped: number;
  skipped: number;
}

/** Every record with a local change, newest change first, with its state for `env`. */
export function recordQueueRows(db: Db, env: string, limit: number): RecordQueueRow[] {
  return sql(db, `SELECT o.record_id, o.entity, o.op AS last_op, o.seq AS last_seq, s.status, s.synced_seq, s.failed_seq, s.last_attempt_at, s.last_error, s.rejected_field,
      EXISTS (SELECT 1 FROM id_map m WHERE m.env = @env AND m.local_id = o.record_id) AS mapped,
      EXISTS (SELECT 1 FROM sync_decisions d WHERE d.env = @env AND d.record_id = o.record_id AND d.decision = 'skip') AS skipped
    FROM outbox o
    JOIN (SELECT record_id, max(seq) AS seq FROM outbox GROUP BY record_id) latest ON latest.record_id = o.record_id AND latest.seq = o.seq
    LEFT JOIN record_sync s ON s.env = @env AND s.record_id = o.record_id
    ORDER BY o.seq DESC LIMIT @limit`).all({ env, limit }) as RecordQueueRow[];
}

/** Failed records of `env` (all, or the one given) go out again with the next push; returns how many. */
export function retryFailed(db: Db, env: string, recordId?: string): number {
  return sql(db, `UPDATE record_sync SET status = 'pending', failed_seq = NULL, last_error = NULL, rejected_field = NULL
    WHERE env = @env AND status = 'failed' AND (@record IS NULL OR record_id = @record)`).run({ env, record: recordId ?? null }).changes;
}

export interface ConflictRow {
  record_id: string;
  entity: Entity;
  last_error: string;
  /** The remote record the conflict is with, else the one the record is mapped to. */
  remote_id: string | null;
}

/** Records of `env` in conflict on their latest change that no decision has settled. */
export function conflictRows(db: Db, env: string, recordId?: string): ConflictRow[] {
  return sql(db, `SELECT s.record_id, s.entity, s.last_error, coalesce(s.conflict_remote_id, m.remote_id) AS remote_id
    FROM record_sync s
    JOIN (SELECT record_id, max(seq) AS seq FROM outbox GROUP BY record_id) latest ON latest.record_id = s.record_id AND latest.seq = s.failed_seq
    LEFT JOIN id_map m ON m.env = s.env AND m.local_id = s.record_id
    WHERE s.env = @env AND s.status = 'conflict' AND (@record IS NULL OR s.record_id = @record)
      AND NOT EXISTS (SELECT 1 FROM sync_decisions d WHERE d.env = @env AND d.record_id = s.record_id AND d.decision = 'skip')
    ORDER BY s.entity, s.record_id`).all({ env, record: recordId ?? null }) as ConflictRow[];
}

export function latestSeq(db: Db, recordId: string): number {
  return sql(db, 'SELECT max(seq) FROM outbox WHERE record_id = ?').pluck().get(recordId) as number;
}

export type DecisionKind = 'keep-local' | 'take-remote' | 'link' | 'skip';

/** Keeps a person's decision on a conflict (the latest per record and environment). */
export function saveDecision(db: Db, decision: { env: string; record_id: string; entity: Entity; decision: DecisionKind; remote_id: string | null; conflict: string; decided_by: string; decided_at: string }): void {
  sql(db, `INSERT INTO sync_decisions (env, record_id, entity, decision, remote_id, conflict, decided_by, decided_at)
    VALUES (@env, @record_id, @entity, @decision, @remote_id, @conflict, @decided_by, @decided_at)
    ON CONFLICT (env, record_id) DO UPDATE SET decision = excluded.decision, remote_id = excluded.remote_id, conflict = excluded.conflict,
      decided_by = excluded.decided_by, decided_at = excluded.decided_at`).run(decision);
}
