// The sync's connections come from two of undici's modules required by path (main/sync/http-pool.ts),
// not from its entry, which loads all of undici. They must stay undici's own Pool and request: an
// update of undici that moves or replaces them fails here.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import UndiciPool from 'undici/lib/dispatcher/pool.js';
import request from 'undici/lib/api/api-request.js';
import { httpPool } from '../../main/sync/http-pool.js';
import { startApi } from '../support/api-server.js';

const undici = createRequire(import.meta.url)('undici') as typeof import('undici');

describe('the sync connection pool', () => {
  it("is undici's Pool with undici's request method, as the package's entry exports them", () => {
    expect(UndiciPool).toBe(undici.Pool);
    expect(request).toBe(undici.Pool.prototype.request);
  });

  it('answers a request over a keep-alive connection and closes', async () => {
    const api = await startApi();
    try {
      const pool = await httpPool(new URL(api.url).origin, { connections: 2 });
      const response = await pool.request({ method: 'GET', path: '/capabilities/', headers: { authorization: `Token ${api.admin.token}` } });
      expect(response.statusCode).toBe(200);
      expect(await response.body.json()).toMatchObject({ extensions: expect.arrayContaining(['changes', 'batch']) });
      await pool.close();
    } finally {
      await api.close();
    }
  });
});
