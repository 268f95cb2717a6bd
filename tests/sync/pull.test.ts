// Pulling from the project's own server: a new laptop gets what the token can see, linked so that
// nothing goes back twice; remote changes come down, local ones are never lost. Each case runs
// against a remote read through PlanDesk's changes feed and one read through lists and reads.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { listConflicts, resolveConflict } from '../../main/sync/conflicts.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { dryRun } from '../../main/sync/queue-view.js';
import { readHistory } from '../../main/history/record-history.js';
import { localIdOf, remoteIdOf } from '../../main/store/id-map-store.js';
import { provenanceOf } from '../../main/store/pull-store.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { createLocal, fastOptions, saveEnv, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';
import { fastPull, pulledLaptop, pulledLtdPlans, remoteFilledByColleague, SOURCES } from './support/pulled-laptop.js';
import { validPlanBody } from '../support/fixtures.js';

const withName = (body: Record<string, unknown>, name: string) => ({ ...body, name });

describe.each(SOURCES)('pull through $source', ({ noSyncExtensions }) => {
  it('brings a new laptop every record, linked: a sync back sends nothing, and a second pull changes nothing', async () => {
    const { remote, proxy, records } = await remoteFilledByColleague(noSyncExtensions);
    const laptop = await createLocal();
    const env = saveEnv(laptop, 'production', proxy.url, remote.token);

    const first = await pullEnvironment(laptop.ws, env, fastPull);
    // Everything the colleague pushed, and the remote's admin (a user of the account, the token's own); the
    // laptop's division is the remote's division of the same name: linked, not created.
    expect(first).toMatchObject({ created: records + 1, conflicts: 0, failed: 0, errors: [], removed: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);

    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toEqual({ pushed: 0, failed: 0, pending: 0, errors: [] });
    const second = await pullEnvironment(laptop.ws, env, fastPull);
    expect(second).toMatchObject({ created: 0, updated: 0, removed: 0, conflicts: 0, failed: 0 });
  });

  describe('what a pull does with changes', () => {
    it('applies a remote change to a record with nothing waiting here, and keeps it in the history as pulled', async () => {
      const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(noSyncExtensions);
      const before = await remote.ok('GET', `/employers/${remoteEmployer}/`);
      await remote.ok('PUT', `/employers/${remoteEmployer}/`, withName(before, 'Renamed On The Server LLC'));

      expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ updated: 1, created: 0, conflicts: 0 });
      expect((await laptop.ok('GET', `/employers/${employer.id}/`)).name).toBe('Renamed On The Server LLC');
      const last = readHistory(laptop.ws.db, employer.id).at(-1)!;
      expect(last).toMatchObject({ op: 'update', pulled_from: 'production', changes: { name: [employer.name, 'Renamed On The Server LLC'] } });
      expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0, pending: 0 });
    });

    it('keeps a local change waiting to be pushed when the remote did not change, and pushes it after', async () => {
      const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(noSyncExtensions);
      const local = await laptop.ok('GET', `/employers/${employer.id}/`);
      await laptop.ok('PUT', `/employers/${employer.id}/`, withName(local, 'Renamed On The Laptop LLC'));

      expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ updated: 0, conflicts: 0 });
      expect((await laptop.ok('GET', `/employers/${employer.id}/`)).name).toBe('Renamed On The Laptop LLC');
      // Where it came from says it changed here since, until that change is pushed there.
      expect(provenanceOf(laptop.ws.db, [employer.id]).get(employer.id)).toMatchObject({ env: 'production', changed_here: true });
      expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0 });
      expect((await remote.ok('GET', `/employers/${remoteEmployer}/`)).name).toBe('Renamed On The Laptop LLC');
      expect(provenanceOf(laptop.ws.db, [employer.id]).get(employer.id)).toMatchObject({ changed_here: false });
    });

    it('makes a record changed on both sides a conflict: the local values stay until a person decides', async () => {
      const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(noSyncExtensions);
      await remote.ok('PUT', `/employers/${remoteEmployer}/`, withName(await remote.ok('GET', `/employers/${remoteEmployer}/`), 'Server Name LLC'));
      await laptop.ok('PUT', `/employers/${employer.id}/`, withName(await laptop.ok('GET', `/employers/${employer.id}/`), 'Laptop Name LLC'));

      expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 1, updated: 0 });
      expect((await laptop.ok('GET', `/employers/${employer.id}/`)).name).toBe('Laptop Name LLC');
      // The push leaves it alone too: it waits for keep-local, take-remote, link or skip.
      expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0 });
      expect((await remote.ok('GET', `/employers/${remoteEmployer}/`)).name).toBe('Server Name LLC');
      expect(dryRun(laptop.ws.db, 'production')).toMatchObject({ conflicts: 1 });

      // Edited here again, it waits to be pushed: every count says so, none a conflict left behind.
      await laptop.ok('PUT', `/employers/${employer.id}/`, withName(await laptop.ok('GET', `/employers/${employer.id}/`), 'Laptop Name Again LLC'));
      expect(await listConflicts(laptop.ws, env)).toEqual([]);
      expect(dryRun(laptop.ws.db, 'production')).toMatchObject({ failed: 0, conflicts: 0, would_push: { employer: 1 } });
    });

    it('removes a record deleted on the remote when nothing waits on it here', async () => {
      const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(noSyncExtensions);
      const plans = await laptop.ok('GET', `/employers/${employer.id}/`);
      const planCount = plans.plans.length + plans.plans_expired.length;
      expect((await remote.call('DELETE', `/employers/${remoteEmployer}/`)).status).toBe(204);

      expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ removed: planCount + 1, conflicts: 0 });
      expect((await laptop.call('GET', `/employers/${employer.id}/`)).status).toBe(404);
      expect(localIdOf(laptop.ws.db, 'production', remoteEmployer)).toBeUndefined();
      expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0, pending: 0 });
    });

    it('pushes the renewal of a pulled plan with that remote plan as from_plan', async () => {
      const { remote, laptop, env, employer } = await pulledLaptop(noSyncExtensions);
      const medical = ((await laptop.ok('GET', `/employers/${employer.id}/`)).plans as { benefit: string; id: string }[]).find(
        (plan) => plan.benefit === 'medical',
      )!;
      const last = await laptop.ok('GET', `/plans/medical/${medical.id}/`);
      const renewal = await laptop.ok('POST', '/plans/medical/', {
        ...last,
        title: 'Renewed On The Laptop (2031)',
        start_date: '2031-01-01',
        end_date: '2031-12-31',
        from_plan: medical.id,
        from_action: 'RENEWED',
      });

      expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0 });
      const pushed = await remote.ok('GET', `/plans/medical/${remoteIdOf(laptop.ws.db, 'production', renewal.id)}/`);
      expect(pushed.from_plan).toBe(remoteIdOf(laptop.ws.db, 'production', medical.id));
      await assertRemoteMirrorsLocal(laptop, 'production', remote);
    });
  });
});

