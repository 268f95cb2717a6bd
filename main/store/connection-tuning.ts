import { writeTransaction, type SqliteDb } from './database.js';

/**
 * Runs `work` with the connection's page cache held to `kib` KiB, and gives the cache size back
 * when it ends (unless the connection was closed under it: then there is nothing to give back).
 */
export async function withPageCache<T>(db: SqliteDb, kib: number, work: () => Promise<T>): Promise<T> {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = ${-kib}`);
  try {
    return await work();
  } finally {
    if (db.open) db.pragma(`cache_size = ${cacheSize}`);
  }
}

/**
 * One transaction without an fsync of its own (WAL, `synchronous = NORMAL`): the next commit that
 * waits for the disk makes it durable. Only for writes whose loss in a power cut is safe.
 */
export function withoutWaitingForDisk(db: SqliteDb, work: () => void): void {
  const previous = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    writeTransaction(db, work);
  } finally {
    db.pragma(`synchronous = ${previous}`);
  }
}
