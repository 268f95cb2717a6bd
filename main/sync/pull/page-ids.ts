import type { Change } from '../../../shared/sync-wire.js';
import type { SqliteDb } from '../../store/database.js';
import type { Entity } from '../../store/entity.js';
import { localIdOf, localIdsOf, mapIds, mapPulledIds, unmapId } from '../../store/id-map-store.js';

/**
 * The environment's id map as one page of pulled changes meets it: the local ids of every remote
 * id the page names, read in one query when the page begins, and kept as the page links and
 * unlinks records. A pulled plan looked its own id and its employer's up three times, one query
 * each. Only a pull writes the map, and a page is applied in one write transaction, so nothing
 * else changes it meanwhile; each page (each `begin`) reads it anew.
 */
export class PageIds {
  /** Remote id to local id; undefined: known not to be linked. */
  private readonly local = new Map<string, string | undefined>();
  /** Local id to remote id, for what this page linked or read. */
  private readonly remote = new Map<string, string>();

  constructor(
    private readonly db: SqliteDb,
    private readonly env: string,
  ) {}

  /** Forgets what the last page knew and reads the links of every remote id `changes` name. */
  begin(changes: readonly Change[]): void {
    this.local.clear();
    this.remote.clear();
    const named = remoteIdsNamed(changes);
    const linked = localIdsOf(this.db, this.env, named);
    for (const remoteId of named) this.know(remoteId, linked.get(remoteId));
  }

  localIdOf(remoteId: string): string | undefined {
    if (!this.local.has(remoteId)) this.know(remoteId, localIdOf(this.db, this.env, remoteId));
    return this.local.get(remoteId);
  }

  /** Links the two; `made`: the pull made the record here from the remote one at `made.at`, whose version is `made.version`. */
  link(entity: Entity, localId: string, remoteId: string, made?: { version: string | null; at: string }): void {
    if (made) mapPulledIds(this.db, this.env, entity, localId, remoteId, made.version, made.at);
    else mapIds(this.db, this.env, entity, localId, remoteId);
    // The local record's earlier remote id, if it had one, no longer stands for it.
    this.forget(localId);
    this.know(remoteId, localId);
  }

  unlink(localId: string): void {
    unmapId(this.db, this.env, localId);
    this.forget(localId);
  }

  private know(remoteId: string, localId: string | undefined): void {
    this.local.set(remoteId, localId);
    if (localId !== undefined) this.remote.set(localId, remoteId);
  }

  private forget(localId: string): void {
    const remoteId = this.remote.get(localId);
    if (remoteId !== undefined) this.local.set(remoteId, undefined);
    this.remote.delete(localId);
  }
}

/** Each record's own id, and the ids its references hold (a plan's employer and prior plan, an employer's division, a user's divisions). */
function remoteIdsNamed(changes: readonly Change[]): string[] {
  const ids = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string') ids.add(value);
  };
  for (const change of changes) {
    ids.add(change.id);
    const record = change.record;
    if (record === null) continue;
    add(record.employer);
    add(record.from_plan);
    add(record.division);
    if (Array.isArray(record.division_ids)) for (const id of record.division_ids) add(id);
  }
  return [...ids];
}
