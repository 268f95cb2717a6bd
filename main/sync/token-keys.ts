import type { SqliteDb } from '../store/database.js';
import { makeTokenKeyId, tokenKeyId } from './token-key-id.js';

/**
 * One place where workspaces' token keys (32 random bytes each) are kept: the OS credential store,
 * or the key files of the user's config folder. The store's methods throw when it cannot be reached.
 */
export interface KeyKeeper {
  /** The key kept under a workspace's token key id, or null. */
  read(id: string): Buffer | null;
  /** Makes and keeps a random key under `id`, unless one is there already: answers the one kept. */
  create(id: string): Buffer;
  /** The key an earlier version kept for the workspace folder (named by the folder's path), or null. */
  readFormer(workspaceDir: string): Buffer | null;
  /** Keeps that former key under `id` and forgets it where it was. */
  adoptFormer(workspaceDir: string, id: string, key: Buffer): void;
}

/**
 * The key of the workspace's tokens in `keeper`: the one kept under the workspace's token key id;
 * else one an earlier version kept by the folder's path, kept under the id from then on (so the
 * workspace keeps it when its folder moves); else a new one when `make` (sealing), or null.
 * Sealing needs the keeper itself: where it cannot be reached, its error is thrown (and the key
 * file takes over). Opening may still find a former key where the keeper's own place cannot be
 * reached (the kernel keyring of a server without a Secret Service, where the previous version
 * kept it).
 */
export function workspaceKey(keeper: KeyKeeper, db: SqliteDb, workspaceDir: string, make: boolean): Buffer | null {
  // Sealing makes the id first, so that its keeper is asked (and found unreachable, if it is) before any former key.
  const id = make ? makeTokenKeyId(db) : tokenKeyId(db);
  let kept: Buffer | null = null;
  let unreachable: { error: unknown } | undefined;
  try {
    kept = id === undefined ? null : keeper.read(id);
  } catch (error) {
    if (make) throw error;
    unreachable = { error };
  }
  if (kept) return kept;
  const former = keeper.readFormer(workspaceDir);
  if (former) {
    try {
      keeper.adoptFormer(workspaceDir, id ?? makeTokenKeyId(db), former);
    } catch {
      // A read-only workspace, or a store that reads but cannot write here: the former key still
      // opens the tokens, from where it is; it moves under the id at a later open.
    }
    return former;
  }
  if (unreachable) throw unreachable.error;
  return id !== undefined && make ? keeper.create(id) : null;
}
