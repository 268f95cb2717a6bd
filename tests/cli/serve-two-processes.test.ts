// Two `plandesk serve` processes on one PostgreSQL database are one instance (INTERFACES.md
// "Serving the API"): what one writes the other reads, a unique rule and an Idempotency-Key hold
// across both (sent one after the other and at the same moment), so does a rate limit, and with 64
// writers over both, one process killed with SIGKILL loses none of the writes it answered.
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/validation/messages.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { POSTGRES_ADMIN_URL } from '../support/postgres.js';
import { bootstrappedDatabase, type BootstrappedDatabase } from '../support/postgres-bootstrap.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

let bootstrapped: BootstrappedDatabase;
let boot: { token: string; division: string };
let first: ServeChild;
let second: ServeChild;
const pools = new Map<ServeChild, Pool>();

describe.skipIf(!POSTGRES_ADMIN_URL)('two plandesk serve processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    bootstrapped = await bootstrappedDatabase('two_serves');
    boot = bootstrapped.boot;
    // Started together: the second migrates nothing the first has migrated (the advisory lock).
    [first, second] = await Promise.all([startServeChild(bootstrapped.database.url), startServeChild(bootstrapped.database.url)]);
  });

  afterAll(async () => {
    for (const pool of pools.values()) await pool.destroy();
    await Promise.all([first?.stop(), second?.stop()]);
    await bootstrapped?.dispose();
  });

  async function call(serve: ServeChild, method: string, path: string, body?: unknown, key?: string): Promise<Reply> {
    let pool = pools.get(serve);
    if (!pool) pools.set(serve, (pool = new Pool(serve.url, { connections: 64 })));
    const response = await pool.request({
      method: method as 'GET',
      path,
      headers: { authorization: `Token ${boot.token}`, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
  }

  const employer = (name: string) =>
    validEmployerBody(boot.division, { name, url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.com`, other_filters: [] });

  const employerNamed = async (serve: ServeChild, name: string) =>
    ((await call(serve, 'GET', '/employers/list/')).body as { id: string; name: string }[]).filter((row) => row.name.toLowerCase() === name.toLowerCase());

  it('reads through one process what was written through the other', async () => {
    const written = await call(first, 'POST', '/employers/', employer('Written Through First'));
    expect(written.status).toBe(200);
    const read = await call(second, 'GET', `/employers/${written.body.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(written.body);

    const changed = await call(second, 'PUT', `/employers/${written.body.id}/`, { ...employer('Written Through First'), size: '500' });
    expect(changed.status).toBe(200);
    expect((await call(first, 'GET', `/employers/${written.body.id}/`)).body.size).toBe('500');
  });

  it('refuses through the other process a name one process already holds, with the answer one process gives', async () => {
    expect((await call(first, 'POST', '/employers/', employer('Globex Held'))).status).toBe(200);
    const duplicate = await call(second, 'POST', '/employers/', employer('GLOBEX HELD'));
    expect(duplicate).toMatchObject({ status: 400, body: { name: [messages.alreadyExists('employer', 'name')] } });
    const sameProcess = await call(first, 'POST', '/employers/', employer('globex held'));
    expect(sameProcess.body).toEqual(duplicate.body);
    expect(await employerNamed(second, 'Globex Held')).toHaveLength(1);
  });

  it('lets exactly one of two processes create a name both are sent at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const name = `Raced Name ${round}`;
      const answers = await Promise.all([
        call(first, 'POST', '/employers/', employer(name)),
        call(second, 'POST', '/employers/', employer(name.toUpperCase())),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      // The loser's answer is the one the in-process check gives once the winner is committed.
      const checked = await call(first, 'POST', '/employers/', employer(name.toUpperCase()));
      expect(checked.body).toEqual({ name: [messages.alreadyExists('employer', 'name')], url: [messages.alreadyExists('employer', 'url')] });
      expect(answers.find((answer) => answer.status === 400)!.body).toEqual(checked.body);
      expect(await employerNamed(first, name)).toHaveLength(1);
    }
  });

  it('replays through the other process a write made with an Idempotency-Key, creating nothing twice', async () => {
    const body = employer('Keyed Once');
    const made = await call(first, 'POST', '/employers/', body, 'two-processes-1');
    expect(made.status).toBe(200);
    const replayed = await call(second, 'POST', '/employers/', body, 'two-processes-1');
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual(made.body);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await employerNamed(first, 'Keyed Once')).toHaveLength(1);
  });

  it('creates once a write whose Idempotency-Key reaches both processes at the same moment, and both answer it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const body = employer(`Keyed Race ${round}`);
      const key = `two-processes-race-${round}`;
      const answers = await Promise.all([call(first, 'POST', '/employers/', body, key), call(second, 'POST', '/employers/', body, key)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers[0]!.body).toEqual(answers[1]!.body);
      expect(await employerNamed(second, `Keyed Race ${round}`)).toHaveLength(1);
    }
  });

  it("holds --rate-limit across both: a user's requests are counted wherever they arrive", async () => {
    const limited = await Promise.all([
      startServeChild(bootstrapped.database.url, ['--rate-limit', '4/3600']),
      startServeChild(bootstrapped.database.url, ['--rate-limit', '4/3600']),
    ]);
    try {
      const statuses = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await call(limited[index % 2]!, 'GET', '/divisions/list/')).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      for (const serve of limited) {
        const refused = await call(serve, 'GET', '/divisions/list/');
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await Promise.all(limited.map((serve) => serve.stop()));
    }
  });

  it('loses no answered write of 64 writers over both when one process is killed with SIGKILL', async () => {
    const owner = await call(first, 'POST', '/employers/', employer('Kill Both Co'));
    const acknowledged: string[] = [];
    let serial = 0;
    let killed = false;
    let stopped = false;
    const writer = async (serve: ServeChild) => {
      while (!stopped) {
        const plan = validPlanBody('medical', { employer: owner.body.id, title: `Kill plan ${(serial += 1)}`, from_plan: undefined, from_action: undefined });
        let answer: Reply;
        try {
          answer = await call(serve, 'POST', '/plans/medical/', plan);
        } catch (error) {
          if (serve === first && killed) return; // its connection died with it: that write was never answered
          throw error;
        }
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        acknowledged.push(answer.body.id as string);
      }
    };
    const load = Promise.all(Array.from({ length: 64 }, (_, index) => writer(index % 2 === 0 ? first : second)));
    const answered = async (count: number) => {
      while (acknowledged.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await answered(200);
    killed = true;
    first.child.kill('SIGKILL');
    await first.exited;
    // The survivor goes on answering its writers meanwhile.
    await answered(acknowledged.length + 100);
    stopped = true;
    await load;

    const survivor = await call(second, 'GET', `/employers/${owner.body.id}/`);
    const stored = new Set([...survivor.body.plans, ...survivor.body.plans_expired].map((plan: { id: string }) => plan.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost, `${lost.length} of ${acknowledged.length} answered plans are missing`).toEqual([]);
  });
});
