import { timeOrderedId } from '../service/time-ordered-id.js';
import { remoteIdOf } from '../store/id-map-store.js';
import type { RecordSync } from '../store/record-sync-store.js';
import type { QueueItem } from '../store/sync-queue-store.js';
import { sleep } from './backoff.js';
import { entitySync } from './entities/index.js';
import type { EntitySync, Flight, Found, SyncContext } from './entities/entity-sync.js';
import { interpret, type Outcome } from './interpret.js';
import { heldTo, readBeforeWrite, type Held } from './last-seen.js';
import { RemoteUnreachableError } from './remote.js';

// One record's way to the remote in a push: the change as it goes out (its flight), the request
// that carries it, and its retries and reconciliation until its outcome is known.

export interface Sendable {
  kind: 'send';
  sync: EntitySync;
  collection: string;
  dependencies: string[];
  remoteId: string | undefined;
  /** Left in flight by an earlier run: already marked, to be reconciled. */
  resumed: boolean;
  flight: Flight;
  /** An update or delete made only over the remote version last seen (last-seen.ts). */
  held: Held | undefined;
}

export type Prepared = Sendable | { kind: 'done'; outcome: Outcome };

export const cannot = (error: string): Prepared => ({ kind: 'done', outcome: { kind: 'failed', error } });

/** Where the record's entity lives on the remote, from its local API path (e.g. /plans/dental/). */
export const collectionOf = (item: QueueItem) => item.path.slice(0, item.path.length - item.record_id.length - 1);

/** A change ready to go out, with a fresh Idempotency-Key. */
export function sendable(
  context: SyncContext,
  item: QueueItem,
  sync: EntitySync,
  op: string,
  collection: string,
  payload: Record<string, unknown>,
  dependencies: string[],
  remoteId: string | undefined,
  snapshot: string[] | null = null,
): Sendable {
  return {
    kind: 'send',
    sync,
    collection,
    dependencies,
    remoteId,
    resumed: false,
    flight: { seq: item.last_seq, op, payload, json: JSON.stringify(payload), key: timeOrderedId(), snapshot },
    held: heldTo(context, sync, item, op, remoteId),
  };
}

/** A record left in flight by an interrupted run: same payload, same idempotency key, reconciled first. */
export function resumed(context: SyncContext, item: QueueItem, state: RecordSync): Sendable {
  const payload: unknown = JSON.parse(state.in_flight_payload ?? 'null') ?? {};
  const sync = entitySync(item.entity);
  const remoteId = remoteIdOf(context.db, context.env, item.record_id);
  return {
    kind: 'send',
    sync,
    collection: collectionOf(item),
    dependencies: [],
    remoteId,
    resumed: true,
    // The version last seen stays as it was while the record is in flight: the same precondition as when it was sent.
    held: heldTo(context, sync, item, state.in_flight_op!, remoteId),
    flight: {
      seq: state.in_flight_seq!,
      op: state.in_flight_op!,
      payload,
      json: JSON.stringify(payload),
      key: state.in_flight_key!,
      snapshot: state.in_flight_snapshot ? (JSON.parse(state.in_flight_snapshot) as string[]) : null,
    },
  };
}

/**
 * Sends one record, retrying what may be retried; an unknown outcome is reconciled before any
 * resend. A write held to the version last seen that is read first is read again before each
 * attempt, so our own write, landed without its answer, is known as ours. When the remote stays
 * unreachable, the record waits for the next run (still in flight if it was sent, so that run
 * reconciles it first).
 */
export async function send(context: SyncContext, item: QueueItem, prepared: Sendable, signal: AbortSignal | undefined): Promise<Outcome> {
  const { flight, held } = prepared;
  const { session } = context;
  let reconcileFirst = prepared.resumed && flight.op === 'create';
  try {
    for (let attempt = 0; ; attempt += 1) {
      signal?.throwIfAborted();
      if (reconcileFirst) {
        const found = await prepared.sync.reconcile(context, flight, prepared.collection);
        if (found.kind !== 'absent') return adopt(found);
        reconcileFirst = false;
      }
      if (held?.readFirst) {
        const path = `${prepared.collection}${prepared.remoteId!}/`;
        const known = await readBeforeWrite(context, item, prepared.sync, flight, path, prepared.remoteId!, held);
        if (known !== undefined) return known;
      }
      const result = await session.attempt(() => request(context, prepared), attempt);
      if (result.kind === 'answer') {
        return await interpret(context, item, flight, prepared.remoteId, result.response, () => prepared.sync.reconcile(context, flight, prepared.collection));
      }
      reconcileFirst = result.unknown && flight.op === 'create';
      await sleep(result.wait, signal);
    }
  } catch (error) {
    if (error instanceof RemoteUnreachableError) return { kind: 'waiting', error: error.message };
    throw error;
  }
}

function request(context: SyncContext, prepared: Sendable) {
  const { flight, collection, remoteId, sync, held } = prepared;
  const { session } = context;
  switch (flight.op) {
    case 'create':
      return session.send('POST', collection, flight.json, flight.key);
    case 'update':
      return session.send('PUT', `${collection}${remoteId}/`, flight.json, flight.key, held?.ifMatch);
    case 'delete':
      return session.send('DELETE', `${collection}${remoteId}/`, undefined, flight.key, held?.ifMatch);
    default: {
      if (!sync.request) throw new Error(`unknown sync operation ${flight.op} for ${sync.entity}s`);
      return sync.request(context, flight, remoteId!);
    }
  }
}

function adopt(found: Exclude<Found, { kind: 'absent' }>): Outcome {
  return found.kind === 'conflict'
    ? {
        kind: 'conflict',
        error: found.error,
        ...(found.remoteId ? { remoteId: found.remoteId } : {}),
        ...(found.version ? { remoteVersion: found.version } : {}),
      }
    : { kind: 'synced', remoteId: found.remoteId, ...(found.version ? { version: found.version } : {}) };
}
