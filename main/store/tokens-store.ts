import { sql, type Db } from './database.js';

export interface TokenRow {
  id: string;
  user_id: string;
  expires_at: string | null;
}

/** A token as an admin sees it: never its secret, nor the secret's hash. */
export interface TokenListing {
  id: string;
  email: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

export async function insertToken(db: Db, token: { id: string; hash: string; userId: string; at: string; expiresAt: string | null }): Promise<void> {
  await sql(db, 'INSERT INTO tokens (id, token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
    token.id,
    token.hash,
    token.userId,
    token.at,
    token.expiresAt,
  );
}

export async function tokenByHash(db: Db, hash: string): Promise<TokenRow | undefined> {
  return (await sql(db, 'SELECT id, user_id, expires_at FROM tokens WHERE token_hash = ?').get(hash)) as TokenRow | undefined;
}

/** Moves a token's last use forward (never back: two servers may record out of order). */
export async function recordTokenUse(db: Db, id: string, at: string): Promise<void> {
  await sql(db, 'UPDATE tokens SET last_used_at = @at WHERE id = @id AND (last_used_at IS NULL OR last_used_at < @at)').run({ id, at });
}

/** Every token, or one user's, oldest first. (PostgreSQL needs the parameter's type named where it is only tested for NULL.) */
export async function listTokens(db: Db, userId?: string): Promise<TokenListing[]> {
  return (await sql(
    db,
    `SELECT tokens.id, users.email, tokens.created_at, tokens.last_used_at, tokens.expires_at
    FROM tokens JOIN users ON users.id = tokens.user_id
    WHERE CAST(@user AS TEXT) IS NULL OR tokens.user_id = @user
    ORDER BY tokens.created_at, tokens.rowid`,
  ).all({ user: userId ?? null })) as TokenListing[];
}

/** True when a token with that id existed (and now no longer does). */
export async function deleteToken(db: Db, id: string): Promise<boolean> {
  return (await sql(db, 'DELETE FROM tokens WHERE id = ?').run(id)).changes === 1;
}
