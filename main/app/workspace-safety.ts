import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BackupInfo, BridgeResponse } from '../../shared/bridge.js';
import type { WorkspaceProblem } from '../../shared/resources/workspace.js';
import { identityBeforeCheck, needsDamageCheck, recordCheckPassed } from '../store/damage-check.js';
import { writeRefusal, type SqliteDb } from '../store/database.js';
import { hasUncheckpointedLog } from '../store/file-access.js';
import type { StorageError } from '../store/storage-errors.js';
import { backupDatabase, BackupError, backupsFolder, dailyBackup, listBackups, manualBackupName } from '../workspace/backup.js';
import type { BackupCopier } from '../workspace/backup-copy.js';
import type { CheckReport } from '../workspace/check.js';
import { restoreWorkspace, RestoreError } from '../workspace/restore.js';

/**
 * What the app's start-up check found (integrity, foreign keys, schema, sync queue): a workspace
 * that fails it is not opened; the window shows the recovery screen with what was found.
 */
export function startupProblem(report: CheckReport): WorkspaceProblem | undefined {
  return report.ok ? undefined : { kind: 'damaged', message: DAMAGED_IN_THE_WINDOW, details: report.problems };
}

/**
 * The damage check that opening `file` owes (a full read of it), made ahead by `passes` (a worker
 * thread's) and recorded when it passes, so that the open on the main thread finds it done. The
 * record holds only while the file is as it was when the check began (damage-check.ts). Not made
 * ahead where a write-ahead log is waiting (the open owes a check whatever is recorded): the open
 * checks then, as it does when this check fails, and refuses a damaged file as always.
 */
export async function damageCheckAhead(file: string, passes: (file: string) => Promise<boolean>): Promise<void> {
  if (!existsSync(file) || !needsDamageCheck(file) || hasUncheckpointedLog(file)) return;
  const identity = identityBeforeCheck(file);
  if (await passes(file)) recordCheckPassed(file, identity);
}

/** How many rows this connection has changed since it was opened (SQLite's total_changes()). */
const changesOf = (db: SqliteDb) => db.prepare('SELECT total_changes()').pluck().get() as number;

/**
 * The day's automatic backup: taken after the day's first change, in the background (so it holds
 * that day's work, never a workspace as it was before any), and taken again when the app quits if
 * anything changed since; the last seven days are kept. A failure is logged and never stops the
 * app; a backup cut short because the app closed the workspace under it is no failure.
 */
export class DailyBackups {
  private db: SqliteDb | undefined;
  /** The connection's change count the last backup holds. */
  private backedUp = 0;
  private running: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly now: () => Date,
    /** Where a failed backup is reported (the desktop app's log; the console elsewhere). */
    private readonly reportFailure: (what: string, error: unknown) => void = (what, error) => console.error(`PlanDesk: ${what}:`, error),
    /** Where a backup's copy is made (the app: its worker thread). */
    private readonly copy?: BackupCopier,
  ) {}

  /** A newly opened workspace: what it holds now is what its earlier backups hold. */
  opened(db: SqliteDb): void {
    this.db = db;
    this.backedUp = changesOf(db);
  }

  /** After a call into the workspace: backs up if this is the day's first change. */
  afterCall(): void {
    const db = this.db;
    if (!db?.open || this.running || writeRefusal(db) || changesOf(db) === this.backedUp) return;
    this.run(db, false);
  }

  /** On quit: a fresh copy of the day when anything changed since the last one. */
  async beforeQuit(): Promise<void> {
    await this.running;
    const db = this.db;
    if (!db?.open || writeRefusal(db) || changesOf(db) === this.backedUp) return;
    this.run(db, true);
    await this.running;
  }

  private run(db: SqliteDb, replace: boolean): void {
    const changes = changesOf(db);
    this.running = dailyBackup(this.dir, db, this.now(), { replace, copy: this.copy })
      .then((made) => {
        // When the day's backup was there already, it does not hold these changes: quitting refreshes it.
        if (made && this.db === db) this.backedUp = changes;
      })
      .catch((error: unknown) => {
        if (db.open) this.reportFailure(`the daily backup of ${this.dir} failed`, error);
      })
      .finally(() => (this.running = undefined));
  }
}

/**
 * The window's words for a storage problem: the recovery screen says what to do there (restore a
 * backup it lists), so a damaged workspace is not told to run commands.
 */
export function problemOf(error: StorageError): WorkspaceProblem {
  return { kind: error.problem, message: error.problem === 'damaged' ? DAMAGED_IN_THE_WINDOW : error.message };
}

const DAMAGED_IN_THE_WINDOW = 'The workspace database is damaged.';

export function backupsOf(dir: string): BackupInfo[] {
  return listBackups(dir).map(({ name, bytes, at }) => ({ name, bytes, at }));
}

export async function backupNow(dir: string, db: SqliteDb, at: Date, copy?: BackupCopier): Promise<BridgeResponse> {
  try {
    const made = await backupDatabase(db, join(backupsFolder(dir), manualBackupName(at)), copy);
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
