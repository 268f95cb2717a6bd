import { sql, type Db } from './database.js';

export async function insertAccount(db: Db, id: string, name: string, at: string): Promise<void> {
  await sql(db, 'INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)').run(id, name, at);
}

export async function getAccountName(db: Db, id: string): Promise<string | undefined> {
  return (await sql(db, 'SELECT name FROM accounts WHERE id = ?').pluck().get(id)) as string | undefined;
}
