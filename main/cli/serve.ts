import { parseArgs } from 'node:util';
import { RotatingLog } from '../http/access-log.js';
import { DEFAULT_CONNECTIONS_PER_CLIENT, startServer, type RunningServer } from '../http/server.js';
import { startWorkerWrites, type Writes } from '../http/worker-writes.js';
import { parseRateLimit, type RateLimit } from '../http/rate-limit.js';
import { fullApi, strictApi } from '../../shared/routes.js';
import { SYNC_LIMITS } from '../../shared/sync-wire.js';
import { createRouter } from '../router/router.js';
import { createContext } from '../service/context.js';
import type { Db } from '../store/database.js';
import { storageErrorOf } from '../store/sqlite-failures.js';
import { noPositionals, parseOrUsage, UsageError, writeError, writeLine } from './args.js';
import { isPostgresLocation } from '../store/postgres/postgres-failures.js';
import { databaseOption, openServerDatabase } from './server-database.js';

const COMMAND = 'serve';

/** Below the 30 s a PlanDesk client waits for an answer: it hears 503 and why, rather than nothing. */
const DEFAULT_STATEMENT_TIMEOUT_S = 20;

export const serveHelp = `Usage: plandesk serve --db FILE | postgres://USER@HOST[:PORT]/DATABASE [--host HOST] [--port PORT]
                      [--rate-limit N/SECONDS] [--max-connections-per-client N] [--access-log FILE]
                      [--strict-api] [--statement-timeout SECONDS]

Serves the full HTTP API on the SQLite database FILE (created if missing, readable by you only), or
on the PostgreSQL database at the URL (its schema created or migrated on start). Several serve
processes may share one PostgreSQL database and behave as one instance: unique rules,
Idempotency-Keys and rate limits hold across all of them.

  --db FILE | URL         the database file, or a postgres:// (or postgresql://) URL (required).
                          Keep the password off the command line: it is read from PGPASSWORD
                          or from the file PGPASSFILE names (default ~/.pgpass)
  --host HOST             address to bind (default 127.0.0.1, loopback only)
  --port PORT             port to listen on (default 8787; 0 picks a free one)
  --rate-limit N/SECONDS  at most N requests per SECONDS per user, e.g. 100/60
                          (default: no rate limit)
  --max-connections-per-client N
                          open connections one client address may hold; more are closed
                          (default ${DEFAULT_CONNECTIONS_PER_CLIENT})
  --access-log FILE       write the access log to FILE (mode 0600), rotated at 10 MiB into
                          FILE.1 .. FILE.3 (default: standard error)
  --strict-api            serve only the 16 operations of 2.2.1, as a remote without
                          PlanDesk's extensions would: everything else answers 404 (or 405
                          on a path 2.2.1 has), including /changes/, /batch/, /capabilities/
  --statement-timeout SECONDS
                          PostgreSQL only: the longest the database may spend on one statement
                          of a request, waiting for a lock included, before the request is
                          answered 503 (default ${DEFAULT_STATEMENT_TIMEOUT_S}), and with it at once the writes of its
                          group commit and batch still to run; a database that does not
                          answer at all is given up on a few seconds later

Prints one line "listening on http://HOST:PORT" on stdout once it accepts connections (with
--port 0 the port actually bound), and one access-log line per request (time, client address,
method, path, status, duration: never a token, never a body). Requests without valid
credentials are refused from their headers, before any body is read. SIGTERM or SIGINT stops accepting, lets requests in progress finish, closes the
database and exits 0; when its last save meets a storage failure (a full disk) it still closes, says
so in one line and exits 1. A second signal while closing exits 1 at once.

A database that turns out damaged, read-only or full while serving does not stop the server: each
request that needs it is answered 503 with the one sentence saying what to do (also written once
to the log), and everything that can still be read is answered. So is a PostgreSQL server that
cannot be reached: requests answer 503 until it is back, then as before.
`;

