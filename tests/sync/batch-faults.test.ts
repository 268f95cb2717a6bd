// Pushing to a PlanDesk remote, which takes many writes a request (POST /batch/), through a network
// that loses answers, resets connections, fails with 500s (or with 503s after committing), throttles
// and stalls: after a faulty run and a clean one, the remote holds exactly one copy of every local
// record, and every write of a batch that never reached it went out again with its own
// Idempotency-Key.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { forwardAll, seededRandom, startFaultProxy, type Decide, type Fault } from './support/fault-proxy.js';
import { createLocal, fastOptions, populate, populatedCount, saveEnv, SEED_OFFSET, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const FAULTS: Fault[] = ['drop-response', 'reset', 'error-500', 'error-500-after', 'unavailable-after', 'delay', 'throttle'];
/** Faults after which the remote has applied the batch although the client never learnt it. */
const APPLIED: Fault[] = ['drop-response', 'error-500-after', 'unavailable-after', 'delay'];

/** The first two batches always, then each batch with probability p; reads pass. */
function onBatches(fault: Fault, p: number, seed: number): Decide {
  const random = seededRandom(seed + SEED_OFFSET);
  let batches = 0;
  return (request) => (request.path === '/batch/' && (batches++ < 2 || random() < p) ? fault : 'forward');
}

async function setUp() {
  const remote = await startRemote();
  const local = await createLocal({ division: 'Brokerage East' });
  const proxy = await startFaultProxy(remote.url, { holdMs: 500 });
  const data = await populate(local, { employers: 4 });
  const env = saveEnv(local, 'staging', proxy.url, remote.token);
  return { remote, local, proxy, data, env };
}

describe('faults on batches of writes', () => {
  it.each(FAULTS)('%s: a faulty run, then a clean one, leave an exact mirror', async (fault) => {
    const { remote, local, proxy, data, env } = await setUp();
    proxy.setDecide(onBatches(fault, fault === 'delay' ? 0.1 : 0.3, 4000 + FAULTS.indexOf(fault)));

    const faultyRun = await syncEnvironment(local.ws, env, fastOptions());
    expect(proxy.count(fault), 'the network did misbehave').toBeGreaterThan(0);
    expect(faultyRun.failed, JSON.stringify(faultyRun.errors)).toBe(0);
    proxy.setDecide(forwardAll);
    const clean = await syncEnvironment(local.ws, env, fastOptions());
    expect(clean).toMatchObject({ failed: 0, pending: 0 });
    expect(faultyRun.pushed + clean.pushed).toBe(populatedCount(data));
    await assertRemoteMirrorsLocal(local, 'staging', remote);

    if (!APPLIED.includes(fault)) {
      for (const lost of proxy.log.filter((entry) => entry.fault === fault && entry.path === '/batch/')) {
        const later = proxy.log.filter((entry) => entry.index > lost.index && entry.upstreamStatus !== undefined).flatMap((entry) => entry.keys);
        for (const key of lost.keys) expect(later, `the write with key ${key} went out again`).toContain(key);
      }
    }
  });

  it('a token revoked between two batches stops the run; what landed is kept, and a good run completes exactly', async () => {
    const { remote, local, proxy, data, env } = await setUp();
    let batches = 0;
    proxy.setDecide((request) => (request.path === '/batch/' && batches++ >= 1 ? 'reject-token' : 'forward'));
    await expect(syncEnvironment(local.ws, env, fastOptions())).rejects.toThrow(/token rejected/);
    const synced = local.ws.db.prepare("SELECT count(*) FROM record_sync WHERE env = 'staging' AND status = 'synced'").pluck().get() as number;
    const landed = proxy.log.filter((entry) => entry.fault === 'forward' && entry.path === '/batch/' && entry.upstreamStatus === 200);
    expect(synced).toBe(landed.flatMap((entry) => entry.keys).length);
    expect(synced).toBeGreaterThan(0);

    proxy.setDecide(forwardAll);
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: populatedCount(data) - synced, failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it('a write the remote refuses fails alone; the rest of its batch lands', async () => {
    const { remote, local, env } = await setUp();
    const employers = (await local.ok('GET', '/employers/list/')) as { id: string; name: string }[];
    const taken = await local.ok('GET', `/employers/${employers[1]!.id}/`);
    // The remote already has an employer at this web address, under another name: the push of ours is refused.
    const division = ((await remote.ok('GET', '/divisions/list/')) as { id: string }[])[0]!.id;
    await remote.ok('POST', '/employers/', { ...taken, name: 'Someone Else Entirely', division, other_filters: [] });

    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(run.failed).toBe(1);
    expect(run.errors).toContainEqual(expect.objectContaining({ record: taken.id, error: expect.stringContaining('url') }));
    const onRemote = ((await remote.ok('GET', '/employers/list/')) as { name: string }[]).map((employer) => employer.name).sort();
    expect(onRemote).toEqual([...employers.filter((employer) => employer.id !== taken.id).map((employer) => employer.name), 'Someone Else Entirely'].sort());
  });
});
