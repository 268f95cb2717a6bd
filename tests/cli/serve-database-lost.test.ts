// `plandesk serve` on PostgreSQL when the database server goes away and comes back (README
// "Run an agency server"): every request that needs it answers 503 with one sentence, including
// one caught in the middle, nothing is half-written, the sentence is logged once, and the server
// answers as before once the database is back, without a restart. The database is reached through
// a loopback relay that the test cuts and restores: to serve, a server that went away. And with
// --statement-timeout, a statement held by a lock, or a database that stops answering (the relay
// held), is answered 503 within about that time, not minutes later.
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import { validEmployerBody } from '../support/fixtures.js';
import { POSTGRES_ADMIN_URL } from '../support/postgres.js';
import { bootstrappedDatabase } from '../support/postgres-bootstrap.js';
import { startServeChild } from '../support/serve-process.js';
import { startTcpProxy, throughProxy } from '../support/tcp-proxy.js';

/**
 * `plandesk serve` (with `args`) on a bootstrapped database of its own, reached through a relay the
 * test can cut, hold and restore, and a caller as the database's administrator.
 */
async function servedThroughRelay(label: string, args: string[] = []) {
  const bootstrapped = await bootstrappedDatabase(label);
  const target = new URL(bootstrapped.database.url);
  const relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const serve = await startServeChild(throughProxy(bootstrapped.database.url, relay), args);
  const call = async (method: string, path: string, body?: unknown, token = bootstrapped.boot.token) => {
    const response = await request(`${serve.url}${path}`, {
      method: method as 'GET',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: text === '' ? null : JSON.parse(text) };
  };
  return {
    ...bootstrapped,
    relay,
    serve,
    call,
    async close() {
      await serve.stop();
      await relay.close();
      await bootstrapped.dispose();
    },
  };
}

type Served = Awaited<ReturnType<typeof servedThroughRelay>>;

describe.skipIf(!POSTGRES_ADMIN_URL)('plandesk serve when its PostgreSQL server goes away', () => {
  let served: Served;
  beforeAll(async () => {
    served = await servedThroughRelay('serve_lost');
  });
  afterAll(() => served?.close());
  const call = (method: string, path: string, body?: unknown) => served.call(method, path, body);

  const employer = (name: string) =>
    validEmployerBody(served.boot.division, { name, url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.com`, other_filters: [] });
  const names = async () => ((await call('GET', '/employers/list/')).body as { name: string }[]).map((row) => row.name).sort();
  const UNREACHABLE = /^the database postgres:\/\/\S+ cannot be reached \(.+\): try again once it is back$/;

  it('answers 503 with the sentence while the database is away, logs it, and answers as before once it is back', async () => {
    expect((await call('POST', '/employers/', employer('Before The Outage'))).status).toBe(200);

    await served.relay.cut();
    for (const [method, path, body] of [
      ['GET', '/employers/list/', undefined],
      ['POST', '/employers/', employer('During The Outage')],
      ['GET', '/divisions/list/', undefined],
    ] as const) {
      const answer = await call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body.detail).toMatch(UNREACHABLE);
    }
    const logged = served.serve
      .stderr()
      .split('\n')
      .filter((line) => / storage: the database .* cannot be reached/.test(line));
    expect(logged.length, served.serve.stderr()).toBeGreaterThanOrEqual(1);
    expect(served.serve.child.exitCode).toBeNull();

    await served.relay.restore();
    expect((await call('POST', '/employers/', employer('After The Outage'))).status).toBe(200);
    expect(await names()).toEqual(['After The Outage', 'Before The Outage']);
    expect(served.serve.stderr()).toMatch(/ storage: writes succeed again\n/);

    // Away a second time: said again.
    await served.relay.cut();
    expect((await call('GET', '/employers/list/')).status).toBe(503);
    await served.relay.restore();
    const said = served.serve
      .stderr()
      .split('\n')
      .filter((line) => / storage: the database .* cannot be reached/.test(line));
    expect(said.length).toBeGreaterThan(logged.length);
  });

  it('answers 503 to a write caught in the middle when the database goes, and has written none of it', async () => {
    served.relay.hold();
    const caught = call('POST', '/employers/', employer('Caught In The Middle'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await served.relay.cut();
    const answer = await caught;
    expect(answer.status).toBe(503);
    expect(answer.body.detail).toMatch(UNREACHABLE);

    await served.relay.restore();
    expect(await names()).not.toContain('Caught In The Middle');
    expect((await call('POST', '/employers/', employer('Caught In The Middle'))).status).toBe(200);
  });
});

describe.skipIf(!POSTGRES_ADMIN_URL)('plandesk serve when its PostgreSQL server is slow or stops answering (--statement-timeout)', () => {
  let slow: Served;
  beforeAll(async () => {
    slow = await servedThroughRelay('serve_slow', ['--statement-timeout', '1']);
  });
  afterAll(() => slow?.close());
  const call = (method: string, path: string, body?: unknown, token?: string) => slow.call(method, path, body, token);
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

  it('refuses a token revoked by another process at once, even while a lock holds its lookup past the timeout: 503, and nothing written', async () => {
    const issued = await runPlandesk(['admin', 'token', '--db', slow.database.url, '--email', 'admin@acme.example.com']);
    expect(issued.code, issued.stderr).toBe(0);
    const revoked = (JSON.parse(issued.stdout) as { token: string }).token;
    expect((await call('GET', '/capabilities/', undefined, revoked)).status).toBe(200);
    const holder = new pg.Client({ connectionString: slow.database.url });
    await holder.connect();
    try {
      await holder.query('DELETE FROM tokens WHERE token_hash = $1', [createHash('sha256').update(revoked).digest('hex')]);
      // The tokens table locked: looking the token up is cancelled by the statement timeout; the database itself answers.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE tokens IN ACCESS EXCLUSIVE MODE');
      const timedOut = /^the database postgres:\/\/\S+ stopped a statement that took too long \(canceling statement due to statement timeout\)/;
      const write = await call('POST', '/employers/', employer('Written By A Revoked Token'), revoked);
      expect({ status: write.status, detail: write.body.detail }).toEqual({ status: 503, detail: expect.stringMatching(timedOut) });
      const capabilities = await call('GET', '/capabilities/', undefined, revoked);
      expect({ status: capabilities.status, detail: capabilities.body.detail }).toEqual({ status: 503, detail: expect.stringMatching(timedOut) });
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect((await call('POST', '/employers/', employer('Written By A Revoked Token'), revoked)).status).toBe(401);
    const names = ((await call('GET', '/employers/list/')).body as { name: string }[]).map((row) => row.name);
    expect(names).not.toContain('Written By A Revoked Token');
  });

  it('answers GET /capabilities/ from memory while the database does not answer, but never to the token of a user deleted through it', async () => {
    const made = await call('POST', '/users/', { email: 'gone@acme.example.com', first_name: 'Gone', last_name: 'Soon', division_ids: [slow.boot.division] });
    expect(made.status).toBe(200);
    const issued = await runPlandesk(['admin', 'token', '--db', slow.database.url, '--email', 'gone@acme.example.com']);
    expect(issued.code, issued.stderr).toBe(0);
    const gone = (JSON.parse(issued.stdout) as { token: string }).token;
    expect((await call('GET', '/capabilities/', undefined, gone)).status).toBe(200);
    expect((await call('DELETE', `/users/${made.body.id}/`)).status).toBe(204);
    expect((await call('GET', '/capabilities/')).status).toBe(200);

    slow.relay.hold();
    try {
      // The first request waits out the answer timeout and marks the database stalled; the administrator's token is remembered.
      const remembered = await call('GET', '/capabilities/');
      expect({ status: remembered.status, account: remembered.body.account }).toEqual({ status: 200, account: undefined });
      const deleted = await call('GET', '/capabilities/', undefined, gone);
      expect({ status: deleted.status, detail: deleted.body.detail }).toEqual({ status: 503, detail: expect.stringMatching(/cannot be reached/) });
    } finally {
      slow.relay.release();
    }
    await answersAgain(() => call('GET', '/employers/list/'));
    expect((await call('GET', '/capabilities/', undefined, gone)).status).toBe(401);
  });

  it('gives up on a database that stops answering a little after the timeout: 503, then answers as before once it answers again', async () => {
    slow.relay.hold();
    const started = performance.now();
    const held = await call('GET', '/employers/list/');
    expect(held.status).toBe(503);
    // Authenticating the request met the stall first: a read of records is not answered from a token remembered, and was not sent.
    expect(held.body.detail).toMatch(/^the database postgres:\/\/\S+ cannot be reached \(no answer within 2 s\): try again once it is back$/);
    expect(performance.now() - started).toBeLessThan(6_000);
    slow.relay.release();
    await answersAgain(() => call('GET', '/employers/list/'));
  });
});

/** `attempt` until it is answered 200: a server that found its database stalled uses it again within about a second of its answering again. */
async function answersAgain(attempt: () => Promise<{ status: number }>): Promise<void> {
  const started = performance.now();
  for (;;) {
    const answer = await attempt();
    if (answer.status === 200) return;
    expect(performance.now() - started, 'answered again').toBeLessThan(3_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!POSTGRES_ADMIN_URL)('plandesk serve when its PostgreSQL server freezes under load (--statement-timeout 1)', () => {
  let frozen: Served;
  beforeAll(async () => {
    frozen = await servedThroughRelay('serve_frozen', ['--statement-timeout', '1']);
  });
  afterAll(() => frozen?.close());
  const employer = (name: string) =>
    validEmployerBody(frozen.boot.division, { name, url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.com`, other_filters: [] });

  /** One request, with the token given (or none), timed from its sending to the end of its answer. */
  const timed = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const started = performance.now();
    const response = await request(`${frozen.serve.url}${path}`, {
      method: method as 'GET',
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Token ${token}` }),
        ...(body === undefined ? {} : { 'idempotency-key': `frozen-${randomUUID()}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    return { what: `${method} ${path}`, status: response.statusCode, body: text === '' ? null : JSON.parse(text), ms: performance.now() - started };
  };

  const expecting = async (expected: number, answer: ReturnType<typeof timed>) => ({ ...(await answer), expected });
  const UNREACHABLE = /^the database postgres:\/\/\S+ cannot be reached \(.+\): try again once it is back$/;

  it('answers every request within the timeout and a few seconds, without the database where none is needed, and writes again once it answers', async () => {
    const token = frozen.boot.token;
    // A token this server has not authenticated yet: during the freeze nothing can vouch for it.
    const issued = await runPlandesk(['admin', 'token', '--db', frozen.database.url, '--email', 'admin@acme.example.com']);
    expect(issued.code, issued.stderr).toBe(0);
    const unseen = (JSON.parse(issued.stdout) as { token: string }).token;
    expect((await timed('GET', '/capabilities/', token)).status).toBe(200);
    expect((await timed('POST', '/employers/', token, employer('Before The Freeze'))).status).toBe(200);

    frozen.relay.hold();
    // What needs the database is 503; the token used before the freeze still opens what needs nothing else; one never used does not.
    const wave = () =>
      Promise.all([
        ...Array.from({ length: 5 }, () => expecting(503, timed('GET', '/employers/list/', token))),
        ...Array.from({ length: 5 }, (_, index) => expecting(503, timed('POST', '/employers/', token, employer(`During The Freeze ${index}`)))),
        ...Array.from({ length: 4 }, () => expecting(200, timed('GET', '/capabilities/', token))),
        expecting(503, timed('GET', '/capabilities/', unseen)),
        ...Array.from({ length: 3 }, () => expecting(200, timed('GET', '/healthz', undefined))),
        ...Array.from({ length: 2 }, () => expecting(503, timed('GET', '/readyz', undefined))),
      ]);
    try {
      // The first statements wait out the answer timeout (2 s); every request after them is answered at once.
      for (const [bound, answers] of [
        [5_000, await wave()],
        [1_000, await wave()],
      ] as const) {
        for (const answer of answers) {
          expect({ what: answer.what, status: answer.status }).toEqual({ what: answer.what, status: answer.expected });
          expect(answer.ms, `${answer.what} answered in ${answer.ms.toFixed(0)} ms`).toBeLessThan(bound);
          if (answer.status === 503 && answer.what !== 'GET /readyz') expect(answer.body.detail).toMatch(UNREACHABLE);
        }
      }
    } finally {
      frozen.relay.release();
    }

    await answersAgain(() => timed('POST', '/employers/', token, employer('After The Freeze')));
    const names = ((await timed('GET', '/employers/list/', token)).body as { name: string }[]).map((row) => row.name).sort();
    expect(names).toEqual(['After The Freeze', 'Before The Freeze']);
    expect((await timed('GET', '/readyz', undefined)).status).toBe(200);
    expect((await timed('GET', '/capabilities/', unseen)).status).toBe(200);
  });
});
