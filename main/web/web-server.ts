import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { WEB_SECRET_HEADER, type SyncProgressEvent } from '../../shared/bridge.js';
import { MalformedCallError, ShuttingDownError, type AppCore } from '../app/app-core.js';
import { errorId } from '../app/app-log.js';
import { BodyTooLarge, ClientClosed, readBody, utf8Text } from '../http/read-body.js';

export interface WebServerOptions {
  core: AppCore;
  /** The built renderer (electron-vite's out/renderer). */
  rendererDir: string;
  port?: number;
  /** Errors only; never the secret. */
  log?: (line: string) => void;
}

export interface RunningWebServer {
  /** The address to open, with the per-launch secret in its fragment (never sent over the wire). */
  url: string;
  port: number;
  close(): Promise<void>;
}

const BODY_LIMIT = 2 * 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};
// The same policy as renderer/index.html's meta tag, also sent as a header.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Web mode: the renderer in a plain browser, talking to the same AppCore as the desktop window.
 * Loopback only. Bridge calls need the per-launch secret; every request must name our own host
 * (no DNS rebinding) and, when it carries an Origin, our own origin (no cross-site requests).
 */
export function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const secret = Buffer.from(randomBytes(24).toString('base64url'));
  const log = options.log ?? (() => {});
  // Absolute and without a trailing separator, so that the containment check below holds for any spelling.
  const rendererRoot = resolve(options.rendererDir);
  const listeners = new Set<ServerResponse>();
  let port = 0;

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const stopForwarding = options.core.onSyncProgress((event: SyncProgressEvent) => {
    for (const listener of listeners) listener.write(`${JSON.stringify(event)}\n`);
  });

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const id = errorId();
      log(
        `web: [${id}] ${request.method} ${new URL(request.url ?? '/', 'http://web').pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!response.headersSent) sendJson(response, 500, { detail: `Internal error (error ${id}, in the log).` });
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!allowedHosts().has(request.headers.host ?? '')) return sendJson(response, 421, { detail: 'Unknown host.' });
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) return sendJson(response, 403, { detail: 'Cross-origin requests are refused.' });
    const path = (request.url ?? '/').split('?')[0]!;
    if (path.startsWith('/bridge/')) {
      if (!hasSecret(request)) return sendJson(response, 403, { detail: 'Missing or wrong web-mode secret.' });
      if (path === '/bridge/events' && request.method === 'GET') return openEventStream(response);
      if (request.method !== 'POST') return sendJson(response, 405, { detail: `Method "${request.method}" not allowed.` });
      return callBridge(path.slice('/bridge/'.length), request, response);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, { detail: `Method "${request.method}" not allowed.` });
    return serveFile(path, response);
  }

  function hasSecret(request: IncomingMessage): boolean {
    const given = request.headers[WEB_SECRET_HEADER];
    if (typeof given !== 'string') return false;
    const candidate = Buffer.from(given);
    return candidate.length === secret.length && timingSafeEqual(candidate, secret);
  }

  async function callBridge(method: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(response, 415, { detail: 'Bridge calls are application/json.' });
    }
    let args: unknown;
    try {
      args = JSON.parse(utf8Text(await readBody(request, BODY_LIMIT)));
    } catch (error) {
      if (error instanceof BodyTooLarge) return sendJson(response, 413, { detail: 'Request body too large.' });
      if (error instanceof ClientClosed) return void response.destroy();
      return sendJson(response, 400, { detail: 'Malformed bridge call.' });
    }
    try {
      const result = await options.core.invoke(method, args);
      sendJson(response, 200, { result: result ?? null });
    } catch (error) {
      if (error instanceof MalformedCallError) return sendJson(response, 400, { detail: error.message });
      if (error instanceof ShuttingDownError) return sendJson(response, 503, { detail: error.message });
      throw error;
    }
  }

  function openEventStream(response: ServerResponse): void {
    response.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    response.flushHeaders();
    listeners.add(response);
    response.on('close', () => listeners.delete(response));
  }

  async function serveFile(path: string, response: ServerResponse): Promise<void> {
    let relative: string;
    try {
      relative = decodeURIComponent(path === '/' ? '/index.html' : path);
    } catch {
      return sendJson(response, 400, { detail: 'Bad path.' });
    }
    const file = join(rendererRoot, relative);
    if (!file.startsWith(rendererRoot + sep)) return sendJson(response, 404, { detail: 'Not found.' });
    let content: Buffer;
    try {
      content = await readFile(file);
    } catch {
      return sendJson(response, 404, { detail: 'Not found.' });
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    response.end(content);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}/#secret=${secret.toString()}`,
        port,
        close: () =>
          new Promise((done) => {
            stopForwarding();
            for (const listener of listeners) listener.end();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  response.end(text);
}
