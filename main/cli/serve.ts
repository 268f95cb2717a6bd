import { RotatingLog } from '../http/access-log.js';
import { TrustedProxies } from '../http/client-address.js';
import { CommitSizes } from '../http/commit-sizes.js';
import { DEFAULT_CONNECTIONS_PER_CLIENT, DEFAULT_KEEP_ALIVE_TIMEOUT_S, startServer, type RunningServer } from '../http/server.js';
import { startJournalCompaction } from '../http/journal-compactor.js';
import { startWorkerWrites, type Writes } from '../http/worker-writes.js';
import { parseRateLimit, type RateLimit } from '../http/rate-limit.js';
import { fullApi, strictApi } from '../../shared/routes.js';
import { SYNC_LIMITS } from '../../shared/sync-wire.js';
import { createRouter } from '../router/router.js';
import { createContext } from '../service/context.js';
import type { Db } from '../store/database.js';
import { storageErrorOf } from '../store/sqlite-failures.js';
import { postgresPoolOf } from '../store/postgres/pool-store.js';
import { UsageError, writeError, writeLine } from './args.js';
import { serveSettings, type Given } from './serve-options.js';
import { isPostgresLocation } from '../store/postgres/postgres-failures.js';
import { databaseOption, openServerDatabase } from './server-database.js';

const COMMAND = 'serve';
const DEFAULT_PORT = 8787;

/** Below the 30 s a PlanDesk client waits for an answer: it hears 503 and why, rather than nothing. */
const DEFAULT_STATEMENT_TIMEOUT_S = 20;

