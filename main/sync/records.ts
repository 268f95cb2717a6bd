import { recordVersion } from '../service/record-version.js';
import type { Entity } from '../store/entity.js';
import { filterName } from '../store/filters-store.js';
import type { SyncContext } from './entities/entity-sync.js';
import { filterMappings } from '../store/environments-store.js';
import { foldName } from './session.js';
import { remoteIdOf } from '../store/id-map-store.js';

/** A reference the remote cannot be given yet: the record it names has no remote id there. */
export class MissingDependency extends Error {
  constructor(
    readonly localId: string,
    readonly entity: Entity,
    what: string = entity,
  ) {
    super(`waiting for ${what} ${localId} to reach the remote first`);
  }
}

/** A reference that can never be mapped without a person's help (e.g. a filter with no counterpart). */
export class UnmappableReference extends Error {}

/** The remote id of a referenced local record; throws MissingDependency while it has none. */
export function mapped(context: SyncContext, localId: string, entity: Entity, what?: string): string {
  const remoteId = remoteIdOf(context.db, context.env, localId);
  if (remoteId === undefined) throw new MissingDependency(localId, entity, what);
  return remoteId;
}

/** Filters are matched by name: from the remote's list where it offers one, else as mapped by hand. */
export async function mapFilter(context: SyncContext, localId: string): Promise<string> {
  const name = await filterName(context.store, localId);
  if (name === undefined) throw new UnmappableReference(`filter ${localId} does not exist locally`);
  const remoteId = context.session.capabilities.filters?.get(name) ?? filterMappings(context.db, context.env).get(name);
  if (remoteId === undefined) {
    throw new UnmappableReference(
      `filter '${name}' has no counterpart on ${context.env}; map it with \`plandesk env map-filter ${context.env} --filter "${name}" --remote-id ID\``,
    );
  }
  return remoteId;
}

/** The fields (among `fields`) where a remote record differs from what we sent; lists compare as sets, text ignoring case. */
export function differences(sent: Record<string, unknown>, remote: Record<string, unknown>, fields: string[] = Object.keys(sent)): string[] {
  const normal = (value: unknown): string => {
    if (Array.isArray(value)) return JSON.stringify(value.map((item) => normal(item)).sort());
    if (typeof value === 'string') return JSON.stringify(foldName(value));
    return JSON.stringify(value ?? null);
  };
  return fields.filter((field) => normal(sent[field]) !== normal(remote[field]));
}

/** The outcome of comparing a remote record found by its key with what we sent. */
export function compareFound(
  context: SyncContext,
  entity: Entity,
  fields: string[],
  payload: Record<string, unknown>,
  remoteId: string,
  remote: Record<string, unknown>,
) {
  const differing = differences(payload, remote, fields);
  const version = recordVersion(remote);
  return differing.length === 0
    ? { kind: 'found' as const, remoteId, version }
    : {
        kind: 'conflict' as const,
        remoteId,
        version,
        error: `${context.env} already has this ${entity} (${remoteId}) with different ${differing.join(', ')}; nothing was overwritten`,
      };
}
