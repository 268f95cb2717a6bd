import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';
import type { Entity } from './entity.js';

/** A queued record, as the marks below name it. */
export type Queued = { record_id: string; entity: Entity };

export type SyncStatus = 'pending' | 'in_flight' | 'synced' | 'failed' | 'conflict';

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
  /** For a conflict: that record's version as the conflict last met it, when known. */
  conflict_remote_version: string | null;
  /** For a 400: the field the remote rejected. */
  rejected_field: string | null;
}

/** What is kept of a change while it is out: enough to resend it unchanged or to reconcile it. */
export interface FlightMark {
  seq: number;
  op: string;
  /** The payload as JSON, made once: kept with the mark and sent as it is. */
  json: string;
  /** The Idempotency-Key it goes out with. */
  key: string;
  /** For remotes that cannot show a plan's title: the employer's plan ids before the create. */
  snapshot: string[] | null;
}

export function getRecordSync(db: SqliteDb, env: string, recordId: string): RecordSync | undefined {
  return prepared(
    db,
    `SELECT s.*, f.seq AS in_flight_seq, f.op AS in_flight_op, f.payload AS in_flight_payload, f.key AS in_flight_key, f.snapshot AS in_flight_snapshot
    FROM record_sync s LEFT JOIN sync_flights f ON f.env = s.env AND f.record_id = s.record_id
    WHERE s.env = ? AND s.record_id = ?`,
  ).get(env, recordId) as RecordSync | undefined;
}

/** Marks a record as being sent, before anything is sent: a crash leaves it to be reconciled. */
export function markInFlight(db: SqliteDb, env: string, item: Queued, flight: FlightMark, at: string): void {
  prepared(
    db,
    `INSERT INTO record_sync (env, record_id, entity, status, attempts, last_attempt_at) VALUES (@env, @record_id, @entity, 'in_flight', 1, @at)
    ON CONFLICT (env, record_id) DO UPDATE SET status = 'in_flight', attempts = attempts + 1, last_attempt_at = @at`,
  ).run({ env, record_id: item.record_id, entity: item.entity, at });
  prepared(
    db,
    `INSERT INTO sync_flights (env, record_id, seq, op, payload, key, snapshot) VALUES (@env, @record_id, @seq, @op, @payload, @key, @snapshot)
    ON CONFLICT (env, record_id) DO UPDATE SET seq = @seq, op = @op, payload = @payload, key = @key, snapshot = @snapshot`,
  ).run({
    env,
    record_id: item.record_id,
    seq: flight.seq,
    op: flight.op,
    payload: flight.json,
    key: flight.key,
    snapshot: flight.snapshot ? JSON.stringify(flight.snapshot) : null,
  });
}

/** The record is no longer in flight: its outcome is known. */
function land(db: SqliteDb, env: string, recordId: string): void {
  prepared(db, 'DELETE FROM sync_flights WHERE env = ? AND record_id = ?').run(env, recordId);
}

/** The change up to `seq` is on the remote. Later local edits keep the record pending. */
export function markSynced(db: SqliteDb, env: string, item: Queued, seq: number): void {
  prepared(
    db,
    `INSERT INTO record_sync (env, record_id, entity, synced_seq, status) VALUES (@env, @record_id, @entity, @seq, 'synced')
    ON CONFLICT (env, record_id) DO UPDATE SET synced_seq = max(synced_seq, @seq), status = 'synced', last_error = NULL, failed_seq = NULL,
      conflict_remote_id = NULL, conflict_remote_version = NULL, rejected_field = NULL`,
  ).run({ env, record_id: item.record_id, entity: item.entity, seq });
  land(db, env, item.record_id);
}

export interface Refusal {
  status: 'failed' | 'conflict';
  error: string;
  /** The remote record a conflict is with, when known, and its version as the conflict met it. */
  remoteId?: string | undefined;
  remoteVersion?: string | undefined;
  /** The field a 400 rejected. */
  field?: string | undefined;
}

