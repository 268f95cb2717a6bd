import { readRecord, recordAt, removeRecord, replaceRecord } from '../service/records.js';
import { Caller } from '../service/caller.js';
import type { ServiceContext } from '../service/context.js';
import { sqliteOf, type Db, type SqliteDb } from '../store/database.js';
import type { Entity } from '../store/entity.js';
import { mapIds, unmapId } from '../store/id-map-store.js';
import { latestSeq } from '../store/outbox-store.js';
import { setRemoteVersion } from '../store/pull-store.js';
import { conflictsElsewhere, markFailed, markSynced, type Queued } from '../store/record-sync-store.js';
import type { Workspace } from '../workspace/workspace.js';
import { recordVersion } from '../service/record-version.js';

type ApiRecord = Record<string, unknown>;

/*
 * The sync's door to the workspace's own records: it reads and writes them through the service, as
 * the workspace's user, by the API path the outbox keeps. A write is journaled like any local
 * change (history, and queued for every environment), and marked as already on the environment
 * it came from.
 */

/** The local record as the service answers it; undefined once it no longer exists. */
export async function readLocalRecord(workspace: Workspace, path: string): Promise<ApiRecord | undefined> {
  return readRecord(workspace.context, await workspace.caller(), recordAt(path));
}

/**
 * The local record takes the values of its copy on `env` (`body`, in local ids), through the
 * service: kept in its history as pulled from `env` and queued for the other environments (where a
 * conflict it has stays one), but already on `env` (mapped to `remoteId` there, its latest change
 * marked sent, `remote` as the version of it last seen, so a later pull tells a change there from
 * this one). Call it inside a unit of work, with its handle `tx`; throws ApiError when the values do not pass here.
 */
export async function takeRemoteValues(
  workspace: Workspace,
  tx: Db,
  env: string,
  record: { entity: Entity; id: string; path: string },
  remote: { id: string; record: ApiRecord },
  body: ApiRecord,
): Promise<void> {
  await replaceRecord(decisionContext(workspace, tx, env), await Caller.resolve(tx, workspace.actor), recordAt(record.path), body);
  const db = sqliteOf(tx);
  mapIds(db, env, record.entity, record.id, remote.id);
  setRemoteVersion(db, env, record.id, recordVersion(remote.record));
  markSynced(db, env, { record_id: record.id, entity: record.entity }, latestSeq(db, record.id));
  keepConflictsElsewhere(db, env, { record_id: record.id, entity: record.entity });
}

/**
 * "Take remote" for a record the remote no longer has: the local record goes too (kept in its
 * history as taken from `env`, and queued as a delete for the other environments), it is no longer
 * linked there, and nothing of it waits for `env`. Call it inside a unit of work, with its handle `tx`.
 */
export async function removeAsOnRemote(workspace: Workspace, tx: Db, env: string, record: { entity: Entity; id: string; path: string }): Promise<void> {
  await removeRecord(decisionContext(workspace, tx, env), await Caller.resolve(tx, workspace.actor), recordAt(record.path));
  const db = sqliteOf(tx);
  unmapId(db, env, record.id);
  markSynced(db, env, { record_id: record.id, entity: record.entity }, latestSeq(db, record.id));
  keepConflictsElsewhere(db, env, { record_id: record.id, entity: record.entity });
}

/**
 * A conflict the record has with another environment stays one: the record's new change (made
 * here again, or taken from `env`) would otherwise leave it pending there, and its push would
 * overwrite that side unseen.
 */
export function keepConflictsElsewhere(db: SqliteDb, env: string, record: Queued): void {
  const seq = latestSeq(db, record.record_id) ?? 0;
  for (const conflict of conflictsElsewhere(db, record.record_id, env)) {
    markFailed(db, conflict.env, record, seq, {
      status: 'conflict',
      error: conflict.error,
      remoteId: conflict.remoteId,
      remoteVersion: conflict.remoteVersion,
    });
  }
}

/** The service's context, in the unit `tx`, for a write that takes `env`'s copy of a record by a person's decision. */
function decisionContext(workspace: Workspace, tx: Db, env: string): ServiceContext {
  return { ...workspace.context, db: tx, pulledFrom: env, takenByDecision: true };
}
