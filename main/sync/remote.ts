import type { Environment } from './environments.js';
import { httpPool, type HttpPool } from './http-pool.js';
import { ACCEPTED_CODINGS, decodedAnswer, UndecodableAnswer } from './wire-coding.js';

export interface RemoteResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** The request may or may not have reached the remote: its outcome is unknown. */
export class RemoteUnreachableError extends Error {
  /** `reason`: what the network said, in words ("connection refused"). */
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

/** One environment's service over a keep-alive undici pool. */
export class Remote {
  private readonly pool: HttpPool;
  private readonly prefix: string;
  /** Made once: every request of a run carries the same, plus its own Idempotency-Key. */
  private readonly headers: { plain: Record<string, string>; json: Record<string, string>; gzipped: Record<string, string> };

  constructor(
    readonly env: Environment,
    options: RemoteOptions = {},
  ) {
    const url = new URL(env.baseUrl);
    this.prefix = url.pathname.replace(/\/+$/, '');
    const timeout = options.timeoutMs ?? 30_000;
    this.pool = httpPool(url.origin, { connections: options.connections ?? 8, headersTimeout: timeout, bodyTimeout: timeout });
    const plain = { authorization: `Token ${env.token}`, accept: 'application/json', 'accept-encoding': ACCEPTED_CODINGS };
    const json = { ...plain, 'content-type': 'application/json' };
    this.headers = { plain, json, gzipped: { ...json, 'content-encoding': 'gzip' } };
  }

  /** `body`: the request's body, already JSON (or that JSON compressed); `ifMatch`: its If-Match header, a version in quotes. */
  async send(method: string, path: string, body?: RequestBody, idempotencyKey?: string, signal?: AbortSignal, ifMatch?: string): Promise<RemoteResponse> {
    const common = body === undefined ? this.headers.plain : typeof body === 'string' ? this.headers.json : this.headers.gzipped;
    const keyed = idempotencyKey ? { ...common, 'idempotency-key': idempotencyKey } : common;
    const headers = ifMatch === undefined ? keyed : { ...keyed, 'if-match': ifMatch };
    let response;
    try {
      response = await this.pool.request({
        method: method as 'GET',
        path: this.prefix + path,
        headers,
        ...(body !== undefined ? { body: typeof body === 'string' ? body : body.gzipped } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const reason = networkReason(error);
      throw new RemoteUnreachableError(`${method} ${path}: ${reason}`, reason, errorCode(error) === 'ECONNREFUSED');
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

  close(): Promise<void> {
    return this.pool.close();
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

function errorCode(error: unknown): string | undefined {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof cause?.code === 'string') return cause.code;
  return typeof code === 'string' ? code : undefined;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'no answer in time',
  UND_ERR_SOCKET: 'the connection was closed',
};

/** What went wrong on the network, in words. */
function networkReason(error: unknown): string {
  const code = errorCode(error);
  return (code !== undefined ? REASONS[code] : undefined) ?? (error as Error).message;
}
