import { connectionFailure } from './connection-failure.js';
import type { Environment } from './environments.js';
import { httpPool, type HttpPool } from './http-pool.js';
import { DIRECT, ProxySettingError } from './network.js';
import { ACCEPTED_CODINGS, decodedAnswer, UndecodableAnswer } from './wire-coding.js';

export interface RemoteResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** The request may or may not have reached the remote: its outcome is unknown. */
export class RemoteUnreachableError extends Error {
  /**
   * `reason`: what the network said, in words ("connection refused"). `refused`: trying again
   * cannot help (nothing listens there, its certificate is refused, the proxy refuses).
   */
  constructor(
    message: string,
    readonly reason: string,
    readonly refused = false,
  ) {
    super(message);
  }
}

/** The remote could not be reached when the run began: nothing was sent. */
export class EnvironmentUnreachableError extends Error {
  constructor(
    readonly env: string,
    readonly reason: string,
  ) {
    super(`${env} is unreachable (${reason})`);
  }
}

/** The remote stopped accepting connections during a run: the run stops, the rest waits. */
export class ConnectionLostError extends Error {
  constructor(
    readonly env: string,
    readonly reason: string,
  ) {
    super(`lost the connection to ${env} (${reason})`);
  }
}

export class TokenRejectedError extends Error {
  constructor(env: string) {
    super(`token rejected by ${env}; set a valid one with \`plandesk env set ${env} --url URL --token-stdin\``);
  }
}

/** A request's body: JSON text, or JSON compressed for a remote that takes compressed bodies. */
export type RequestBody = string | { gzipped: Buffer };

export interface RemoteOptions {
  connections?: number;
  /** How long one request may take before its outcome counts as unknown. */
  timeoutMs?: number;
}

interface Connections {
  pool: HttpPool;
  /** The proxy they go through, if any. */
  proxy: string | undefined;
}

/** One environment's service over keep-alive connections, directly or through the proxy the environment's network names for it. */
export class Remote {
  private readonly connections: Promise<Connections>;
  /**
   * The connections once made: a request then goes out in the same turn of the event loop as it is
   * asked (a pull asks for its next page, then applies one, and the request must be on the wire first).
   */
  private made: Connections | undefined;
  private readonly host: string;
  private readonly prefix: string;
  /** Made once: every request of a run carries the same, plus its own Idempotency-Key. */
  private readonly headers: { plain: Record<string, string>; json: Record<string, string>; gzipped: Record<string, string> };

  constructor(
    readonly env: Environment,
    options: RemoteOptions = {},
  ) {
    const url = new URL(env.baseUrl);
    this.host = url.host;
    this.prefix = url.pathname.replace(/\/+$/, '');
    const timeout = options.timeoutMs ?? 30_000;
    this.connections = (env.network ?? DIRECT).proxyFor(url).then(async (proxy) => {
      this.made = { pool: await httpPool(url.origin, { connections: options.connections ?? 8, headersTimeout: timeout, bodyTimeout: timeout }, proxy), proxy };
      return this.made;
    });
    // A proxy setting that is not an address is said by the first request.
    this.connections.catch(() => {});
    const plain = { authorization: `Token ${env.token}`, accept: 'application/json', 'accept-encoding': ACCEPTED_CODINGS };
    const json = { ...plain, 'content-type': 'application/json' };
    this.headers = { plain, json, gzipped: { ...json, 'content-encoding': 'gzip' } };
  }

  /** `body`: the request's body, already JSON (or that JSON compressed); `ifMatch`: its If-Match header, a version in quotes. */
  async send(method: string, path: string, body?: RequestBody, idempotencyKey?: string, signal?: AbortSignal, ifMatch?: string): Promise<RemoteResponse> {
    const common = body === undefined ? this.headers.plain : typeof body === 'string' ? this.headers.json : this.headers.gzipped;
    const keyed = idempotencyKey ? { ...common, 'idempotency-key': idempotencyKey } : common;
    const headers = ifMatch === undefined ? keyed : { ...keyed, 'if-match': ifMatch };
    let connections: Connections;
    try {
      connections = this.made ?? (await this.connections);
    } catch (error) {
      if (error instanceof ProxySettingError) throw new RemoteUnreachableError(`${method} ${path}: ${error.message}`, error.message, true);
      throw error;
    }
    const { pool, proxy } = connections;
    let response;
    try {
      response = await pool.request({
        method: method as 'GET',
        path: this.prefix + path,
        headers,
        ...(body !== undefined ? { body: typeof body === 'string' ? body : body.gzipped } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const { reason, lasting } = connectionFailure(error, this.host, proxy);
      throw new RemoteUnreachableError(`${method} ${path}: ${reason}`, reason, lasting);
    }
    let text: string;
    try {
      text = await answerText(response.body, response.headers['content-encoding']);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof UndecodableAnswer)
        throw new RemoteUnreachableError(`${method} ${path}: the answer could not be read (${error.message})`, 'the answer could not be read');
      throw new RemoteUnreachableError(`${method} ${path}: the response was cut off (${(error as Error).message})`, 'the response was cut off');
    }
    let parsed: unknown = null;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { detail: `the remote answered ${response.statusCode} with a body that is not JSON` };
      }
    }
    if (response.statusCode === 401) throw new TokenRejectedError(this.env.name);
    return { status: response.statusCode, body: parsed, headers: response.headers };
  }

  async close(): Promise<void> {
    const opened = await this.connections.catch(() => undefined);
    await opened?.pool.close();
  }
}

/** An answer's body as text, decompressed when it came compressed. */
async function answerText(
  body: { text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer> },
  contentEncoding: string | string[] | undefined,
): Promise<string> {
  const coding = Array.isArray(contentEncoding) ? contentEncoding.join(',') : contentEncoding;
  if (coding === undefined || coding === '') return body.text();
  return (await decodedAnswer(Buffer.from(await body.arrayBuffer()), coding)).toString('utf8');
}