export async function runServe(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: {
        db: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8787' },
        'rate-limit': { type: 'string' },
        'max-connections-per-client': { type: 'string' },
        'access-log': { type: 'string' },
        'strict-api': { type: 'boolean', default: false },
        'statement-timeout': { type: 'string' },
        json: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const file = databaseOption(COMMAND, values.db);
  const host = values.host || '127.0.0.1';
  const port = parsePort(values.port);
  let rateLimit: RateLimit | undefined;
  if (values['rate-limit'] !== undefined) {
    try {
      rateLimit = parseRateLimit(values['rate-limit']);
    } catch (error) {
      throw new UsageError(COMMAND, (error as Error).message);
    }
  }

  const connectionsPerClient =
    values['max-connections-per-client'] === undefined ? DEFAULT_CONNECTIONS_PER_CLIENT : parseCount(values['max-connections-per-client']);

  const statementTimeoutMs = statementTimeout(file, values['statement-timeout']);
  const accessLog = values['access-log'] === undefined ? undefined : new RotatingLog(values['access-log']);
  const strict = values['strict-api'] ?? false;
  const log = accessLog?.write ?? writeError;
  const db = openServerDatabase(file, statementTimeoutMs);
  let server;
  let writes: Writes | undefined;
  try {
    const router = createRouter(createContext(db), strict ? strictApi : fullApi);
    // Stays up: writes are answered 503 with the sentence, reads as before, and the log says what to do.
    writes = await startWorkerWrites({ file, strictApi: strict, statementTimeoutMs, bodyLimit: SYNC_LIMITS.bodyBytes }, (error) =>
      log(`${new Date().toISOString()} storage: ${error.message}`),
    );
    server = await startServer({
      db,
      router,
      writes,
      host,
      port,
      connectionsPerClient,
      strictApi: strict,
      bodyLimit: SYNC_LIMITS.bodyBytes,
      ...(rateLimit ? { rateLimit } : {}),
      log,
    });
  } catch (error) {
    await writes?.close();
    db.close();
    accessLog?.close();
    throw error;
  }
  await writeLine(`listening on ${server.url}`);

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  writeError(`${signal}: closing (requests in progress finish first)`);
  const force = () => {
    writeError('second signal: exiting without waiting');
    process.exit(1);
  };
  process.once('SIGTERM', force);
  process.once('SIGINT', force);
  const failure = await closeAll(server, db);
  accessLog?.close();
  if (failure === undefined) {
    writeError('closed');
    return 0;
  }
  const storage = storageErrorOf(failure, file);
  if (!storage) throw failure;
  writeError(`closed, but the tokens' last use times of the last minute were not saved: ${storage.message}`);
  return 1;
}

/** Closes the server, then the database whatever the server's close met; answers the first failure. */
async function closeAll(server: RunningServer, db: Db): Promise<unknown> {
  let failure: unknown;
  try {
    await server.close();
  } catch (error) {
    failure = error;
  }
  try {
    db.close();
  } catch (error) {
    failure ??= error;
  }
  return failure;
}

/** --statement-timeout in ms: for a PostgreSQL database, as given or the default; none for a SQLite file, which refuses it. */
function statementTimeout(location: string, text: string | undefined): number | undefined {
  if (!isPostgresLocation(location)) {
    if (text !== undefined) throw new UsageError(COMMAND, '--statement-timeout applies to a PostgreSQL database (--db postgres://...), not to a SQLite file');
    return undefined;
  }
  if (text === undefined) return DEFAULT_STATEMENT_TIMEOUT_S * 1000;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds < 0.001 || seconds > 3600) {
    throw new UsageError(COMMAND, `--statement-timeout takes a number of seconds from 0.001 to 3600 (got "${text}")`);
  }
  return Math.round(seconds * 1000);
}

function parseCount(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(COMMAND, `--max-connections-per-client takes a number above 0 (got "${text}")`);
  return Number(text);
}

function parsePort(text: string | undefined): number {
  const port = Number(text);
  if (!text || !/^\d+$/.test(text) || port > 65535) throw new UsageError(COMMAND, `--port takes a number from 0 to 65535 (got "${text ?? ''}")`);
  return port;
}
