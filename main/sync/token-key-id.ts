import { randomUUID } from 'node:crypto';
import type { SqliteDb } from '../store/database.js';
import { getMeta, setMeta } from '../store/meta-store.js';
import { sqliteWriteTransaction } from '../store/sqlite-store.js';

/**
 * The meta entry naming the workspace's token key: a random id, made when a token is first sealed.
 * The key itself is kept in the OS credential store or the user's config folder under this id,
 * never in the workspace, so the workspace keeps its tokens wherever its folder is moved, and a
 * copy of the folder opens them only where that key is (the same user on the same computer).
 */
const TOKEN_KEY_ID = 'token_key_id';

export function tokenKeyId(db: SqliteDb): string | undefined {
  return getMeta(db, TOKEN_KEY_ID);
}

/** The workspace's token key id, made now if it has none (two processes making one at once agree on the first). */
export function makeTokenKeyId(db: SqliteDb): string {
  return sqliteWriteTransaction(db, () => {
    const kept = tokenKeyId(db);
    if (kept !== undefined) return kept;
    const id = randomUUID();
    setMeta(db, TOKEN_KEY_ID, id);
    return id;
  });
}
