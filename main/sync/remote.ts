import { Pool } from 'undici';
import type { Environment } from './environments.js';

export interface RemoteResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** The request may or may not have reached the remote: its outcome is unknown. */
export class RemoteUnreachableError extends Error {}

export class TokenRejectedError extends Error {
  constructor(env: string) {
    super(`token rejected by ${env}; set a valid one with \`plandesk env set ${env} --url URL --token-stdin\``);
  }
}

export interface RemoteOptions {
  connections?: number;
  /** How long one request may take before its outcome counts as unknown. */
  timeoutMs?: number;
}

/** One environment's service over a keep-alive undici pool. */
export class Remote {
  private readonly pool: Pool;
  private readonly prefix: string;

  constructor(readonly env: Environment, options: RemoteOptions = {}) {
    const url = new URL(env.baseUrl);
    this.prefix = url.pathname.replace(/\/+$/, '');
    const timeout = options.timeoutMs ?? 30_000;
    this.pool = new Pool(url.origin, { connections: options.connections ?? 8, headersTimeout: timeout, bodyTimeout: timeout });
  }

  async send(method: string, path: string, body?: unknown, idempotencyKey?: string, signal?: AbortSignal): Promise<RemoteResponse> {
    const headers: Record<string, string> = { authorization: `Token ${this.env.token}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response;
    try {
      response = await this.pool.request({
        method: method as 'GET',
        path: this.prefix + path,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RemoteUnreachableError(`${method} ${path}: ${(error as Error).message}`);
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RemoteUnreachableError(`${method} ${path}: the response was cut off (${(error as Error).message})`);
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
