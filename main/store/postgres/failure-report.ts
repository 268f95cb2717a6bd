/** How long the pool waits for a new backend before it gives up (and marks the database stalled). */
export const CONNECT_TIMEOUT_MS = 10_000;

/** The transaction state the server reported after the statement: idle, in a transaction, or in a failed one. */
export type TransactionStatus = 'I' | 'T' | 'E';

/** What a failed statement carries: PostgreSQL's own fields where it has them. */
export interface FailureReport {
  ok: false;
  message: string;
  /** SQLSTATE for a server error; a Node error code (ECONNREFUSED...) for a connection that failed. */
  code: string | undefined;
  constraint: string | undefined;
  /** The statement's error is PostgreSQL's, not the connection's. */
  fromServer: boolean;
  status: TransactionStatus;
}

export function failureOf(error: unknown, status: TransactionStatus): FailureReport {
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
