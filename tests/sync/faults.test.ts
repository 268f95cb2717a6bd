// Sync through a network that loses answers, resets connections, fails with 500s (or with a 503
// from a server whose database went away as it committed the write), throttles and stalls: after a faulty run and then a clean one, the remote holds exactly one copy of every
// local record with correct references, and the local state says so. Each fault runs against a
// remote that honours Idempotency-Key (the project's own server) and one that ignores it (the
// proxy strips the header), where only the lookup-based reconciliation prevents duplicates.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { firstWrites, forwardAll, randomly, startFaultProxy, type Decide, type Fault, type ProxiedRequest } from './support/fault-proxy.js';
import {
  createLocal,
  fastOptions,
  mapFiltersByHand,
  populate,
  populatedCount,
  saveEnv,
  SEED_OFFSET,
  startRemote,
  type LocalData,
  type TestLocal,
} from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

/** The first writes always, then any request (reads too) with probability p. */
function faulty(fault: Fault, writes: number, p: number, seed: number): Decide {
  const first = firstWrites(writes, fault);
  const later = randomly(p, fault, seed + SEED_OFFSET);
  return (request: ProxiedRequest) => (first(request) !== 'forward' ? fault : later(request));
}

/** Faults after which the remote has applied the write although the client never learnt it. */
const APPLIED: Fault[] = ['drop-response', 'error-500-after', 'unavailable-after', 'delay'];
const FAULTS: Fault[] = ['drop-response', 'reset', 'error-500', 'error-500-after', 'unavailable-after', 'delay'];

async function setUp(options: { stripIdempotencyKey: boolean; only221?: boolean; employers?: number }) {
  const remote = await startRemote();
  // A local division the remote does not have yet: it is created there, under the same faults.
  const local = await createLocal({ division: 'Brokerage East' });
  // One request per record: the hosted service's way (batches have their own suite, batch-faults.test.ts).
  const proxy = await startFaultProxy(remote.url, {
    stripIdempotencyKey: options.stripIdempotencyKey,
    only221: options.only221 ?? false,
    noSyncExtensions: true,
    holdMs: 500,
  });
  const data = await populate(local, { employers: options.employers ?? 3 });
  const env = saveEnv(local, 'staging', proxy.url, remote.token);
  if (options.only221) await mapFiltersByHand(local, 'staging', remote);
  return { remote, local, proxy, data, env };
}

