// The queue of an environment as the workspace holds it: one row per record, named as a person
// knows it, with its state and the reason in words; a dry run; retrying failed records; and all of
// it the same after the workspace is closed and opened again.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { dryRun, queueView } from '../../main/sync/queue-view.js';
import { remoteIdOf } from '../../main/store/id-map-store.js';
import { retryFailed } from '../../main/store/record-sync-store.js';
import { countOutstanding } from '../../main/store/sync-queue-store.js';
import { resolveConflict } from '../../main/sync/conflicts.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { setFilterMapping } from '../../main/sync/environments.js';
import { openWorkspace } from '../../main/workspace/workspace.js';
import { validPlanBody } from '../support/fixtures.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { createLocal, fastOptions, mapFiltersByHand, populate, populatedCount, saveEnv, startRemote, type TestLocal } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';
import { fastPull, pulledLaptop, pulledLtdPlans } from './support/pulled-laptop.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const row = async (l: TestLocal, env: string, record: string) => (await queueView(l.ws.store, env)).find((candidate) => candidate.record === record);

describe('sync --dry-run', () => {
  it('counts what a push would send per kind, and sends nothing', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url);
    const local = await createLocal();
    const data = await populate(local, { employers: 2 });
    saveEnv(local, 'staging', proxy.url, remote.token);
    expect(dryRun(local.ws.db, 'staging')).toEqual({
      would_push: { employer: 2, plan: data.plans.length, user: data.users.length, division: data.divisions.length - 1 },
      pulled_from: {},
      failed: 0,
      conflicts: 0,
    });
    expect(proxy.log).toEqual([]);
    expect(await remote.ok('GET', '/employers/list/')).toEqual([]);
  });

  it('does not count a record created and deleted before any push, which is never sent; it counts a delete of a sent one', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 1 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    await syncEnvironment(local.ws, env, fastOptions());
    const employer = data.employers[0]!.id;
    const draftPlan = (await local.ok('POST', '/plans/dental/', validPlanBody('dental', { employer, title: 'Created And Deleted' }))).id as string;
    await local.ok('DELETE', `/plans/dental/${draftPlan}/`);
    expect(dryRun(local.ws.db, 'staging').would_push).toEqual({ employer: 0, plan: 0, user: 0, division: 0 });
    const sentPlan = (await local.ok('POST', '/plans/dental/', validPlanBody('dental', { employer, title: 'Sent Then Deleted' }))).id as string;
    await syncEnvironment(local.ws, env, fastOptions());
    await local.ok('DELETE', `/plans/dental/${sentPlan}/`);
    expect(dryRun(local.ws.db, 'staging').would_push).toEqual({ employer: 0, plan: 1, user: 0, division: 0 });
  });
});

