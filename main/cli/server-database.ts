import { existsSync } from 'node:fs';
import { AdminError } from '../service/accounts.js';
import { openDatabase, type Db } from '../store/database.js';

/** Opens a database the admin commands expect to exist: a typo in --db must not leave an empty one behind. */
export function openExistingDatabase(file: string): Db {
  if (!existsSync(file)) throw new AdminError(`no database at ${file}`);
  return openDatabase(file);
}

/**
 * Opens the database of `serve` (and `admin bootstrap`), creating it if missing: the one open path
 * refuses a missing folder in words and makes a new file readable by its owner only (0600), as it
 * holds every client's data and the token hashes.
 */
export function openServerDatabase(file: string): Db {
  return openDatabase(file);
}
