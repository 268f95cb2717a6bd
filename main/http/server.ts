import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fullApi, strictApi } from '../../shared/routes.js';
import { SYNC_LIMITS } from '../../shared/sync-wire.js';
import { messages } from '../../shared/validation/messages.js';
import type { Actor, ApiResponse, Router } from '../api/types.js';
import { TokenUsage } from '../auth/token-usage.js';
import { OutageAuthentication } from '../auth/outage-authentication.js';
import { isPostgres, type Db } from '../store/database.js';
import { postgresPoolOf } from '../store/postgres/pool-store.js';
import { readiness } from '../store/readiness.js';
import type { TrustedProxies } from './client-address.js';
import { Clients } from './clients.js';
import type { CommitSizes } from './commit-sizes.js';
import { BodyNotDecompressible, compress, decodedBody, EncodingNotSupported, negotiatedCoding, SMALLEST_COMPRESSED } from './compression.js';
import { capabilitiesAnswer, isBatch, isCapabilities, serviceRoute } from './extensions.js';
import { GroupCommit, type KeyedRoute } from './group-commit.js';
import { SCHEMA_PATH } from './openapi/schema-path.js';
import { schemaEndpoint } from './schema-endpoint.js';
import { StorageProblemLog } from './storage-problem-log.js';
import { ServerMetrics, type MetricSources } from './metrics.js';
import { OPERATIONAL_PATHS, operationalAnswers } from './operational.js';
import { addressLimiter, limiterFor, type RateLimit } from './rate-limit.js';
import { unsupportedMediaType } from './media-type.js';
import { BodyNotUtf8, BodyTooLarge, ClientClosed, readBody, utf8Text } from './read-body.js';
import { applyWrite, parseBody, storageFailureResponse, toWire, type WireResponse } from './wire.js';
import { writerStoppedResponse, type Writes } from './worker-writes.js';

export const DEFAULT_CONNECTIONS_PER_CLIENT = 128;

/** Above the 60 s a reverse proxy keeps an idle connection to its upstream (nginx's keepalive_timeout), so the proxy closes first. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_S = 65;

/** How long `GET /readyz` waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 2_000;

export interface ServerOptions {
  db: Db;
  router: Router;
  host?: string;
  port?: number;
  rateLimit?: RateLimit;
  bodyLimit?: number;
  /** Open connections one client address may hold; more are closed as they arrive. */
  connectionsPerClient?: number;
  /** Where writes go; by default this thread's connection (inThreadWrites). */
  writes?: Writes;
  /** The time tokens expire against; the system clock unless a test says otherwise. */
  clock?: () => Date;
  /** One line per request, and server errors; never a token, never a body. */
  log?: (line: string) => void;
  /**
   * Only the operations of 2.2.1, as a remote without PlanDesk's extensions: no batches, changes or
   * capabilities, no operations of the older edition or the app's own. `router` must serve the same (strictApi).
   */
  strictApi?: boolean;
  /** How long an idle connection stays open; headers must arrive within a second more. */
  keepAliveTimeoutS?: number;
  /** Proxies whose X-Forwarded-For names the client (`--trust-proxy`); without them the connection's address is the client's. */
  trustProxy?: TrustedProxies;
  /** Serve `GET /metrics` (`--metrics`), reading these besides the server's own counts. */
  metrics?: MetricSources;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, lets requests in progress finish, then resolves. */
  close(): Promise<void>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

const unauthorized = (detail: string): ApiResponse => ({ status: 401, body: { detail }, headers: { 'WWW-Authenticate': 'Token' } });

