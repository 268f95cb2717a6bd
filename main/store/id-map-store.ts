import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';
import type { Entity } from './entity.js';

/** The id a local record has on an environment, once it is there. */
export function remoteIdOf(db: SqliteDb, env: string, localId: string): string | undefined {
  return prepared(db, 'SELECT remote_id FROM id_map WHERE env = ? AND local_id = ?').pluck().get(env, localId) as string | undefined;
}

export function localIdOf(db: SqliteDb, env: string, remoteId: string): string | undefined {
  // Every entity named, so the lookup goes through the (env, entity, remote_id) index instead of scanning the environment's rows.
  return prepared(db, `SELECT local_id FROM id_map WHERE env = ? AND entity IN ('division', 'user', 'employer', 'plan') AND remote_id = ?`)
    .pluck()
    .get(env, remoteId) as string | undefined;
}

/** `localIdOf` for many remote ids in one query: the ones linked on `env`, by remote id (the first entity by name, as `localIdOf` finds it). */
export function localIdsOf(db: SqliteDb, env: string, remoteIds: readonly string[]): Map<string, string> {
  const rows = prepared(
    db,
    `SELECT remote_id, local_id FROM id_map WHERE env = ? AND entity IN ('division', 'user', 'employer', 'plan')
    AND remote_id IN (SELECT value FROM json_each(?)) ORDER BY entity DESC`,
  ).all(env, JSON.stringify(remoteIds)) as { remote_id: string; local_id: string }[];
  return new Map(rows.map((row) => [row.remote_id, row.local_id]));
}

/** The local record a remote id stands for in any environment (the first by name). */
export function localIdOfAnyRemote(db: SqliteDb, remoteId: string): string | undefined {
  return prepared(db, 'SELECT local_id FROM id_map WHERE remote_id = ? ORDER BY env LIMIT 1').pluck().get(remoteId) as string | undefined;
}

export function mapIds(db: SqliteDb, env: string, entity: Entity, localId: string, remoteId: string): void {
  prepared(
    db,
    'INSERT INTO id_map (env, entity, local_id, remote_id) VALUES (?, ?, ?, ?) ON CONFLICT (env, local_id) DO UPDATE SET remote_id = excluded.remote_id',
  ).run(env, entity, localId, remoteId);
}

/** `mapIds` of a record a pull made here from `remoteId`, with what `notePulled` notes of it, in one statement. */
export function mapPulledIds(db: SqliteDb, env: string, entity: Entity, localId: string, remoteId: string, version: string | null, at: string): void {
  prepared(
    db,
    `INSERT INTO id_map (env, entity, local_id, remote_id, remote_version, pulled_at, pulled) VALUES (?, ?, ?, ?, ?, ?, 1)
    ON CONFLICT (env, local_id) DO UPDATE SET remote_id = excluded.remote_id, remote_version = excluded.remote_version, pulled_at = excluded.pulled_at, pulled = 1`,
  ).run(env, entity, localId, remoteId, version, at);
}

export function unmapId(db: SqliteDb, env: string, localId: string): void {
  prepared(db, 'DELETE FROM id_map WHERE env = ? AND local_id = ?').run(env, localId);
}

/**
 * Once an employer's delete is on the remote, its plans are gone there too (the service deletes
 * them with it), as they went here: plans that no longer exist here and were never deleted on
 * their own lose their mapping.
 */
export function unmapPlansDeletedWithEmployers(db: SqliteDb, env: string): void {
  prepared(
    db,
    `DELETE FROM id_map WHERE env = ? AND entity = 'plan'
    AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.id = id_map.local_id)
    AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.record_id = id_map.local_id AND o.op = 'delete')`,
  ).run(env);
}
