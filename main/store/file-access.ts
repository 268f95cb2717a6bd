import { accessSync, chmodSync, constants, existsSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { diskFull, isDiskFull, readOnly, StorageError, storageMessages, workspaceWords, type DatabaseWords } from './storage-errors.js';

/** Where a database file stands before SQLite touches it. */
export type FileAccess = { exists: boolean; writable: true } | { exists: true; writable: false; refusal: StorageError };

/** Beside a database: the damage check's record of the file as PlanDesk last closed it (damage-check.ts). */
export const CHECKED_SUFFIX = '-checked';

/** Files SQLite and PlanDesk keep beside a database: its journals, and the damage check's record. */
const COMPANIONS = ['-wal', '-shm', '-journal', CHECKED_SUFFIX];

/**
 * Checks the database's folder and file before opening: a missing folder, a folder in the file's
 * place, or a disk that cannot take a new file are refused here with one sentence; a file that
 * cannot be written (read-only mount, no permission, full disk) is opened for reading only.
 */
export function fileAccess(file: string, words: DatabaseWords = workspaceWords): FileAccess {
  const folder = dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new StorageError('no-folder', storageMessages.noFolder(folder));
  const exists = existsSync(file);
  if (exists && statSync(file).isDirectory()) throw new StorageError('not-a-file', storageMessages.notAFile(file));
  const refusal = writeRefusalOf(folder, words) ?? (exists ? writeRefusalOf(file, words) : undefined) ?? (isDiskFull(file) ? diskFull() : undefined);
  if (!refusal) return { exists, writable: true };
  if (!exists) throw refusal;
  return { exists, writable: false, refusal };
}

function writeRefusalOf(path: string, words: DatabaseWords): StorageError | undefined {
  try {
    accessSync(path, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EROFS') return readOnly(`${path} is on a read-only file system`, words);
    if (code === 'EACCES' || code === 'EPERM') return readOnly(`you may not write to ${path}`, words);
    throw error;
  }
}

/** Only the owner may read a database or its journals (they hold every client's data). */
export function restrictToOwner(file: string): void {
  for (const path of [file, ...COMPANIONS.map((suffix) => file + suffix)]) {
    if (existsSync(path) && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  }
}

/** Removes a database this open created, with its journals, so a failed creation leaves nothing behind. */
export function removeDatabaseFiles(file: string): void {
  for (const path of [file, ...COMPANIONS.map((suffix) => file + suffix)]) rmSync(path, { force: true });
}

/** A non-empty write-ahead log: committed changes a copy of the main file alone would miss. */
export function hasUncheckpointedLog(file: string): boolean {
  // One stat: a log that another connection removes meanwhile is simply absent.
  return (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0;
}
