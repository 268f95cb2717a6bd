import type { Flight, Found, SyncContext } from './entities/entity-sync.js';
import { changedThere, noLongerThere } from './last-seen.js';
import type { RemoteResponse } from './remote.js';
import { recordVersion } from '../service/record-version.js';
import { localIdOf } from '../store/id-map-store.js';
import type { QueueItem } from '../store/sync-queue-store.js';

export type Outcome =
  /**
   * `remoteId` is mapped, or the mapping dropped after a delete, in the same transaction as the
   * state; `version`: the remote record's version as the answer showed it (service/record-version.ts),
   * when the answer showed the record.
   */
  | { kind: 'synced'; remoteId?: string; unmapped?: boolean; version?: string }
  /** `field`: the field a 400 rejected. */
  | { kind: 'failed'; error: string; field?: string }
  /** `remoteId`: the remote record ours clashes with, when known, and `remoteVersion` its version as met. */
  | { kind: 'conflict'; error: string; remoteId?: string; remoteVersion?: string }
  | { kind: 'waiting'; error: string };

/** What a 2xx or 4xx answer to a record's request means for that record. */
export async function interpret(
  context: SyncContext,
  item: QueueItem,
  flight: Flight,
  remoteId: string | undefined,
  response: RemoteResponse,
  reconcile: () => Promise<Found>,
): Promise<Outcome> {
  const body = (response.body ?? {}) as Record<string, unknown>;
  if (response.status >= 200 && response.status < 300) {
    if (flight.op === 'delete') return { kind: 'synced', unmapped: true };
    const id = remoteId ?? (body.id as string | undefined);
    if (typeof id !== 'string') return { kind: 'failed', error: `the remote answered ${response.status} without an id` };
    // An answer that is not the record itself (a division's members, added one by one) tells no version.
    return { kind: 'synced', remoteId: id, ...(body.id === id ? { version: recordVersion(body) } : {}) };
  }
  if (response.status === 404 && flight.op === 'delete') return { kind: 'synced', unmapped: true };
  if (response.status === 400 && flight.op === 'create' && JSON.stringify(body).includes('already exists'))
    return foundOutcome(context, body, await reconcile());
  if (response.status === 412 && remoteId !== undefined && typeof body.id === 'string') return changedThere(context, item, flight, remoteId, body);
  if (response.status === 404 && flight.op !== 'create') return noLongerThere(context, item, flight.op, remoteId);
  if (response.status === 405) return { kind: 'failed', error: `the remote cannot ${flight.op} ${item.entity}s: ${localErrors(context, body)}` };
  if (response.status === 403) return { kind: 'failed', error: `${permissionRefusal(context.env)}: ${localErrors(context, body)}` };
  const field = Object.keys(body).find((key) => !GENERAL.has(key));
  return { kind: 'failed', error: `${context.env} refused it (${response.status}): ${localErrors(context, body)}`, ...(field !== undefined ? { field } : {}) };
}

/** How a change refused for permission (403) begins its reason: no retry gets it through, so the sync center offers to discard it. */
const permissionRefusal = (env: string) => `the token of ${env} may not do this`;

/** Whether a record's reason says `env` refused its change for permission. */
export function isPermissionRefusal(env: string, reason: string | null): boolean {
  return reason !== null && reason.startsWith(`${permissionRefusal(env)}:`);
}

/** A record whose create the remote says it already has, as looked up there. */
function foundOutcome(context: SyncContext, body: Record<string, unknown>, found: Found): Outcome {
  const version = found.kind !== 'absent' && found.version !== undefined ? { version: found.version } : {};
  if (found.kind === 'found') return { kind: 'synced', remoteId: found.remoteId, ...version };
  if (found.kind === 'conflict') {
    return {
      kind: 'conflict',
      error: found.error,
      ...(found.remoteId ? { remoteId: found.remoteId } : {}),
      ...(found.version ? { remoteVersion: found.version } : {}),
    };
  }
  return { kind: 'conflict', error: `the remote says it already exists but it cannot be identified there: ${localErrors(context, body)}` };
}

/** Keys of an error body that name no field. */
const GENERAL = new Set(['detail', 'non_field_errors']);

/** The remote's error body in words (`field: message; ...`), its ids written back as our local ids. */
function localErrors(context: SyncContext, body: Record<string, unknown>): string {
  const words = Object.entries(body)
    .map(([key, value]) => (GENERAL.has(key) ? inWords(value) : `${key}: ${inWords(value)}`))
    .join('; ');
  return words.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => localIdOf(context.db, context.env, id.toLowerCase()) ?? id);
}

function inWords(value: unknown): string {
  if (Array.isArray(value)) return value.map(inWords).join(' ');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${inWords(inner)}`)
      .join('; ');
  }
  return String(value);
}
