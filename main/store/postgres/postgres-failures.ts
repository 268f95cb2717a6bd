import { diskFull, StorageError } from '../storage-errors.js';
import type { FailureReport } from './failure-report.js';

/** A database location that is a PostgreSQL URL: the URL itself, and how messages name it (never with its password). */
export interface PostgresLocation {
  url: string;
  display: string;
  user: string | undefined;
}

const PROTOCOLS = new Set(['postgres:', 'postgresql:']);

export const isPostgresLocation = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** The location as a URL, or a StorageError saying in one sentence why it is not one. */
export function parsePostgresLocation(location: string): PostgresLocation {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new StorageError('bad-location', `${withoutPassword(location)} is not a PostgreSQL URL: write it as postgres://USER@HOST:PORT/DATABASE`);
  }
  if (!PROTOCOLS.has(url.protocol) || url.pathname.length <= 1 || url.pathname.slice(1).includes('/')) {
    throw new StorageError(
      'bad-location',
      `${withoutPassword(location)} is not a PostgreSQL URL naming a database: write it as postgres://USER@HOST:PORT/DATABASE`,
    );
  }
  const host = url.searchParams.get('host') ?? url.host;
  return {
    url: location,
    display: `postgres://${url.username ? `${decodeURIComponent(url.username)}@` : ''}${host}${url.pathname}`,
    user: url.username || undefined,
  };
}

/** The location as it may be shown: a password in it replaced by ***. */
function withoutPassword(location: string): string {
  return location.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}

/**
 * A statement PostgreSQL refused (a constraint, a bug): the counterpart of better-sqlite3's
 * SqliteError, with the SQLSTATE as its code and the constraint it broke.
 */
export class PostgresError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly constraint: string | undefined,
  ) {
    super(message);
  }
}

/** SQLSTATEs of a server that went away or will not take more connections: shut down, restarting, crashed, full. */
const UNAVAILABLE = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);

/**
 * What a failure stands for: the database unreachable, a login refused, a
 * missing database, a full disk or a read-only server become one-sentence StorageErrors (the CLI
 * prints them, `serve` answers 503 with them); anything else is the statement's own PostgresError.
 */
export function postgresFailure(location: PostgresLocation, failure: FailureReport): Error {
  const code = failure.code ?? '';
  const where = location.display;
  if (!failure.fromServer || UNAVAILABLE.has(code)) {
    return new StorageError('unavailable', `the database ${where} cannot be reached (${failure.message}): try again once it is back`);
  }
  // The statement ran past the connection's statement timeout (or an operator cancelled it): the server is overloaded or a lock holds it.
  if (code === '57014') {
    return new StorageError(
      'unavailable',
      `the database ${where} stopped a statement that took too long (${failure.message}): it is overloaded or a lock holds it; try again`,
    );
  }
  if (code === '28P01' || code === '28000') return new StorageError('refused', `the database ${where} refused the login (${failure.message})`);
  if (code === '3D000') return new StorageError('bad-location', `there is no database ${where}: create it first (${failure.message})`);
  if (code === '53100') return diskFull();
  if (code === '25006') return new StorageError('read-only', `the database ${where} takes no writes: ${failure.message}`);
  return new PostgresError(failure.message, failure.code, failure.constraint);
}
