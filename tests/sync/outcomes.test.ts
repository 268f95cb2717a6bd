// What the remote answers decides what happens to each entry: a rejected token stops the
// environment, a refusal fails only its record (its dependants wait) until the record is edited,
// edits and deletes after a sync reach the remote, a remote with only the 2.2.1 operations gets
// what it can take, and two environments keep separate ids and states.
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { syncEnvironment, TokenRejectedError } from '../../main/sync/engine.js';
import { remoteIdOf } from '../../main/store/id-map-store.js';
import { getRecordSync } from '../../main/store/record-sync-store.js';
import { countOutstanding } from '../../main/store/sync-queue-store.js';
import { validPlanBody } from '../support/fixtures.js';
import { forwardAll, startFaultProxy, writeOperations } from './support/fault-proxy.js';
import { createLocal, fastOptions, populate, populatedCount, saveEnv, startRemote, type LocalData, type TestLocal } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const state = (l: TestLocal, env: string, id: string) => getRecordSync(l.ws.db, env, id);
const plansOf = (data: LocalData, employer: string) => data.plans.filter((plan) => plan.employer === employer);

describe('a rejected token', () => {
  it('stops the environment with "token rejected" before anything is sent', async () => {
    const remote = await startRemote();
    const l = await createLocal();
    const data = await populate(l, { employers: 1 });
    const env = saveEnv(l, 'staging', remote.url, 'not-a-token-of-this-environment');
    const run = syncEnvironment(l.ws, env, fastOptions());
    await expect(run).rejects.toBeInstanceOf(TokenRejectedError);
    await expect(run).rejects.toThrow(/token rejected/);
    expect(countOutstanding(l.ws.db, 'staging')).toBe(populatedCount(data));
    expect(await remote.ok('GET', '/employers/list/')).toEqual([]);
  });

  it('stops a run under way; what finished is kept, and a run with a good token completes exactly', async () => {
    const remote = await startRemote();
    // A request per record (batches: batch-faults.test.ts), so that the token is revoked between records.
    const proxy = await startFaultProxy(remote.url, { noSyncExtensions: true });
    const l = await createLocal();
    const data = await populate(l, { employers: 3 });
    const env = saveEnv(l, 'staging', proxy.url, remote.token);
    proxy.setDecide((request) => (request.writeIndex !== undefined && request.writeIndex >= 12 ? 'reject-token' : 'forward'));
    await expect(syncEnvironment(l.ws, env, fastOptions())).rejects.toThrow(/token rejected/);
    // Nothing goes on in the background once the run has stopped.
    const seen = proxy.log.length;
    await delay(300);
    expect(proxy.log.length).toBe(seen);
    const synced = l.ws.db.prepare("SELECT count(*) FROM record_sync WHERE env = 'staging' AND status = 'synced'").pluck().get() as number;
    // Every write the remote took is recorded as synced: none is left to be reconciled.
    expect(synced).toBe(proxy.count('forward', (entry) => entry.method !== 'GET' && entry.upstreamStatus === 200));
    expect(synced).toBeGreaterThanOrEqual(12);

    proxy.setDecide(forwardAll);
    const run = await syncEnvironment(l.ws, env, fastOptions());
    expect(run).toMatchObject({ failed: 0, pending: 0, pushed: populatedCount(data) - synced });
    await assertRemoteMirrorsLocal(l, 'staging', remote);
  });
});

