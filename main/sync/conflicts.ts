import type { SyncConflict, SyncDecision } from '../../shared/bridge.js';
import { ApiError } from '../service/api-error.js';
import { timestamp } from '../service/context.js';
import { sqliteOf, writeTransaction, type SqliteDb } from '../store/database.js';
import { sqliteWriteTransaction } from '../store/sqlite-store.js';
import type { Workspace } from '../workspace/workspace.js';
import type { SyncContext } from './entities/entity-sync.js';
import { entitySync } from './entities/index.js';
import type { Benefit } from '../../shared/plans/index.js';
import { benefitOf } from './entities/plan.js';
import type { Environment } from './environments.js';
import { readLocalRecord, removeAsOnRemote, takeRemoteValues } from './local-records.js';
import { differences } from './records.js';
import { findLocalRecord } from '../store/local-records-store.js';
import { readHistory, recordDecision } from '../history/record-history.js';
import { EnvironmentUnreachableError, Remote } from './remote.js';
import { RemoteSession } from './session.js';
import { localIdOf, mapIds, unmapId } from '../store/id-map-store.js';
import {
  conflictRows,
  forgetSkip,
  markSynced,
  noteConflictVersion,
  reopen,
  saveDecision,
  type ConflictRow,
  type DecisionKind,
} from '../store/record-sync-store.js';
import { setRemoteVersion } from '../store/pull-store.js';
import { recordVersion } from '../service/record-version.js';
import { StorageError } from '../store/storage-errors.js';
import { lastQueuedPath, latestSeq } from '../store/outbox-store.js';
import { remoteFamily, restoreDeleted, UnreadableRemote } from './pull/restore-deleted.js';

/** A decision that cannot be carried out; nothing was changed. */
export class ResolveError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Every conflict of `env`, the remote side read from the remote: none of it when the remote is
 * unreachable, or when only the environment's name is given (its token is not on this computer).
 */
export async function listConflicts(workspace: Workspace, env: Environment | string): Promise<SyncConflict[]> {
  const rows = conflictRows(workspace.db, typeof env === 'string' ? env : env.name);
  if (rows.length === 0) return [];
  if (typeof env === 'string') return rows.map((row) => conflictView(workspace, row, {}));
  return withSession(workspace, env, async (context) => {
    const reachable = await context.session.probe().then(
      () => true,
      (error: unknown) => {
        if (error instanceof EnvironmentUnreachableError) return false;
        throw error;
      },
    );
    const views: SyncConflict[] = [];
    for (const row of rows) {
      const local = (await readLocal(workspace, row.record_id)) ?? valuesWhenDeleted(workspace.db, row.record_id);
      const remote = reachable && row.remote_id !== null ? await readRemote(context, row, row.remote_id) : undefined;
      if (remote !== undefined) noteShownVersion(workspace, context.env, row, recordVersion(remote));
      views.push(conflictView(workspace, row, local && remote ? await differing(context, row, local, remote) : {}));
    }
    return views;
  });
}

/**
 * What is shown is what "keep this computer's" is decided on: the version its write is then made
 * over. A workspace that cannot be written (read-only, a full disk) still lists its conflicts; it
 * keeps the version the conflict met, so a change made there since is a conflict again.
 */
function noteShownVersion(workspace: Workspace, env: string, row: ConflictRow, version: string): void {
  if (row.remote_version === version) return;
  try {
    sqliteWriteTransaction(workspace.db, () => noteConflictVersion(workspace.db, env, row.record_id, version));
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
  }
}

function conflictView(workspace: Workspace, row: ConflictRow, differences: SyncConflict['differences']): SyncConflict {
  const here = findLocalRecord(workspace.db, row.record_id);
  return {
    record: row.record_id,
    entity: row.entity,
    kind: kindOf(workspace.db, row, here),
    name: here?.label ?? deletedLabel(workspace.db, row.record_id) ?? row.record_id,
    reason: row.last_error,
    remote_id: row.remote_id,
    deleted_here: here === undefined,
    differences,
  };
}

/**
 * Carries out a person's decision on one conflict of `env`, and records it. Nothing is sent: the
 * next push acts on it. Throws ResolveError, changing nothing, when the record has no conflict
 * there or the decision cannot apply to it.
 */
