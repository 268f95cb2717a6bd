import { chmodSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { SqliteDb } from '../store/database.js';
import { eraseTokensFromCopy } from '../store/environments-store.js';

/** The token scheme of every environment in a backup: its token is not there (set it again after a restore). */
export const TOKEN_NOT_IN_BACKUP = 'not-in-backup';

/** SQLite's largest page count per backup step. */
const ALL_PAGES = 0x7fffffff;

/**
 * Makes `partial` a backup's copy of the database `source` reads: through SQLite's online backup,
 * mode 0600, with no environment token. Where is the caller's: on `source` itself (copyHere), or
 * (the app) in its worker thread, from a read-only connection of its own to the same file
 * (copyDatabaseFile): with a 72 MB workspace the copy takes 0.2-0.5 s and ridding it of its tokens
 * about a second, which the window's thread does not wait through.
 */
export type BackupCopier = (source: SqliteDb, partial: string) => Promise<void>;

export const copyHere: BackupCopier = async (source, partial) => {
  await copyPages(source, partial);
  finishCopy(partial);
};

/** The copy of the database file `file`, read on a read-only connection of this thread's own. */
export async function copyDatabaseFile(file: string, partial: string): Promise<void> {
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await copyPages(source, partial);
  } finally {
    source.close();
  }
  finishCopy(partial);
}

async function copyPages(source: SqliteDb, partial: string): Promise<void> {
  // All pages in one step: a step-wise copy restarts whenever the app writes in between, and the app may write all the time.
  await source.backup(partial, { progress: () => ALL_PAGES });
}

function finishCopy(partial: string): void {
  chmodSync(partial, 0o600);
  eraseTokensFromCopy(partial, TOKEN_NOT_IN_BACKUP);
}
