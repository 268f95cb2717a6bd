import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fullApi, strictApi } from '../../shared/routes.js';
import { SYNC_LIMITS } from '../../shared/sync-wire.js';
import { messages } from '../../shared/validation/messages.js';
import type { Actor, ApiResponse, Router } from '../api/types.js';
import { TokenUsage } from '../auth/token-usage.js';
import { authenticate } from '../auth/tokens.js';
import type { Db } from '../store/database.js';
import { capabilitiesAnswer, isBatch, serviceRoute } from './extensions.js';
import { GroupCommit, type KeyedRoute } from './group-commit.js';
import { schemaEndpoint } from './schema-endpoint.js';
import { StorageProblemLog } from './storage-problem-log.js';
import { limiterFor, type RateLimit } from './rate-limit.js';
import { unsupportedMediaType } from './media-type.js';
import { BodyNotUtf8, BodyTooLarge, ClientClosed, readBody, utf8Text } from './read-body.js';
import { applyWrite, parseBody, storageFailureResponse, toWire, type WireResponse } from './wire.js';
import { writerStoppedResponse, type Writes } from './worker-writes.js';

export const DEFAULT_CONNECTIONS_PER_CLIENT = 128;

export interface ServerOptions {
  db: Db;
  router: Router;
  host?: string;
  port?: number;
  rateLimit?: RateLimit;
  bodyLimit?: number;
  /** Open connections one client address may hold; more are closed as they arrive. */
  connectionsPerClient?: number;
  /** Where writes go; by default a group commit on this thread's connection. */
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
  const log = options.log ?? (() => {});
  const strict = options.strictApi ?? false;
  const api = strict ? strictApi : fullApi;
  const route = serviceRoute(options.db, options.router, { strict, bodyLimit });
  const writes = options.writes ?? inThreadWrites(options.db, route);
  const usage = new TokenUsage(options.db);
  const clock = options.clock ?? (() => new Date());
  const storageProblems = new StorageProblemLog(log);
  const schema = schemaEndpoint(api);

  const server = createServer(async (request, response) => {
    const started = performance.now();
    const path = pathOf(request.url);
    let result: WireResponse;
    try {
      result = await handle(request, path);
    } catch (error) {
      if (error instanceof ClientClosed) {
        log(`${accessLine(request, path, '-', started)} ${error.message}`);
        return;
      }
      const storage = storageFailureResponse(error) ?? writerStoppedResponse(error);
      if (!storage) log(`error ${request.method} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      result = toWire(storage ?? { status: 500, body: { detail: 'A server error occurred.' } });
    }
    if (result.status === 503) storageProblems.met(result);
    else if (result.status < 300 && WRITE_METHODS.has(request.method ?? '')) storageProblems.writeSucceeded();
    if (!request.complete) refuseRestOfBody(request, result);
    send(response, result, request.method === 'HEAD');
    log(accessLine(request, path, String(result.status), started));
  });
  limitConnectionsPerClient(server, options.connectionsPerClient ?? DEFAULT_CONNECTIONS_PER_CLIENT);

  async function handle(request: IncomingMessage, path: string): Promise<WireResponse> {
    // Served to anyone, before authentication.
    const open = schema(request.method ?? 'GET', path);
    if (open) return open;
    const admitted = await admit(request, path);
    if (!('text' in admitted)) return toWire(admitted);
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    const method = request.method ?? 'GET';
    const target = request.url ?? path;
    const unsupported = unsupportedMediaType(api, method, path, request.headers['content-type'], admitted.text);
    if (unsupported) return toWire(unsupported);
    // A write's body is parsed on the writer thread, beside its transaction.
    if (WRITE_METHODS.has(method)) return writes.submit({ method, path: target, text: admitted.text, actor: admitted.actor }, key);
    const parsed = parseBody(admitted.text);
    if (!parsed.ok) return toWire(parsed.response);
    const read = { method, path: target, body: parsed.body, actor: admitted.actor };
    return toWire((strict ? undefined : capabilitiesAnswer(options.db, read, bodyLimit)) ?? route(read, key));
  }

  /** The request's body text and its authenticated actor, or the answer refusing it before its body is parsed. */
  async function admit(request: IncomingMessage, path: string): Promise<ApiResponse | { text: string; actor: Actor }> {
    const limit = !strict && isBatch(request.method ?? 'GET', path) ? SYNC_LIMITS.batchBytes : bodyLimit;
    if (Number(request.headers['content-length'] ?? 0) > limit) return { status: 413, body: { detail: messages.tooLarge } };
    const now = clock();
    const authentication = authenticate(options.db, request.headers.authorization, now);
    if (!authentication.ok) {
      // As DRF: an unknown path is 404 for anyone; everything else needs credentials first.
      if (authentication.detail === messages.noCredentials && api.match(request.method ?? 'GET', path).kind === 'not-found') {
        return { status: 404, body: { detail: messages.notFound } };
      }
      return unauthorized(authentication.detail);
    }
    usage.record(authentication.tokenId, now.toISOString());
    if (limiter) {
      // Keyed by the authenticated user (as DRF's UserRateThrottle), not by the header's spelling,
      // which a client could vary ("token  KEY", "Token KEY ") to get a fresh bucket every time.
      const wait = limiter.take(authentication.actor.userId);
      if (wait > 0) return { status: 429, body: { detail: messages.throttled(wait) }, headers: { 'Retry-After': String(wait) } };
    }
    let text: string;
    try {
      text = utf8Text(await readBody(request, limit));
    } catch (error) {
      if (error instanceof BodyTooLarge) return { status: 413, body: { detail: messages.tooLarge } };
      if (error instanceof BodyNotUtf8) return { status: 400, body: { detail: messages.jsonParse(error.message) } };
      throw error;
    }
    return { text, actor: authentication.actor };
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
            server.close(() => {
              // The writer closes whatever the last flush of token uses meets (a full disk...).
              let failure: unknown;
              try {
                usage.stop();
              } catch (error) {
                failure = error;
              }
              void writes.close().then(() => (failure === undefined ? done() : fail(failure)));
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}

function inThreadWrites(db: Db, route: KeyedRoute): Writes {
  const commit = new GroupCommit(db, route);
  return { submit: (write, key) => applyWrite(commit, write, key), close: async () => {} };
}

/** Time, client address, method, path, status (or `-`), duration: never a token, never a body. */
function accessLine(request: IncomingMessage, path: string, status: string, started: number): string {
  return `${new Date().toISOString()} ${request.socket.remoteAddress ?? '-'} ${request.method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`;
}

/** The path without its query string, for matching and the access log; the router reads the query itself. */
function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query === -1 ? raw : raw.slice(0, query);
}

/**
 * A request answered before its body was read (refused from its headers, or too large): the rest
 * of the body is discarded as it arrives, never buffered, and the connection closes after the answer.
 */
function refuseRestOfBody(request: IncomingMessage, result: WireResponse): void {
  result.headers = { ...result.headers, Connection: 'close' };
  request.resume();
}

/** Connections beyond `limit` from one address are closed at once, before any request is read. */
function limitConnectionsPerClient(server: ReturnType<typeof createServer>, limit: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
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

/** A HEAD request gets the headers GET would, Content-Length included, and no body. */
function send(response: ServerResponse, result: WireResponse, headOnly: boolean): void {
  const headers: Record<string, string> = { ...result.headers };
  const { payload } = result;
  if (payload === undefined) {
    response.writeHead(result.status, headers).end();
    return;
  }
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(Buffer.byteLength(payload));
  response.writeHead(result.status, headers).end(headOnly ? undefined : payload);
}
