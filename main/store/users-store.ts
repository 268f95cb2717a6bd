import { isPostgres, sql, type Db } from './database.js';
import { foldCase, isAscii, NON_ASCII } from './text.js';

export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  is_admin: number;
  created_at: string;
  updated_at: string;
}

export function getUserRow(db: Db, id: string): UserRow | undefined {
  return sql(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  // No stored e-mail holds a NUL (every write refuses one), and PostgreSQL refuses it in any text it is sent.
  if (email.includes('\u0000')) return undefined;
  const row = sql(db, 'SELECT * FROM users WHERE email = ? COLLATE NOCASE').get(email) as UserRow | undefined;
  // PostgreSQL's nocase collation folds case beyond ASCII already; SQLite's NOCASE leaves it to foldCase.
  if (row !== undefined || isAscii(email) || isPostgres(db)) return row;
  const folded = foldCase(email);
  return (sql(db, `SELECT * FROM users WHERE ${NON_ASCII('email')}`).all() as UserRow[]).find((user) => foldCase(user.email) === folded);
}

export function usernameTaken(db: Db, username: string): boolean {
  return sql(db, 'SELECT 1 FROM users WHERE username = ?').pluck().get(username) !== undefined;
}

export function insertUser(db: Db, row: UserRow): void {
  sql(
    db,
    `INSERT INTO users (id, account_id, email, username, first_name, last_name, is_admin, created_at, updated_at)
    VALUES (@id, @account_id, @email, @username, @first_name, @last_name, @is_admin, @created_at, @updated_at)`,
  ).run(row);
}

export function updateUser(db: Db, row: UserRow): void {
  sql(db, 'UPDATE users SET email = @email, first_name = @first_name, last_name = @last_name, updated_at = @updated_at WHERE id = @id').run(row);
}

export function setUserAdmin(db: Db, id: string, isAdmin: boolean, at: string): void {
  sql(db, 'UPDATE users SET is_admin = ?, updated_at = ? WHERE id = ?').run(isAdmin ? 1 : 0, at, id);
}

export function deleteUser(db: Db, id: string): void {
  sql(db, 'DELETE FROM users WHERE id = ?').run(id);
}

export function listUsers(db: Db, accountId: string): { id: string; email: string; username: string }[] {
  return sql(db, 'SELECT id, email, username FROM users WHERE account_id = ? ORDER BY email COLLATE NOCASE').all(accountId) as {
    id: string;
    email: string;
    username: string;
  }[];
}

export function listUserRows(db: Db, accountId: string): UserRow[] {
  return sql(db, 'SELECT * FROM users WHERE account_id = ? ORDER BY email COLLATE NOCASE').all(accountId) as UserRow[];
}

export function userDivisionIds(db: Db, userId: string): string[] {
  return sql(db, 'SELECT division_id FROM division_members WHERE user_id = ? ORDER BY added_at, rowid').pluck().all(userId) as string[];
}

export function setUserDivisions(db: Db, userId: string, divisionIds: string[], at: string): void {
  const current = new Set(userDivisionIds(db, userId));
  const wanted = new Set(divisionIds);
  for (const id of current) if (!wanted.has(id)) removeMember(db, id, userId);
  for (const id of divisionIds) if (!current.has(id)) addMember(db, id, userId, at);
}

export function addMember(db: Db, divisionId: string, userId: string, at: string): void {
  sql(db, 'INSERT INTO division_members (division_id, user_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(divisionId, userId, at);
}

export function removeMember(db: Db, divisionId: string, userId: string): void {
  sql(db, 'DELETE FROM division_members WHERE division_id = ? AND user_id = ?').run(divisionId, userId);
}