describe('pull through the changes feed: what it costs', () => {
  it('a second pull with nothing changed takes at most 5 requests, and with one record changed at most 10', async () => {
    const { remote, proxy, laptop, env, remoteEmployer } = await pulledLaptop(false);
    let before = proxy.log.length;
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ created: 0, updated: 0, removed: 0 });
    expect(proxy.log.length - before).toBeLessThanOrEqual(5);

    await remote.ok('PUT', `/employers/${remoteEmployer}/`, withName(await remote.ok('GET', `/employers/${remoteEmployer}/`), 'Changed Once LLC'));
    before = proxy.log.length;
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ updated: 1, created: 0, removed: 0 });
    expect(proxy.log.length - before).toBeLessThanOrEqual(10);
  });
});

describe("a broker's token", () => {
  /** A remote with employers in two divisions, and a broker who holds only one of them. */
  async function brokerSetUp() {
    const { remote } = await remoteFilledByColleague(false, 3);
    const divisions = (await remote.ok('GET', '/divisions/list/')) as { id: string; name: string }[];
    const home = divisions.find((division) => division.name === 'Home Division')!;
    const west = divisions.find((division) => division.name.startsWith('West'))!;
    const broker = await remote.api.createRegularUser({ division: home.id, email: 'broker@laptop.example.com' });
    const laptop = await createLocal();
    const env = saveEnv(laptop, 'production', remote.url, broker.token);
    return { remote, laptop, env, home, west };
  }

  const employersOf = async (remote: { ok(method: string, path: string): Promise<any> }, division: string) => {
    const employers: { id: string }[] = [];
    for (const employer of (await remote.ok('GET', '/employers/list/')) as { id: string }[]) {
      if ((await remote.ok('GET', `/employers/${employer.id}/`)).division === division) employers.push(employer);
    }
    return employers;
  };

  it("brings only the broker's divisions, and removes an employer moved out of them when nothing waits on it", async () => {
    const { remote, laptop, env, home, west } = await brokerSetUp();
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, failed: 0 });
    const local = ((await laptop.ok('GET', '/employers/list/')) as { id: string }[]).map((employer) => remoteIdOf(laptop.ws.db, 'production', employer.id));
    expect(local.sort()).toEqual((await employersOf(remote, home.id)).map((employer) => employer.id).sort());
    expect((await laptop.ok('GET', '/divisions/list/')).map((division: { name: string }) => division.name)).toEqual(['Home Division']);

    const [moved] = await employersOf(remote, home.id);
    await remote.ok('PUT', `/employers/${moved!.id}/`, { ...(await remote.ok('GET', `/employers/${moved!.id}/`)), division: west.id });
    const second = await pullEnvironment(laptop.ws, env, fastPull);
    expect(second.removed).toBeGreaterThan(1);
    expect(localIdOf(laptop.ws.db, 'production', moved!.id)).toBeUndefined();
    expect(((await laptop.ok('GET', '/employers/list/')) as unknown[]).length).toBe(local.length - 1);
    // Out of sight is not deleted: the remote still has it, and nothing was queued to delete it.
    expect((await remote.ok('GET', `/employers/${moved!.id}/`)).division).toBe(west.id);
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 0 });
  });

  it('keeps an employer moved out of sight that was changed here, as a conflict', async () => {
    const { remote, laptop, env, home, west } = await brokerSetUp();
    await pullEnvironment(laptop.ws, env, fastPull);
    const [moved] = await employersOf(remote, home.id);
    const localId = localIdOf(laptop.ws.db, 'production', moved!.id)!;
    await laptop.ok('PUT', `/employers/${localId}/`, { ...(await laptop.ok('GET', `/employers/${localId}/`)), size: '1234' });
    await remote.ok('PUT', `/employers/${moved!.id}/`, { ...(await remote.ok('GET', `/employers/${moved!.id}/`)), division: west.id });

    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 1 });
    expect((await laptop.ok('GET', `/employers/${localId}/`)).size).toBe('1234');
  });
});