describe.each([
  { idempotency: 'honoured', stripIdempotencyKey: false },
  { idempotency: 'ignored', stripIdempotencyKey: true },
])('faults, Idempotency-Key $idempotency by the remote', ({ stripIdempotencyKey }) => {
  it.each(FAULTS)('%s: a faulty run, then a clean one, leave an exact mirror', async (fault) => {
    const { remote, local, proxy, data, env } = await setUp({ stripIdempotencyKey });
    const seed = 1000 + FAULTS.indexOf(fault) + (stripIdempotencyKey ? 100 : 0);
    proxy.setDecide(faulty(fault, 8, fault === 'delay' ? 0.05 : 0.2, seed));

    const faultyRun = await syncEnvironment(local.ws, env, fastOptions());
    expect(proxy.count(fault), 'the network did misbehave').toBeGreaterThan(0);
    if (APPLIED.includes(fault)) {
      expect(
        proxy.count(fault, (entry) => entry.method === 'POST' && entry.upstreamStatus === 200),
        'some creates landed unseen',
      ).toBeGreaterThan(0);
    }
    expect(faultyRun.failed, JSON.stringify(faultyRun.errors)).toBe(0);

    proxy.setDecide(forwardAll);
    const clean = await syncEnvironment(local.ws, env, fastOptions());
    expect(clean).toMatchObject({ failed: 0, pending: 0 });
    expect(faultyRun.pushed + clean.pushed).toBe(populatedCount(data));
    await assertRemoteMirrorsLocal(local, 'staging', remote);
    if (!APPLIED.includes(fault)) {
      // A write the remote never saw went out again later, with the same Idempotency-Key.
      for (const lost of proxy.log.filter((entry) => entry.fault === fault && entry.method !== 'GET')) {
        const resent = proxy.log.find(
          (later) =>
            later.index > lost.index &&
            later.upstreamStatus !== undefined &&
            later.method === lost.method &&
            later.path === lost.path &&
            later.idempotencyKey === lost.idempotencyKey,
        );
        expect(resent, `${lost.method} ${lost.path} was sent again with its key`).toBeDefined();
      }
    }
  });

  it.each(['drop-response', 'reset', 'error-500-after', 'delay'] as Fault[])('%s on edits and deletes after a sync: an exact mirror', async (fault) => {
    const { remote, local, proxy, data, env } = await setUp({ stripIdempotencyKey, employers: 3 });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    const changes = await editEverything(local, data);
    // The first PUTs and DELETEs always, then any request with probability p.
    let replaced = 0;
    const later = randomly(fault === 'delay' ? 0.05 : 0.25, fault, 3000 + FAULTS.indexOf(fault) + (stripIdempotencyKey ? 100 : 0) + SEED_OFFSET);
    proxy.setDecide((request) => ((request.method === 'PUT' || request.method === 'DELETE') && replaced++ < 6 ? fault : later(request)));

    const faultyRun = await syncEnvironment(local.ws, env, fastOptions());
    expect(proxy.count(fault, (entry) => entry.method === 'PUT' || entry.method === 'DELETE')).toBeGreaterThan(0);
    expect(faultyRun.failed, JSON.stringify(faultyRun.errors)).toBe(0);
    proxy.setDecide(forwardAll);
    const clean = await syncEnvironment(local.ws, env, fastOptions());
    expect(clean).toMatchObject({ failed: 0, pending: 0 });
    expect(faultyRun.pushed + clean.pushed).toBe(changes);
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it('429 storm: waits Retry-After each time and finishes in the same run', async () => {
    const { remote, local, proxy, data, env } = await setUp({ stripIdempotencyKey });
    // Twelve requests in a row are throttled, from the twentieth write on (while plans go out side by side).
    let stormStart: number | undefined;
    proxy.setDecide((request) => {
      if (stormStart === undefined && request.writeIndex === 19) stormStart = request.index;
      return stormStart !== undefined && request.index < stormStart + 12 ? 'throttle' : 'forward';
    });
    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(proxy.count('throttle')).toBe(12);
    expect(run).toMatchObject({ pushed: populatedCount(data), failed: 0, pending: 0 });
    // Every throttled request was sent again no sooner than Retry-After said.
    for (const [index, entry] of proxy.log.entries()) {
      if (entry.fault !== 'throttle') continue;
      const again = proxy.log
        .slice(index + 1)
        .find((later) => later.method === entry.method && later.path === entry.path && later.idempotencyKey === entry.idempotencyKey);
      expect(again, `${entry.method} ${entry.path} was sent again`).toBeDefined();
      expect(again!.at - entry.at).toBeGreaterThanOrEqual(950);
    }
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });
});

const ONLY_221_FAULTS: Fault[] = ['drop-response', 'error-500-after', 'delay', 'reset'];
const isUserCreate = (request: ProxiedRequest) => request.method === 'POST' && request.path === '/users/';

describe.each([
  // The key makes every resend safe, whatever the remote cannot look up.
  { idempotency: 'honoured', stripIdempotencyKey: false, spare: () => false },
  // Only lookups prevent duplicates: divisions by name, employers through their division, plans
  // through the employer's plan list. A user cannot be identified on such a remote (outcomes.test.ts).
  { idempotency: 'ignored', stripIdempotencyKey: true, spare: isUserCreate },
])('faults against a remote that offers only the 2.2.1 operations, Idempotency-Key $idempotency', ({ stripIdempotencyKey, spare }) => {
  it.each(ONLY_221_FAULTS)('%s: creates stay exactly once and all are mapped', async (fault) => {
    const { remote, local, proxy, data, env } = await setUp({ stripIdempotencyKey, only221: true });
    const faults = faulty(fault, 8, fault === 'delay' ? 0.05 : 0.2, 2000 + ONLY_221_FAULTS.indexOf(fault) + (stripIdempotencyKey ? 100 : 0));
    proxy.setDecide((request) => (spare(request) ? 'forward' : faults(request)));
    const faultyRun = await syncEnvironment(local.ws, env, fastOptions());
    expect(proxy.count(fault)).toBeGreaterThan(0);
    expect(proxy.count('not-offered'), 'the engine asked for extra operations and was told no').toBeGreaterThan(0);
    expect(faultyRun.failed, JSON.stringify(faultyRun.errors)).toBe(0);

    proxy.setDecide(forwardAll);
    const clean = await syncEnvironment(local.ws, env, fastOptions());
    expect(clean).toMatchObject({ failed: 0, pending: 0 });
    expect(faultyRun.pushed + clean.pushed).toBe(populatedCount(data));
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });
});

/**
 * Edits after a first sync, one of each kind the remote must take: every employer and plan
 * replaced, users renamed and moved, members removed and added, renewals, users and an employer
 * deleted. Returns how many records changed.
 */
async function editEverything(local: TestLocal, data: LocalData): Promise<number> {
  const changed = new Set<string>();
  for (const employer of data.employers.slice(0, -1)) {
    await local.ok('PUT', `/employers/${employer.id}/`, { ...(await local.ok('GET', `/employers/${employer.id}/`)), size: '4321' });
    changed.add(employer.id);
  }
  for (const plan of data.plans) {
    if (plan.employer === data.employers.at(-1)!.id) continue;
    if (plan.title.endsWith('(2027)')) {
      await local.ok('DELETE', `/plans/${plan.benefit}/${plan.id}/`);
    } else {
      await local.ok('PUT', `/plans/${plan.benefit}/${plan.id}/`, {
        ...(await local.ok('GET', `/plans/${plan.benefit}/${plan.id}/`)),
        carrier: 'Renamed Carrier',
      });
    }
    changed.add(plan.id);
  }
  const [first, second, , last] = data.users;
  await local.ok('PUT', `/users/${first!.id}/`, { email: first!.email, first_name: 'Edited', last_name: 'Member', division_ids: [data.divisions[1]!] });
  await local.ok('DELETE', `/users/${last!.id}/`);
  await local.ok('POST', `/divisions/${data.divisions[2]!}/removeUser/`, { email: second!.email });
  await local.ok('POST', `/divisions/${data.divisions[0]!}/addUser/`, { email: second!.email });
  await local.ok('DELETE', `/employers/${data.employers.at(-1)!.id}/`);
  for (const id of [first!.id, last!.id, data.divisions[2]!, data.divisions[0]!, data.employers.at(-1)!.id]) changed.add(id);
  return changed.size;
}
