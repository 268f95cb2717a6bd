import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { foreignKeyViolations, integrityMessages, queueContradictions, quickCheckPasses, type QueueContradiction } from '../store/consistency-store.js';
import { openInMemoryCopy } from '../store/open-database.js';
import { migrations } from '../store/migrations/index.js';
import { pendingMigrations, schemaVersion } from '../store/schema.js';
import { forgetChecked } from '../store/damage-check.js';
import { storageErrorOf } from '../store/sqlite-failures.js';
import { storageMessages } from '../store/storage-errors.js';
import { WORKSPACE_DB } from './workspace.js';

export interface CheckReport {
  ok: boolean;
  problems: string[];
}

const notChecked = (file: string) =>
  `${file} was not checked: the disk is full (reading it needs a little room beside it); free some space and run the check again`;

/** At most this many lines of each kind: a badly damaged file would otherwise list thousands. */
const MAX_PER_CHECK = 20;

/**
 * Checks a workspace database without changing it (a read-only connection): SQLite's integrity and
 * foreign keys, a schema version this build can open, and a sync queue whose state agrees with itself.
 */
export function checkWorkspace(dir: string): CheckReport {
  const file = join(dir, WORKSPACE_DB);
  if (!existsSync(file)) {
    return {
      ok: false,
      problems: [
        `${dir} is not a PlanDesk workspace (it has no ${WORKSPACE_DB}); create one with \`plandesk local init --workspace ${dir}\`, or name an existing one with --workspace`,
      ],
    };
  }
  return checkDatabaseFile(file);
}

/**
 * Whatever the check reports as a problem withdraws the damage check's record of the file, so the
 * next open checks it again: damage shown as a list of problems and damage that made SQLite throw
 * alike. A disk too full to read the file through its write-ahead log is no verdict on the file:
 * it is said so, and the record is left as it was.
 */
export function checkDatabaseFile(file: string): CheckReport {
  if (!existsSync(file)) return { ok: false, problems: [`${file} does not exist`] };
  if (statSync(file).isDirectory()) return { ok: false, problems: [storageMessages.notAFile(file)] };
  let db: Database.Database;
  try {
    db = readWithoutTouching(file);
  } catch (error) {
    return failed(file, error, 'cannot be opened');
  }
  try {
    const problems = [...integrityProblems(db)];
    if (problems.length === 0) problems.push(...foreignKeyProblems(db), ...schemaProblems(db, file), ...queueProblems(db));
    if (problems.length > 0) forgetChecked(file);
    return { ok: problems.length === 0, problems };
  } catch (error) {
    return failed(file, error, 'cannot be read');
  } finally {
    db.close();
  }
}

/**
 * The damage check an open owes (SQLite's quick check), made ahead of the open on a connection of
 * its own that leaves no file behind: false when the file is damaged or cannot be read. The app
 * runs it in a worker thread and records a pass, so that its open on the main thread owes none.
 */
export function passesDamageCheck(file: string): boolean {
  let db: Database.Database;
  try {
    db = readWithoutTouching(file);
  } catch {
    return false;
  }
  try {
    return quickCheckPasses(db);
  } catch {
    return false;
  } finally {
    db.close();
  }
}

function failed(file: string, error: unknown, what: string): CheckReport {
  const storage = storageErrorOf(error, file);
  if (storage?.problem === 'full') return { ok: false, problems: [notChecked(file)] };
  forgetChecked(file);
  const reason = (error as Error).message;
  return {
    ok: false,
    problems: [storage?.problem === 'damaged' ? `integrity: the database file is damaged (SQLite: ${reason}); restore a backup` : `${file} ${what}: ${reason}`],
  };
}

/**
 * A connection that leaves no file behind: while the app has the workspace open (its write-ahead
 * log is there) a read-only connection beside it; otherwise a copy in memory, since even a read-only
 * connection would create the shared-memory and log files next to the database.
 */
function readWithoutTouching(file: string): Database.Database {
  if (existsSync(`${file}-wal`) || existsSync(`${file}-shm`)) return new Database(file, { readonly: true, fileMustExist: true });
  return openInMemoryCopy(file);
}

/** How many problems a check found, in words: "3 problems", or "20 or more problems" when it stopped counting. */
const problemCount = (count: number) => `${count}${count >= MAX_PER_CHECK ? ' or more' : ''} problem${count === 1 ? '' : 's'}`;

/** One sentence for however many problems SQLite lists, with the first as an example. */
function integrityProblems(db: Database.Database): string[] {
  const messages = integrityMessages(db, MAX_PER_CHECK);
  if (messages.length === 1 && messages[0] === 'ok') return [];
  return [
    `integrity: the database file is damaged: SQLite's integrity check found ${problemCount(messages.length)} (the first: ${messages[0]}); restore a backup`,
  ];
}

function foreignKeyProblems(db: Database.Database): string[] {
  const rows = foreignKeyViolations(db, MAX_PER_CHECK);
  if (rows.length === 0) return [];
  const [first] = rows;
  return [
    `foreign key: ${problemCount(rows.length)}: records refer to records that are missing (the first: a row of ${first!.table} refers to a missing row of ${first!.parent}); restore a backup`,
  ];
}

function schemaProblems(db: Database.Database, file: string): string[] {
  try {
    pendingMigrations(db, file, migrations);
  } catch (error) {
    return [`schema: ${(error as Error).message}`];
  }
  if (schemaVersion(db) === 0) return [`schema: ${file} is not a PlanDesk workspace database (it has no schema version)`];
  return [];
}

const CONTRADICTIONS: Record<QueueContradiction, (row: { env: string; record_id: string }) => string> = {
  'sent-beyond-queue': (row) => `sync queue: ${row.record_id} on ${row.env} is marked sent up to a change that is not in the queue`,
  'state-without-change': (row) => `sync queue: ${row.record_id} has a sync state on ${row.env} but no queued change`,
  'in-flight-without-flight': (row) => `sync queue: ${row.record_id} on ${row.env} is marked in flight without the change being sent`,
  'flight-not-in-flight': (row) => `sync queue: ${row.record_id} on ${row.env} keeps a change as sent although it is not in flight`,
};

/** Sync state that contradicts the queue it describes (only where the sync tables exist yet). */
function queueProblems(db: Database.Database): string[] {
  return queueContradictions(db, MAX_PER_CHECK).map((row) => CONTRADICTIONS[row.kind](row));
}