describe('a refusal fails only its record; its dependants wait; an edit retries it', () => {
  it('an employer whose name the remote already holds with another url is a conflict, never overwritten', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url);
    const l = await createLocal();
    const data = await populate(l, { employers: 3 });
    const clash = data.employers[1]!;
    const theirs = await remote.ok('POST', '/employers/', {
      name: clash.name,
      url: 'https://someone-else.example.com',
      size: '10',
      naics_codes: [],
      location_states: [],
      other_filters: [],
      division: remote.api.admin.division,
    });
    const env = saveEnv(l, 'staging', proxy.url, remote.token);

    const first = await syncEnvironment(l.ws, env, fastOptions());
    const dependants = plansOf(data, clash.id);
    expect(first.failed).toBe(1);
    expect(first.pending).toBe(dependants.length);
    expect(first.pushed).toBe(populatedCount(data) - 1 - dependants.length);
    expect(state(l, 'staging', clash.id)).toMatchObject({ status: 'conflict' });
    expect(state(l, 'staging', clash.id)!.last_error).toMatch(/already has this employer .* with different url.*nothing was overwritten/);
    for (const plan of dependants) {
      expect(state(l, 'staging', plan.id)).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/waiting for employer/) });
    }
    expect(await remote.ok('GET', `/employers/${theirs.id}/`)).toMatchObject({ url: 'https://someone-else.example.com', size: '10' });

    // Not retried until edited.
    const writes = proxy.log.length;
    const again = await syncEnvironment(l.ws, env, fastOptions());
    expect(again).toMatchObject({ pushed: 0, failed: 0, pending: dependants.length });
    expect(writeOperations(proxy.log.slice(writes)).filter((write) => write === 'POST /employers/')).toEqual([]);

    const employer = await l.ok('GET', `/employers/${clash.id}/`);
    await l.ok('PUT', `/employers/${clash.id}/`, { ...employer, name: `${clash.name} (West Coast)` });
    const edited = await syncEnvironment(l.ws, env, fastOptions());
    expect(edited).toMatchObject({ pushed: 1 + dependants.length, failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(l, 'staging', remote, { foreignEmployers: [clash.name] });
  });

  it('a plan whose title the remote already holds with other values is a conflict; its renewal waits; renamed, both go', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url);
    const l = await createLocal();
    const data = await populate(l, { employers: 2 });
    const env = saveEnv(l, 'staging', proxy.url, remote.token);
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });

    const employer = data.employers[0]!;
    const remoteEmployer = remoteIdOf(l.ws.db, 'staging', employer.id)!;
    await remote.ok(
      'POST',
      '/plans/dental/',
      validPlanBody('dental', {
        employer: remoteEmployer,
        title: 'Delta Dental Basic',
        carrier: 'Delta Dental',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        from_plan: undefined,
        from_action: undefined,
      }),
    );
    const ours = await l.ok(
      'POST',
      '/plans/dental/',
      validPlanBody('dental', {
        employer: employer.id,
        title: 'Delta Dental Basic',
        carrier: 'MetLife',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        from_plan: undefined,
        from_action: undefined,
      }),
    );
    const renewal = await l.ok(
      'POST',
      '/plans/dental/',
      validPlanBody('dental', {
        employer: employer.id,
        title: 'Delta Dental Basic (2027)',
        carrier: 'MetLife',
        start_date: '2027-01-01',
        end_date: '2027-12-31',
        from_plan: ours.id,
        from_action: 'RENEWED',
      }),
    );
    const unrelated = await l.ok(
      'POST',
      '/plans/vision/',
      validPlanBody('vision', {
        employer: data.employers[1]!.id,
        title: 'EyeMed Plus',
        from_plan: undefined,
        from_action: undefined,
      }),
    );

    const run = await syncEnvironment(l.ws, env, fastOptions());
    expect(run).toMatchObject({ pushed: 1, failed: 1, pending: 1 });
    expect(state(l, 'staging', ours.id)).toMatchObject({ status: 'conflict', last_error: expect.stringMatching(/already has this plan .* different carrier/) });
    expect(state(l, 'staging', renewal.id)).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/waiting for prior-year plan/) });
    expect(state(l, 'staging', unrelated.id)).toMatchObject({ status: 'synced' });

    await l.ok('PUT', `/plans/dental/${ours.id}/`, { ...(await l.ok('GET', `/plans/dental/${ours.id}/`)), title: 'MetLife Dental Basic' });
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ pushed: 2, failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(l, 'staging', remote, { foreignPlans: ['Delta Dental Basic'] });
  });

  it("a 400 fails the entry with the remote's field errors, naming our records, not the remote's", async () => {
    const remote = await startRemote();
    const l = await createLocal();
    const data = await populate(l, { employers: 1 });
    const env = saveEnv(l, 'staging', remote.url, remote.token);
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });

    // Someone deletes the 2027 medical plan on the remote; we renew it here.
    const prior = data.plans.find((plan) => plan.title === 'Blue Choice PPO 1500 (2027)')!;
    const priorRemote = remoteIdOf(l.ws.db, 'staging', prior.id)!;
    await remote.ok('DELETE', `/plans/medical/${priorRemote}/`);
    const renewal = await l.ok(
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
    const next = await l.ok(
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
    const other = await l.ok(
      'POST',
      '/plans/std/',
      validPlanBody('std', { employer: prior.employer, title: 'STD Buy-Up', from_plan: undefined, from_action: undefined }),
    );

    const run = await syncEnvironment(l.ws, env, fastOptions());
    expect(run).toMatchObject({ pushed: 1, failed: 1, pending: 1 });
    const failure = state(l, 'staging', renewal.id)!;
    expect(failure.status).toBe('failed');
    expect(failure.last_error).toContain('from_plan');
    expect(failure.last_error).toContain(prior.id);
    expect(failure.last_error).not.toContain(priorRemote);
    expect(run.errors.find((error) => error.record === renewal.id)?.error).toBe(failure.last_error);
    expect(state(l, 'staging', next.id)).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/waiting for prior-year plan/) });
    expect(state(l, 'staging', other.id)).toMatchObject({ status: 'synced' });
  });
});

