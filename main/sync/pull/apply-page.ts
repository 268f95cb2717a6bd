import type { Change } from '../../../shared/sync-wire.js';
import { ApiError } from '../../service/api-error.js';
import { timestamp } from '../../service/context.js';
import { sqliteOf } from '../../store/database.js';
import { remoteIdOf } from '../../store/id-map-store.js';
import { latestSeq } from '../../store/outbox-store.js';
import { hasChangeWaiting, markSeen, notePulled, remoteVersionOf, setRemoteVersion } from '../../store/pull-store.js';
import { getRecordSync, markFailed, markSynced, type Queued } from '../../store/record-sync-store.js';
import { getPlanHeader, plansOfEmployer } from '../../store/plans-store.js';
import { recordVersion } from '../../service/record-version.js';
import {
  comparedFields,
  createLocal,
  deletedAndWaiting,
  existsLocally,
  isWorkspaceUser,
  localBody,
  readLocal,
  removeLocal,
  replaceLocal,
  unlinkedMatch,
  UnpullableRecord,
  type PullContext,
} from './pulled-records.js';

/** What became of one pulled change. */
export type Applied = 'created' | 'updated' | 'removed' | 'unchanged' | 'conflict' | 'failed';

export interface PulledError {
  entity: Change['entity'];
  remote_id: string;
  error: string;
}

const FORWARD: Change['entity'][] = ['division', 'user', 'employer', 'plan'];

/**
 * Applies one page of remote changes, in the caller's transaction: records a page adds or
 * changes in dependency order (divisions, users, employers, plans), then what it removes in the
 * reverse order. `listing`: the id of a listing of everything under way, whose records are noted
 * as seen. Each record's outcome is told to `onApplied`.
 */
export async function applyPage(
  pc: PullContext,
  changes: readonly Change[],
  listing: string | null,
  onApplied: (applied: Applied, error?: PulledError) => void,
): Promise<void> {
  pc.ids.begin(changes);
  const rank = (change: Change) => FORWARD.indexOf(change.entity);
  const upserts = changes.filter((change) => change.op === 'upsert').sort((a, b) => rank(a) - rank(b));
  // Later plans first among removals: a plan cannot go while a renewal of it is here.
  const starts = new Map<Change, string>();
  for (const change of changes) if (change.op === 'remove' && change.entity === 'plan') starts.set(change, (await planStartHere(pc, change.id)) ?? '');
  const startOf = (change: Change) => starts.get(change) ?? '';
  const removals = changes.filter((change) => change.op === 'remove').sort((a, b) => rank(b) - rank(a) || startOf(b).localeCompare(startOf(a)));
  pc.callerChanged();
  for (const change of [...upserts, ...removals]) {
    if (listing !== null && change.op === 'upsert') markSeen(sqliteOf(pc.db), pc.env, listing, change.id);
    try {
      onApplied(change.op === 'upsert' ? await applyUpsert(pc, change) : await applyRemoval(pc, change.entity, change.id));
    } catch (error) {
      if (!(error instanceof UnpullableRecord || error instanceof ApiError)) throw error;
      onApplied('failed', { entity: change.entity, remote_id: change.id, error: refusalText(error) });
    } finally {
      // A division or user written here may change what the workspace's user holds.
      if (change.entity === 'division' || change.entity === 'user') pc.callerChanged();
    }
  }
}

/** A record the remote has now: made here, brought up to date, or left for a person when both sides changed it. */
async function applyUpsert(pc: PullContext, change: Change): Promise<Applied> {
  const db = sqliteOf(pc.db);
  // The remote's own word where it gives one (PlanDesk's feed): the version a push's If-Match is held to there.
  const version = change.version ?? recordVersion(change.record!);
  let localId = pc.ids.localIdOf(change.id);
  let local = localId === undefined ? undefined : await readLocal(pc, change, localId);
  // A plan here may have moved there into an employer deleted here.
  if (local === undefined || change.entity === 'plan') {
    const deleted = await deleteWaitingFor(pc, change, localId);
    if (deleted !== undefined) return changedWhereDeletedHere(pc, change, localId, version, deleted);
  }
  let body = await localBody(pc, change, local);
  if (localId === undefined) {
    localId = await unlinkedMatch(pc, change, body);
    if (localId === undefined) {
      const made = await createLocal(pc, change, body);
      pc.ids.link(change.entity, made, change.id, { version, at: timestamp(pc.service) });
      settle(pc, change, made);
      return 'created';
    }
    pc.ids.link(change.entity, localId, change.id);
    local = await readLocal(pc, change, localId);
    body = await localBody(pc, change, local);
  }
  if (local === undefined || (await isWorkspaceUser(pc, change.entity, localId))) {
    notePulled(db, pc.env, localId, version, timestamp(pc.service), false);
    return 'unchanged';
  }
  const state = getRecordSync(db, pc.env, localId);
  if (state?.status === 'in_flight') return 'unchanged';
  const waiting = hasChangeWaiting(db, pc.env, localId);
  if (sameValues(local, body, comparedFields(change, body))) {
    // Both sides hold the same values, so the waiting change would send nothing new; a division's
    // waiting change may be its members, which the comparison does not cover.
    if (waiting && change.entity !== 'division') settle(pc, change, localId);
    notePulled(db, pc.env, localId, version, timestamp(pc.service), false);
    return 'unchanged';
  }
  if (!waiting) {
    await replaceLocal(pc, change, localId, body);
    settle(pc, change, localId);
    notePulled(db, pc.env, localId, version, timestamp(pc.service), false);
    return 'updated';
  }
  const known = remoteVersionOf(db, pc.env, localId);
  if (known !== null && known !== undefined && known === version) return 'unchanged';
  markFailed(db, pc.env, { record_id: localId, entity: change.entity }, latestSeq(db, localId) ?? 0, {
    status: 'conflict',
    error: `changed on this computer and on ${pc.env} since the last pull`,
    remoteId: change.id,
    remoteVersion: version,
  });
  return 'conflict';
}

