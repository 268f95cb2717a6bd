import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { removeDatabaseFiles } from '../store/file-access.js';
import { checkDatabaseFile } from './check.js';
import { LOCAL_USER_KEY, WORKSPACE_DB } from './workspace.js';

export interface RestoreResult {
  restored: string;
  /** Where the database it replaced was kept. */
  previous: string;
}

export class RestoreError extends Error {}

/**
 * Replaces the workspace database with `file`, after checking a copy of it: a PlanDesk workspace
 * database, intact, of a schema this build can open. The database it replaces is kept beside it
 * (`plandesk.db.before-restore-TIME`, with its write-ahead log). A file that fails a check leaves
 * the workspace untouched. The app must not have the workspace open meanwhile (the app's own
 * restore closes it first).
 */
export function restoreWorkspace(dir: string, file: string, now: Date = new Date()): RestoreResult {
  if (!existsSync(file) || !statSync(file).isFile()) throw new RestoreError(`${file} is not a file`);
  if (!existsSync(dir)) throw new RestoreError(`the workspace folder ${dir} does not exist`);
  const target = join(dir, WORKSPACE_DB);
  const candidate = `${target}.restoring-${process.pid}`;
  removeDatabaseFiles(candidate);
  try {
    copyFileSync(file, candidate);
    chmodSync(candidate, 0o600);
    const report = checkDatabaseFile(candidate);
    if (!report.ok) throw new RestoreError(`${file} cannot be restored: ${report.problems.join('; ').replaceAll(candidate, file)}`);
    if (!isWorkspaceDatabase(candidate))
      throw new RestoreError(`${file} cannot be restored: it is a PlanDesk database, but not a workspace (it has no local user)`);
    const previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal']) if (existsSync(target + suffix)) renameSync(target + suffix, previous + suffix);
    rmSync(`${target}-shm`, { force: true });
    renameSync(candidate, target);
    return { restored: file, previous };
  } finally {
    removeDatabaseFiles(candidate);
  }
}

function isWorkspaceDatabase(file: string): boolean {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT 1 FROM meta WHERE key = ?').get(LOCAL_USER_KEY) !== undefined;
  } finally {
    db.close();
  }
}