describe('changes after a sync', () => {
  it('edits go out with PUT (and removeUser), to the mapped records', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url);
    const l = await createLocal();
    const data = await populate(l, { employers: 3 });
    const env = saveEnv(l, 'staging', proxy.url, remote.token);
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    const before = proxy.log.length;

    const employer = data.employers[0]!;
    const filters = (await l.ok('GET', '/filters/list/')) as { id: string }[];
    await l.ok('PUT', `/employers/${employer.id}/`, {
      ...(await l.ok('GET', `/employers/${employer.id}/`)),
      size: '999',
      other_filters: [filters[1]!.id],
      location_states: ['TX'],
    });
    const plan = data.plans.find((candidate) => candidate.benefit === 'vision' && candidate.employer === employer.id)!;
    await l.ok('PUT', `/plans/vision/${plan.id}/`, { ...(await l.ok('GET', `/plans/vision/${plan.id}/`)), exam_copay: 5, carrier: 'EyeMed' });
    const user = data.users[1]!;
    const home = data.divisions[0]!;
    await l.ok('PUT', `/users/${user.id}/`, { email: user.email, first_name: 'Renamed', last_name: 'Member', division_ids: [home] });
    const central = data.divisions[2]!;
    await l.ok('POST', `/divisions/${central}/removeUser/`, { email: data.users[0]!.email });

    const run = await syncEnvironment(l.ws, env, fastOptions());
    expect(run).toMatchObject({ failed: 0, pending: 0 });
    const writes = writeOperations(proxy.log.slice(before));
    expect(writes).toEqual(
      expect.arrayContaining([
        `PUT /employers/${remoteIdOf(l.ws.db, 'staging', employer.id)}/`,
        `PUT /plans/vision/${remoteIdOf(l.ws.db, 'staging', plan.id)}/`,
        `PUT /users/${remoteIdOf(l.ws.db, 'staging', user.id)}/`,
        `POST /divisions/${remoteIdOf(l.ws.db, 'staging', central)}/removeUser/`,
      ]),
    );
    expect(writes.filter((write) => write.startsWith('POST /employers/') || write.startsWith('POST /plans/') || write === 'POST /users/')).toEqual([]);
    await assertRemoteMirrorsLocal(l, 'staging', remote);
  });

  it('deletes go out, and the mapping goes with them', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url);
    const l = await createLocal();
    const data = await populate(l, { employers: 3 });
    const env = saveEnv(l, 'staging', proxy.url, remote.token);
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });

    const leaf = data.plans.find((plan) => plan.title === 'Blue Choice PPO 1500 (2027)')!;
    const leafRemote = remoteIdOf(l.ws.db, 'staging', leaf.id)!;
    await l.ok('DELETE', `/plans/medical/${leaf.id}/`);
    const user = data.users[3]!;
    const userRemote = remoteIdOf(l.ws.db, 'staging', user.id)!;
    await l.ok('DELETE', `/users/${user.id}/`);
    const employer = data.employers[2]!;
    const employerRemote = remoteIdOf(l.ws.db, 'staging', employer.id)!;
    await l.ok('DELETE', `/employers/${employer.id}/`);

    const run = await syncEnvironment(l.ws, env, fastOptions());
    expect(run).toMatchObject({ pushed: 3, failed: 0, pending: 0 });
    expect((await remote.call('GET', `/plans/medical/${leafRemote}/`)).status).toBe(404);
    expect((await remote.call('GET', `/users/${userRemote}/`)).status).toBe(404);
    expect((await remote.call('GET', `/employers/${employerRemote}/`)).status).toBe(404);
    for (const id of [leaf.id, user.id, employer.id]) expect(remoteIdOf(l.ws.db, 'staging', id)).toBeUndefined();
    await assertRemoteMirrorsLocal(l, 'staging', remote);
  });
});
