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
 */
export function workspaceKey(keeper: KeyKeeper, db: SqliteDb, workspaceDir: string, make: boolean): Buffer | null {
  const id = tokenKeyId(db);
  const kept = id === undefined ? null : keeper.read(id);
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
  return make ? keeper.create(id ?? makeTokenKeyId(db)) : null;
}