/**
 * A record gone from the remote (deleted there, or moved out of what the token sees): removed
 * here when nothing local waits on it, else a conflict: the local record stays until a person
 * decides (keep-local makes it there anew, take-remote removes it here).
 */
async function applyRemoval(pc: PullContext, entity: Change['entity'], remoteId: string): Promise<Applied> {
  const db = sqliteOf(pc.db);
  const localId = pc.ids.localIdOf(remoteId);
  if (localId === undefined) return 'unchanged';
  if (!(await existsLocally(pc.db, entity, localId)) || (await isWorkspaceUser(pc, entity, localId))) {
    pc.ids.unlink(localId);
    return 'unchanged';
  }
  const dependents = entity === 'employer' ? await plansOfEmployer(pc.db, localId) : [];
  const waiting = [localId, ...dependents].some((id) => hasChangeWaiting(db, pc.env, id));
  if (waiting) {
    markFailed(db, pc.env, { record_id: localId, entity }, latestSeq(db, localId) ?? 0, {
      status: 'conflict',
      error: `gone from ${pc.env} (deleted there, or moved out of the divisions your token sees), but changed on this computer`,
      remoteId,
    });
    return 'conflict';
  }
  await removeLocal(pc, entity, localId);
  pc.ids.unlink(localId);
  for (const plan of dependents) pc.ids.unlink(plan);
  return 'removed';
}

/**
 * The local delete, waiting to be pushed to `env`, that this remote record runs into: for a plan
 * its employer's first (its plans went with it here, and that delete takes the remote plans with
 * it), else the record's own.
 */
async function deleteWaitingFor(pc: PullContext, change: Change, localId: string | undefined): Promise<Queued | undefined> {
  const waitingDelete = async (entity: Change['entity'], id: string | undefined): Promise<Queued | undefined> =>
    id !== undefined && (await deletedAndWaiting(pc.db, pc.env, entity, id)) ? { entity, record_id: id } : undefined;
  const employer = change.entity === 'plan' ? change.record!.employer : undefined;
  return (
    (typeof employer === 'string' ? await waitingDelete('employer', pc.ids.localIdOf(employer)) : undefined) ?? (await waitingDelete(change.entity, localId))
  );
}

/**
 * A remote record the workspace deleted (itself, or its employer) and has not pushed that delete
 * yet: when the remote changed it since the last pull, or made it since, a conflict, the record
 * staying deleted here until a person decides (keep-local deletes it there, take-remote brings it
 * back here); else the delete goes on waiting.
 */
function changedWhereDeletedHere(pc: PullContext, change: Change, localId: string | undefined, version: string, deleted: Queued): Applied {
  const db = sqliteOf(pc.db);
  // A delete sent without its answer (a push cut off): the record still being there says it has
  // not landed. Another write out may have changed the remote's version itself: left to the push.
  const state = getRecordSync(db, pc.env, deleted.record_id);
  if (state?.status === 'in_flight' && state.in_flight_op !== 'delete') return 'unchanged';
  if (localId !== undefined && remoteVersionOf(db, pc.env, localId) === version) return 'unchanged';
  // Seen: a pull that compares in full (no feed) meets this version again, and a decision taken on it stands.
  if (localId !== undefined) setRemoteVersion(db, pc.env, localId, version);
  const itself = deleted.record_id === localId;
  const what = itself ? '' : ` its ${change.kind} plan '${String(change.record!.title)}'`;
  const how = localId === undefined ? `was made on ${pc.env}` : `changed on ${pc.env}`;
  markFailed(db, pc.env, deleted, latestSeq(db, deleted.record_id) ?? 0, {
    status: 'conflict',
    error: `deleted on this computer, but${what} ${how} since the last pull`,
    remoteId: remoteIdOf(db, pc.env, deleted.record_id),
    // The deleted record's own version, where this change is about one of its plans: what keep-local deletes it over.
    remoteVersion: itself ? version : (remoteVersionOf(db, pc.env, deleted.record_id) ?? undefined),
  });
  return 'conflict';
}

/** The pull's own write is what `env` has: nothing of it is pushed back there. */
function settle(pc: PullContext, change: Change, localId: string): void {
  const db = sqliteOf(pc.db);
  markSynced(db, pc.env, { record_id: localId, entity: change.entity }, latestSeq(db, localId) ?? 0);
}

async function planStartHere(pc: PullContext, remoteId: string): Promise<string | undefined> {
  const localId = pc.ids.localIdOf(remoteId);
  return localId === undefined ? undefined : (await getPlanHeader(pc.db, localId))?.start_date;
}

/** Equal on every compared field; lists compare as sets (the API keeps no order in them). */
function sameValues(local: Record<string, unknown>, body: Record<string, unknown>, fields: string[]): boolean {
  return fields.every((field) => normalised(local[field]) === normalised(body[field]));
}

function normalised(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map((item) => JSON.stringify(item)).sort());
  return JSON.stringify(value ?? null);
}

function refusalText(error: UnpullableRecord | ApiError): string {
  if (error instanceof UnpullableRecord) return error.message;
  return Object.entries(error.body)
    .map(([field, value]) => (field === 'detail' || field === 'non_field_errors' ? inWords(value) : `${field}: ${inWords(value)}`))
    .join('; ');
}

const inWords = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(' ') : String(value));
