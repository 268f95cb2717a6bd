import type { SqliteDb } from './database.js';
import { prepared, sqliteWriteTransaction } from './sqlite-store.js';
import type { Entity } from './entity.js';
import type { SyncStatus } from './record-sync-store.js';

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
export function buildQueue(db: SqliteDb, env: string): number {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS sync_queue (
    position INTEGER PRIMARY KEY, record_id TEXT NOT NULL, entity TEXT NOT NULL, last_seq INTEGER NOT NULL,
    last_op TEXT NOT NULL, path TEXT NOT NULL, phase INTEGER NOT NULL);
    CREATE UNIQUE INDEX IF NOT EXISTS temp.sync_queue_record ON sync_queue(record_id)`);
  // The queue's pages beyond 2 MB stay in the temporary file (the OS caches it), not in this
  // process: SQLite's default cache for the temporary database is 16 MB, which a queue of 100,000
  // changes fills, so the process's memory would grow with the queue.
  db.pragma('temp.cache_size = -2048');
  return sqliteWriteTransaction(db, () => {
    prepared(db, 'DELETE FROM temp.sync_queue').run();
    return prepared(
      db,
      `INSERT INTO temp.sync_queue (record_id, entity, last_seq, last_op, path, phase)
      SELECT o.record_id, o.entity, o.seq, o.op, o.path,
        CASE WHEN o.op = 'delete'
          THEN CASE o.entity WHEN 'plan' THEN 5 WHEN 'employer' THEN 6 WHEN 'user' THEN 7 ELSE 8 END
          ELSE CASE o.entity WHEN 'division' THEN 1 WHEN 'user' THEN 2 WHEN 'employer' THEN 3 ELSE 4 END
        END AS phase
      ${OUTSTANDING}
      ORDER BY phase, p.start_date, CASE p.benefit WHEN 'medical' THEN 0 WHEN 'stoploss' THEN 2 ELSE 1 END, o.seq`,
    ).run({ env }).changes;
  });
}

/**
 * The next page of the queue. A page never mixes phases: every record of one phase has its outcome
 * before the next phase is sent, so reconciling a record can rely on the records it may be found
 * through (a 2.2.1 remote's employers are found through the members pushed before them).
 */
export function queuePage(db: SqliteDb, env: string, afterPosition: number, size: number): QueueItem[] {
  return prepared(
    db,
    `SELECT q.*, m.remote_id, coalesce(s.status = 'in_flight' AND f.key IS NOT NULL, 0) AS resumable
    FROM temp.sync_queue q
    LEFT JOIN id_map m ON m.env = @env AND m.local_id = q.record_id
    LEFT JOIN record_sync s ON s.env = @env AND s.record_id = q.record_id
    LEFT JOIN sync_flights f ON f.env = @env AND f.record_id = q.record_id
    WHERE q.position > @after AND q.phase = (SELECT phase FROM temp.sync_queue WHERE position > @after ORDER BY position LIMIT 1)
    ORDER BY q.position LIMIT @size`,
  ).all({ env, after: afterPosition, size }) as QueueItem[];
}

/** Where the record stands in this run's queue; undefined when it is not queued. */
export function queuedPosition(db: SqliteDb, recordId: string): number | undefined {
  return prepared(db, 'SELECT position FROM temp.sync_queue WHERE record_id = ?').pluck().get(recordId) as number | undefined;
}

/**
 * A queued delete of a record that never reached `env` (no remote id there, and no create of it
 * out with an unknown outcome) is settled without a request: nothing of it is ever sent.
 */
const WOULD_BE_SENT = `NOT (o.op = 'delete' AND coalesce(s.status, '') <> 'in_flight'
  AND NOT EXISTS (SELECT 1 FROM id_map m WHERE m.env = @env AND m.local_id = o.record_id))`;

/**
 * How many records `env` still needs (a record created and deleted before it reached `env` is not
 * one); read-only, so it is safe while a run pages through its queue.
 */
export function countOutstanding(db: SqliteDb, env: string): number {
  return prepared(db, `SELECT count(*) ${OUTSTANDING} AND ${WOULD_BE_SENT}`).pluck().get({ env }) as number;
}

/** How many records of each entity a push to `env` would send. */
export function outstandingByEntity(db: SqliteDb, env: string): Record<Entity, number> {
  const counts: Record<Entity, number> = { employer: 0, plan: 0, user: 0, division: 0 };
  for (const row of prepared(db, `SELECT o.entity, count(*) AS n ${OUTSTANDING} AND ${WOULD_BE_SENT} GROUP BY o.entity`).all({ env }) as {
    entity: Entity;
    n: number;
  }[])
    counts[row.entity] = row.n;
  return counts;
}

/**
 * Of what a push to `env` would send, how many records a pull brought from each other environment
 * (they go to `env` as any local record does: created there, or found there when `env` has them).
 */
export function outstandingPulledFrom(db: SqliteDb, env: string): Record<string, number> {
  const rows = prepared(
    db,
    `SELECT (SELECT min(q.env) FROM id_map q WHERE q.local_id = o.record_id AND q.env <> @env AND q.pulled = 1) AS source, count(*) AS n
      ${OUTSTANDING} AND ${WOULD_BE_SENT}
    GROUP BY source HAVING source IS NOT NULL`,
  ).all({ env }) as { source: string; n: number }[];
  return Object.fromEntries(rows.map((row) => [row.source, row.n]));
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

/**
 * Every record with a local change, newest change first, with its state for `env`. A record whose
 * latest change came from `env` itself (pulled from there, or its copy there taken by a decision)
 * and is marked there has no change of this computer's for `env`: it is left out of `env`'s queue.
 */
export function recordQueueRows(db: SqliteDb, env: string, limit: number): RecordQueueRow[] {
  return prepared(
    db,
    `SELECT o.record_id, o.entity, o.op AS last_op, o.seq AS last_seq, s.status, s.synced_seq, s.failed_seq, s.last_attempt_at, s.last_error, s.rejected_field,
      EXISTS (SELECT 1 FROM id_map m WHERE m.env = @env AND m.local_id = o.record_id) AS mapped,
      EXISTS (SELECT 1 FROM sync_decisions d WHERE d.env = @env AND d.record_id = o.record_id AND d.decision = 'skip') AS skipped
    FROM outbox o
    JOIN (SELECT record_id, max(seq) AS seq FROM outbox GROUP BY record_id) latest ON latest.record_id = o.record_id AND latest.seq = o.seq
    LEFT JOIN record_sync s ON s.env = @env AND s.record_id = o.record_id
    WHERE NOT (o.pulled_from IS @env AND s.status IS 'synced' AND s.synced_seq >= o.seq AND NOT skipped)
    ORDER BY o.seq DESC LIMIT @limit`,
  ).all({ env, limit }) as RecordQueueRow[];
}