describe('pull --division', () => {
  it('brings only the named divisions, with their employers and plans, and keeps its own place in the feed', async () => {
    const { remote, proxy } = await remoteFilledByColleague(false, 3);
    const laptop = await createLocal();
    const env = saveEnv(laptop, 'production', proxy.url, remote.token);
    const west = ((await remote.ok('GET', '/divisions/list/')) as { id: string; name: string }[]).find((division) => division.name.startsWith('West'))!;

    await pullEnvironment(laptop.ws, env, { ...fastPull, divisions: [west.name] });
    const pulled = [];
    for (const employer of (await laptop.ok('GET', '/employers/list/')) as { id: string }[]) pulled.push(await laptop.ok('GET', `/employers/${employer.id}/`));
    expect(pulled.length).toBeGreaterThan(0);
    for (const employer of pulled) expect(remoteIdOf(laptop.ws.db, 'production', employer.division)).toBe(west.id);

    // A pull of everything afterwards still brings the rest.
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, failed: 0, removed: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
  });

  it('finds a plan made there for an employer of those divisions deleted here: a conflict, not a plan deleted unseen', async () => {
    const { remote, laptop, env } = await pulledLaptop(false);
    const west = ((await remote.ok('GET', '/divisions/list/')) as { id: string; name: string }[]).find((division) => division.name.startsWith('West'))!;
    const employers = [];
    for (const listed of (await laptop.ok('GET', '/employers/list/')) as { id: string }[]) employers.push(await laptop.ok('GET', `/employers/${listed.id}/`));
    const employer = employers.find((candidate) => remoteIdOf(laptop.ws.db, 'production', candidate.division) === west.id)!;
    expect((await laptop.call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);
    const remoteEmployer = remoteIdOf(laptop.ws.db, 'production', employer.id)!;
    await remote.ok(
      'POST',
      '/plans/medical/',
      validPlanBody('medical', { employer: remoteEmployer, title: 'Made On The Server', from_plan: undefined, from_action: undefined }),
    );

    expect(await pullEnvironment(laptop.ws, env, { ...fastPull, divisions: [west.name] })).toMatchObject({ conflicts: 1 });
    expect((await listConflicts(laptop.ws, env))[0]).toMatchObject({
      record: employer.id,
      reason: "deleted on this computer, but its medical plan 'Made On The Server' was made on production since the last pull",
    });
  });

  it('refuses a division the token does not see, changing nothing', async () => {
    const { remote } = await remoteFilledByColleague(false, 1);
    const laptop = await createLocal();
    const env = saveEnv(laptop, 'production', remote.url, remote.token);
    await expect(pullEnvironment(laptop.ws, env, { ...fastPull, divisions: ['Nowhere'] })).rejects.toThrow(
      "production has no division named 'Nowhere' that this token sees",
    );
    expect(await laptop.ok('GET', '/employers/list/')).toEqual([]);
  });
});

describe('a remote with only the 2.2.1 operations', () => {
  it('is refused with the reason: it cannot list its records; nothing changes', async () => {
    const { remote } = await remoteFilledByColleague(false, 1);
    const proxy = await startFaultProxy(remote.url, { only221: true });
    const laptop = await createLocal();
    const env = saveEnv(laptop, 'production', proxy.url, remote.token);
    await expect(pullEnvironment(laptop.ws, env, fastPull)).rejects.toThrow(/cannot list its records/);
    expect(await laptop.ok('GET', '/employers/list/')).toEqual([]);
    expect(await laptop.ok('GET', '/divisions/list/')).toHaveLength(1);
  });
});

describe('deciding the conflicts a pull found', () => {
  it.each(SOURCES)(
    'take-remote: the local record takes the remote values, nothing goes back, and a later edit here is no conflict (through $source)',
    async ({ noSyncExtensions }) => {
      const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(noSyncExtensions);
      await remote.ok('PUT', `/employers/${remoteEmployer}/`, withName(await remote.ok('GET', `/employers/${remoteEmployer}/`), 'Server Name LLC'));
      await laptop.ok('PUT', `/employers/${employer.id}/`, withName(await laptop.ok('GET', `/employers/${employer.id}/`), 'Laptop Name LLC'));
      await pullEnvironment(laptop.ws, env, fastPull);
      const [conflict] = await listConflicts(laptop.ws, env);
      expect(conflict).toMatchObject({
        record: employer.id,
        remote_id: remoteEmployer,
        differences: { name: { local: 'Laptop Name LLC', remote: 'Server Name LLC' } },
      });

      await resolveConflict(laptop.ws, env, employer.id, { kind: 'take-remote' });
      expect((await laptop.ok('GET', `/employers/${employer.id}/`)).name).toBe('Server Name LLC');
      expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 0, pending: 0 });
      expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, updated: 0 });

      // The remote has not changed since the decision: an edit here waits to go, it is not a conflict.
      await laptop.ok('PUT', `/employers/${employer.id}/`, withName(await laptop.ok('GET', `/employers/${employer.id}/`), 'Edited After The Decision LLC'));
      expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0 });
      expect(await pullEnvironment(laptop.ws, env, { ...fastPull, divisions: [(await remote.ok('GET', '/divisions/list/'))[0].name] })).toMatchObject({
        conflicts: 0,
      });
      expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
      expect((await remote.ok('GET', `/employers/${remoteEmployer}/`)).name).toBe('Edited After The Decision LLC');
    },
  );

  it("take-remote from one environment leaves the record's conflict with another standing, whether the copy taken is changed or deleted there", async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(false);
    const [plan] = await pulledLtdPlans(laptop);
    const staging = await startRemote();
    const stagingEnv = saveEnv(laptop, 'staging', staging.url, staging.token);
    expect(await syncEnvironment(laptop.ws, stagingEnv, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    await laptop.ok('PUT', `/employers/${employer.id}/`, withName(await laptop.ok('GET', `/employers/${employer.id}/`), 'Laptop Name LLC'));
    await laptop.ok('PUT', `/plans/ltd/${plan!.id}/`, { ...(await laptop.ok('GET', `/plans/ltd/${plan!.id}/`)), percentage: 55 });
    await remote.ok('PUT', `/employers/${remoteEmployer}/`, withName(await remote.ok('GET', `/employers/${remoteEmployer}/`), 'Production Name LLC'));
    expect((await remote.call('DELETE', `/plans/ltd/${plan!.remote}/`)).status).toBe(204);
    const onStaging = (id: string) => remoteIdOf(laptop.ws.db, 'staging', id)!;
    await staging.ok(
      'PUT',
      `/employers/${onStaging(employer.id)}/`,
      withName(await staging.ok('GET', `/employers/${onStaging(employer.id)}/`), 'Staging Name LLC'),
    );
    const stagingPlan = `/plans/ltd/${onStaging(plan!.id)}/`;
    await staging.ok('PUT', stagingPlan, { ...(await staging.ok('GET', stagingPlan)), percentage: 65 });
    await pullEnvironment(laptop.ws, env, fastPull);
    await pullEnvironment(laptop.ws, stagingEnv, fastPull);
    const stagingConflicts = async () => (await listConflicts(laptop.ws, stagingEnv)).map((conflict) => conflict.record).sort();
    expect(await stagingConflicts()).toEqual([employer.id, plan!.id].sort());

    await resolveConflict(laptop.ws, env, employer.id, { kind: 'take-remote' });
    await resolveConflict(laptop.ws, env, plan!.id, { kind: 'take-remote' });
    expect(await stagingConflicts()).toEqual([employer.id, plan!.id].sort());
    await syncEnvironment(laptop.ws, stagingEnv, fastOptions());
    expect((await staging.ok('GET', `/employers/${onStaging(employer.id)}/`)).name).toBe('Staging Name LLC');
    expect((await staging.ok('GET', stagingPlan)).percentage).toBe(65);
  });

  it('keep-local: the next push puts the local values there', async () => {
    const { remote, laptop, env, employer, remoteEmployer } = await pulledLaptop(false);
    await remote.ok('PUT', `/employers/${remoteEmployer}/`, withName(await remote.ok('GET', `/employers/${remoteEmployer}/`), 'Server Name LLC'));
    await laptop.ok('PUT', `/employers/${employer.id}/`, withName(await laptop.ok('GET', `/employers/${employer.id}/`), 'Laptop Name LLC'));
    await pullEnvironment(laptop.ws, env, fastPull);

    await resolveConflict(laptop.ws, env, employer.id, { kind: 'keep-local' });
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0 });
    expect((await remote.ok('GET', `/employers/${remoteEmployer}/`)).name).toBe('Laptop Name LLC');
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, updated: 0 });
  });

  it('a record deleted there but changed here: keep-local makes it there anew, take-remote removes it here', async () => {
    const { remote, laptop, env } = await pulledLaptop(false);
    const [kept, dropped] = await pulledLtdPlans(laptop);
    for (const plan of [kept!, dropped!]) {
      await laptop.ok('PUT', `/plans/ltd/${plan.id}/`, { ...(await laptop.ok('GET', `/plans/ltd/${plan.id}/`)), percentage: 55 });
      expect((await remote.call('DELETE', `/plans/ltd/${plan.remote}/`)).status).toBe(204);
    }
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 2, removed: 0 });
    expect((await laptop.ok('GET', `/plans/ltd/${kept!.id}/`)).percentage).toBe(55);

    await resolveConflict(laptop.ws, env, kept!.id, { kind: 'keep-local' });
    await resolveConflict(laptop.ws, env, dropped!.id, { kind: 'take-remote' });
    expect((await laptop.call('GET', `/plans/ltd/${dropped!.id}/`)).status).toBe(404);
    // The plan taken as deleted there has nothing left to send there: only the kept one goes.
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    const anew = remoteIdOf(laptop.ws.db, 'production', kept!.id)!;
    expect(anew).not.toBe(kept!.remote);
    expect((await remote.ok('GET', `/plans/ltd/${anew}/`)).percentage).toBe(55);
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
  });
});

describe('a record pulled from one environment and pushed to another', () => {
  it('the dry run says what came from the other environment; the push makes it there once, and sends nothing back', async () => {
    const {
      remote: production,
      laptop,
      env,
      records,
    } = await (async () => {
      const filled = await pulledLaptop(false);
      return { ...filled, records: ((await filled.laptop.ok('GET', '/employers/list/')) as unknown[]).length };
    })();
    const staging = await startRemote();
    const stagingEnv = saveEnv(laptop, 'staging', staging.url, staging.token);

    const plan = dryRun(laptop.ws.db, 'staging');
    expect(plan.would_push.employer).toBe(records);
    expect(plan.pulled_from.production).toBeGreaterThan(records);
    expect(dryRun(laptop.ws.db, 'production')).toMatchObject({ would_push: { employer: 0, plan: 0, user: 0, division: 0 }, pulled_from: {} });

    expect(await syncEnvironment(laptop.ws, stagingEnv, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(laptop, 'staging', staging);
    expect(await syncEnvironment(laptop.ws, stagingEnv, fastOptions())).toMatchObject({ pushed: 0 });
    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toMatchObject({ pushed: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', production);
  });
});
