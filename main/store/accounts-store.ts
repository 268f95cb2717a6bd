import { sql, type Db } from './database.js';

export async function insertAccount(db: Db, id: string, name: string, at: string): Promise<void> {
  await sql(db, 'INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)').run(id, name, at);
}

export async function getMeta(db: Db, key: string): Promise<string | undefined> {
  return (await sql(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(key)) as string | undefined;
}

export async function setMeta(db: Db, key: string, value: string): Promise<void> {
  await sql(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

export async function getAccountName(db: Db, id: string): Promise<string | undefined> {
  return (await sql(db, 'SELECT name FROM accounts WHERE id = ?').pluck().get(id)) as string | undefined;
}