export async function resolveConflict(
  workspace: Workspace,
  env: Environment,
  recordId: string,
  decision: SyncDecision,
): Promise<{ record: string; decision: DecisionKind; remote_id: string | null }> {
  const { db } = workspace;
  const row = conflictRows(db, env.name, recordId)[0];
  if (row === undefined) throw new ResolveError(`${recordId} has no conflict on ${env.name}`);
  const remoteId = decision.kind === 'link' ? decision.remoteId : row.remote_id;
  if (decision.kind === 'link') {
    if (findLocalRecord(db, recordId) === undefined) {
      throw new ResolveError(`${recordId} is deleted here: keep-local sends the delete to ${env.name}, take-remote brings the record back`);
    }
    if (!UUID.test(decision.remoteId)) throw new ResolveError(`"${decision.remoteId}" is not a remote record id`);
    const holder = localIdOf(db, env.name, decision.remoteId);
    if (holder !== undefined && holder !== recordId)
      throw new ResolveError(`${decision.remoteId} on ${env.name} is already the copy of another local record (${holder})`);
  }
  if ((decision.kind === 'keep-local' || decision.kind === 'take-remote') && remoteId === null) {
    throw new ResolveError(`the remote copy of ${recordId} on ${env.name} is not known; link it with --link REMOTE_ID, or --skip`);
  }
  const found =
    decision.kind === 'skip'
      ? undefined
      : await withSession(workspace, env, async (context) => {
          await context.session.probe();
          const remote = await readRemote(context, row, remoteId!);
          if (remote === undefined && decision.kind === 'link') throw new ResolveError(`${env.name} shows no ${row.entity} ${remoteId}`);
          if (remote === undefined && !context.session.capabilities.extras) {
            throw new ResolveError(`${env.name} cannot show whether it still has ${remoteId}; link it with --link REMOTE_ID, or --skip`);
          }
          const local = await readLocal(workspace, recordId);
          const takenWith = entitySync(row.entity).takenWith;
          if (decision.kind === 'keep-local' && local === undefined && remote !== undefined && takenWith !== undefined) {
            // Keeping a delete made here: it goes with what it takes there as it is now (a change made there since is a conflict again).
            const within = await takenWith(context, remote);
            return { remote, accepted: within.version, seen: within.seen };
          }
          if (decision.kind !== 'take-remote' || remote === undefined) return { remote };
          if (local !== undefined) return { remote, body: await entitySync(row.entity).toLocal(context, remote, local) };
          // Deleted here: the remote record comes back as a pull brings it (read at the record's path, so that is known).
          const ref = { entity: row.entity, kind: kindOf(db, row), id: remoteId! };
          const family = await remoteFamily(context.session, ref, remote).catch((error: unknown) => {
            throw error instanceof UnreadableRemote ? new ResolveError(error.message) : error;
          });
          return { remote, restore: { session: context.session, family } };
        });
  const record = { env: env.name, record_id: recordId, entity: row.entity };
  await writeTransaction(workspace.store, async (tx) => {
    const db = sqliteOf(tx);
    if (decision.kind === 'take-remote') {
      const local = { entity: row.entity, id: recordId, path: pathOf(db, recordId)! };
      try {
        // The remote has it: its values, here (made anew if deleted here). It has it no more: it goes here too.
        if (found?.restore !== undefined) {
          const refused = await restoreDeleted(workspace, tx, found.restore.session, { entity: row.entity, record_id: recordId }, found.restore.family);
          if (refused.length > 0) throw new ResolveError(`${env.name}'s copy cannot be made here: ${refused.map((error) => error.error).join('; ')}`);
        } else if (found?.body !== undefined) await takeRemoteValues(workspace, tx, env.name, local, { id: remoteId!, record: found.remote! }, found.body);
        else if (findLocalRecord(db, recordId) !== undefined) await removeAsOnRemote(workspace, tx, env.name, local);
        else forgetDeleted(db, env.name, row);
      } catch (error) {
        if (error instanceof ApiError) throw new ResolveError(`the values of ${env.name} do not pass here: ${JSON.stringify(error.body)}`);
        throw error;
      }
    } else if (decision.kind === 'keep-local' && found?.remote === undefined) {
      // The remote record is gone: keeping ours makes it anew there.
      unmapId(db, env.name, recordId);
      reopen(db, env.name, recordId);
    } else if (decision.kind !== 'skip') {
      mapIds(db, env.name, row.entity, recordId, remoteId!);
      // The next push writes over this version only: for keep-local the one the conflict last met (a change made there
      // since comes back as a conflict), for a link the record as read now, the one the person chose.
      const shown = decision.kind === 'keep-local' ? row.remote_version : null;
      setRemoteVersion(db, env.name, recordId, shown ?? recordVersion(found!.remote!));
      // What the kept delete takes with it there was seen as it is now: a later conflict names what changed after.
      for (const [remoteRecord, version] of Object.entries(found?.seen ?? {})) {
        const linked = localIdOf(db, env.name, remoteRecord);
        if (linked !== undefined) setRemoteVersion(db, env.name, linked, version);
      }
      reopen(db, env.name, recordId);
    }
    const decidedAt = timestamp(workspace.context);
    saveDecision(db, {
      ...record,
      decision: decision.kind,
      remote_id: remoteId,
      conflict: row.last_error,
      decided_by: workspace.actor.userId,
      decided_at: decidedAt,
      accepted_version: found?.accepted,
    });
    recordDecision(
      db,
      { entity: row.entity, id: recordId },
      { env: env.name, decision: decision.kind, remote_id: remoteId },
      workspace.actor.userId,
      decidedAt,
    );
  });
  return { record: recordId, decision: decision.kind, remote_id: remoteId };
}

