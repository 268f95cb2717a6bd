import { sql, type Db } from './database.js';

export const STANDARD_FILTERS = ['Government Contractor', 'Non-Profit Organization'] as const;

export async function accountFilterIds(db: Db, accountId: string): Promise<Set<string>> {
  return new Set((await sql(db, 'SELECT id FROM filters WHERE account_id = ?').pluck().all(accountId)) as string[]);
}

export async function listFilters(db: Db, accountId: string): Promise<{ id: string; name: string }[]> {
  return (await sql(db, 'SELECT id, name FROM filters WHERE account_id = ? ORDER BY name').all(accountId)) as { id: string; name: string }[];
}

export async function insertFilter(db: Db, id: string, accountId: string, name: string): Promise<void> {
  await sql(db, 'INSERT INTO filters (id, account_id, name) VALUES (?, ?, ?)').run(id, accountId, name);
}

export async function filterName(db: Db, id: string): Promise<string | undefined> {
  return (await sql(db, 'SELECT name FROM filters WHERE id = ?').pluck().get(id)) as string | undefined;
}

export async function filterIdByName(db: Db, accountId: string, name: string): Promise<string | undefined> {
  return (await sql(db, 'SELECT id FROM filters WHERE account_id = ? AND name = ?').pluck().get(accountId, name)) as string | undefined;
}