/** A refusal that only an edit, a retry or a decision can cure: the record waits until then. */
export function markFailed(db: SqliteDb, env: string, item: Queued, seq: number, refusal: Refusal): void {
  prepared(
    db,
    `INSERT INTO record_sync (env, record_id, entity, status, last_error, failed_seq, conflict_remote_id, conflict_remote_version, rejected_field)
    VALUES (@env, @record_id, @entity, @status, @error, @seq, @remote, @version, @field)
    ON CONFLICT (env, record_id) DO UPDATE SET status = @status, last_error = @error, failed_seq = @seq, conflict_remote_id = @remote,
      conflict_remote_version = @version, rejected_field = @field`,
  ).run({
    env,
    record_id: item.record_id,
    entity: item.entity,
    status: refusal.status,
    error: refusal.error,
    seq,
    remote: refusal.remoteId ?? null,
    version: refusal.remoteVersion ?? null,
    field: refusal.field ?? null,
  });
  land(db, env, item.record_id);
}

/** The record's conflicts in the environments other than `env`: where, why, and with which remote record (and its version). */
export function conflictsElsewhere(
  db: SqliteDb,
  recordId: string,
  env: string,
): { env: string; error: string; remoteId: string | undefined; remoteVersion: string | undefined }[] {
  const rows = prepared(
    db,
    "SELECT env, last_error, conflict_remote_id, conflict_remote_version FROM record_sync WHERE record_id = ? AND env <> ? AND status = 'conflict'",
  ).all(recordId, env) as { env: string; last_error: string | null; conflict_remote_id: string | null; conflict_remote_version: string | null }[];
  return rows.map((row) => ({
    env: row.env,
    error: row.last_error ?? 'in conflict',
    remoteId: row.conflict_remote_id ?? undefined,
    remoteVersion: row.conflict_remote_version ?? undefined,
  }));
}

/** Sends the record again with the next run (after a retry or a decision). */
export function reopen(db: SqliteDb, env: string, recordId: string): void {
  prepared(
    db,
    `UPDATE record_sync SET status = 'pending', failed_seq = NULL, last_error = NULL, conflict_remote_id = NULL, conflict_remote_version = NULL,
      rejected_field = NULL
    WHERE env = ? AND record_id = ?`,
  ).run(env, recordId);
}

/** Still to do: waiting on a dependency, or a transient failure. An in-flight mark stays until reconciled. */
export function markPending(db: SqliteDb, env: string, item: Queued, error: string): void {
  prepared(
    db,
    `INSERT INTO record_sync (env, record_id, entity, status, last_error) VALUES (@env, @record_id, @entity, 'pending', @error)
    ON CONFLICT (env, record_id) DO UPDATE SET last_error = @error,
      status = CASE WHEN EXISTS (SELECT 1 FROM sync_flights f WHERE f.env = @env AND f.record_id = @record_id) THEN 'in_flight' ELSE 'pending' END`,
  ).run({ env, record_id: item.record_id, entity: item.entity, error });
}

/**
 * The rows `s` of record_sync for @env refused (failed, or in conflict) on the record's latest
 * change and not skipped by a decision: what the queue shows as failed or in conflict. A record
 * changed here since it was refused is waiting again, not counted.
 */
const REFUSED_ON_LATEST_CHANGE = `s.env = @env
  AND s.failed_seq = (SELECT max(o.seq) FROM outbox o WHERE o.record_id = s.record_id)
  AND NOT EXISTS (SELECT 1 FROM sync_decisions d WHERE d.env = @env AND d.record_id = s.record_id AND d.decision = 'skip')`;

/** How many records `env` refused (failed or in conflict) on their latest change. */
export function countRefused(db: SqliteDb, env: string): number {
  return countWithStatus(db, env, 'failed') + countWithStatus(db, env, 'conflict');
}

/** How many records `env` refused with this status on their latest change (skipped ones aside). */
export function countWithStatus(db: SqliteDb, env: string, status: 'failed' | 'conflict'): number {
  return prepared(db, `SELECT count(*) FROM record_sync s WHERE s.status = @status AND ${REFUSED_ON_LATEST_CHANGE}`).pluck().get({ env, status }) as number;
}

/** The records countRefused counts, each with the path of its latest change (the one refused) and why `env` refused it (or why it waits for a decision). */
export function refusedRecords(db: SqliteDb, env: string): { record: string; path: string; error: string }[] {
  return prepared(
    db,
    `SELECT s.record_id AS record, (SELECT path FROM outbox o WHERE o.seq = s.failed_seq) AS path,
      coalesce(s.last_error, '') AS error
    FROM record_sync s
    WHERE s.status IN ('failed', 'conflict') AND ${REFUSED_ON_LATEST_CHANGE}
    ORDER BY s.entity, s.record_id`,
  ).all({ env }) as { record: string; path: string; error: string }[];
}

