import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';

// A workspace's own settings (its local user, its token key's id, a pending history baseline): only
// a workspace has them, so they are read and written on its SQLite connection.

export function getMeta(db: SqliteDb, key: string): string | undefined {
  return prepared(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
}

export function setMeta(db: SqliteDb, key: string, value: string): void {
  prepared(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

export function deleteMeta(db: SqliteDb, key: string): void {
  prepared(db, 'DELETE FROM meta WHERE key = ?').run(key);
}
