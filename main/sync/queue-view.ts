import type { SyncDryRun, SyncQueueRow, SyncQueueState } from '../../shared/bridge.js';
import { sqliteOf, type Db, type SqliteDb } from '../store/database.js';
import type { Entity } from '../store/entity.js';
import { entitySync } from './entities/index.js';
import { findLocalRecord, labelOf, queueLabel } from '../store/local-records-store.js';
import { valuesWhenDeleted } from '../history/record-history.js';
import { isPermissionRefusal } from './interpret.js';
import { countWithStatus } from '../store/record-sync-store.js';
import { outstandingByEntity, outstandingPulledFrom, recordQueueRows, type RecordQueueRow } from '../store/sync-queue-store.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const REFUSED = new Set<SyncQueueState>(['failed', 'conflict', 'blocked', 'skipped']);

/**
 * The queue of `env` as the workspace holds it (not as the last run reported it): one row per
 * record with a local change, newest first, at most `limit`.
 */
export async function queueView(store: Db, env: string, limit = 1000): Promise<SyncQueueRow[]> {
  const db = sqliteOf(store);
  const rows = recordQueueRows(db, env, limit);
  const states = new Map(rows.map((row) => [row.record_id, stateOf(row)]));
  const blockers = new Map<string, string>();
  const dependencies = new Map<string, string[]>();
  for (const row of rows) {
    if (states.get(row.record_id) === 'waiting' && row.last_op !== 'delete')
      dependencies.set(row.record_id, await entitySync(row.entity).dependsOn(store, row.record_id));
  }
  // A waiting record depends on records that may themselves wait on a refused one: settle the chain.
  for (let changed = true; changed;) {
    changed = false;
    for (const [record, dependsOn] of dependencies) {
      if (states.get(record) !== 'waiting') continue;
      const blocker = dependsOn.find((id) => REFUSED.has(states.get(id) ?? 'sent'));
      if (blocker === undefined) continue;
      states.set(record, 'blocked');
      blockers.set(record, blocker);
      changed = true;
    }
  }
  return rows
    .filter((row) => !neverSent(row))
    .map((row) => {
      const state = states.get(row.record_id)!;
      const blocker = blockers.get(row.record_id);
      return {
        record: row.record_id,
        entity: row.entity,
        ...namesOf(db, row.entity, row.record_id),
        operation: row.last_op === 'delete' ? 'delete' : row.mapped && row.last_op !== 'create' ? 'update' : 'create',
        state,
        last_attempt_at: row.last_attempt_at,
        reason: blocker !== undefined ? `waiting for ${describe(db, blocker)}, which is ${states.get(blocker)}` : reasonOf(db, state, row),
        field: state === 'failed' ? row.rejected_field : null,
        discardable: state === 'failed' && isPermissionRefusal(env, row.last_error),
      };
    });
}

/** A record created and deleted here before it reached `env`: a push settles it without a request, so it is not in the queue. */
function neverSent(row: RecordQueueRow): boolean {
  return row.last_op === 'delete' && !row.mapped && row.status !== 'in_flight';
}

/** What a person knows a queued record by: its name (a deleted one's as it was last called) and a plan's employer. */
function namesOf(db: SqliteDb, entity: Entity, id: string): { name: string; employer: string | null } {
  const live = queueLabel(db, entity, id);
  if (live) return { name: live.label, employer: live.employer };
  const was = valuesWhenDeleted(db, id);
  const name = [was?.name, was?.title, was?.email].find((value): value is string => typeof value === 'string') ?? `(deleted ${entity})`;
  const employerId = entity === 'plan' ? was?.employer : undefined;
  if (typeof employerId !== 'string') return { name, employer: null };
  const employer = labelOf(db, 'employer', employerId) ?? valuesWhenDeleted(db, employerId)?.name;
  return { name, employer: typeof employer === 'string' ? employer : null };
}

function stateOf(row: RecordQueueRow): SyncQueueState {
  if (row.skipped) return 'skipped';
  if (row.status === 'in_flight') return 'sending';
  if ((row.status === 'failed' || row.status === 'conflict') && row.failed_seq === row.last_seq) return row.status;
  return row.last_seq <= (row.synced_seq ?? 0) ? 'sent' : 'waiting';
}

function reasonOf(db: SqliteDb, state: SyncQueueState, row: RecordQueueRow): string | null {
  if (state === 'skipped') return 'skipped for this environment by a decision';
  if (state === 'sending' && row.last_error === null)
    return 'sent, answer not yet recorded; an interrupted sync checks it against the remote before sending again';
  if (state === 'sent' || row.last_error === null) return null;
  return row.last_error.replace(UUID, (id) => {
    const local = findLocalRecord(db, id);
    return local === undefined ? id : `'${local.label}'`;
  });
}

/** A record as a person knows it, "employer Summit Bakery", or "a deleted plan" once it is gone here. */
export function recordName(db: SqliteDb, id: string, entity: Entity): string {
  const label = labelOf(db, entity, id);
  return label === undefined ? `a deleted ${entity}` : `${entity} ${label}`;
}

function describe(db: SqliteDb, id: string): string {
  const local = findLocalRecord(db, id);
  return local === undefined ? 'a deleted record' : `${local.entity} '${local.label}'`;
}

/** What a push to `env` would send, per entity, and what waits for a person; sends nothing. */
export function dryRun(db: SqliteDb, env: string): SyncDryRun {
  return {
    would_push: outstandingByEntity(db, env),
    pulled_from: outstandingPulledFrom(db, env),
    failed: countWithStatus(db, env, 'failed'),
    conflicts: countWithStatus(db, env, 'conflict'),
  };
}