/**
 * The service over HTTP/JSON: Token authentication from the headers before any body is read,
 * per-user rate limit, body limit, connections per client address, Idempotency-Key, access log.
 */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const bodyLimit = options.bodyLimit ?? SYNC_LIMITS.bodyBytes;
  const limiter = options.rateLimit ? limiterFor(options.db, options.rateLimit) : undefined;
  const anonymousLimiter = options.rateLimit ? addressLimiter(options.rateLimit) : undefined;
  const log = options.log ?? (() => {});
  const strict = options.strictApi ?? false;
  const api = strict ? strictApi : fullApi;
  const route = serviceRoute(options.db, options.router, { strict, bodyLimit });
  const writes = options.writes ?? inThreadWrites(options.db, route, options.metrics?.commitSizes);
  const usage = new TokenUsage(options.db);
  const db = options.db;
  const authentication = new OutageAuthentication(db, () => isPostgres(db) && !postgresPoolOf(db).answering);
  const clock = options.clock ?? (() => new Date());
  const storageProblems = new StorageProblemLog(log);
  const schema = schemaEndpoint(api);
  const metrics = options.metrics && new ServerMetrics(api, new Set([...OPERATIONAL_PATHS, SCHEMA_PATH]), options.metrics);
  const operational = operationalAnswers(() => readiness(options.db, READY_TIMEOUT_MS), metrics);
  const connectionsPerClient = options.connectionsPerClient ?? DEFAULT_CONNECTIONS_PER_CLIENT;
  const clients = new Clients(options.trustProxy, connectionsPerClient);
  const keepAliveTimeout = (options.keepAliveTimeoutS ?? DEFAULT_KEEP_ALIVE_TIMEOUT_S) * 1000;
  const headersTimeout = keepAliveTimeout + 1000;

  // A failure of the answering itself (the access log's disk full, say) must not end serve as an
  // unhandled rejection: it goes to stderr, and the request gets a 500 if nothing was sent yet.
  const server = createServer({ keepAliveTimeout, headersTimeout, requestTimeout: Math.max(300_000, headersTimeout) }, (request, response) => {
    answer(request, response).catch((error: unknown) => {
      console.error(`error ${request.method} ${pathOf(request.url)}: ${errorText(error)}`);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  limitConnectionsPerClient(server, connectionsPerClient, clients);

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    const path = pathOf(request.url);
    const client = clients.of(request);
    const own = operational(request.method ?? 'GET', path);
    let result: WireResponse;
    try {
      result = own ? await own : await clients.counted(request, client, () => handle(request, path, client));
    } catch (error) {
      if (error instanceof ClientClosed) {
        log(`${accessLine(client, request, path, '-', started)} ${error.message}`);
        return;
      }
      const storage = storageFailureResponse(error) ?? writerStoppedResponse(error);
      if (!storage) log(`error ${request.method} ${path}: ${errorText(error)}`);
      result = toWire(storage ?? { status: 500, body: { detail: 'A server error occurred.' } });
    }
    if (result.status === 503 && !own) storageProblems.met(result);
    else if (result.status < 300 && WRITE_METHODS.has(request.method ?? '')) {
      storageProblems.writeSucceeded();
      forgetDeletedTokens(request.method ?? '', path);
    }
    if (!request.complete) refuseRestOfBody(request, result);
    await send(response, result, request);
    log(accessLine(client, request, path, String(result.status), started));
    metrics?.answered(request.method ?? 'GET', path, result.status, (performance.now() - started) / 1000);
  }

  async function handle(request: IncomingMessage, path: string, client: string): Promise<WireResponse> {
    // Served to anyone, before authentication.
    const open = schema(request.method ?? 'GET', path);
    if (open) return open;
    const admitted = await admit(request, path, client);
    if (!('text' in admitted)) return toWire(admitted);
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    const method = request.method ?? 'GET';
    const target = request.url ?? path;
    const unsupported = unsupportedMediaType(api, method, path, request.headers['content-type'], admitted.text);
    if (unsupported) return toWire(unsupported);
    // A write's body is parsed where it is written (SQLite: on the writer thread), beside its transaction. 2.2.1 has no If-Match: --strict-api ignores it, as the hosted service does.
    const ifMatch = strict ? undefined : request.headers['if-match'];
    if (WRITE_METHODS.has(method)) {
      return writes.submit({ method, path: target, text: admitted.text, actor: admitted.actor, ...(ifMatch !== undefined ? { ifMatch } : {}) }, key);
    }
    const parsed = parseBody(admitted.text);
    if (!parsed.ok) return toWire(parsed.response);
    const read = { method, path: target, body: parsed.body, actor: admitted.actor };
    return toWire((strict ? undefined : await capabilitiesAnswer(options.db, read, bodyLimit)) ?? (await route(read, key)));
  }

  /** A user deleted (alone, or maybe in a batch) takes their tokens with them: none of them may pass from memory. */
  function forgetDeletedTokens(method: string, path: string): void {
    if (strict) return;
    if (isBatch(method, path)) return authentication.forgetAll();
    const matched = api.match(method, path);
    if (matched.kind === 'found' && matched.route.operation === 'users.delete') authentication.forgetUser(matched.params.userID!);
  }

  /** The request's body text and its authenticated actor, or the answer refusing it before its body is parsed. */
  async function admit(request: IncomingMessage, path: string, client: string): Promise<ApiResponse | { text: string; actor: Actor }> {
    const method = request.method ?? 'GET';
    const limit = !strict && isBatch(method, path) ? SYNC_LIMITS.batchBytes : bodyLimit;
    if (Number(request.headers['content-length'] ?? 0) > limit) return { status: 413, body: { detail: messages.tooLarge } };
    const now = clock();
    // Only GET /capabilities/ is answered on a token remembered while the database is stalled; anything else gets the 503 the database's failure is.
    const needsDatabase = strict || !isCapabilities(method, path);
    const authenticated = await authentication.authenticate(request.headers.authorization, now, { needsDatabase });
    if (!authenticated.ok) {
      // As DRF's AnonRateThrottle: requests without a valid token are counted by client address.
      const wait = anonymousLimiter?.take(client) ?? 0;
      if (wait > 0) return throttled(wait);
      // As DRF: an unknown path is 404 for anyone; everything else needs credentials first.
      if (authenticated.detail === messages.noCredentials && api.match(method, path).kind === 'not-found') {
        return { status: 404, body: { detail: messages.notFound } };
      }
      return unauthorized(authenticated.detail);
    }
    usage.record(authenticated.tokenId, now.toISOString());
    if (limiter) {
      // Keyed by the authenticated user (as DRF's UserRateThrottle), not by the header's spelling,
      // which a client could vary ("token  KEY", "Token KEY ") to get a fresh bucket every time.
      // A token taken from memory means the database does not answer, nor can count the request
      // (PostgreSQL's buckets are in it): it is counted by client address, in this process's memory.
      const wait = authenticated.remembered ? (anonymousLimiter?.take(client) ?? 0) : await limiter.take(authenticated.actor.userId);
      if (wait > 0) return throttled(wait);
    }
    let text: string;
    try {
      text = utf8Text(await decodedBody(await readBody(request, limit), request.headers['content-encoding'], limit, !strict));
    } catch (error) {
      if (error instanceof BodyTooLarge) return { status: 413, body: { detail: messages.tooLarge } };
      if (error instanceof BodyNotUtf8) return { status: 400, body: { detail: messages.jsonParse(error.message) } };
      if (error instanceof EncodingNotSupported) return { status: 415, body: { detail: error.message } };
      if (error instanceof BodyNotDecompressible) return { status: 400, body: { detail: error.message } };
      throw error;
    }
    return { text, actor: authenticated.actor };
  }

  /** After the last request: the last flush of token uses, and the writer, which closes whatever that flush meets (a full disk...); rejects with the first failure. */
  async function closeStores(): Promise<void> {
    let failure: unknown;
    try {
      await usage.stop();
    } catch (error) {
      failure = error;
    }
    try {
      await writes.close();
    } catch (error) {
      failure ??= error;
    }
    if (failure !== undefined) throw failure;
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const host = options.host ?? '127.0.0.1';
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close(() => void closeStores().then(done, fail));
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/**
 * Writes made on this thread: on PostgreSQL each its own unit on the pool, at once (the server
 * groups the commits' WAL flushes); on SQLite, which has one writer, in group commits.
 */
function inThreadWrites(db: Db, route: KeyedRoute, commitSizes: CommitSizes | undefined): Writes {
  if (isPostgres(db)) return { submit: (write, key) => applyWrite((request, key) => route(request, key), write, key), close: async () => {} };
  const commit = new GroupCommit(db, route, (writes) => commitSizes?.observe(writes));
  return { submit: (write, key) => applyWrite((request, key) => commit.submit(request, key), write, key), close: async () => {} };
}

/** Time, client address, method, path, status (or `-`), duration: never a token, never a body. */
function accessLine(client: string, request: IncomingMessage, path: string, status: string, started: number): string {
  return `${new Date().toISOString()} ${client} ${request.method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`;
}

const throttled = (wait: number): ApiResponse => ({ status: 429, body: { detail: messages.throttled(wait) }, headers: { 'Retry-After': String(wait) } });

/** The path without its query string, for matching and the access log; the router reads the query itself. */
function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query === -1 ? raw : raw.slice(0, query);
}

const errorText = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * A request answered before its body was read (refused from its headers, or too large): the rest
 * of the body is discarded as it arrives, never buffered, and the connection closes after the answer.
 */
function refuseRestOfBody(request: IncomingMessage, result: WireResponse): void {
  result.headers = { ...result.headers, Connection: 'close' };
  request.resume();
}

/**
 * Connections beyond `limit` from one address are closed at once, before any request is read. A
 * trusted proxy's are not counted: they carry many clients (Clients limits each of those).
 */
function limitConnectionsPerClient(server: ReturnType<typeof createServer>, limit: number, clients: Clients): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (!clients.countsConnection(socket.remoteAddress)) return;
    const address = socket.remoteAddress ?? '-';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * The answer, compressed in the coding the request accepts when it is worth it (the feed, lists,
 * batch answers). A HEAD request gets the headers GET would, Content-Length included, and no body.
 */
async function send(response: ServerResponse, result: WireResponse, request: IncomingMessage): Promise<void> {
  const headers: Record<string, string> = { ...result.headers };
  const { payload } = result;
  if (payload === undefined) {
    response.writeHead(result.status, headers).end();
    return;
  }
  headers['Content-Type'] ??= 'application/json';
  headers['Vary'] = 'Accept-Encoding';
  const coding = payload.length >= SMALLEST_COMPRESSED ? negotiatedCoding(request.headers['accept-encoding']) : undefined;
  // An answer that could not be compressed (out of memory) goes as it is: the client takes both.
  const body = coding ? await compress(payload, coding).catch(() => undefined) : undefined;
  if (coding && body) headers['Content-Encoding'] = coding;
  headers['Content-Length'] = String(Buffer.byteLength(body ?? payload));
  response.writeHead(result.status, headers).end(request.method === 'HEAD' ? undefined : (body ?? payload));
}