/**
 * Takes back a decision to skip the record for `env`: it goes there again with the next push (a
 * conflict it was skipped from is one again, to decide), and the history says who took it back.
 * Throws ResolveError, changing nothing, when it is not skipped there.
 */
export function unskip(workspace: Workspace, env: string, recordId: string): void {
  sqliteWriteTransaction(workspace.db, () => {
    const entity = forgetSkip(workspace.db, env, recordId);
    if (entity === undefined) throw new ResolveError(`${recordId} is not skipped for ${env}`);
    recordDecision(workspace.db, { entity, id: recordId }, { env, decision: 'unskip', remote_id: null }, workspace.actor.userId, timestamp(workspace.context));
  });
}

async function differing(
  context: SyncContext,
  row: ConflictRow,
  local: Record<string, unknown>,
  remote: Record<string, unknown>,
): Promise<SyncConflict['differences']> {
  const sync = entitySync(row.entity);
  let sent: Record<string, unknown>;
  try {
    sent = (await sync.describe(context, local, pathOf(context.db, row.record_id))).payload;
  } catch {
    sent = local;
  }
  const fields = differences(sent, remote, sync.comparedFields(sent));
  return Object.fromEntries(fields.map((field) => [field, { local: sent[field] ?? null, remote: remote[field] ?? null }]));
}

async function readLocal(workspace: Workspace, recordId: string): Promise<Record<string, unknown> | undefined> {
  const path = findLocalRecord(workspace.db, recordId)?.path;
  return path === undefined ? undefined : readLocalRecord(workspace, path);
}

/** The record's API path; for a record deleted here, the path its changes were queued under. */
function pathOf(db: SqliteDb, recordId: string, here = findLocalRecord(db, recordId)): string | undefined {
  return here?.path ?? lastQueuedPath(db, recordId);
}

/** A plan's kind (its path segment); null for the other records. */
function kindOf(db: SqliteDb, row: ConflictRow, here = findLocalRecord(db, row.record_id)): Benefit | null {
  const path = row.entity === 'plan' ? pathOf(db, row.record_id, here) : undefined;
  return path === undefined ? null : benefitOf(path);
}

/** A record deleted on both sides: its delete has nothing left to do there. */
function forgetDeleted(db: SqliteDb, env: string, row: ConflictRow): void {
  markSynced(db, env, { entity: row.entity, record_id: row.record_id }, latestSeq(db, row.record_id) ?? 0);
  unmapId(db, env, row.record_id);
}

/** The remote record at the record's collection, or undefined when the remote does not show it. */
async function readRemote(context: SyncContext, row: ConflictRow, remoteId: string): Promise<Record<string, unknown> | undefined> {
  const path = pathOf(context.db, row.record_id);
  if (path === undefined) return undefined;
  const collection = path.slice(0, path.length - row.record_id.length - 1);
  const response = await context.session.read(`${collection}${remoteId}/`);
  return response.status === 200 ? (response.body as Record<string, unknown>) : undefined;
}

async function withSession<T>(workspace: Workspace, env: Environment, work: (context: SyncContext) => Promise<T>): Promise<T> {
  const remote = new Remote(env, { connections: 2 });
  try {
    return await work({ db: workspace.db, store: workspace.store, env: env.name, session: new RemoteSession(env, remote, undefined, undefined) });
  } finally {
    await remote.close();
  }
}

/** A record deleted here as it was just before: what its conflict compares with the remote record. */
function valuesWhenDeleted(db: SqliteDb, recordId: string): Record<string, unknown> | undefined {
  const last = readHistory(db, recordId).at(-1);
  return last?.op === 'delete' ? Object.fromEntries(Object.entries(last.changes).map(([field, [was]]) => [field, was])) : undefined;
}

/** What a person knew a record deleted here by: its name, title or e-mail before the delete. */
function deletedLabel(db: SqliteDb, recordId: string): string | undefined {
  const values = valuesWhenDeleted(db, recordId);
  const label = values?.name ?? values?.title ?? values?.email;
  return typeof label === 'string' ? label : undefined;
}
