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

export async function getUserRow(db: Db, id: string): Promise<UserRow | undefined> {
  return (await sql(db, 'SELECT * FROM users WHERE id = ?').get(id)) as UserRow | undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  // No stored e-mail holds a NUL (every write refuses one), and PostgreSQL refuses it in any text it is sent.
  if (email.includes('\u0000')) return undefined;
  const row = (await sql(db, 'SELECT * FROM users WHERE email = ? COLLATE NOCASE').get(email)) as UserRow | undefined;
  // PostgreSQL's nocase collation folds case beyond ASCII already; SQLite's NOCASE leaves it to foldCase.
  if (row !== undefined || isAscii(email) || isPostgres(db)) return row;
  const folded = foldCase(email);
  return ((await sql(db, `SELECT * FROM users WHERE ${NON_ASCII('email')}`).all()) as UserRow[]).find((user) => foldCase(user.email) === folded);
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return (await sql(db, 'SELECT 1 FROM users WHERE username = ?').pluck().get(username)) !== undefined;
}

export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await sql(
    db,
    `INSERT INTO users (id, account_id, email, username, first_name, last_name, is_admin, created_at, updated_at)
    VALUES (@id, @account_id, @email, @username, @first_name, @last_name, @is_admin, @created_at, @updated_at)`,
  ).run(row);
}

export async function updateUser(db: Db, row: UserRow): Promise<void> {
  await sql(db, 'UPDATE users SET email = @email, first_name = @first_name, last_name = @last_name, updated_at = @updated_at WHERE id = @id').run(row);
}

export async function setUserAdmin(db: Db, id: string, isAdmin: boolean, at: string): Promise<void> {
  await sql(db, 'UPDATE users SET is_admin = ?, updated_at = ? WHERE id = ?').run(isAdmin ? 1 : 0, at, id);
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await sql(db, 'DELETE FROM users WHERE id = ?').run(id);
}

export async function listUsers(db: Db, accountId: string): Promise<{ id: string; email: string; username: string }[]> {
  return (await sql(db, 'SELECT id, email, username FROM users WHERE account_id = ? ORDER BY email COLLATE NOCASE').all(accountId)) as {
    id: string;
    email: string;
    username: string;
  }[];
}

export async function listUserRows(db: Db, accountId: string): Promise<UserRow[]> {
  return (await sql(db, 'SELECT * FROM users WHERE account_id = ? ORDER BY email COLLATE NOCASE').all(accountId)) as UserRow[];
}

export async function userDivisionIds(db: Db, userId: string): Promise<string[]> {
  return (await sql(db, 'SELECT division_id FROM division_members WHERE user_id = ? ORDER BY added_at, rowid').pluck().all(userId)) as string[];
}

export async function setUserDivisions(db: Db, userId: string, divisionIds: string[], at: string): Promise<void> {
  const current = new Set(await userDivisionIds(db, userId));
  const wanted = new Set(divisionIds);
  for (const id of current) if (!wanted.has(id)) await removeMember(db, id, userId);
  for (const id of divisionIds) if (!current.has(id)) await addMember(db, id, userId, at);
}

export async function addMember(db: Db, divisionId: string, userId: string, at: string): Promise<void> {
  await sql(db, 'INSERT INTO division_members (division_id, user_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(divisionId, userId, at);
}

export async function removeMember(db: Db, divisionId: string, userId: string): Promise<void> {
  await sql(db, 'DELETE FROM division_members WHERE division_id = ? AND user_id = ?').run(divisionId, userId);
}
