import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '../../shared/validation/messages.js';
import type { ApiResponse, Router } from '../api/types.js';
import { authenticate } from '../auth/tokens.js';
import type { Db } from '../store/database.js';
import { withIdempotency } from './idempotency.js';
import { BodyNotUtf8, BodyTooLarge, readBody, utf8Text } from './read-body.js';
import { RateLimiter, type RateLimit } from './rate-limit.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface ServerOptions {
  db: Db;
  router: Router;
  host?: string;
  port?: number;
  rateLimit?: RateLimit;
  bodyLimit?: number;
  /** One line per request, and server errors; never a token. */
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, lets requests in progress finish, then resolves. */
  close(): Promise<void>;
}

/** The service over HTTP/JSON: Token authentication, per-user rate limit, body limit, Idempotency-Key, access log. */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const limiter = options.rateLimit ? new RateLimiter(options.rateLimit) : undefined;
  const log = options.log ?? (() => {});
  const route = withIdempotency(options.db, options.router);

  const server = createServer(async (request, response) => {
    const started = performance.now();
    const path = pathOf(request.url);
    let result: ApiResponse;
    try {
      result = await handle(request, path);
    } catch (error) {
      log(`error ${request.method} ${path}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      result = { status: 500, body: { detail: 'A server error occurred.' } };
    }
    send(response, result, request.method === 'HEAD');
    log(`${new Date().toISOString()} ${request.socket.remoteAddress ?? '-'} ${request.method} ${path} ${result.status} ${(performance.now() - started).toFixed(1)}ms`);
  });

  async function handle(request: IncomingMessage, path: string): Promise<ApiResponse> {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > bodyLimit) return tooLarge(request);
    const authentication = authenticate(options.db, request.headers.authorization);
    if (!authentication.ok && authentication.detail === messages.invalidToken) {
      return { status: 401, body: { detail: messages.invalidToken }, headers: { 'WWW-Authenticate': 'Token' } };
    }
    if (authentication.ok && limiter) {
      // Keyed by the authenticated user (as DRF's UserRateThrottle), not by the header's spelling,
      // which a client could vary ("token  KEY", "Token KEY ") to get a fresh bucket every time.
      const wait = limiter.take(authentication.actor.userId);
      if (wait > 0) return { status: 429, body: { detail: messages.throttled(wait) }, headers: { 'Retry-After': String(wait) } };
    }
    let text: string;
    try {
      text = utf8Text(await readBody(request, bodyLimit));
    } catch (error) {
      if (error instanceof BodyTooLarge) return tooLarge(request);
      if (error instanceof BodyNotUtf8) return { status: 400, body: { detail: messages.jsonParse(error.message) } };
      throw error;
    }
    let body: unknown;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch (error) {
        return { status: 400, body: { detail: messages.jsonParse((error as Error).message) } };
      }
    }
    const key = request.headers['idempotency-key'];
    return route({ method: request.method ?? 'GET', path, body, actor: authentication.ok ? authentication.actor : null }, Array.isArray(key) ? key[0] : key);
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
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/** The path without its query string; the service takes no query parameters. */
function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query === -1 ? raw : raw.slice(0, query);
}

/** The rest of an oversized body is not read, so the connection cannot be reused. */
function tooLarge(request: IncomingMessage): ApiResponse {
  request.resume();
  return { status: 413, body: { detail: messages.tooLarge }, headers: { Connection: 'close' } };
}

/** A HEAD request gets the headers GET would, Content-Length included, and no body. */
function send(response: ServerResponse, result: ApiResponse, headOnly: boolean): void {
  const headers: Record<string, string> = { ...result.headers };
  if (result.status === 204) {
    response.writeHead(204, headers).end();
    return;
  }
  const payload = JSON.stringify(result.body);
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(Buffer.byteLength(payload));
  response.writeHead(result.status, headers).end(headOnly ? undefined : payload);
}
