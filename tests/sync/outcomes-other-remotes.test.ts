// Outcomes against other remotes: one with only the 2.2.1 operations (with and without
// Idempotency-Key), and two environments pushed the same local data.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { remoteIdOf } from '../../main/store/id-map-store.js';
import { getRecordSync } from '../../main/store/record-sync-store.js';
import { countOutstanding } from '../../main/store/sync-queue-store.js';
import { startFaultProxy, writeOperations } from './support/fault-proxy.js';
import {
  createLocal,
  fastOptions,
  mapFiltersByHand,
  populate,
  populatedCount,
  saveEnv,
  startRemote,
  type LocalData,
  type TestLocal,
} from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const state = (l: TestLocal, env: string, id: string) => getRecordSync(l.ws.db, env, id);
const plansOf = (data: LocalData, employer: string) => data.plans.filter((plan) => plan.employer === employer);

describe('a remote with only the 2.2.1 operations', () => {
  it('gets every create once; employers are updated with PUT; plan and user updates and deletes fail clearly', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url, { only221: true });
    const l = await createLocal();
    const data = await populate(l, { employers: 3 });
    const env = saveEnv(l, 'staging', proxy.url, remote.token);
    await mapFiltersByHand(l, 'staging', remote);
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ pushed: populatedCount(data), failed: 0, pending: 0 });
    expect(proxy.count('not-offered')).toBeGreaterThan(0);
    await assertRemoteMirrorsLocal(l, 'staging', remote);

    const employer = data.employers[0]!;
    await l.ok('PUT', `/employers/${employer.id}/`, { ...(await l.ok('GET', `/employers/${employer.id}/`)), size: '777' });
    const plan = data.plans.find((candidate) => candidate.benefit === 'ltd' && candidate.employer === employer.id)!;
    await l.ok('PUT', `/plans/ltd/${plan.id}/`, { ...(await l.ok('GET', `/plans/ltd/${plan.id}/`)), percentage: 66 });
    const user = data.users[2]!;
    await l.ok('PUT', `/users/${user.id}/`, { email: user.email, first_name: 'Renamed', last_name: 'Member', division_ids: [data.divisions[2]!] });
    const leaf = data.plans.find((candidate) => candidate.title === 'Blue Choice PPO 1500 (2027)')!;
    await l.ok('DELETE', `/plans/medical/${leaf.id}/`);

    const before = proxy.log.length;
    const run = await syncEnvironment(l.ws, env, fastOptions());
    expect(run).toMatchObject({ pushed: 1, failed: 3, pending: 0 });
    const employerRemote = remoteIdOf(l.ws.db, 'staging', employer.id)!;
    expect(writeOperations(proxy.log.slice(before))).toEqual([`PUT /employers/${employerRemote}/`]);
    expect((await remote.ok('GET', `/employers/${employerRemote}/`)).size).toBe('777');
    expect(state(l, 'staging', plan.id)).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/the remote cannot update plans/) });
    expect(state(l, 'staging', user.id)).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/the remote cannot update users/) });
    expect(state(l, 'staging', leaf.id)).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/the remote cannot delete plans/) });
    expect(writeOperations(proxy.log).filter((write) => write.startsWith('PUT /plans/'))).toEqual([]);
    expect((await remote.ok('GET', `/plans/ltd/${remoteIdOf(l.ws.db, 'staging', plan.id)}/`)).percentage).toBe(60);

    // Left alone until edited again; then tried again.
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 0, pending: 0 });
    await l.ok('PUT', `/plans/ltd/${plan.id}/`, { ...(await l.ok('GET', `/plans/ltd/${plan.id}/`)), percentage: 70 });
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 1, pending: 0 });
  });

  it('without Idempotency-Key, a user create whose answer is lost is never made twice, and says it cannot be identified', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url, { only221: true, stripIdempotencyKey: true });
    const l = await createLocal();
    const data = await populate(l, { employers: 2 });
    const env = saveEnv(l, 'staging', proxy.url, remote.token);
    await mapFiltersByHand(l, 'staging', remote);
    let lost = 0;
    proxy.setDecide((request) => (request.method === 'POST' && request.path === '/users/' && lost++ < 1 ? 'drop-response' : 'forward'));

    const run = await syncEnvironment(l.ws, env, fastOptions());
    expect(run).toMatchObject({ failed: 1, pending: 0, pushed: populatedCount(data) - 1 });
    const [unidentified] = run.errors;
    expect(unidentified!.error).toMatch(/already exists but it cannot be identified/);
    expect(state(l, 'staging', unidentified!.record)).toMatchObject({ status: 'conflict' });
    const email = data.users.find((user) => user.id === unidentified!.record)!.email;
    expect(((await remote.ok('GET', '/users/list/')) as { email: string }[]).filter((user) => user.email === email)).toHaveLength(1);
  });
});

