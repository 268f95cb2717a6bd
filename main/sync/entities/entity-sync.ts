import type { Entity } from '../../store/entity.js';
import type { Db, SqliteDb } from '../../store/database.js';
import type { FlightMark } from '../../store/record-sync-store.js';
import type { Outcome } from '../interpret.js';
import type { RemoteResponse } from '../remote.js';
import type { RemoteSession } from '../session.js';
import { localIdOf } from '../../store/id-map-store.js';
import type { QueueItem } from '../../store/sync-queue-store.js';

/** What the remote needs to take one local record. */
export interface RemoteDescription {
  /** Where to POST a new record. */
  collection: string;
  /** The body with every reference rewritten to the remote's ids. */
  payload: Record<string, unknown>;
  /** Local ids the record refers to, which must be on the remote first. */
  dependencies: string[];
}

/** The change as it goes out: kept with the record while it is in flight (FlightMark), so an interrupted run can resume it. */
export interface Flight extends FlightMark {
  payload: unknown;
}

/**
 * How a record is looked up on the remote after an unknown outcome, by what identifies it there;
 * `version`: the remote record's version (service/record-version.ts), where it was read.
 */
export type Found =
  { kind: 'found'; remoteId: string; version?: string } | { kind: 'conflict'; error: string; remoteId?: string; version?: string } | { kind: 'absent' };

/** An update to send, or the reason it cannot go to this remote. */
export type UpdatePlan = { op: string; payload: Record<string, unknown> } | { cannot: string };

/** What an entity module may use: the workspace database, the environment's name and the remote. */
export interface SyncContext {
  /** The workspace's SQLite connection, for its own stores (id map, sync states, outbox). */
  db: SqliteDb;
  /** The same connection as the service's store, for the records themselves. */
  store: Db;
  env: string;
  session: RemoteSession;
}

/**
 * Everything about pushing one entity: how a local record becomes the remote's body, how it is
 * updated there, how a lost answer is reconciled (how the remote record is identified) and which
 * fields are compared. The run itself (order, concurrency, retries, progress) knows none of this.
 */
export interface EntitySync {
  entity: Entity;
  /**
   * Its updates and deletes are made only over the remote version this workspace last saw
   * (last-seen.ts): the record is replaced or deleted whole there. Divisions are not: their members
   * are added and removed one by one, never replaced.
   */
  versioned: boolean;
  /**
   * The remote's body for the local record as the local service returns it (`path`: its local API
   * path, where the caller has it); throws MissingDependency or UnmappableReference.
   */
  describe(context: SyncContext, local: Record<string, unknown>, path?: string): Promise<RemoteDescription>;
  /**
   * The local records of a page of the queue, read in one query each kind, with every field
   * `describe` uses; a record that no longer exists is left out. Without it, each record is read
   * through the local router.
   */
  readPage?(db: Db, items: readonly QueueItem[]): Promise<Map<string, Record<string, unknown>>>;
  /** The fields that say whether the remote record is the same as ours (`differences` is compared on these). */
  comparedFields(payload: Record<string, unknown>): string[];
  /** For a record never pushed: a remote record it already is (divisions are shared by name). */
  existing?(context: SyncContext, description: RemoteDescription): Promise<string | undefined>;
  /** How a change to a record the remote has goes out. */
  update(context: SyncContext, item: QueueItem, description: RemoteDescription, remoteId: string): Promise<UpdatePlan> | UpdatePlan;
  /** Operations of this entity beyond create, update (PUT) and delete. */
  request?(context: SyncContext, flight: Flight, remoteId: string): Promise<RemoteResponse>;
  /** Finds the record on the remote after an unknown outcome and compares it with what was sent. */
  reconcile(context: SyncContext, flight: Flight, collection: string): Promise<Found>;
  /** For a create: what to remember beforehand so that `reconcile` can tell ours apart. */
  snapshot?(context: SyncContext, description: RemoteDescription): Promise<string[] | null>;
  /** After a record's outcome is recorded (its id mapped when it is synced). */
  afterOutcome?(context: SyncContext, flight: Flight, outcome: Outcome): void;
  /** Creates that must not go out side by side (same group), where the remote cannot tell them apart. */
  exclusiveGroup?(context: SyncContext, flight: Flight, collection: string): string | undefined;
  /** A referenced record that was never queued (the division `local init` made): matched on the remote. */
  matchUnqueued?(context: SyncContext, localId: string): Promise<boolean>;
  /** After the remote took a delete of this record. */
  afterDelete?(context: SyncContext): void;
  /**
   * For a delete that takes other records with it there (an employer's plans), as read there with
   * `remote` (the record as read just before the delete): why one of them changed there since this
   * workspace last saw it, or was made there (else undefined); each one's version (`seen`, by
   * remote id), and the version of them all.
   */
  takenWith?(context: SyncContext, remote: Record<string, unknown>): Promise<{ changed: string | undefined; seen: Record<string, string>; version: string }>;
  /** The local records this one refers to, which must reach the remote first. */
  dependsOn(db: Db, localId: string): Promise<string[]>;
  /**
   * The local record's body (as the local API takes it) with the remote record's values: what
   * "take remote" writes. References the workspace cannot map back stay as they are here.
   */
  toLocal(context: SyncContext, remote: Record<string, unknown>, local: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** The remote record's value for each plain field, the local value for every other. */
export function withRemoteValues(local: Record<string, unknown>, remote: Record<string, unknown>, plainFields: string[]): Record<string, unknown> {
  const body = { ...local };
  for (const field of plainFields) if (field in remote) body[field] = remote[field];
  return body;
}

/** A remote reference written back as the local id, or the local value when the workspace does not know it. */
export function localReference(context: SyncContext, remoteId: unknown, fallback: unknown): unknown {
  if (typeof remoteId !== 'string') return remoteId ?? fallback;
  return localIdOf(context.db, context.env, remoteId) ?? fallback;
}

/** Updates with PUT where the remote offers it beyond the 2.2.1 operations. */
export function putWhereOffered(context: SyncContext, entity: Entity, payload: Record<string, unknown>): UpdatePlan {
  if (context.session.capabilities.extras) return { op: 'update', payload };
  return { cannot: `the remote cannot update ${entity}s (it offers only the 2.2.1 operations); the change stays local` };
}
