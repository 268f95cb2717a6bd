import type { SqliteDb } from './database.js';
import { sqliteWriteTransaction } from './sqlite-store.js';

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
 * Runs `work` with the connection's temporary storage in memory, and gives the setting back when it
 * ends. A savepoint inside a transaction journals each page before it first changes it, so that it
 * can be rolled back alone; SQLite keeps that journal in memory up to 64 KiB only, then in a
 * temporary file. A write of many records each in its savepoint (the service's writes inside a
 * pull's page) wrote every page a record touched to that file again: 2 x 44,000 writes for a pull
 * of 2,000 plans, about a tenth of its CPU. In memory, the journal holds one record's pages at a time.
 */
export async function withJournalsInMemory<T>(db: SqliteDb, work: () => Promise<T>): Promise<T> {
  const tempStore = db.pragma('temp_store', { simple: true }) as number;
  db.pragma('temp_store = MEMORY');
  try {
    return await work();
  } finally {
    if (db.open) db.pragma(`temp_store = ${tempStore}`);
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
    sqliteWriteTransaction(db, work);
  } finally {
    db.pragma(`synchronous = ${previous}`);
  }
}