describe('a remote with only the 2.2.1 operations that ignores Idempotency-Key, where no member of the division was pushed', () => {
  it('an employer create whose answer is lost is never made twice, and says it cannot be identified', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url, { only221: true, stripIdempotencyKey: true });
    const l = await createLocal();
    const data = await populate(l, { employers: 2, users: 0 });
    const env = saveEnv(l, 'staging', proxy.url, remote.token);
    await mapFiltersByHand(l, 'staging', remote);
    let lost = 0;
    proxy.setDecide((request) => (request.method === 'POST' && request.path === '/employers/' && lost++ < 1 ? 'drop-response' : 'forward'));

    const run = await syncEnvironment(l.ws, env, fastOptions());
    const [unidentified] = run.errors.filter((error) => error.path.startsWith('/employers/'));
    expect(unidentified!.error).toMatch(/already exists but it cannot be identified/);
    expect(state(l, 'staging', unidentified!.record)).toMatchObject({ status: 'conflict' });
    const dependants = plansOf(data, unidentified!.record);
    expect(run).toMatchObject({ failed: 1, pending: dependants.length, pushed: populatedCount(data) - 1 - dependants.length });
    const name = data.employers.find((employer) => employer.id === unidentified!.record)!.name;
    expect(((await remote.ok('GET', '/employers/list/')) as { name: string }[]).filter((employer) => employer.name === name)).toHaveLength(1);
  });
});

describe('two environments', () => {
  it('the same local data goes to staging first and to production later, with separate ids and states', async () => {
    const staging = await startRemote();
    const production = await startRemote();
    const l = await createLocal();
    const data = await populate(l, { employers: 2 });
    const stagingEnv = saveEnv(l, 'staging', staging.url, staging.token);
    const productionEnv = saveEnv(l, 'production', production.url, production.token);

    expect(await syncEnvironment(l.ws, stagingEnv, fastOptions())).toMatchObject({ pushed: populatedCount(data), failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(l, 'staging', staging);
    expect(countOutstanding(l.ws.db, 'production')).toBe(populatedCount(data));
    expect(await production.ok('GET', '/employers/list/')).toEqual([]);

    expect(await syncEnvironment(l.ws, productionEnv, fastOptions())).toMatchObject({ pushed: populatedCount(data), failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(l, 'production', production);
    for (const record of [...data.employers, ...data.plans, ...data.users]) {
      expect(remoteIdOf(l.ws.db, 'staging', record.id)).not.toBe(remoteIdOf(l.ws.db, 'production', record.id));
    }

    const plan = data.plans[0]!;
    await l.ok('PUT', `/plans/${plan.benefit}/${plan.id}/`, { ...(await l.ok('GET', `/plans/${plan.benefit}/${plan.id}/`)), carrier: 'Aetna' });
    expect(await syncEnvironment(l.ws, stagingEnv, fastOptions())).toMatchObject({ pushed: 1 });
    expect(countOutstanding(l.ws.db, 'staging')).toBe(0);
    expect(countOutstanding(l.ws.db, 'production')).toBe(1);
    expect((await production.ok('GET', `/plans/${plan.benefit}/${remoteIdOf(l.ws.db, 'production', plan.id)}/`)).carrier).not.toBe('Aetna');
    expect(await syncEnvironment(l.ws, productionEnv, fastOptions())).toMatchObject({ pushed: 1 });
    await assertRemoteMirrorsLocal(l, 'staging', staging);
    await assertRemoteMirrorsLocal(l, 'production', production);
  });
});
