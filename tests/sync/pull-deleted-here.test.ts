// A record deleted on this laptop, its delete not pushed yet, that the remote changed meanwhile: a
// pull makes it a conflict instead of letting the push delete someone else's work, and the
// decisions either send the delete or bring the remote record back, under the ids it had here.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { listConflicts, resolveConflict } from '../../main/sync/conflicts.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { localIdOf, remoteIdOf } from '../../main/store/id-map-store.js';
import { latestSeq } from '../../main/store/outbox-store.js';
import { markInFlight } from '../../main/store/record-sync-store.js';
import { fastOptions, saveEnv, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';
import { fastPull, pulledLaptop, pulledLtdPlans, SOURCES } from './support/pulled-laptop.js';

describe.each(SOURCES)('a record deleted here that the remote changed, through $source', ({ noSyncExtensions }) => {
  it('is a conflict, not a silent delete there: keep-local deletes it there, take-remote brings the remote one back here', async () => {
    const { remote, laptop, env } = await pulledLaptop(noSyncExtensions);
    const [deleted, restored] = await pulledLtdPlans(laptop);
    for (const plan of [deleted!, restored!]) {
      expect((await laptop.call('DELETE', `/plans/ltd/${plan.id}/`)).status).toBe(204);
      await remote.ok('PUT', `/plans/ltd/${plan.remote}/`, { ...(await remote.ok('GET', `/plans/ltd/${plan.remote}/`)), percentage: 55 });
    }

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 2, created: 0, removed: 0 });
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0 });
    const conflicts = await listConflicts(laptop.ws, env);
    // Beside the remote record: the values the record had here when it was deleted (in no particular order).
    const byRecord = (a: { record: string }, b: { record: string }) => a.record.localeCompare(b.record);
    expect(
      conflicts.map(({ record, name, reason, deleted_here, differences }) => ({ record, name, reason, deleted_here, differences })).sort(byRecord),
    ).toEqual(
      [deleted!, restored!]
        .map((plan) => ({
          record: plan.id,
          name: plan.title,
          reason: 'deleted on this computer, but changed on production since the last pull',
          deleted_here: true,
          differences: { percentage: { local: plan.percentage, remote: 55 } },
        }))
        .sort(byRecord),
    );

    // Linking means nothing for a delete: refused, with the two decisions that do.
    await expect(resolveConflict(laptop.ws, env, deleted!.id, { kind: 'link', remoteId: deleted!.remote })).rejects.toThrow(
      `${deleted!.id} is deleted here: keep-local sends the delete to production, take-remote brings the record back`,
    );
    await resolveConflict(laptop.ws, env, deleted!.id, { kind: 'keep-local' });
    await resolveConflict(laptop.ws, env, restored!.id, { kind: 'take-remote' });
    expect(localIdOf(laptop.ws.db, 'production', restored!.remote)).toBe(restored!.id);
    expect(await laptop.ok('GET', `/plans/ltd/${restored!.id}/`)).toMatchObject({ title: restored!.title, percentage: 55 });
    // A pull before the push leaves the decisions as they were.
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, created: 0 });
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect((await remote.call('GET', `/plans/ltd/${deleted!.remote}/`)).status).toBe(404);
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, created: 0, updated: 0, removed: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
  });

  it('an employer deleted here whose plan changed there: a conflict on the employer; take-remote brings it back with every plan, under their ids', async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(noSyncExtensions);
    // Everything is on staging too, where the delete is not pushed either.
    const staging = await startRemote();
    const stagingEnv = saveEnv(laptop, 'staging', staging.url, staging.token);
    expect(await syncEnvironment(laptop.ws, stagingEnv, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    const planIds = async () => {
      const { plans, plans_expired } = await laptop.ok('GET', `/employers/${employer.id}/`);
      return [...plans, ...plans_expired].map((plan: { id: string }) => plan.id).sort();
    };
    const localPlans = await planIds();
    const remotePlans = await remote.ok('GET', `/employers/${remoteEmployer}/`);
    const [changed] = remotePlans.plans as { benefit: string; id: string }[];
    // The plan was edited here too before its employer went: the employer's delete is what waits.
    const local = ((await laptop.ok('GET', `/employers/${employer.id}/`)).plans as { benefit: string; id: string }[])[0]!;
    await laptop.ok('PUT', `/plans/${local.benefit}/${local.id}/`, {
      ...(await laptop.ok('GET', `/plans/${local.benefit}/${local.id}/`)),
      title: 'Changed On The Laptop',
    });
    expect((await laptop.call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);
    const path = `/plans/${changed!.benefit}/${changed!.id}/`;
    await remote.ok('PUT', path, { ...(await remote.ok('GET', path)), title: 'Changed On The Server' });

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 1, removed: 0 });
    // The push holds the employer's delete: the remote keeps the employer and the plan as changed there.
    await syncEnvironment(laptop.ws, env, fastOptions());
    expect((await remote.ok('GET', path)).title).toBe('Changed On The Server');
    const [conflict] = await listConflicts(laptop.ws, env);
    expect(conflict).toMatchObject({
      record: employer.id,
      name: employer.name,
      reason: `deleted on this computer, but its ${changed!.benefit} plan 'Changed On The Server' changed on production since the last pull`,
    });

    await resolveConflict(laptop.ws, env, employer.id, { kind: 'take-remote' });
    expect(localIdOf(laptop.ws.db, 'production', remoteEmployer)).toBe(employer.id);
    expect((await laptop.ok('GET', `/employers/${employer.id}/`)).name).toBe(employer.name);
    expect(await planIds()).toEqual(localPlans);
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 0, pending: 0 });
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, created: 0, updated: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
    // To staging the employer and its plans are the records it has, changed: nothing made twice there.
    expect(await syncEnvironment(laptop.ws, stagingEnv, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(laptop, 'staging', staging);
  });

  it('a plan moved there into an employer deleted here: a conflict on the employer; take-remote brings the employer back with the plan in it', async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(noSyncExtensions);
    const other = ((await laptop.ok('GET', '/employers/list/')) as { id: string }[]).find((candidate) => candidate.id !== employer.id)!;
    // A plan that renews none and that none renews: free to move to another employer.
    const { plans, plans_expired } = await laptop.ok('GET', `/employers/${other.id}/`);
    const full: { benefit: string; id: string; from_plan: string | null }[] = [];
    for (const plan of [...plans, ...plans_expired] as { benefit: string; id: string }[]) {
      full.push({ ...plan, from_plan: (await laptop.ok('GET', `/plans/${plan.benefit}/${plan.id}/`)).from_plan as string | null });
    }
    const moved = full.find((plan) => plan.from_plan === null && !full.some((renewal) => renewal.from_plan === plan.id))!;
    expect((await laptop.call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);
    const path = `/plans/${moved.benefit}/${remoteIdOf(laptop.ws.db, 'production', moved.id)!}/`;
    await remote.ok('PUT', path, { ...(await remote.ok('GET', path)), employer: remoteEmployer, title: 'Moved On The Server' });

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 1, failed: 0 });
    expect((await listConflicts(laptop.ws, env)).map((conflict) => conflict.record)).toEqual([employer.id]);
    await resolveConflict(laptop.ws, env, employer.id, { kind: 'take-remote' });
    expect((await laptop.ok('GET', `/plans/${moved.benefit}/${moved.id}/`)).employer).toBe(employer.id);
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, created: 0, updated: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
  });

  it("take-remote from one environment leaves the record's conflict with another standing, so that side is not overwritten unseen", async () => {
    const { remote, laptop, env, employer } = await pulledLaptop(noSyncExtensions);
    const staging = await startRemote();
    const stagingEnv = saveEnv(laptop, 'staging', staging.url, staging.token);
    expect(await syncEnvironment(laptop.ws, stagingEnv, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    expect((await laptop.call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);
    for (const [server, name] of [
      [remote, 'Renamed On Production LLC'],
      [staging, 'Renamed On Staging LLC'],
    ] as const) {
      const path = `/employers/${remoteIdOf(laptop.ws.db, server === remote ? 'production' : 'staging', employer.id)!}/`;
      await server.ok('PUT', path, { ...(await server.ok('GET', path)), name });
    }
    await pullEnvironment(laptop.ws, env, fastPull);
    await pullEnvironment(laptop.ws, stagingEnv, fastPull);
    expect((await listConflicts(laptop.ws, stagingEnv)).map((conflict) => conflict.record)).toEqual([employer.id]);

    await resolveConflict(laptop.ws, env, employer.id, { kind: 'take-remote' });
    expect((await laptop.ok('GET', `/employers/${employer.id}/`)).name).toBe('Renamed On Production LLC');
    expect((await listConflicts(laptop.ws, stagingEnv)).map((conflict) => conflict.record)).toEqual([employer.id]);
    await syncEnvironment(laptop.ws, stagingEnv, fastOptions());
    const onStaging = `/employers/${remoteIdOf(laptop.ws.db, 'staging', employer.id)!}/`;
    expect((await staging.ok('GET', onStaging)).name).toBe('Renamed On Staging LLC');
  });

  it('a delete sent by a push cut off before its answer, the record then changed there: a conflict, and no push sends it again', async () => {
    const { remote, laptop, env } = await pulledLaptop(noSyncExtensions);
    const [plan] = await pulledLtdPlans(laptop);
    expect((await laptop.call('DELETE', `/plans/ltd/${plan!.id}/`)).status).toBe(204);
    // What a push killed after sending the delete leaves: the delete marked in flight, its answer never read.
    const record = { entity: 'plan' as const, record_id: plan!.id };
    const flight = { seq: latestSeq(laptop.ws.db, plan!.id), op: 'delete', json: '{}', key: 'cut-off-push', snapshot: null };
    markInFlight(laptop.ws.db, 'production', record, flight, new Date().toISOString());
    await remote.ok('PUT', `/plans/ltd/${plan!.remote}/`, { ...(await remote.ok('GET', `/plans/ltd/${plan!.remote}/`)), percentage: 55 });

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 1 });
    await syncEnvironment(laptop.ws, env, fastOptions());
    expect((await remote.ok('GET', `/plans/ltd/${plan!.remote}/`)).percentage).toBe(55);
  });

  it('a division deleted here and renamed there comes back with take-remote, with the members this workspace holds', async () => {
    const { remote, laptop, env } = await pulledLaptop(noSyncExtensions);
    const divisions = (await laptop.ok('GET', '/divisions/list/')) as { id: string; name: string }[];
    const central = divisions.find((division) => division.name === 'Central Region')!;
    const members = (await laptop.ok('GET', `/divisions/${central.id}/`)).users as string[];
    expect(members.length).toBeGreaterThan(0);
    expect((await laptop.call('DELETE', `/divisions/${central.id}/`)).status).toBe(204);
    const remoteCentral = remoteIdOf(laptop.ws.db, 'production', central.id)!;
    await remote.ok('PUT', `/divisions/${remoteCentral}/`, { ...(await remote.ok('GET', `/divisions/${remoteCentral}/`)), name: 'Central Region East' });

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 1 });
    await resolveConflict(laptop.ws, env, central.id, { kind: 'take-remote' });
    const back = await laptop.ok('GET', `/divisions/${central.id}/`);
    expect(back.name).toBe('Central Region East');
    expect([...(back.users as string[])].sort()).toEqual([...members].sort());
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, created: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
  });
});
