// Plan creates on a remote that cannot show a plan's title (only the 2.2.1 operations, no
// Idempotency-Key): a create whose answer is lost is found again as the one new plan of its kind on
// its employer since a snapshot of the employer's plans. One read of the employer serves as the
// snapshot of its creates while each of them lands with its id; after one that does not, the next
// create reads the employer again.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { remoteIdOf } from '../../main/store/id-map-store.js';
import { planYear, validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { FAST_BACKOFF } from './support/fast-backoff.js';
import { startFaultProxy, type ProxiedRequest } from './support/fault-proxy.js';
import { createLocal, fastOptions, mapFiltersByHand, populate, populatedCount, saveEnv, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const EMPLOYER_READ = /^\/employers\/[0-9a-f-]{36}\/$/;
const isEmployerRead = (entry: { method: string; path: string }) => entry.method === 'GET' && EMPLOYER_READ.test(entry.path);

async function setUp() {
  const remote = await startRemote();
  const proxy = await startFaultProxy(remote.url, { only221: true, stripIdempotencyKey: true });
  const local = await createLocal();
  const env = saveEnv(local, 'staging', proxy.url, remote.token);
  await mapFiltersByHand(local, 'staging', remote);
  return { remote, proxy, local, env };
}

describe('plan creates on a remote with only the 2.2.1 operations', () => {
  it('read each employer once a run for their snapshots, not once a plan', async () => {
    const { remote, proxy, local, env } = await setUp();
    const data = await populate(local, { employers: 3 });

    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: populatedCount(data), failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
    for (const employer of data.employers) {
      const plans = data.plans.filter((plan) => plan.employer === employer.id).length;
      expect(plans).toBeGreaterThan(5);
      const path = `/employers/${remoteIdOf(local.ws.db, 'staging', employer.id)}/`;
      expect(proxy.log.filter((entry) => isEmployerRead(entry) && entry.path === path)).toHaveLength(1);
    }
  });

  it("read the snapshots of a page's creates side by side, not one after another", async () => {
    const { proxy, local, env } = await setUp();
    const division = ((await local.ok('GET', '/divisions/list/')) as { id: string }[])[0]!.id;
    for (let index = 0; index < 8; index += 1) {
      const employer = (
        await local.ok(
          'POST',
          '/employers/',
          validEmployerBody(division, { name: `Snapshot Bakery ${index}`, url: `https://snapshot-bakery-${index}.example.com`, other_filters: [] }),
        )
      ).id as string;
      await local.ok(
        'POST',
        '/plans/medical/',
        validPlanBody('medical', { employer, title: `Bakery PPO ${index}`, from_plan: undefined, from_action: undefined }),
      );
    }
    // Every request takes a while on this link: reads made one after another never overlap.
    proxy.setOptions({ latencyMs: [40, 40] });

    expect(await syncEnvironment(local.ws, env, fastOptions({ timeoutMs: 2_000 }))).toMatchObject({ pushed: 16, failed: 0, pending: 0 });
    const reads = proxy.log.filter(isEmployerRead);
    expect(reads).toHaveLength(8);
    expect(reads.filter((read) => read.alongside.some((other) => EMPLOYER_READ.test(other.replace(/^GET /, '')))).length).toBeGreaterThan(0);
  });

  it('many creates of one kind for one employer go one after another, each once, however many wait', async () => {
    const { remote, local, env } = await setUp();
    const division = ((await local.ok('GET', '/divisions/list/')) as { id: string }[])[0]!.id;
    const employer = (await local.ok('POST', '/employers/', validEmployerBody(division, { name: 'Busy Bakery', other_filters: [] }))).id as string;
    // More than the run lets wait for their group at once (three pages' worth): the rest of the queue is read as they go.
    const titles = Array.from({ length: 240 }, (_, index) => `Bakery PPO ${index}`);
    for (const title of titles)
      await local.ok('POST', '/plans/medical/', validPlanBody('medical', { employer, title, from_plan: undefined, from_action: undefined }));

    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1 + titles.length, failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
    const remotePlans = (await remote.ok('GET', `/employers/${remoteIdOf(local.ws.db, 'staging', employer)}/`)).plans as unknown[];
    expect(remotePlans).toHaveLength(titles.length);
  });

  it('a create left in flight by an earlier run keeps the snapshot it was sent with while it waits for its group', async () => {
    const { remote, proxy, local, env } = await setUp();
    const division = ((await local.ok('GET', '/divisions/list/')) as { id: string }[])[0]!.id;
    const employer = (await local.ok('POST', '/employers/', validEmployerBody(division, { name: 'Resumed Bakery', other_filters: [] }))).id as string;
    const plan = async (title: string, year: number) =>
      (
        await local.ok(
          'POST',
          '/plans/medical/',
          validPlanBody('medical', { employer, title, from_plan: undefined, from_action: undefined, ...planYear(year) }),
        )
      ).id as string;
    const sentFirst = await plan('Blue Choice PPO 2026', 2026);

    // It lands, its answer is lost and every look-up fails: it stays in flight, with its snapshot.
    let failedReads = 0;
    proxy.setDecide((request: ProxiedRequest) => {
      if (request.method === 'POST' && request.path === '/plans/medical/') return 'drop-response';
      if (isEmployerRead(request) && failedReads < FAST_BACKOFF.maxAttempts && proxy.count('drop-response') > 0) {
        failedReads += 1;
        return 'error-500';
      }
      return 'forward';
    });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, pending: 1 });

    // A plan of an earlier year comes before it in the next run's queue, so it waits behind that one's create.
    const earlier = await plan('Blue Choice PPO 2025', 2025);
    proxy.setDecide(() => 'forward');
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 2, failed: 0, pending: 0 });
    const remotePlans = await remote.ok('GET', `/employers/${remoteIdOf(local.ws.db, 'staging', employer)}/`);
    expect([...(remotePlans.plans as unknown[]), ...(remotePlans.plans_expired as unknown[])]).toHaveLength(2);
    for (const id of [sentFirst, earlier]) expect(remoteIdOf(local.ws.db, 'staging', id)).toBeDefined();
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it('after a create whose outcome stays unknown, the next create on that employer takes a snapshot of its own', async () => {
    const { remote, proxy, local, env } = await setUp();
    const division = ((await local.ok('GET', '/divisions/list/')) as { id: string }[])[0]!.id;
    const employer = (await local.ok('POST', '/employers/', validEmployerBody(division, { name: 'Snapshot Bakery', other_filters: [] }))).id as string;
    const titles = ['Blue Choice PPO 500', 'Blue Choice PPO 2500'];
    const plans: string[] = [];
    for (const title of titles) {
      plans.push(
        (await local.ok('POST', '/plans/medical/', validPlanBody('medical', { employer, title, from_plan: undefined, from_action: undefined }))).id as string,
      );
    }

    // Both creates land and their answers are lost; the first one's look-up fails on every attempt,
    // so its outcome stays unknown until the next run, and its plan is unmapped on the remote.
    let lostCreates = 0;
    let failedReads = 0;
    proxy.setDecide((request: ProxiedRequest) => {
      if (request.method === 'POST' && request.path === '/plans/medical/') return lostCreates++ < 2 ? 'drop-response' : 'forward';
      if (isEmployerRead(request) && lostCreates === 1 && failedReads < FAST_BACKOFF.maxAttempts) {
        failedReads += 1;
        return 'error-500';
      }
      return 'forward';
    });
    const first = await syncEnvironment(local.ws, env, fastOptions());
    expect(lostCreates).toBe(2);
    expect(failedReads).toBe(FAST_BACKOFF.maxAttempts);
    expect(first).toMatchObject({ pushed: 2, failed: 0, pending: 1 });
    // The second create was told apart from the first one's unmapped plan: its snapshot holds that plan.
    const second = remoteIdOf(local.ws.db, 'staging', plans[1]!);
    expect((await remote.ok('GET', `/plans/medical/${second}/`)).title).toBe(titles[1]);

    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });
});
