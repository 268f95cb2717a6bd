// Pulling from the project's own server: a new laptop gets what the token can see, linked so that
// nothing goes back twice; remote changes come down, local ones are never lost.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { readHistory } from '../../main/history/record-history.js';
import { localIdOf, remoteIdOf } from '../../main/store/id-map-store.js';
import { FAST_BACKOFF } from './support/fast-backoff.js';
import { createLocal, fastOptions, populate, populatedCount, saveEnv, startRemote, type TestLocal, type TestRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const fastPull = { backoff: FAST_BACKOFF, timeoutMs: 300 };

/** A remote filled by another laptop's push: what a broker's colleague entered. */
async function remoteFilledByColleague(employers = 2): Promise<{ remote: TestRemote; colleague: TestLocal; records: number }> {
  const remote = await startRemote();
  const colleague = createLocal();
  const data = populate(colleague, { employers });
  await syncEnvironment(colleague.ws, saveEnv(colleague, 'production', remote.url, remote.token), fastOptions());
  return { remote, colleague, records: populatedCount(data) };
}

describe('pull from a remote compared in full (lists and reads)', () => {
  it('brings a new laptop every record, linked: a sync back sends nothing, and a second pull changes nothing', async () => {
    const { remote } = await remoteFilledByColleague();
    const laptop = createLocal();
    const env = saveEnv(laptop, 'production', remote.url, remote.token);

    const first = await pullEnvironment(laptop.ws, env, fastPull);
    expect(first).toMatchObject({ conflicts: 0, failed: 0, errors: [], removed: 0 });
    assertRemoteMirrorsLocal(laptop, 'production', remote);

    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toEqual({ pushed: 0, failed: 0, pending: 0, errors: [] });
    const second = await pullEnvironment(laptop.ws, env, fastPull);
    expect(second).toMatchObject({ created: 0, updated: 0, removed: 0, conflicts: 0, failed: 0 });
  });
});

/** A laptop that has pulled everything from the colleague's remote. */
async function pulledLaptop() {
  const { remote, colleague } = await remoteFilledByColleague();
  const laptop = createLocal();
  const env = saveEnv(laptop, 'production', remote.url, remote.token);
  await pullEnvironment(laptop.ws, env, fastPull);
  const employers = laptop.ok('GET', '/employers/list/') as { id: string; name: string }[];
  const employer = employers[0]!;
  const remoteEmployer = remoteIdOf(laptop.ws.db, 'production', employer.id)!;
  return { remote, colleague, laptop, env, employer, remoteEmployer };
}

const withName = (body: Record<string, unknown>, name: string) => ({ ...body, name });

describe('what a pull does with changes', () => {
  it('applies a remote change to a record with nothing waiting here, and keeps it in the history as pulled', async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop();
    const before = remote.ok('GET', `/employers/${remoteEmployer}/`);
    remote.ok('PUT', `/employers/${remoteEmployer}/`, withName(before, 'Renamed On The Server LLC'));

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ updated: 1, created: 0, conflicts: 0 });
    expect(laptop.ok('GET', `/employers/${employer.id}/`).name).toBe('Renamed On The Server LLC');
    const last = readHistory(laptop.ws.db, employer.id).at(-1)!;
    expect(last).toMatchObject({ op: 'update', pulled_from: 'production', changes: { name: [employer.name, 'Renamed On The Server LLC'] } });
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0, pending: 0 });
  });

  it('keeps a local change waiting to be pushed when the remote did not change, and pushes it after', async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop();
    const local = laptop.ok('GET', `/employers/${employer.id}/`);
    laptop.ok('PUT', `/employers/${employer.id}/`, withName(local, 'Renamed On The Laptop LLC'));

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ updated: 0, conflicts: 0 });
    expect(laptop.ok('GET', `/employers/${employer.id}/`).name).toBe('Renamed On The Laptop LLC');
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0 });
    expect(remote.ok('GET', `/employers/${remoteEmployer}/`).name).toBe('Renamed On The Laptop LLC');
  });

  it('makes a record changed on both sides a conflict: the local values stay until a person decides', async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop();
    remote.ok('PUT', `/employers/${remoteEmployer}/`, withName(remote.ok('GET', `/employers/${remoteEmployer}/`), 'Server Name LLC'));
    laptop.ok('PUT', `/employers/${employer.id}/`, withName(laptop.ok('GET', `/employers/${employer.id}/`), 'Laptop Name LLC'));

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 1, updated: 0 });
    expect(laptop.ok('GET', `/employers/${employer.id}/`).name).toBe('Laptop Name LLC');
    // The push leaves it alone too: it waits for keep-local, take-remote, link or skip.
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0 });
    expect(remote.ok('GET', `/employers/${remoteEmployer}/`).name).toBe('Server Name LLC');
  });

  it('removes a record deleted on the remote when nothing waits on it here', async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop();
    const plans = laptop.ok('GET', `/employers/${employer.id}/`);
    const planCount = plans.plans.length + plans.plans_expired.length;
    expect(remote.call('DELETE', `/employers/${remoteEmployer}/`).status).toBe(204);

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ removed: planCount + 1, conflicts: 0 });
    expect(laptop.call('GET', `/employers/${employer.id}/`).status).toBe(404);
    expect(localIdOf(laptop.ws.db, 'production', remoteEmployer)).toBeUndefined();
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0, pending: 0 });
  });

  it('pushes the renewal of a pulled plan with that remote plan as from_plan', async () => {
    const { remote, laptop, env, employer } = await pulledLaptop();
    const medical = (laptop.ok('GET', `/employers/${employer.id}/`).plans as { benefit: string; id: string }[]).find((plan) => plan.benefit === 'medical')!;
    const last = laptop.ok('GET', `/plans/medical/${medical.id}/`);
    const renewal = laptop.ok('POST', '/plans/medical/', {
      ...last, title: 'Renewed On The Laptop (2031)', start_date: '2031-01-01', end_date: '2031-12-31', from_plan: medical.id, from_action: 'RENEWED',
    });

    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0 });
    const pushed = remote.ok('GET', `/plans/medical/${remoteIdOf(laptop.ws.db, 'production', renewal.id)}/`);
    expect(pushed.from_plan).toBe(remoteIdOf(laptop.ws.db, 'production', medical.id));
    assertRemoteMirrorsLocal(laptop, 'production', remote);
  });
});