describe('the queue view', () => {
  it('shows waiting records by name, then each record sent', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 1 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    const before = await queueView(local.ws.store, 'staging');
    expect(before).toHaveLength(populatedCount(data));
    expect(before.find((entry) => entry.record === data.employers[0]!.id)).toEqual({
      record: data.employers[0]!.id,
      entity: 'employer',
      name: data.employers[0]!.name,
      operation: 'create',
      employer: null,
      state: 'waiting',
      last_attempt_at: null,
      reason: null,
      field: null,
      discardable: false,
    });
    expect(before.every((entry) => !UUID.test(entry.name))).toBe(true);
    await syncEnvironment(local.ws, env, fastOptions());
    expect(new Set((await queueView(local.ws.store, 'staging')).map((entry) => entry.state))).toEqual(new Set(['sent']));
    await local.ok('PUT', `/employers/${data.employers[0]!.id}/`, { ...(await local.ok('GET', `/employers/${data.employers[0]!.id}/`)), size: '12' });
    expect(await row(local, 'staging', data.employers[0]!.id)).toMatchObject({ operation: 'update', state: 'waiting' });
  });

  it('names a plan with its employer, and a deleted record by what it was last called; leaves out one created and deleted before any push', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 1, users: 1 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    const employer = data.employers[0]!;
    // The last plan of the employer's dental chain: nothing renews it, so it can be deleted.
    const plan = data.plans.filter((candidate) => candidate.employer === employer.id && candidate.benefit === 'dental').at(-1)!;
    expect(await row(local, 'staging', plan.id)).toMatchObject({ name: plan.title, employer: employer.name });
    expect(await row(local, 'staging', employer.id)).toMatchObject({ name: employer.name, employer: null });

    // Never sent: made and deleted before any push, it is not in the queue nor among the waiting.
    const draft = (await local.ok('POST', '/plans/dental/', validPlanBody('dental', { employer: employer.id, title: 'Created And Deleted' }))).id as string;
    const waiting = countOutstanding(local.ws.db, 'staging');
    await local.ok('DELETE', `/plans/dental/${draft}/`);
    expect(await row(local, 'staging', draft)).toBeUndefined();
    expect(countOutstanding(local.ws.db, 'staging')).toBe(waiting - 1);

    await syncEnvironment(local.ws, env, fastOptions());
    await local.ok('DELETE', `/plans/dental/${plan.id}/`);
    await local.ok('DELETE', `/users/${data.users[0]!.id}/`);
    expect(await row(local, 'staging', plan.id)).toMatchObject({ name: plan.title, employer: employer.name, operation: 'delete', state: 'waiting' });
    expect(await row(local, 'staging', data.users[0]!.id)).toMatchObject({ name: data.users[0]!.email, employer: null, operation: 'delete' });
  });

  it('leaves out what came from the environment itself: a pulled record, and a conflict decided for its copy there', async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(false);
    saveEnv(laptop, 'staging', remote.url, remote.token);
    expect(await queueView(laptop.ws.store, 'production')).toEqual([]);
    expect(await row(laptop, 'staging', employer.id)).toMatchObject({ operation: 'create', state: 'waiting' });

    await remote.ok('PUT', `/employers/${remoteEmployer}/`, { ...(await remote.ok('GET', `/employers/${remoteEmployer}/`)), name: 'Server Name LLC' });
    await laptop.ok('PUT', `/employers/${employer.id}/`, { ...(await laptop.ok('GET', `/employers/${employer.id}/`)), name: 'Laptop Name LLC' });
    expect(await row(laptop, 'production', employer.id)).toMatchObject({ operation: 'update', state: 'waiting' });
    await pullEnvironment(laptop.ws, env, fastPull);
    expect(await row(laptop, 'production', employer.id)).toMatchObject({ state: 'conflict' });
    // Taking production's copy discards the edit: nothing of this computer's waits for production.
    await resolveConflict(laptop.ws, env, employer.id, { kind: 'take-remote' });
    expect(await row(laptop, 'production', employer.id)).toBeUndefined();
    expect(await row(laptop, 'staging', employer.id)).toMatchObject({ name: 'Server Name LLC', state: 'waiting' });

    await laptop.ok('PUT', `/employers/${employer.id}/`, { ...(await laptop.ok('GET', `/employers/${employer.id}/`)), size: '12' });
    expect(await row(laptop, 'production', employer.id)).toMatchObject({ operation: 'update', state: 'waiting' });
  });

  it('leaves out a record whose removal was taken from the environment, and a change of this computer that is never sent', async () => {
    const { remote, laptop, env } = await pulledLaptop(false);
    const [plan] = await pulledLtdPlans(laptop);
    await laptop.ok('PUT', `/plans/ltd/${plan!.id}/`, { ...(await laptop.ok('GET', `/plans/ltd/${plan!.id}/`)), percentage: 55 });
    expect((await remote.call('DELETE', `/plans/ltd/${plan!.remote}/`)).status).toBe(204);
    await pullEnvironment(laptop.ws, env, fastPull);
    expect(await row(laptop, 'production', plan!.id)).toMatchObject({ state: 'conflict' });
    await resolveConflict(laptop.ws, env, plan!.id, { kind: 'take-remote' });
    expect(await row(laptop, 'production', plan!.id)).toBeUndefined();

    // An admin's role is this computer's alone (never queued): a pulled user whose role changed here has nothing to send.
    const [pulledUser] = ((await laptop.ok('GET', '/users/list/')) as { id: string; email: string }[]).filter(
      (user) => user.email !== 'broker@laptop.example.com',
    );
    await laptop.ok('PUT', `/users/${pulledUser!.id}/role/`, { is_admin: true });
    expect(await queueView(laptop.ws.store, 'production')).toEqual([]);
  });

  it('a 400 is failed with the field the remote rejected; what depends on it is blocked, in words; all of it survives a restart', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 1 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    await syncEnvironment(local.ws, env, fastOptions());
    // Someone deletes the 2027 medical plan on the remote; we renew it here, and renew the renewal.
    const prior = data.plans.find((plan) => plan.title === 'Blue Choice PPO 1500 (2027)')!;
    await remote.ok('DELETE', `/plans/medical/${remoteIdOf(local.ws.db, 'staging', prior.id)}/`);
    const renewal = await local.ok(
      'POST',
      '/plans/medical/',
      validPlanBody('medical', {
        employer: prior.employer,
        title: 'Blue Choice PPO 1500 (2028)',
        start_date: '2028-01-01',
        end_date: '2028-12-31',
        from_plan: prior.id,
        from_action: 'RENEWED',
      }),
    );
    const next = await local.ok(
      'POST',
      '/plans/medical/',
      validPlanBody('medical', {
        employer: prior.employer,
        title: 'Blue Choice PPO 1500 (2029)',
        start_date: '2029-01-01',
        end_date: '2029-12-31',
        from_plan: renewal.id,
        from_action: 'RENEWED',
      }),
    );
    await syncEnvironment(local.ws, env, fastOptions());

    const check = async (l: TestLocal) => {
      const failed = (await row(l, 'staging', renewal.id))!;
      expect(failed).toMatchObject({
        name: 'Blue Choice PPO 1500 (2028)',
        operation: 'create',
        state: 'failed',
        field: 'from_plan',
        last_attempt_at: expect.any(String),
      });
      expect(failed.reason).toMatch(/^staging refused it \(400\): from_plan: /);
      expect(await row(l, 'staging', next.id)).toMatchObject({
        name: 'Blue Choice PPO 1500 (2029)',
        state: 'blocked',
        reason: "waiting for plan 'Blue Choice PPO 1500 (2028)', which is failed",
        field: null,
      });
      expect(dryRun(l.ws.db, 'staging')).toMatchObject({ failed: 1, conflicts: 0 });
    };
    await check(local);
    local.ws.close();
    local.ws = await openWorkspace(local.dir);
    await check(local);
  });

  it('retries one failed record, or all of them, once the cause is fixed elsewhere', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url, { only221: true });
    const local = await createLocal();
    const data = await populate(local, { employers: 3, users: 0 });
    const env = saveEnv(local, 'staging', proxy.url, remote.token);
    await mapFiltersByHand(local, 'staging', remote);
    // A filter mapped by hand to an id the remote does not have: the employers using it are refused.
    const [wrong] = (await remote.ok('GET', '/filters/list/')) as { id: string; name: string }[];
    setFilterMapping(local.ws.db, 'staging', wrong!.name, '00000000-0000-4000-8000-000000000000');
    await syncEnvironment(local.ws, env, fastOptions());
    const failed = (await queueView(local.ws.store, 'staging')).filter((entry) => entry.state === 'failed');
    expect(failed.map((entry) => entry.entity)).toEqual(['employer', 'employer']);
    expect(failed.every((entry) => entry.field === 'other_filters')).toBe(true);

    setFilterMapping(local.ws.db, 'staging', wrong!.name, wrong!.id);
    expect(retryFailed(local.ws.db, 'staging', data.plans[0]!.id)).toBe(0);
    expect(retryFailed(local.ws.db, 'staging', failed[0]!.record)).toBe(1);
    expect(await row(local, 'staging', failed[0]!.record)).toMatchObject({ state: 'waiting', reason: null });
    expect(await row(local, 'staging', failed[1]!.record)).toMatchObject({ state: 'failed' });
    expect(retryFailed(local.ws.db, 'staging')).toBe(1);
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });
});

