// A change the remote refuses for permission (403: the token's user is not an admin there) fails
// on every retry. Discard undoes it here, through the service, journaled like any change: a record
// the remote never had goes, one it has takes its values again or comes back as it has it.
import { describe, expect, it } from 'vitest';
import { readHistory } from '../../main/history/record-history.js';
import { discardRefused, DiscardError } from '../../main/sync/discard.js';
import { syncEnvironment } from '../../main/sync/engine.js';
import { dryRun, queueView } from '../../main/sync/queue-view.js';
import { countOutstanding } from '../../main/store/sync-queue-store.js';
import { remoteIdOf } from '../../main/store/id-map-store.js';
import { validEmployerBody } from '../support/fixtures.js';
import { createLocal, fastOptions, saveEnv, startRemote, type TestLocal } from './support/harness.js';

/** An admin's workspace (made before roles came from the server) pushing with a regular user's token: its division is the one the token holds. */
async function adminPushingAsRegular() {
  const remote = await startRemote();
  const regular = await remote.api.createRegularUser({ divisionName: 'Harbor Team' });
  const local = await createLocal({ division: 'Harbor Team' });
  const env = saveEnv(local, 'production', remote.url, regular.token);
  const [division] = (await local.ok('GET', '/divisions/list/')) as { id: string }[];
  return { remote, local, env, division: division!.id, tokenUser: regular.email };
}

const row = async (local: TestLocal, record: string) => (await queueView(local.ws.store, 'production')).find((entry) => entry.record === record);

describe('discarding a change the remote refused for permission', () => {
  it('removes here a user the remote would not create, journaled as a delete; nothing of it waits any more', async () => {
    const { local, env } = await adminPushingAsRegular();
    const colleague = await local.ok('POST', '/users/', { email: 'ann@harbor.example', first_name: 'Ann', last_name: 'Lee', division_ids: [] });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 1 });
    expect(await row(local, colleague.id)).toMatchObject({ name: 'ann@harbor.example', state: 'failed', discardable: true });
    expect((await row(local, colleague.id))!.reason).toMatch(/^the token of production may not do this: You do not have permission/);

    expect(await discardRefused(local.ws, env, colleague.id)).toBe('removed');
    expect((await local.call('GET', `/users/${colleague.id}/`)).status).toBe(404);
    expect(readHistory(local.ws.db, colleague.id).map((entry) => entry.op)).toEqual(['create', 'delete']);
    expect(await row(local, colleague.id)).toBeUndefined();
    expect(countOutstanding(local.ws.db, 'production')).toBe(0);
    expect(dryRun(local.ws.db, 'production')).toMatchObject({ failed: 0 });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
  });

  it("puts back the remote's values of a record whose change it refused (a division renamed), and brings back one whose delete it refused", async () => {
    const { remote, local, env, division, tokenUser } = await adminPushingAsRegular();
    await local.ok('POST', '/employers/', validEmployerBody(division, { name: 'Globex', url: 'https://globex.example', other_filters: [] }));
    await syncEnvironment(local.ws, env, fastOptions());
    expect(countOutstanding(local.ws.db, 'production')).toBe(0);

    await local.ok('PUT', `/divisions/${division}/`, { ...(await local.ok('GET', `/divisions/${division}/`)), name: 'Harbor Crew' });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 1 });
    expect(await row(local, division)).toMatchObject({ name: 'Harbor Crew', operation: 'update', discardable: true });
    expect(await discardRefused(local.ws, env, division)).toBe('reverted');
    expect((await local.ok('GET', `/divisions/${division}/`)).name).toBe('Harbor Team');
    expect(readHistory(local.ws.db, division).at(-1)).toMatchObject({
      op: 'update',
      pulled_from: 'production',
      changes: { name: ['Harbor Crew', 'Harbor Team'] },
    });
    expect(countOutstanding(local.ws.db, 'production')).toBe(0);

    // West is made there by an admin, the token's user a member; it is linked here by its name, then deleted here.
    const west = (await remote.ok('POST', '/divisions/', { name: 'West', users: [tokenUser], employer_ids: [] })) as { id: string };
    const localWest = (await local.ok('POST', '/divisions/', { name: 'West', users: [], employer_ids: [] })) as { id: string };
    await syncEnvironment(local.ws, env, fastOptions());
    expect(remoteIdOf(local.ws.db, 'production', localWest.id)).toBe(west.id);
    await local.ok('DELETE', `/divisions/${localWest.id}/`);
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 1 });
    expect(await row(local, localWest.id)).toMatchObject({ name: 'West', operation: 'delete', discardable: true });
    expect(await discardRefused(local.ws, env, localWest.id)).toBe('restored');
    expect((await local.ok('GET', `/divisions/${localWest.id}/`)).name).toBe('West');
    expect(remoteIdOf(local.ws.db, 'production', localWest.id)).toBe(west.id);
    expect(countOutstanding(local.ws.db, 'production')).toBe(0);
  });

  it('refuses a record that was not refused for permission, changing nothing', async () => {
    const { local, env, division } = await adminPushingAsRegular();
    const employer = await local.ok('POST', '/employers/', validEmployerBody(division, { name: 'Initech', url: 'https://initech.example', other_filters: [] }));
    await expect(discardRefused(local.ws, env, employer.id)).rejects.toThrow(DiscardError);
    expect((await local.ok('GET', `/employers/${employer.id}/`)).name).toBe('Initech');
    expect(await row(local, employer.id)).toMatchObject({ state: 'waiting', discardable: false });
  });
});
