// A fault-injecting HTTP proxy on loopback, between the sync engine and a remote service. Each
// request is first read whole, then a scriptable function decides what the network does to it:
// pass it on, lose the answer after the remote acted, reset the connection before the remote sees
// it, answer 500 (before or after the remote acted) or 503 (after: a server whose database went
// away as it committed), throttle it, or hold the answer past the client's timeout. It can also
// strip the Idempotency-Key header (a remote that ignores it) and answer 404 to every operation
// beyond 2.2.1 (a remote that offers only the 2.2.1 table).
import { Agent, createServer, request as upstreamRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { onTestFinished } from 'vitest';
import { matchRoute } from '../../../shared/routes.js';

/** What `plandesk serve` answers when its PostgreSQL went away in the middle of a commit. */
const UNAVAILABLE =
  'the database postgres://plandesk@db.example.com/plandesk cannot be reached (Connection terminated unexpectedly): try again once it is back';

export type Fault =
  /** Pass the request on and its answer back. */
  | 'forward'
  /** Pass the request on; once the remote has answered, destroy the client's connection: the write happened, the client never learns. */
  | 'drop-response'
  /** Reset the client's connection before anything reaches the remote. */
  | 'reset'
  /** Answer 500 without passing the request on. */
  | 'error-500'
  /** Pass the request on, then answer 500 instead of the remote's answer: the write happened. */
  | 'error-500-after'
  /**
   * Pass the request on, then answer 503 with `plandesk serve`'s sentence for a PostgreSQL that
   * went away, instead of the remote's answer: the write was committed, its answer lost with the
   * database's connection.
   */
  | 'unavailable-after'
  /** Answer 429 with `Retry-After: 1` without passing the request on. */
  | 'throttle'
  /** Pass the request on and hold its answer longer than the client waits: the write happened. */
  | 'delay'
  /** Answer 401 Invalid token without passing the request on (the token was revoked). */
  | 'reject-token';

export interface ProxiedRequest {
  /** 0-based, over every request the proxy received. */
  index: number;
  /** 0-based over writes (POST, PUT, DELETE); undefined for reads. */
  writeIndex: number | undefined;
  method: string;
  path: string;
  body: string;
  /** The operation is one of the older edition's extras (not in the 2.2.1 table). */
  extra: boolean;
}

export interface ProxyLogEntry {
  index: number;
  method: string;
  path: string;
  fault: Fault | 'not-offered';
  /** The remote's status, when the request reached it. */
  upstreamStatus?: number;
  /** When the proxy received it (performance.now()). */
  at: number;
  /** The request's Idempotency-Key header. */
  idempotencyKey?: string;
  /** Every Idempotency-Key the request carries: its header's, or each operation's of a batch. */
  keys: string[];
  /** A batch's operations, with the If-Match each carries (`if_match`). */
  operations?: { method: string; path: string; ifMatch?: string }[];
  /** The request's If-Match header. */
  ifMatch?: string;
  /** The requests being handled when this one arrived ("METHOD PATH"): what the client had under way beside it. */
  alongside: string[];
  /** The request's Accept-Encoding and Content-Encoding, and the Content-Encoding of the remote's answer. */
  acceptEncoding?: string;
  contentEncoding?: string;
  answerEncoding?: string;
}

/** Each write the entries carried, as "METHOD PATH": a single request's own, or each operation of a batch. */
export function writeOperations(entries: readonly ProxyLogEntry[]): string[] {
  return entries
    .filter((entry) => entry.method !== 'GET')
    .flatMap((entry) => entry.operations?.map((operation) => `${operation.method} ${operation.path}`) ?? [`${entry.method} ${entry.path}`]);
}

/** Each write the entries carried, as "METHOD PATH" with the If-Match it carried (a version in quotes), or null for none. */
export function conditionalWrites(entries: readonly ProxyLogEntry[]): { write: string; ifMatch: string | null }[] {
  return entries
    .filter((entry) => entry.method !== 'GET')
    .flatMap(
      (entry) =>
        entry.operations?.map((operation) => ({ write: `${operation.method} ${operation.path}`, ifMatch: operation.ifMatch ?? null })) ?? [
          { write: `${entry.method} ${entry.path}`, ifMatch: entry.ifMatch ?? null },
        ],
    );
}

/** A batch's operations as its body lists them (none when the body is not a batch). */
function batchOperations(body: string): { method: string; path: string; idempotency_key?: string; if_match?: string }[] {
  try {
    const parsed = JSON.parse(body) as { operations?: unknown };
    return Array.isArray(parsed.operations) ? (parsed.operations as { method: string; path: string; idempotency_key?: string; if_match?: string }[]) : [];
  } catch {
    return [];
  }
}

export type Decide = (request: ProxiedRequest) => Fault;

export interface ProxyOptions {
  decide?: Decide;
  /** The remote ignores Idempotency-Key: the header is removed before the request is passed on. */
  stripIdempotencyKey?: boolean;
  /** The remote offers only the 2.2.1 operations: every extra one is answered 404 here. */
  only221?: boolean;
  /**
   * The remote is not a PlanDesk server (the hosted service): the older edition's operations, but
   * no changes feed, batches or capabilities (answered 404 here). Implied by stripIdempotencyKey.
   */
  noSyncExtensions?: boolean;
  /** Every request waits a random time in [min, max] ms before it is passed on (a slow link). */
  latencyMs?: [number, number];
  /** How long a 'delay' holds the answer. */
  holdMs?: number;
  /** The remote's feed takes pages of at most this many records: so its capabilities say, and a larger page is refused 400. */
  feedPageMax?: number;
}

export interface FaultProxy {
  url: string;
  log: ProxyLogEntry[];
  /** Replaces the decision function (e.g. a clean network after a faulty run). */
  setDecide(decide: Decide): void;
  setOptions(options: Pick<ProxyOptions, 'stripIdempotencyKey' | 'only221' | 'noSyncExtensions' | 'latencyMs'>): void;
  /** Resolves once no request is being handled (nothing held, nothing still to be passed on). */
  settled(): Promise<void>;
  /** Log entries with the given fault. */
  count(fault: ProxyLogEntry['fault'], filter?: (entry: ProxyLogEntry) => boolean): number;
  close(): Promise<void>;
}

const WRITES = new Set(['POST', 'PUT', 'DELETE']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade', 'proxy-connection']);

export const forwardAll: Decide = () => 'forward';

/** The first `n` writes get `fault`, everything else passes. */
export function firstWrites(n: number, fault: Fault): Decide {
  return (request) => (request.writeIndex !== undefined && request.writeIndex < n ? fault : 'forward');
}

/** Each request matching `which` gets `fault` with probability `p`, from a seeded generator (reproducible). */
export function randomly(p: number, fault: Fault, seed: number, which: (request: ProxiedRequest) => boolean = () => true): Decide {
  const random = seededRandom(seed);
  return (request) => (which(request) && random() < p ? fault : 'forward');
}

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startFaultProxy(upstreamUrl: string, options: ProxyOptions = {}): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let decide = options.decide ?? forwardAll;
  let settings = {
    stripIdempotencyKey: options.stripIdempotencyKey ?? false,
    only221: options.only221 ?? false,
    noSyncExtensions: options.noSyncExtensions ?? false,
    latencyMs: options.latencyMs,
  };
  const holdMs = options.holdMs ?? 1_000;
  const log: ProxyLogEntry[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let requests = 0;
  let writes = 0;
  let handling = 0;
  const underWay = new Set<ProxyLogEntry>();
  const onSettled: (() => void)[] = [];

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  // A failure of the proxy's own handling (a decide that throws, a body it cannot read) resets the
  // connection and fails the test at close(), rather than as an unhandled rejection somewhere else.
  const failures: unknown[] = [];
  const server = createServer((request, response) => {
    handling += 1;
    handle(request, response)
      .catch((error: unknown) => {
        reset(request.socket);
        if (!clientWentAway(error)) failures.push(error);
      })
      .finally(() => {
        handling -= 1;
        if (handling === 0) for (const resolve of onSettled.splice(0)) resolve();
      });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const body = await readAll(request);
    const encoding = request.headers['content-encoding'];
    const match = matchRoute(method, path);
    const extra = match.kind === 'found' && match.route.spec !== '2.2.1';
    const proxied: ProxiedRequest = {
      index: requests++,
      writeIndex: WRITES.has(method) ? writes++ : undefined,
      method,
      path,
      // What the request says, decompressed when it came compressed; it is passed on as it came.
      body: decoded(body, encoding).toString('utf8'),
      extra,
    };
    const key = request.headers['idempotency-key'];
    const ifMatch = request.headers['if-match'];
    const operations = path.startsWith('/batch/') ? batchOperations(proxied.body) : undefined;
    const entry: ProxyLogEntry = {
      index: proxied.index,
      method,
      path,
      fault: 'forward',
      at: performance.now(),
      alongside: [...underWay].map((other) => `${other.method} ${other.path}`),
      ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
      ...(ifMatch !== undefined ? { ifMatch } : {}),
      keys: operations ? operations.flatMap((operation) => operation.idempotency_key ?? []) : typeof key === 'string' ? [key] : [],
      ...(operations
        ? {
            operations: operations.map((operation) => ({
              method: operation.method,
              path: operation.path,
              ...(operation.if_match !== undefined ? { ifMatch: operation.if_match } : {}),
            })),
          }
        : {}),
      ...(typeof request.headers['accept-encoding'] === 'string' ? { acceptEncoding: request.headers['accept-encoding'] } : {}),
      ...(typeof encoding === 'string' ? { contentEncoding: encoding } : {}),
    };
    log.push(entry);
    underWay.add(entry);
    response.once('close', () => underWay.delete(entry));
    if (settings.latencyMs) {
      const [min, max] = settings.latencyMs;
      await wait(min + Math.random() * (max - min));
    }
    const sync = match.kind === 'found' && match.route.spec === 'sync';
    if ((settings.only221 && extra) || ((settings.noSyncExtensions || settings.stripIdempotencyKey) && sync)) {
      entry.fault = 'not-offered';
      return answer(response, 404, { 'content-type': 'application/json' }, Buffer.from('{"detail":"Not found."}'));
    }
    const fault = decide(proxied);
    entry.fault = fault;
    switch (fault) {
      case 'reset':
        return reset(request.socket);
      case 'error-500':
        return answer(response, 500, { 'content-type': 'application/json' }, Buffer.from('{"detail":"A server error occurred."}'));
      case 'reject-token':
        return answer(response, 401, { 'content-type': 'application/json', 'www-authenticate': 'Token' }, Buffer.from('{"detail":"Invalid token."}'));
      case 'throttle':
        return answer(
          response,
          429,
          { 'content-type': 'application/json', 'retry-after': '1' },
          Buffer.from('{"detail":"Request was throttled. Expected available in 1 seconds."}'),
        );
      default:
        break;
    }
    const feedPageMax = options.feedPageMax;
    const limit = new URL(path, 'http://remote').searchParams.get('limit');
    if (feedPageMax !== undefined && path.startsWith('/changes/') && limit !== null && Number(limit) > feedPageMax) {
      entry.fault = 'not-offered';
      const refusal = { limit: [`Ensure this value is less than or equal to ${feedPageMax}.`] };
      return answer(response, 400, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(refusal)));
    }
    let reply: Reply;
    try {
      reply = await forward(method, path, request.headers, body);
      if (feedPageMax !== undefined && path === '/capabilities/' && reply.status === 200) {
        const offered = JSON.parse(decoded(reply.body, reply.headers['content-encoding']).toString('utf8')) as { limits: Record<string, number> };
        const { 'content-encoding': _coding, ...headers } = reply.headers;
        reply = { ...reply, headers, body: Buffer.from(JSON.stringify({ ...offered, limits: { ...offered.limits, changes_page: feedPageMax } })) };
      }
    } catch {
      return reset(request.socket);
    }
    entry.upstreamStatus = reply.status;
    if (typeof reply.headers['content-encoding'] === 'string') entry.answerEncoding = reply.headers['content-encoding'];
    switch (fault) {
      case 'forward':
        return answer(response, reply.status, reply.headers, reply.body);
      case 'drop-response':
        return reset(request.socket);
      case 'error-500-after':
        return answer(response, 500, { 'content-type': 'application/json' }, Buffer.from('{"detail":"A server error occurred."}'));
      case 'unavailable-after':
        return answer(response, 503, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ detail: UNAVAILABLE })));
      case 'delay':
        await wait(holdMs);
        return answer(response, reply.status, reply.headers, reply.body);
    }
  }
  server.keepAliveTimeout = 5_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  interface Reply {
    status: number;
    headers: IncomingHttpHeaders;
    body: Buffer;
  }

  function forward(method: string, path: string, incoming: IncomingHttpHeaders, body: Buffer): Promise<Reply> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(incoming)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      if (name === 'idempotency-key' && settings.stripIdempotencyKey) continue;
      // A remote without PlanDesk's extensions has no preconditions: If-Match means nothing to it.
      if (name === 'if-match' && (settings.only221 || settings.noSyncExtensions || settings.stripIdempotencyKey)) continue;
      headers[name] = value;
    }
    headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const outgoing = upstreamRequest({ host: upstream.hostname, port: upstream.port, method, path, headers, agent }, (reply) => {
        readAll(reply).then((text) => resolve({ status: reply.statusCode ?? 502, headers: reply.headers, body: text }), reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  function answer(response: ServerResponse, status: number, headers: IncomingHttpHeaders, body: Buffer): void {
    if (response.destroyed || response.socket?.destroyed) return;
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
    out['content-length'] = String(body.length);
    response.writeHead(status, out).end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    log,
    setDecide(next) {
      decide = next;
    },
    setOptions(next) {
      settings = { ...settings, ...next };
    },
    settled() {
      return handling === 0 ? Promise.resolve() : new Promise((resolve) => onSettled.push(resolve));
    },
    count(fault, filter = () => true) {
      return log.filter((entry) => entry.fault === fault && filter(entry)).length;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      return new Promise((resolve, reject) =>
        server.close(() => {
          const failed = failures.splice(0);
          if (failed.length > 0) reject(new AggregateError(failed, `the fault proxy failed to handle ${failed.length} request(s): ${String(failed[0])}`));
          else resolve();
        }),
      );
    },
  };
  // Closed when the test that started it finishes.
  onTestFinished(() => proxy.close());
  return proxy;
}

/** A body as its Content-Encoding says it was compressed (gzip or br), decompressed. */
function decoded(body: Buffer, encoding: string | string[] | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  return body;
}

/** The error a request's stream gives when its client closed the connection before sending it all. */
function clientWentAway(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ECONNRESET';
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** A TCP reset where the platform offers it, else a plain destroy. */
function reset(socket: Socket): void {
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}