describe('a division renamed here', () => {
  it('is renamed on the remote (the mapped division, members and employers kept)', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url);
    const local = await createLocal();
    const data = await populate(local, { employers: 3 });
    const env = saveEnv(local, 'staging', proxy.url, remote.token);
    await syncEnvironment(local.ws, env, fastOptions());
    const west = data.divisions[1]!;
    const westRemote = remoteIdOf(local.ws.db, 'staging', west)!;
    const before = await remote.ok('GET', `/divisions/${westRemote}/`);
    await local.ok('PUT', `/divisions/${west}/`, { ...(await local.ok('GET', `/divisions/${west}/`)), name: 'Pacific Northwest' });

    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect(await remote.ok('GET', `/divisions/${westRemote}/`)).toEqual({ ...before, name: 'Pacific Northwest' });
    expect(((await remote.ok('GET', '/divisions/list/')) as { name: string }[]).map((division) => division.name)).not.toContain('West Region');
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it('to a name another remote division has fails in words, and nothing is renamed there', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 1 });
    const env = saveEnv(local, 'staging', remote.url, remote.token);
    await syncEnvironment(local.ws, env, fastOptions());
    await remote.ok('POST', '/divisions/', { name: 'Pacific', users: [], employer_ids: [] });
    const west = data.divisions[1]!;
    await local.ok('PUT', `/divisions/${west}/`, { ...(await local.ok('GET', `/divisions/${west}/`)), name: 'PACIFIC' });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 1 });
    expect(await row(local, 'staging', west)).toMatchObject({
      name: 'PACIFIC',
      state: 'failed',
      reason: "staging already has another division named 'Pacific'; rename this one, or rename that one there first",
    });
    expect((await remote.ok('GET', `/divisions/${remoteIdOf(local.ws.db, 'staging', west)}/`)).name).toBe('West Region');
  });
});
