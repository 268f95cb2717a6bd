import { closeSync, existsSync, openSync } from 'node:fs';
import { AdminError } from '../service/accounts.js';
import { openDatabase, type Db } from '../store/database.js';

/** Opens a database the admin commands expect to exist: a typo in --db must not leave an empty one behind. */
export function openExistingDatabase(file: string): Db {
  if (!existsSync(file)) throw new AdminError(`no database at ${file}`);
  return openDatabase(file);
}

/**
 * Opens the database of `serve` (and `admin bootstrap`), creating it first, if missing, readable
 * by its owner only (0600): it holds every client's data and the token hashes. SQLite gives its
 * -wal and -shm files the same mode.
 */
export function openServerDatabase(file: string): Db {
  if (!existsSync(file)) {
    try {
      closeSync(openSync(file, 'wx', 0o600));
    } catch (error) {
      // Another process created it in between: open what is there.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return openDatabase(file);
}
