import type { MessagePort } from 'node:worker_threads';
import type pg from 'pg';

/** How long the I/O thread's pool waits for a new backend before it gives up (and the connection marks the database stalled). */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A synchronous connection introducing itself to the I/O thread: its database, the longest the
 * server may spend on one of its statements (none: no limit), its port, and the flag it waits on.
 */
export interface IoOpen {
  kind: 'open';
  location: string;
  statementTimeoutMs: number | undefined;
  port: MessagePort;
  flag: SharedArrayBuffer;
}

/**
 * The database at `location` stopped answering this thread's connections: the I/O thread asks it
 * again and again until it answers, showing it runs in `stall` (stall-mark.ts), then clears the
 * mark and posts `{ kind: 'answering' }` to the thread that asked.
 */
export interface IoProbe {
  kind: 'probe';
  location: string;
  stall: SharedArrayBuffer;
}

/** One statement (with values: one statement, extended protocol; without: any number of them, simple protocol), or the end of the connection. */
export type IoQuery = { kind: 'query'; text: string; values?: unknown[] } | { kind: 'close' };

/** The transaction state the server reported after the statement: idle, in a transaction, or in a failed one. */
export type TransactionStatus = 'I' | 'T' | 'E';

/** What a failed statement carries back: PostgreSQL's own fields where it has them. */
export interface IoFailure {
  ok: false;
  message: string;
  /** SQLSTATE for a server error; a Node error code (ECONNREFUSED...) for a connection that failed. */
  code: string | undefined;
  constraint: string | undefined;
  /** The statement's error is PostgreSQL's, not the connection's. */
  fromServer: boolean;
  status: TransactionStatus;
}

export type IoAnswer = { ok: true; fields: string[]; rows: unknown[][]; changes: number; status: TransactionStatus } | IoFailure;

export function answerOf(result: pg.QueryResult<unknown[]> | pg.QueryResult<unknown[]>[], status: TransactionStatus): IoAnswer {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return { ok: true, fields: last?.fields.map((field) => field.name) ?? [], rows: last?.rows ?? [], changes: last?.rowCount ?? 0, status };
}

export function failureOf(error: unknown, status: TransactionStatus): IoFailure {
  const fields = (error ?? {}) as { message?: unknown; code?: unknown; constraint?: unknown; severity?: unknown };
  return {
    ok: false,
    message: typeof fields.message === 'string' ? fields.message : String(error),
    code: typeof fields.code === 'string' ? fields.code : undefined,
    constraint: typeof fields.constraint === 'string' ? fields.constraint : undefined,
    fromServer: typeof fields.severity === 'string',
    status,
  };
}
