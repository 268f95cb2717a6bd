import Database from 'better-sqlite3';
import { forgetChecked } from './damage-check.js';
import { damaged, diskFull, isDiskFull, readOnly, StorageError, workspaceWords, type DatabaseWords } from './storage-errors.js';

const DAMAGED_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/**
 * The StorageError a SQLite failure stands for, or undefined when it is something else (a bug,
 * a constraint). `file` is the database, whose folder's free space tells a full disk from other I/O errors.
 * Damage met here is damage met by this process: the damage check stops vouching for any file.
 * `words`: whose database it is, as the sentence says it (a workspace's unless told).
 */
export function storageErrorOf(error: unknown, file?: string, words: DatabaseWords = workspaceWords): StorageError | undefined {
  if (error instanceof StorageError) return error;
  if (!(error instanceof Database.SqliteError)) return undefined;
  const code = error.code;
  if (DAMAGED_CODES.has(code) || code.startsWith('SQLITE_CORRUPT')) {
    forgetChecked(file);
    return damaged(words);
  }
  if (code === 'SQLITE_FULL') return diskFull();
  if (code.startsWith('SQLITE_READONLY')) return readOnly('the database cannot be written', words);
  if (code.startsWith('SQLITE_IOERR') && file !== undefined && isDiskFull(file)) return diskFull();
  return undefined;
}
