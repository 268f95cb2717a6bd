import type { Dispatcher, Pool } from 'undici';
import UndiciPool from 'undici/lib/dispatcher/pool.js';
import request from 'undici/lib/api/api-request.js';

/** What a Remote asks of its connections: a request, and closing them. */
export interface HttpPool {
  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
}

/**
 * A keep-alive undici pool to one origin. Its two parts are required by path: undici's entry loads
 * everything the package offers (fetch, WebSocket, mocks, caches, proxies), about 45 ms of every
 * sync's and pull's start, of which the sync uses a Pool and its request method only. The entry
 * gives Pool that same method (tests/sync/http-pool.test.ts holds them to be undici's own).
 */
export function httpPool(origin: string, options: Pool.Options): HttpPool {
  const pool = new UndiciPool(origin, options);
  return {
    request: (requestOptions) => request.call(pool, requestOptions),
    close: () => pool.close(),
  };
}
