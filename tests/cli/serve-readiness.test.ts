// `plandesk serve` on PostgreSQL answers a load balancer whatever its database does: /healthz 200
// while the process runs, /readyz 503 with the reason, within its 2 seconds, when the database stops
// answering (a relay the test holds: a frozen server, a network that drops packets) or goes away,
// and 200 again once it is back, without a restart.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL } from '../support/postgres.js';
import { bootstrappedDatabase, type BootstrappedDatabase } from '../support/postgres-bootstrap.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';
import { startTcpProxy, throughProxy, type TcpProxy } from '../support/tcp-proxy.js';

describe.skipIf(!POSTGRES_ADMIN_URL)('/healthz and /readyz when the PostgreSQL server stops answering', () => {
  let bootstrapped: BootstrappedDatabase;
  let relay: TcpProxy;
  let serve: ServeChild;
  beforeAll(async () => {
    bootstrapped = await bootstrappedDatabase('serve_ready');
    const target = new URL(bootstrapped.database.url);
    relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    serve = await startServeChild(throughProxy(bootstrapped.database.url, relay));
  });
  afterAll(async () => {
    await serve?.stop();
    await relay?.close();
    await bootstrapped?.dispose();
  });

  const get = async (path: string) => {
    const response = await request(`${serve.url}${path}`);
    return { status: response.statusCode, body: await response.body.json() };
  };
  /** Asks /readyz until it answers `status` (a probe that began before a change may still see the old state). */
  const readyUntil = async (status: number) => {
    let answer = await get('/readyz');
    for (const deadline = Date.now() + 10_000; answer.status !== status && Date.now() < deadline;) answer = await get('/readyz');
    return answer;
  };

  it('answers /readyz 503 "did not answer" while the database is frozen, /healthz 200, and both 200 once it answers again', async () => {
    expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
    relay.hold();
    try {
      expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'not ready', detail: 'the database did not answer within 2 s' } });
      expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      relay.release();
    }
    expect(await readyUntil(200)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers /readyz 503 "cannot be reached" while the database is away, naming no host, and 200 once it is back', async () => {
    await relay.cut();
    try {
      expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'not ready', detail: 'the database cannot be reached' } });
      expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await relay.restore();
    }
    expect(await readyUntil(200)).toEqual({ status: 200, body: { status: 'ready' } });
  });
});
