import type { Provenance } from '../../shared/bridge.js';
import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';
import type { Entity } from './entity.js';

/** Where pulling from one environment (under one division filter) stands. */
export interface PullState {
  /** The feed's cursor: the next pull reads what changed after it. */
  cursor: string | null;
  /** The remote's fingerprint of what the token could see when the cursor was taken. */
  scope: string | null;
  /** A listing of every record under way (its id), or null. */
  listing: string | null;
  last_pull_at: string | null;
}

export function pullState(db: SqliteDb, env: string, filter: string): PullState | undefined {
  return prepared(db, 'SELECT cursor, scope, listing, last_pull_at FROM pull_state WHERE env = ? AND filter = ?').get(env, filter) as PullState | undefined;
}

export function savePullState(db: SqliteDb, env: string, filter: string, state: PullState): void {
  prepared(
    db,
    `INSERT INTO pull_state (env, filter, cursor, scope, listing, last_pull_at) VALUES (@env, @filter, @cursor, @scope, @listing, @last_pull_at)
    ON CONFLICT (env, filter) DO UPDATE SET cursor = @cursor, scope = @scope, listing = @listing, last_pull_at = @last_pull_at`,
  ).run({ env, filter, ...state });
}

/** When anything was last pulled from each environment. */
export function lastPulls(db: SqliteDb): Map<string, string> {
  const rows = prepared(db, 'SELECT env, max(last_pull_at) AS at FROM pull_state WHERE last_pull_at IS NOT NULL GROUP BY env').all() as {
    env: string;
    at: string;
  }[];
  return new Map(rows.map((row) => [row.env, row.at]));
}

export function markSeen(db: SqliteDb, env: string, listing: string, remoteId: string): void {
  prepared(db, 'INSERT INTO pull_seen (env, listing, remote_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(env, listing, remoteId);
}

/** Linked records of `entities` that the finished listing did not name: gone from the remote, or out of sight. */
export function unseenLinked(db: SqliteDb, env: string, listing: string, entity: Entity): { local_id: string; remote_id: string }[] {
  return prepared(
    db,
    `SELECT m.local_id, m.remote_id FROM id_map m WHERE m.env = ? AND m.entity = ?
    AND NOT EXISTS (SELECT 1 FROM pull_seen s WHERE s.env = m.env AND s.listing = ? AND s.remote_id = m.remote_id)`,
  ).all(env, entity, listing) as { local_id: string; remote_id: string }[];
}

export function forgetListing(db: SqliteDb, env: string, listing: string): void {
  prepared(db, 'DELETE FROM pull_seen WHERE env = ? AND listing = ?').run(env, listing);
}

/** The remote record's version (its updated_at) when this workspace last pushed or pulled it. */
export function remoteVersionOf(db: SqliteDb, env: string, localId: string): string | null | undefined {
  return prepared(db, 'SELECT remote_version FROM id_map WHERE env = ? AND local_id = ?').pluck().get(env, localId) as string | null | undefined;
}

export function setRemoteVersion(db: SqliteDb, env: string, localId: string, version: string | null): void {
  prepared(db, 'UPDATE id_map SET remote_version = ? WHERE env = ? AND local_id = ?').run(version, env, localId);
}

/** The record was brought by (or confirmed by) a pull from `env` at `at`; `made`: the pull created it here. */
export function notePulled(db: SqliteDb, env: string, localId: string, version: string | null, at: string, made: boolean): void {
  prepared(db, `UPDATE id_map SET remote_version = ?, pulled_at = ?, pulled = max(pulled, ?) WHERE env = ? AND local_id = ?`).run(
    version,
    at,
    made ? 1 : 0,
    env,
    localId,
  );
}

/** Where each record came from: the environment a pull made it from, when it was last pulled, and whether a change made here since waits to go there. */
export function provenanceOf(db: SqliteDb, localIds: readonly string[]): Map<string, Provenance> {
  if (localIds.length === 0) return new Map();
  const rows = prepared(
    db,
    `SELECT m.local_id, m.env, m.pulled_at,
      EXISTS (SELECT 1 FROM outbox o WHERE o.record_id = m.local_id
        AND o.seq > coalesce((SELECT synced_seq FROM record_sync s WHERE s.env = m.env AND s.record_id = m.local_id), 0)) AS changed_here
    FROM id_map m WHERE m.pulled = 1 AND m.local_id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(localIds)) as { local_id: string; env: string; pulled_at: string | null; changed_here: number }[];
  return new Map(rows.map((row) => [row.local_id, { env: row.env, pulled_at: row.pulled_at, changed_here: row.changed_here === 1 }]));
}

/**
 * Whether the record has a local change `env` has not taken yet: a change after the last one it
 * took, or a refusal (failed, conflict) or a send under way.
 */
export function hasChangeWaiting(db: SqliteDb, env: string, localId: string): boolean {
  return (
    prepared(
      db,
      `SELECT EXISTS (SELECT 1 FROM outbox o WHERE o.record_id = @id
      AND o.seq > coalesce((SELECT synced_seq FROM record_sync s WHERE s.env = @env AND s.record_id = @id), 0))
    OR EXISTS (SELECT 1 FROM record_sync s WHERE s.env = @env AND s.record_id = @id AND s.status IN ('failed', 'conflict', 'in_flight'))`,
    )
      .pluck()
      .get({ env, id: localId }) === 1
  );
}
