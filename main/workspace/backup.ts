import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SqliteDb } from '../store/database.js';
import { openSqliteDatabase } from '../store/open-database.js';
import { removeDatabaseFiles } from '../store/file-access.js';
import { copyHere, type BackupCopier } from './backup-copy.js';
import { WORKSPACE_DB } from './workspace.js';

export interface BackupResult {
  file: string;
  bytes: number;
}

export class BackupError extends Error {}

/**
 * A consistent copy of the workspace database in `out` (mode 0600), through SQLite's online backup,
 * so the app may keep working meanwhile. The copy is one self-contained file (no write-ahead log),
 * holds no environment token (those are set again after a restore; their key is never in the
 * workspace database). Refuses to overwrite anything: `out` appears whole or not at all.
 */
export async function backupWorkspace(dir: string, out: string): Promise<BackupResult> {
  if (existsSync(out)) throw new BackupError(`${out} already exists; a backup never overwrites a file`);
  const source = openSqliteDatabase(join(dir, WORKSPACE_DB));
  try {
    return await backupDatabase(source, out);
  } finally {
    source.close();
  }
}

export async function backupDatabase(source: SqliteDb, out: string, copy: BackupCopier = copyHere): Promise<BackupResult> {
  const partial = `${out}.partial-${process.pid}`;
  try {
    await copy(source, partial);
    linkSync(partial, out); // fails, rather than overwrites, when `out` appeared meanwhile
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError(`${out} already exists; a backup never overwrites a file`);
    throw error;
  } finally {
    removeDatabaseFiles(partial);
  }
  return { file: out, bytes: statSync(out).size };
}

const BACKUPS_FOLDER = 'backups';
const KEEP_DAILY = 7;
const DAILY = /^plandesk-\d{4}-\d{2}-\d{2}\.db$/;

export interface BackupEntry {
  name: string;
  file: string;
  bytes: number;
  /** When the file was written, ISO. */
  at: string;
}

/** The backups in the workspace's backups folder, newest first. */
export function listBackups(dir: string): BackupEntry[] {
  const folder = join(dir, BACKUPS_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.db'))
    .map((name) => {
      const stat = statSync(join(folder, name));
      return { name, file: join(folder, name), bytes: stat.size, at: stat.mtime.toISOString() };
    })
    .sort((a, b) => b.at.localeCompare(a.at) || b.name.localeCompare(a.name));
}

/**
 * The day's automatic backup (`backups/plandesk-YYYY-MM-DD.db`), unless there is one already, or,
 * with `replace`, in place of the one there (a fresher copy of the same day, swapped in whole);
 * keeps the last seven daily ones. Answers the new backup, or undefined when the day's existed.
 */
export async function dailyBackup(
  dir: string,
  source: SqliteDb,
  today: Date,
  options: { replace?: boolean; copy?: BackupCopier } = {},
): Promise<BackupResult | undefined> {
  const folder = backupsFolder(dir);
  const out = join(folder, `plandesk-${today.toISOString().slice(0, 10)}.db`);
  if (existsSync(out) && !options.replace) return undefined;
  const fresh = `${out}.replacing`;
  rmSync(fresh, { force: true });
  const made = await backupDatabase(source, fresh, options.copy);
  renameSync(fresh, out);
  const daily = readdirSync(folder)
    .filter((name) => DAILY.test(name))
    .sort();
  for (const old of daily.slice(0, Math.max(0, daily.length - KEEP_DAILY))) rmSync(join(folder, old), { force: true });
  return { ...made, file: out };
}

/** The workspace's backups folder (0700), created when missing. */
export function backupsFolder(dir: string): string {
  const folder = join(dir, BACKUPS_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/** A name for a backup taken by hand into the backups folder. */
export function manualBackupName(at: Date): string {
  return `plandesk-manual-${at.toISOString().replace(/[:.]/g, '-')}.db`;
}
