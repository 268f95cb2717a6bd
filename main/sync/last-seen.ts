import { recordVersion } from '../service/record-version.js';
import { remoteVersionOf } from '../store/pull-store.js';
import { acceptedWithDelete } from '../store/record-sync-store.js';
import type { QueueItem } from '../store/sync-queue-store.js';
import type { EntitySync, Flight, SyncContext } from './entities/entity-sync.js';
import { entitySync } from './entities/index.js';
import type { Outcome } from './interpret.js';

// A push writes over a record the environment has only while that record is still as this
// workspace last saw it there (pushed or pulled): its version then, kept in id_map.remote_version.
// A remote that offers preconditions (PlanDesk's if-match) is asked to make the write only over that
// version (If-Match, in the write's own request); any other remote is read just before the write
// and compared. A record changed there is a conflict for a person to decide, never overwritten, and
// a record deleted here that changed there is not deleted.

type ApiRecord = Record<string, unknown>;

/** How an update or delete is held to the version last seen; undefined for a write that is not. */
export interface Held {
  /** The version last seen there; null when this workspace does not know it. */
  lastSeen: string | null;
  /** The If-Match the write carries (the remote honours it). */
  ifMatch: string | undefined;
  /** The remote record is read before each attempt, and compared (see readBeforeWrite). */
  readFirst: boolean;
  /**
   * A delete that takes other records with it there, which are read and compared too
   * (EntitySync.takenWith), with their version as a person's decision to keep the delete accepted them.
   */
  others: { accepted: string | undefined } | undefined;
}

/**
 * How a write of the record goes out: an update or delete of a record the environment has, of an
 * entity replaced whole there, is held to the version last seen. Unknown (null) when the record
 * was linked before versions were kept (a workspace older than them).
 */
export function heldTo(context: SyncContext, sync: EntitySync, item: QueueItem, op: string, remoteId: string | undefined): Held | undefined {
  if (!sync.versioned || remoteId === undefined || (op !== 'update' && op !== 'delete')) return undefined;
  const lastSeen = remoteVersionOf(context.db, context.env, item.record_id) ?? null;
  const conditional = context.session.capabilities.preconditions && lastSeen !== null;
  const others =
    op === 'delete' && sync.takenWith !== undefined ? { accepted: acceptedWithDelete(context.db, context.env, item.record_id, item.last_seq) } : undefined;
  // Such a delete is read first everywhere: what it takes with it is compared by reading it.
  return { lastSeen, ifMatch: conditional ? `"${lastSeen}"` : undefined, readFirst: !conditional || others !== undefined, others };
}

/**
 * Read just before the write (and again before each attempt after an unknown outcome): undefined
 * when the write may go, else its outcome without writing. The remote already holding what we send
 * is our write landed (or someone made the same change): nothing to write. The remote record at the
 * version last seen: write. Anything else changed there, or cannot be told (the version last seen
 * is unknown): a conflict. Gone there: a delete has nothing left to do, an update is a conflict.
 */
export async function readBeforeWrite(
  context: SyncContext,
  item: QueueItem,
  sync: EntitySync,
  flight: Flight,
  path: string,
  remoteId: string,
  held: Held,
): Promise<Outcome | undefined> {
  const response = await context.session.read(path);
  if (response.status === 404) return flight.op === 'delete' ? { kind: 'synced', unmapped: true } : noLongerThere(context, item, flight.op, remoteId);
  if (response.status !== 200 || !isRecord(response.body)) {
    return {
      kind: 'failed',
      error: `${context.env} answered ${response.status} to a read of it, so this computer cannot tell whether it changed there; nothing was written`,
    };
  }
  const remote = response.body;
  if (flight.op === 'update' && sameAsSent(sync, flight, remote)) return { kind: 'synced', remoteId, version: recordVersion(remote) };
  if (held.lastSeen === null) return unknownVersion(context, flight, remoteId, remote);
  if (recordVersion(remote) !== held.lastSeen) return changedThere(context, item, flight, remoteId, remote);
  if (held.others === undefined || sync.takenWith === undefined) return undefined;
  // What it takes with it is as last seen, or as a person's decision to delete it with them accepted them.
  const within = await sync.takenWith(context, remote);
  if (within.changed === undefined || within.version === held.others.accepted) return undefined;
  return conflict(`deleted on this computer, but ${within.changed} since this computer last pushed or pulled it; nothing was deleted there`, remoteId, remote);
}

/**
 * The remote record (a 412's, or as read) is not at the version last seen. An update whose values
 * it already holds landed (our own write, its answer lost); anything else is a conflict.
 */
export function changedThere(context: SyncContext, item: QueueItem, flight: Flight, remoteId: string, remote: ApiRecord): Outcome {
  if (flight.op === 'update' && sameAsSent(entitySync(item.entity), flight, remote)) return { kind: 'synced', remoteId, version: recordVersion(remote) };
  const what =
    flight.op === 'delete'
      ? `deleted on this computer, but changed on ${context.env} since this computer last pushed or pulled it; nothing was deleted there`
      : `changed on ${context.env} since this computer last pushed or pulled it; nothing was overwritten there`;
  return conflict(what, remoteId, remote);
}

/** The record the write is for is not on the remote (any more), or the remote will not say. */
export function noLongerThere(context: SyncContext, item: QueueItem, op: string, remoteId: string | undefined): Outcome {
  return { kind: 'conflict', error: `the ${item.entity} no longer exists on ${context.env}, or the remote cannot ${op} it`, ...(remoteId ? { remoteId } : {}) };
}

function unknownVersion(context: SyncContext, flight: Flight, remoteId: string, remote: ApiRecord): Outcome {
  const unknown = `this computer does not know the version of it ${context.env} had when it was last pushed or pulled (it was linked before versions were kept)`;
  return conflict(
    flight.op === 'delete'
      ? `deleted on this computer, but ${unknown}, so it cannot tell whether it changed there; nothing was deleted there`
      : `${unknown}, and ${context.env}'s values differ from this computer's; nothing was overwritten there`,
    remoteId,
    remote,
  );
}

const conflict = (error: string, remoteId: string, remote: ApiRecord): Outcome => ({ kind: 'conflict', error, remoteId, remoteVersion: recordVersion(remote) });

/**
 * The remote record holds exactly every value the update sends (lists as sets: the API keeps no
 * order in them). Exactly: a change of a name's case here is a change to send.
 */
function sameAsSent(sync: EntitySync, flight: Flight, remote: ApiRecord): boolean {
  const payload = (flight.payload ?? {}) as ApiRecord;
  return sync.comparedFields(payload).every((field) => exactly(payload[field]) === exactly(remote[field]));
}

function exactly(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map((item) => JSON.stringify(item)).sort());
  return JSON.stringify(value ?? null);
}

const isRecord = (value: unknown): value is ApiRecord => typeof value === 'object' && value !== null && !Array.isArray(value);
