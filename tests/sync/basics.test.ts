// Pushing local data to the project's own server on loopback, with nothing going wrong: every
// record arrives once with its references mapped, and a second run has nothing to do.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { remoteIdOf } from '../../main/store/id-map-store.js';
import { markPending } from '../../main/store/record-sync-store.js';
import { validPlanBody } from '../support/fixtures.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { createLocal, fastOptions, populate, populatedCount, saveEnv, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal, mirrorProblems } from './support/mirror.js';

describe('sync on a clean network', () => {
  it("names each record it sends in its progress as a person knows it: a division's or employer's name, a user's e-mail, a plan's title", async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 1, users: 1 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    const named = new Set<string>();
    await syncEnvironment(local.ws, env, fastOptions({ onProgress: (progress) => progress.current && named.add(progress.current) }));
    expect(named).toContain('division West Region');
    expect(named).toContain(`user ${data.users[0]!.email}`);
    expect(named).toContain(`employer ${data.employers[0]!.name}`);
    for (const plan of data.plans) expect(named).toContain(`plan ${plan.title}`);
  });

  it('pushes every record once, and a second run pushes nothing', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const proxy = await startFaultProxy(remote.url);
    const data = await populate(local, { employers: 3 });
    const env = saveEnv(local, 'staging', proxy.url, remote.token);

    const first = await syncEnvironment(local.ws, env, fastOptions());
    expect(first).toMatchObject({ failed: 0, pending: 0, errors: [] });
    expect(first.pushed).toBe(populatedCount(data));
    await assertRemoteMirrorsLocal(local, 'staging', remote);

    // Every write went in a batch, each with an Idempotency-Key of its own.
    const writes = proxy.log.filter((entry) => entry.method !== 'GET');
    expect(writes.every((entry) => entry.path === '/batch/')).toBe(true);
    const operations = writes.flatMap((entry) => entry.operations ?? []);
    const keys = writes.flatMap((entry) => entry.keys);
    expect(keys).toHaveLength(operations.length);
    expect(new Set(keys).size).toBe(operations.length);
    expect(writes.length).toBeLessThan(operations.length / 4);

    const writesBefore = proxy.log.filter((entry) => entry.method !== 'GET').length;
    const second = await syncEnvironment(local.ws, env, fastOptions());
    expect(second).toEqual({ pushed: 0, failed: 0, pending: 0, errors: [] });
    expect(proxy.log.filter((entry) => entry.method !== 'GET').length).toBe(writesBefore);
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it("marks each record it sends at the time of the workspace's clock", async () => {
    const remote = await startRemote();
    const local = await createLocal({ clock: () => new Date('2031-02-03T04:05:06.000Z') });
    await populate(local, { employers: 1 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    await syncEnvironment(local.ws, env, fastOptions());
    const attempts = local.ws.db.prepare('SELECT DISTINCT last_attempt_at FROM record_sync').pluck().all();
    expect(attempts).toEqual(['2031-02-03T04:05:06.000Z']);
  });

  it('holds the page cache small while it runs, and gives the connection its own back', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    await populate(local, { employers: 2 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    const before = local.ws.db.pragma('cache_size', { simple: true });
    let during: unknown;
    await syncEnvironment(local.ws, env, { ...fastOptions(), onProgress: () => (during ??= local.ws.db.pragma('cache_size', { simple: true })) });
    expect(during).toBe(-2048);
    expect(local.ws.db.pragma('cache_size', { simple: true })).toBe(before);
  });
});

describe('the mirror check itself', () => {
  it('notices a changed field, an extra remote copy, a missing remote record and a record not synced', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 2 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    await syncEnvironment(local.ws, env, fastOptions());
    expect(await mirrorProblems(local, 'staging', remote)).toEqual([]);

    const plan = data.plans.find((candidate) => candidate.benefit === 'ltd')!;
    const planRemote = remoteIdOf(local.ws.db, 'staging', plan.id)!;
    await remote.ok('PUT', `/plans/ltd/${planRemote}/`, { ...(await remote.ok('GET', `/plans/ltd/${planRemote}/`)), percentage: 55 });
    const employerRemote = remoteIdOf(local.ws.db, 'staging', plan.employer)!;
    await remote.ok(
      'POST',
      '/plans/ltd/',
      validPlanBody('ltd', { employer: employerRemote, title: 'Long Term Disability (copy)', from_plan: undefined, from_action: undefined }),
    );
    const user = data.users[0]!;
    await remote.ok('DELETE', `/users/${remoteIdOf(local.ws.db, 'staging', user.id)}/`);
    const employer = data.employers[1]!;
    markPending(local.ws.db, 'staging', { record_id: employer.id, entity: 'employer' }, 'made up');

    const problems = await mirrorProblems(local, 'staging', remote);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/ltd plan 'Long Term Disability' .*percentage is 55 on the remote, 60 here/),
        expect.stringMatching(/the remote holds ltd plan 'Long Term Disability \(copy\)'/),
        expect.stringMatching(new RegExp(`user ${user.email} has 0 copies on the remote`)),
        expect.stringMatching(new RegExp(`local state of employer ${employer.id} is pending: made up`)),
      ]),
    );
  });
});
