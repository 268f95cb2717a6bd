import { basename, join } from 'node:path';
import type { BackupInfo, BridgeResponse } from '../../shared/bridge.js';
import type { WorkspaceProblem } from '../../shared/resources/workspace.js';
import { writeRefusal, type Db } from '../store/database.js';
import type { StorageError } from '../store/storage-errors.js';
import { backupDatabase, BackupError, backupsFolder, dailyBackup, listBackups, manualBackupName } from '../workspace/backup.js';
import { checkWorkspace } from '../workspace/check.js';
import { restoreWorkspace, RestoreError } from '../workspace/restore.js';

/**
 * The app's start-up check (integrity, foreign keys, schema, sync queue): a workspace that fails it
 * is not opened; the window shows the recovery screen with what was found.
 */
export function startupProblem(dir: string): WorkspaceProblem | undefined {
  const report = checkWorkspace(dir);
  return report.ok ? undefined : { kind: 'damaged', message: DAMAGED_IN_THE_WINDOW, details: report.problems };
}

/**
 * The window's words for a storage problem: the recovery screen says what to do there (restore a
 * backup it lists), so a damaged workspace is not told to run commands.
 */
export function problemOf(error: StorageError): WorkspaceProblem {
  return { kind: error.problem, message: error.problem === 'damaged' ? DAMAGED_IN_THE_WINDOW : error.message };
}

const DAMAGED_IN_THE_WINDOW = 'The workspace database is damaged.';

/** Today's automatic backup, in the background; a failure is logged and never stops the app. */
export function startDailyBackup(dir: string, db: Db, today: Date): void {
  if (writeRefusal(db)) return;
  dailyBackup(dir, db, today).catch((error: unknown) => console.error(`PlanDesk: the daily backup of ${dir} failed:`, error));
}

export function backupsOf(dir: string): BackupInfo[] {
  return listBackups(dir).map(({ name, bytes, at }) => ({ name, bytes, at }));
}

export async function backupNow(dir: string, db: Db, at: Date): Promise<BridgeResponse> {
  try {
    const made = await backupDatabase(db, join(backupsFolder(dir), manualBackupName(at)));
    return { status: 200, body: { name: basename(made.file), bytes: made.bytes } };
  } catch (error) {
    if (error instanceof BackupError) return { status: 400, body: { detail: error.message } };
    throw error;
  }
}

/** Restores a backup of the backups folder, by name only: the window never names another file. */
export function restoreByName(dir: string, name: string): BridgeResponse {
  const backup = listBackups(dir).find((entry) => entry.name === name);
  if (!backup) return { status: 404, body: { detail: `There is no backup named ${name}.` } };
  try {
    const result = restoreWorkspace(dir, backup.file);
    return { status: 200, body: { restored: name, previous: basename(result.previous) } };
  } catch (error) {
    if (error instanceof RestoreError) return { status: 400, body: { detail: error.message } };
    throw error;
  }
}