export const serveHelp = `Usage: plandesk serve --db FILE | postgres://USER@HOST[:PORT]/DATABASE [--host HOST] [--port PORT]
                      [--rate-limit N/SECONDS] [--max-connections-per-client N] [--access-log FILE]
                      [--strict-api] [--statement-timeout SECONDS] [--keep-alive-timeout SECONDS]
                      [--trust-proxy ADDRESS...] [--metrics]

Serves the full HTTP API on the SQLite database FILE (created if missing, readable by you only), or
on the PostgreSQL database at the URL (its schema created or migrated on start). Several serve
processes may share one PostgreSQL database and behave as one instance: unique rules,
Idempotency-Keys and rate limits hold across all of them.

  --db FILE | URL         the database file, or a postgres:// (or postgresql://) URL (required).
                          Keep the password off the command line: it is read from PGPASSWORD
                          or from the file PGPASSFILE names (default ~/.pgpass)
  --host HOST             address to bind (default 127.0.0.1, loopback only)
  --port PORT             port to listen on (default 8787; 0 picks a free one)
  --rate-limit N/SECONDS  at most N requests per SECONDS per user, e.g. 100/60, and as many
                          per client address without a valid token (default: no rate limit)
  --max-connections-per-client N
                          open connections one client address may hold; more are closed
                          (default ${DEFAULT_CONNECTIONS_PER_CLIENT}); through a trusted proxy, requests in progress
                          one client may have; more are answered 429
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
  --keep-alive-timeout SECONDS
                          how long an idle connection stays open (default ${DEFAULT_KEEP_ALIVE_TIMEOUT_S}): keep it above
                          the idle timeout of a reverse proxy in front (nginx: 60)
  --trust-proxy ADDRESS...
                          the reverse proxies in front (addresses or networks: 127.0.0.1,
                          10.0.0.0/8): a request from one of them is its client's, the
                          right-most address of X-Forwarded-For that is not one of them, in
                          the access log and the limits. Without it X-Forwarded-For is ignored
  --metrics               answer GET /metrics (Prometheus text, no token); 404 without it

Every option can come from the environment instead, a flag winning over its variable:
PLANDESK_ and the option's name in capitals, dashes as underscores (PLANDESK_DB, PLANDESK_PORT,
PLANDESK_RATE_LIMIT, PLANDESK_TRUST_PROXY="127.0.0.1 10.0.0.0/8", PLANDESK_METRICS=1...).

Without a token: GET /healthz answers 200 {"status": "ok"} while the process runs, GET /readyz
200 {"status": "ready"} when the database answers and its migrations are current (else 503 with
the reason, within 2 seconds).

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
  const settings = serveSettings(args, process.env);
  const file = databaseOption(COMMAND, settings.db?.value, settings.db?.source);
  const host = settings.host?.value ?? '127.0.0.1';
  const port = parsePort(settings.port);
  let rateLimit: RateLimit | undefined;
  if (settings['rate-limit'] !== undefined) {
    try {
      rateLimit = parseRateLimit(settings['rate-limit'].value, settings['rate-limit'].source);
    } catch (error) {
      throw new UsageError(COMMAND, (error as Error).message);
    }
  }
  let trustProxy: TrustedProxies | undefined;
  if (settings['trust-proxy'] !== undefined) {
    try {
      trustProxy = new TrustedProxies(settings['trust-proxy'].value, settings['trust-proxy'].source);
    } catch (error) {
      throw new UsageError(COMMAND, (error as Error).message);
    }
  }

  const connectionsPerClient =
    settings['max-connections-per-client'] === undefined ? DEFAULT_CONNECTIONS_PER_CLIENT : parseCount(settings['max-connections-per-client']);
  const keepAliveTimeoutS = settings['keep-alive-timeout'] === undefined ? DEFAULT_KEEP_ALIVE_TIMEOUT_S : parseKeepAlive(settings['keep-alive-timeout']);

  const statementTimeoutMs = statementTimeout(file, settings['statement-timeout']);
  const accessLog = settings['access-log'] === undefined ? undefined : new RotatingLog(settings['access-log'].value);
  const strict = settings['strict-api']?.value ?? false;
  const log = accessLog?.write ?? writeError;
  const postgres = isPostgresLocation(file);
  // The writer thread's group commits (SQLite), and the pool's connections (PostgreSQL), for the metrics.
  const commitSizes = new CommitSizes();
  const db = await openServerDatabase(file, statementTimeoutMs);
  let server;
  let writes: Writes | undefined;
  let stopCompaction = () => {};
  try {
    const router = createRouter(createContext(db), strict ? strictApi : fullApi);
    // SQLite: one writer, which group commit serves best, on a thread of its own so that reads never wait for its fsync;
    // it may stop, and then writes are answered 503 with the sentence, reads as before, and the log says what to do.
    // PostgreSQL: each write is a unit on the pool, here, and the server groups the commits' WAL flushes.
    if (!postgres) {
      writes = await startWorkerWrites({ file, strictApi: strict, bodyLimit: SYNC_LIMITS.bodyBytes, commitSizes: commitSizes.buffer }, (error) =>
        log(`${new Date().toISOString()} storage: ${error.message}`),
      );
    }
    stopCompaction = startJournalCompaction(db, log);
    server = await startServer({
      db,
      router,
      writes,
      host,
      port,
      connectionsPerClient,
      keepAliveTimeoutS,
      ...(trustProxy ? { trustProxy } : {}),
      ...(settings.metrics?.value ? { metrics: postgres ? { poolUse: () => postgresPoolOf(db).use() } : { commitSizes } } : {}),
      strictApi: strict,
      bodyLimit: SYNC_LIMITS.bodyBytes,
      ...(rateLimit ? { rateLimit } : {}),
      log,
    });
  } catch (error) {
    stopCompaction();
    await writes?.close();
    await db.close();
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
  stopCompaction();
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
    await db.close();
  } catch (error) {
    failure ??= error;
  }
  return failure;
}

/** --statement-timeout in ms: for a PostgreSQL database, as given or the default; none for a SQLite file, which refuses it. */
function statementTimeout(location: string, given: Given<string> | undefined): number | undefined {
  if (!isPostgresLocation(location)) {
    if (given !== undefined) throw new UsageError(COMMAND, `${given.source} applies to a PostgreSQL database (--db postgres://...), not to a SQLite file`);
    return undefined;
  }
  if (given === undefined) return DEFAULT_STATEMENT_TIMEOUT_S * 1000;
  return Math.round(seconds(given, 0.001, 3600) * 1000);
}

/** A number of seconds from `min` to `max`. */
function seconds({ value, source }: Given<string>, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number < min || number > max) {
    throw new UsageError(COMMAND, `${source} takes a number of seconds from ${min} to ${max} (got "${value}")`);
  }
  return number;
}

function parseKeepAlive(given: Given<string>): number {
  return seconds(given, 1, 3600);
}

function parseCount({ value, source }: Given<string>): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(COMMAND, `${source} takes a number above 0 (got "${value}")`);
  return Number(value);
}

function parsePort(given: Given<string> | undefined): number {
  if (given === undefined) return DEFAULT_PORT;
  const port = Number(given.value);
  if (!/^\d+$/.test(given.value) || port > 65535) throw new UsageError(COMMAND, `${given.source} takes a number from 0 to 65535 (got "${given.value}")`);
  return port;
}
