import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { StorageProblem } from '../../shared/resources/workspace.js';
import { forgetChecked } from './damage-check.js';

/**
 * A database that cannot be used as asked, said in one sentence for the person at the keyboard.
 * Every entry point reports it as it is (the CLI: one line, exit 1; the app: its recovery screen).
 */
export class StorageError extends Error {
  constructor(readonly problem: StorageProblem, message: string) {
    super(message);
  }
}

export const storageMessages = {
  damaged: 'the workspace database is damaged: run `plandesk check`, then `plandesk restore` from a backup',
  readOnly: (why: string) => `this workspace is read-only (${why})`,
  full: 'the disk is full: free some space and try again; nothing was saved',
  notAFile: (file: string) => `${file} is a folder, not a PlanDesk database file`,
  noFolder: (folder: string) => `the folder ${folder} does not exist`,
};

export const damaged = () => new StorageError('damaged', storageMessages.damaged);
export const readOnly = (why: string) => new StorageError('read-only', storageMessages.readOnly(why));
export const diskFull = () => new StorageError('full', storageMessages.full);

const DAMAGED_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/**
 * The StorageError a SQLite failure stands for, or undefined when it is something else (a bug,
 * a constraint). `file` is the database, whose folder's free space tells a full disk from other I/O errors.
 */
/** A storage failure as the API answers it: 503 with the one sentence, so a client knows to try later. */
export function storageFailureResponse(error: unknown): { status: 503; body: { detail: string } } | undefined {
  const storage = storageErrorOf(error);
  return storage && { status: 503, body: { detail: storage.message } };
}

export function storageErrorOf(error: unknown, file?: string): StorageError | undefined {
  if (error instanceof StorageError) return error;
  if (!(error instanceof Database.SqliteError)) return undefined;
  const code = error.code;
  if (DAMAGED_CODES.has(code) || code.startsWith('SQLITE_CORRUPT')) {
    forgetChecked(file);
    return damaged();
  }
  if (code === 'SQLITE_FULL') return diskFull();
  if (code.startsWith('SQLITE_READONLY')) return readOnly('the database cannot be written');
  if (code.startsWith('SQLITE_IOERR') && file !== undefined && isDiskFull(file)) return diskFull();
  return undefined;
}

export function isDiskFull(file: string): boolean {
  try {
    return statfsSync(dirname(file)).bavail === 0;
  } catch {
    return false;
  }
}
