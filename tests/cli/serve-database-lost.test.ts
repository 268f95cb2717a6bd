// `plandesk serve` on PostgreSQL when the database server goes away and comes back (README
// "Run an agency server"): every request that needs it answers 503 with one sentence, including
// one caught in the middle, nothing is half-written, the sentence is logged once, and the server
// answers as before once the database is back, without a restart. The database is reached through
// a loopback relay that the test cuts and restores: to serve, a server that went away.
import pg from 'pg';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validEmployerBody } from '../support/fixtures.js';
import { POSTGRES_ADMIN_URL } from '../support/postgres.js';
import { bootstrappedDatabase, type BootstrappedDatabase } from '../support/postgres-bootstrap.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';
import { startTcpProxy, throughProxy, type TcpProxy } from '../support/tcp-proxy.js';

let bootstrapped: BootstrappedDatabase;
let proxy: TcpProxy;
let serve: ServeChild;
let boot: { token: string; division: string };

describe.skipIf(!POSTGRES_ADMIN_URL)('plandesk serve when its PostgreSQL server goes away', () => {
  beforeAll(async () => {
    bootstrapped = await bootstrappedDatabase('serve_lost');
    boot = bootstrapped.boot;
    const { url } = bootstrapped.database;
    const target = new URL(url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    serve = await startServeChild(throughProxy(url, proxy));
  });

  afterAll(async () => {
    await serve?.stop();
    await proxy?.close();
    await bootstrapped?.dispose();
  });

  async function call(method: string, path: string, body?: unknown) {
    const response = await request(`${serve.url}${path}`, {
      method: method as 'GET',
      headers: { authorization: `Token ${boot.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: text === '' ? null : JSON.parse(text) };
  }

  const employer = (name: string) =>
    validEmployerBody(boot.division, { name, url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.com`, other_filters: [] });
  const names = async () => ((await call('GET', '/employers/list/')).body as { name: string }[]).map((row) => row.name).sort();
  const UNREACHABLE = /^the database postgres:\/\/\S+ cannot be reached \(.+\): try again once it is back$/;

  it('answers 503 with the sentence while the database is away, logs it, and answers as before once it is back', async () => {
    expect((await call('POST', '/employers/', employer('Before The Outage'))).status).toBe(200);

    await proxy.cut();
    for (const [method, path, body] of [
      ['GET', '/employers/list/', undefined],
      ['POST', '/employers/', employer('During The Outage')],
      ['GET', '/divisions/list/', undefined],
    ] as const) {
      const answer = await call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body.detail).toMatch(UNREACHABLE);
    }
    const logged = serve
      .stderr()
      .split('\n')
      .filter((line) => / storage: the database .* cannot be reached/.test(line));
    expect(logged.length, serve.stderr()).toBeGreaterThanOrEqual(1);
    expect(serve.child.exitCode).toBeNull();

    await proxy.restore();
    expect((await call('POST', '/employers/', employer('After The Outage'))).status).toBe(200);
    expect(await names()).toEqual(['After The Outage', 'Before The Outage']);
    expect(serve.stderr()).toMatch(/ storage: writes succeed again\n/);

    // Away a second time: said again.
    await proxy.cut();
    expect((await call('GET', '/employers/list/')).status).toBe(503);
    await proxy.restore();
    const said = serve
      .stderr()
      .split('\n')
      .filter((line) => / storage: the database .* cannot be reached/.test(line));
    expect(said.length).toBeGreaterThan(logged.length);
  });

  it('answers 503 to a write caught in the middle when the database goes, and has written none of it', async () => {
    proxy.hold();
    const caught = call('POST', '/employers/', employer('Caught In The Middle'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await proxy.cut();
    const answer = await caught;
    expect(answer.status).toBe(503);
    expect(answer.body.detail).toMatch(UNREACHABLE);

    await proxy.restore();
    expect(await names()).not.toContain('Caught In The Middle');
    expect((await call('POST', '/employers/', employer('Caught In The Middle'))).status).toBe(200);
  });
});

describe.skipIf(!POSTGRES_ADMIN_URL)('plandesk serve when its PostgreSQL server is slow or stops answering (--statement-timeout)', () => {
  let slow: BootstrappedDatabase;
  let relay: TcpProxy;
  let server: ServeChild;

  beforeAll(async () => {
    slow = await bootstrappedDatabase('serve_slow');
    const target = new URL(slow.database.url);
    relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startServeChild(throughProxy(slow.database.url, relay), ['--statement-timeout', '1']);
  });

  afterAll(async () => {
    await server?.stop();
    await relay?.close();
    await slow?.dispose();
  });

  async function call(method: string, path: string, body?: unknown) {
    const response = await request(`${server.url}${path}`, {
      method: method as 'GET',
      headers: { authorization: `Token ${slow.boot.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: text === '' ? null : JSON.parse(text) };
  }
  const employer = (name: string) => validEmployerBody(slow.boot.division, { name, url: 'https://slow.example.com', other_filters: [] });

  it('answers 503 with the sentence when a lock holds a statement past the timeout, writes none of it, and answers as before once the lock goes', async () => {
    const holder = new pg.Client({ connectionString: slow.database.url });
    await holder.connect();
    try {
      // An administrator's long operation: the employers table locked in a transaction left open.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE employers IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      const blocked = await call('POST', '/employers/', employer('Behind The Lock'));
      expect(blocked.status).toBe(503);
      expect(blocked.body.detail).toMatch(
        /^the database postgres:\/\/\S+ stopped a statement that took too long \(canceling statement due to statement timeout\): it is overloaded or a lock holds it; try again$/,
      );
      expect(performance.now() - started).toBeLessThan(5_000);
      // A batch waits once: the operations after the one cancelled are answered with it, unrun.
      const batchStarted = performance.now();
      const batch = await call('POST', '/batch/', {
        operations: ['One', 'Two', 'Three'].map((name) => ({ method: 'POST', path: '/employers/', body: employer(`Batched ${name}`) })),
      });
      expect(batch.status).toBe(200);
      expect((batch.body.results as { status: number }[]).map((result) => result.status)).toEqual([503, 503, 503]);
      expect(performance.now() - batchStarted).toBeLessThan(2_500);
      // What does not need the locked table is answered meanwhile.
      expect((await call('GET', '/divisions/list/')).status).toBe(200);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect((await call('POST', '/employers/', employer('After The Lock'))).status).toBe(200);
    const names = ((await call('GET', '/employers/list/')).body as { name: string }[]).map((row) => row.name);
    expect(names).toEqual(['After The Lock']);
  });

  it('gives up on a database that stops answering a little after the timeout: 503, then answers as before once it answers again', async () => {
    relay.hold();
    const started = performance.now();
    const held = await call('GET', '/employers/list/');
    expect(held.status).toBe(503);
    expect(held.body.detail).toMatch(/^the database postgres:\/\/\S+ cannot be reached \(no answer within 2 s\): try again once it is back$/);
    expect(performance.now() - started).toBeLessThan(6_000);
    relay.release();
    expect((await call('GET', '/employers/list/')).status).toBe(200);
  });
});