/** Failed records of `env` (all, or the one given) go out again with the next push; returns how many. */
export function retryFailed(db: SqliteDb, env: string, recordId?: string): number {
  return prepared(
    db,
    `UPDATE record_sync SET status = 'pending', failed_seq = NULL, last_error = NULL, rejected_field = NULL
    WHERE env = @env AND status = 'failed' AND (@record IS NULL OR record_id = @record)`,
  ).run({ env, record: recordId ?? null }).changes;
}

export interface ConflictRow {
  record_id: string;
  entity: Entity;
  last_error: string;
  /** The remote record the conflict is with, else the one the record is mapped to. */
  remote_id: string | null;
  /** The conflict's remote record's version as the conflict last met it (a push's 412 or read, a pull, or the listing that showed it), when known. */
  remote_version: string | null;
}

/** Records of `env` in conflict on their latest change that no decision has settled. */
export function conflictRows(db: SqliteDb, env: string, recordId?: string): ConflictRow[] {
  return prepared(
    db,
    `SELECT s.record_id, s.entity, s.last_error, coalesce(s.conflict_remote_id, m.remote_id) AS remote_id, s.conflict_remote_version AS remote_version
    FROM record_sync s
    LEFT JOIN id_map m ON m.env = s.env AND m.local_id = s.record_id
    WHERE s.status = 'conflict' AND (@record IS NULL OR s.record_id = @record) AND ${REFUSED_ON_LATEST_CHANGE}
    ORDER BY s.entity, s.record_id`,
  ).all({ env, record: recordId ?? null }) as ConflictRow[];
}

/** The version of a conflict's remote record as a listing of the conflicts just showed it. */
export function noteConflictVersion(db: SqliteDb, env: string, recordId: string, version: string): void {
  prepared(db, "UPDATE record_sync SET conflict_remote_version = ? WHERE env = ? AND record_id = ? AND status = 'conflict'").run(version, env, recordId);
}

export type DecisionKind = 'keep-local' | 'take-remote' | 'link' | 'skip';

/** Takes back a decision to skip the record for `env`; answers the record's entity, or undefined when it was not skipped there. */
export function forgetSkip(db: SqliteDb, env: string, recordId: string): Entity | undefined {
  return prepared(db, "DELETE FROM sync_decisions WHERE env = ? AND record_id = ? AND decision = 'skip' RETURNING entity").pluck().get(env, recordId) as
    Entity | undefined;
}

/**
 * For a delete made here at `seq` that a person decided to keep (keep-local, decided after it was
 * made): the version of the records it takes with it there, as that decision accepted them.
 */
export function acceptedWithDelete(db: SqliteDb, env: string, recordId: string, seq: number): string | undefined {
  return (
    (prepared(
      db,
      `SELECT d.accepted_version FROM sync_decisions d WHERE d.env = @env AND d.record_id = @id AND d.decision = 'keep-local'
      AND d.decided_at >= (SELECT o.created_at FROM outbox o WHERE o.seq = @seq)`,
    )
      .pluck()
      .get({ env, id: recordId, seq }) as string | null | undefined) ?? undefined
  );
}

/** Keeps a person's decision on a conflict (the latest per record and environment). */
export function saveDecision(
  db: SqliteDb,
  decision: {
    env: string;
    record_id: string;
    entity: Entity;
    decision: DecisionKind;
    remote_id: string | null;
    conflict: string;
    decided_by: string;
    decided_at: string;
    /** For keep-local on a delete that takes other records with it there: their version, as accepted. */
    accepted_version?: string | undefined;
  },
): void {
  prepared(
    db,
    `INSERT INTO sync_decisions (env, record_id, entity, decision, remote_id, conflict, decided_by, decided_at, accepted_version)
    VALUES (@env, @record_id, @entity, @decision, @remote_id, @conflict, @decided_by, @decided_at, @accepted_version)
    ON CONFLICT (env, record_id) DO UPDATE SET decision = excluded.decision, remote_id = excluded.remote_id, conflict = excluded.conflict,
      decided_by = excluded.decided_by, decided_at = excluded.decided_at, accepted_version = excluded.accepted_version`,
  ).run({ ...decision, accepted_version: decision.accepted_version ?? null });
}
