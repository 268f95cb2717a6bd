import { sql, type Db } from './database.js';

export function insertAccount(db: Db, id: string, name: string, at: string): void {
  sql(db, 'INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)').run(id, name, at);
}

export function getMeta(db: Db, key: string): string | undefined {
  return sql(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
}

export function setMeta(db: Db, key: string, value: string): void {
  sql(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

export function getAccountName(db: Db, id: string): string | undefined {
  return sql(db, 'SELECT name FROM accounts WHERE id = ?').pluck().get(id) as string | undefined;
}

export function deleteMeta(db: Db, key: string): void {
  sql(db, 'DELETE FROM meta WHERE key = ?').run(key);
}
