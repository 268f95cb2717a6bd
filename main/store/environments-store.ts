import Database from 'better-sqlite3';
import type { SqliteDb } from './database.js';
import { prepared, sqliteWriteTransaction } from './sqlite-store.js';

export interface EnvironmentRow {
  name: string;
  base_url: string;
  token_scheme: string;
  token_ciphertext: string;
}

/** Adds the environment, or gives an existing one a new address and token. */
export function upsertEnvironment(db: SqliteDb, row: EnvironmentRow, at: string): void {
  prepared(
    db,
    `INSERT INTO environments (name, base_url, token_scheme, token_ciphertext, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (name) DO UPDATE SET base_url = excluded.base_url, token_scheme = excluded.token_scheme,
      token_ciphertext = excluded.token_ciphertext, updated_at = excluded.updated_at`,
  ).run(row.name, row.base_url, row.token_scheme, row.token_ciphertext, at, at);
}

/**
 * Replaces an environment's sealed token with the same token sealed again, only if it is still the
 * one that was read (a token saved meanwhile by another process stays). Answers whether it did.
 */
export function resealToken(db: SqliteDb, name: string, from: Pick<EnvironmentRow, 'token_scheme' | 'token_ciphertext'>, to: typeof from): boolean {
  return sqliteWriteTransaction(
    db,
    () =>
      prepared(db, 'UPDATE environments SET token_scheme = ?, token_ciphertext = ? WHERE name = ? AND token_scheme = ? AND token_ciphertext = ?').run(
        to.token_scheme,
        to.token_ciphertext,
        name,
        from.token_scheme,
        from.token_ciphertext,
      ).changes > 0,
  );
}

export function getEnvironmentRow(db: SqliteDb, name: string): EnvironmentRow | undefined {
  return prepared(db, 'SELECT name, base_url, token_scheme, token_ciphertext FROM environments WHERE name = ?').get(name) as EnvironmentRow | undefined;
}

export function listEnvironmentRows(db: SqliteDb): (Omit<EnvironmentRow, 'token_ciphertext'> & { production: number })[] {
  return prepared(db, 'SELECT name, base_url, token_scheme, production FROM environments ORDER BY name').all() as (Omit<EnvironmentRow, 'token_ciphertext'> & {
    production: number;
  })[];
}

/** Answers whether there was such an environment. */
export function updateEnvironment(db: SqliteDb, name: string, baseUrl: string, production: boolean, at: string): boolean {
  return (
    prepared(db, 'UPDATE environments SET base_url = ?, production = ?, updated_at = ? WHERE name = ?').run(baseUrl, production ? 1 : 0, at, name).changes > 0
  );
}

/** Forgets an environment: its token, its id mappings, its queue states and decisions (by cascade). */
export function deleteEnvironment(db: SqliteDb, name: string): boolean {
  return sqliteWriteTransaction(db, () => prepared(db, 'DELETE FROM environments WHERE name = ?').run(name).changes > 0);
}

export function setFilterMapping(db: SqliteDb, env: string, filterName: string, remoteId: string): void {
  prepared(
    db,
    'INSERT INTO filter_mappings (env, filter_name, remote_id) VALUES (?, ?, ?) ON CONFLICT (env, filter_name) DO UPDATE SET remote_id = excluded.remote_id',
  ).run(env, filterName, remoteId);
}

export function filterMappings(db: SqliteDb, env: string): Map<string, string> {
  const rows = prepared(db, 'SELECT filter_name, remote_id FROM filter_mappings WHERE env = ?').all(env) as { filter_name: string; remote_id: string }[];
  return new Map(rows.map((row) => [row.filter_name, row.remote_id]));
}

/**
 * Leaves no token in a copy of a workspace database (a backup): every environment's token is
 * replaced by nothing under `scheme`, and the file is rewritten so that no free page still holds
 * one (tokens replaced long ago included).
 */
export function eraseTokensFromCopy(file: string, scheme: string): void {
  const copy = new Database(file);
  try {
    copy.pragma('journal_mode = DELETE');
    copy.pragma('secure_delete = ON'); // the old ciphertext's bytes are zeroed, not just unlinked
    const hasEnvironments = copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'environments'").get() !== undefined;
    if (hasEnvironments) copy.prepare("UPDATE environments SET token_scheme = ?, token_ciphertext = ''").run(scheme);
    copy.exec('VACUUM');
  } finally {
    copy.close();
  }
}
