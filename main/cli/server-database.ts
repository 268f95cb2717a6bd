import { existsSync } from 'node:fs';
import { AdminError } from '../service/accounts.js';
import type { Db } from '../store/database.js';
import { openDatabase } from '../store/open-database.js';
import { isPostgresLocation } from '../store/postgres/postgres-failures.js';
import { required } from './args.js';

/** --db's two forms, as a missing --db is told. */
const DB_FORMS = '--db FILE | postgres://USER@HOST[:PORT]/DATABASE';

const ANY_URL = /^([a-z][a-z0-9+.-]*):\/\//i;

/**
 * The --db of `serve` and the admin commands: a SQLite file, or a PostgreSQL URL handed to
 * openDatabase as given (it picks the store by it). Another scheme is nobody's file name: refused
 * in one line (exit 1) rather than made into a file called "mysql:".
 */
export function databaseOption(command: string, value: string | undefined, source = '--db'): string {
  const location = required(command, value, DB_FORMS);
  const scheme = ANY_URL.exec(location)?.[1];
  if (scheme !== undefined && !isPostgresLocation(location)) {
    throw new AdminError(`${source} takes a SQLite file or a postgres:// URL, not a ${scheme}:// URL`);
  }
  return location;
}

/**
 * Opens a database the admin commands expect to exist: a typo in --db must not leave an empty file
 * behind. A PostgreSQL database is never created here (the server refuses a database it lacks, in
 * one sentence); its schema is migrated on open as the file's is.
 */
export async function openExistingDatabase(location: string): Promise<Db> {
  if (!isPostgresLocation(location) && !existsSync(location)) throw new AdminError(`no database at ${location}`);
  return openDatabase(location, { server: true });
}

/**
 * Opens the database of `serve` (and `admin bootstrap`), creating a file if missing: the one open
 * path refuses a missing folder in words and makes a new file readable by its owner only (0600), as
 * it holds every client's data and the token hashes. A PostgreSQL database gets its schema made or
 * migrated; `statementTimeoutMs` (PostgreSQL) is how long the server may run one of its statements.
 */
export function openServerDatabase(location: string, statementTimeoutMs?: number): Promise<Db> {
  return openDatabase(location, { statementTimeoutMs, server: true });
}
