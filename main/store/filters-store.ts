import { sql, type Db } from './database.js';

export const STANDARD_FILTERS = ['Government Contractor', 'Non-Profit Organization'] as const;

export function accountFilterIds(db: Db, accountId: string): Set<string> {
  return new Set(sql(db, 'SELECT id FROM filters WHERE account_id = ?').pluck().all(accountId) as string[]);
}

export function listFilters(db: Db, accountId: string): { id: string; name: string }[] {
  return sql(db, 'SELECT id, name FROM filters WHERE account_id = ? ORDER BY name').all(accountId) as { id: string; name: string }[];
}

export function insertFilter(db: Db, id: string, accountId: string, name: string): void {
  sql(db, 'INSERT INTO filters (id, account_id, name) VALUES (?, ?, ?)').run(id, accountId, name);
}

export function filterName(db: Db, id: string): string | undefined {
  return sql(db, 'SELECT name FROM filters WHERE id = ?').pluck().get(id) as string | undefined;
}

export function filterIdByName(db: Db, accountId: string, name: string): string | undefined {
  return sql(db, 'SELECT id FROM filters WHERE account_id = ? AND name = ?').pluck().get(accountId, name) as string | undefined;
}
