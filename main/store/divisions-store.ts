import { isPostgres, sql, type Db } from './database.js';
import { foldCase, isAscii, NON_ASCII } from './text.js';

export interface DivisionRow {
  id: string;
  account_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export async function getDivisionRow(db: Db, id: string): Promise<DivisionRow | undefined> {
  return (await sql(db, 'SELECT * FROM divisions WHERE id = ?').get(id)) as DivisionRow | undefined;
}

export async function accountDivisionIds(db: Db, accountId: string): Promise<string[]> {
  return (await sql(db, 'SELECT id FROM divisions WHERE account_id = ?').pluck().all(accountId)) as string[];
}

/** The division of the account with this name, without regard to case, beyond ASCII too (as employers' names and users' e-mails). */
export async function findDivisionIdByName(db: Db, accountId: string, name: string): Promise<string | undefined> {
  const id = (await sql(db, 'SELECT id FROM divisions WHERE account_id = ? AND name = ? COLLATE NOCASE').pluck().get(accountId, name)) as string | undefined;
  // PostgreSQL's nocase collation folds case beyond ASCII already; SQLite's NOCASE leaves it to foldCase.
  if (id !== undefined || isAscii(name) || isPostgres(db)) return id;
  const folded = foldCase(name);
  const rows = (await sql(db, `SELECT id, name FROM divisions WHERE account_id = ? AND ${NON_ASCII('name')}`).all(accountId)) as { id: string; name: string }[];
  return rows.find((row) => foldCase(row.name) === folded)?.id;
}

export async function insertDivision(db: Db, row: DivisionRow): Promise<void> {
  await sql(db, 'INSERT INTO divisions (id, account_id, name, created_at, updated_at) VALUES (@id, @account_id, @name, @created_at, @updated_at)').run(row);
}

export async function renameDivision(db: Db, id: string, name: string, at: string): Promise<void> {
  await sql(db, 'UPDATE divisions SET name = ?, updated_at = ? WHERE id = ?').run(name, at, id);
}

export async function deleteDivision(db: Db, id: string): Promise<void> {
  await sql(db, 'DELETE FROM divisions WHERE id = ?').run(id);
}

export async function listDivisions(db: Db, accountId: string): Promise<{ id: string; name: string }[]> {
  return (await sql(db, 'SELECT id, name FROM divisions WHERE account_id = ? ORDER BY name COLLATE NOCASE, id').all(accountId)) as {
    id: string;
    name: string;
  }[];
}

export async function memberEmails(db: Db, divisionId: string): Promise<string[]> {
  return (await sql(
    db,
    `SELECT users.email FROM division_members JOIN users ON users.id = division_members.user_id
    WHERE division_members.division_id = ? ORDER BY division_members.added_at, division_members.rowid`,
  )
    .pluck()
    .all(divisionId)) as string[];
}

export async function divisionEmployerIds(db: Db, divisionId: string): Promise<string[]> {
  return (await sql(db, 'SELECT id FROM employers WHERE division_id = ? ORDER BY created_at, id').pluck().all(divisionId)) as string[];
}
