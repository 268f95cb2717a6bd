// A push never overwrites what it has not seen (README, "Pushing"): an update or delete of a record
// the environment has is made only while that record is still as this workspace last saw it there.
// A PlanDesk remote holds the write to that version itself (If-Match, in batches); any other remote
// is read just before the write. A record changed there is a conflict with the four decisions of a
// pull's conflicts; a record deleted here that changed there is never deleted. Nothing else waits.
import { describe, expect, it } from 'vitest';
import { recordVersion } from '../../main/service/record-version.js';
import { listConflicts, resolveConflict } from '../../main/sync/conflicts.js';
import { syncEnvironment } from '../../main/sync/engine.js';
import { remoteIdOf } from '../../main/store/id-map-store.js';
import { remoteVersionOf, setRemoteVersion } from '../../main/store/pull-store.js';
import { getRecordSync } from '../../main/store/record-sync-store.js';
import { conditionalWrites, forwardAll, startFaultProxy, type ProxyOptions } from './support/fault-proxy.js';
import { createLocal, fastOptions, mapFiltersByHand, populate, saveEnv, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

type Kind = 'PlanDesk' | 'strict' | 'hosted';

/** How each remote is played: `plandesk serve`; `--strict-api`; the hosted service (the older edition's operations, no PlanDesk extensions, no preconditions). */
const REMOTES: Record<Kind, { strictApi: boolean; proxy: ProxyOptions }> = {
  PlanDesk: { strictApi: false, proxy: {} },
  strict: { strictApi: true, proxy: {} },
  hosted: { strictApi: false, proxy: { noSyncExtensions: true } },
};

/** A workspace pushed to a remote of that kind (through the fault proxy), everything synced. */
async function pushedTo(kind: Kind, proxyOptions: ProxyOptions = {}) {
  const remote = await startRemote({ strictApi: REMOTES[kind].strictApi });
  const proxy = await startFaultProxy(remote.url, { ...REMOTES[kind].proxy, ...proxyOptions });
  const local = await createLocal();
  const data = await populate(local, { employers: 2, users: 1 });
  const env = saveEnv(local, 'staging', proxy.url, remote.token);
  if (kind === 'strict') await mapFiltersByHand(local, 'staging', remote);
  expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
  const remoteId = (localId: string) => remoteIdOf(local.ws.db, 'staging', localId)!;
  /** What this workspace last saw of the record there, as an If-Match says it. */
  const lastSeen = (localId: string) => `"${remoteVersionOf(local.ws.db, 'staging', localId)}"`;
  /** Someone else changes the record on the remote. */
  const changeThere = async (path: string, fields: Record<string, unknown>) => remote.ok('PUT', path, { ...(await remote.ok('GET', path)), ...fields });
  /** The broker changes it here. */
  const changeHere = async (path: string, fields: Record<string, unknown>) => local.ok('PUT', path, { ...(await local.ok('GET', path)), ...fields });
  return { remote, proxy, local, data, env, remoteId, lastSeen, changeThere, changeHere };
}

const CHANGED_THERE = 'changed on staging since this computer last pushed or pulled it; nothing was overwritten there';
const DELETED_HERE_CHANGED_THERE = 'deleted on this computer, but changed on staging since this computer last pushed or pulled it; nothing was deleted there';

describe.each(['PlanDesk', 'strict', 'hosted'] as const)('an employer whose size changed on a %s remote and here', (kind) => {
  it("is a conflict: the remote keeps its value, with both sides' values to decide on, and the rest of the push lands", async () => {
    const { remote, proxy, local, data, env, remoteId, lastSeen, changeThere, changeHere } = await pushedTo(kind);
    const [summit, other] = data.employers;
    const there = `/employers/${remoteId(summit!.id)}/`;
    const otherThere = `/employers/${remoteId(other!.id)}/`;
    const seen = lastSeen(summit!.id);
    await changeThere(there, { size: '60' });
    await changeHere(`/employers/${summit!.id}/`, { size: '55' });
    await changeHere(`/employers/${other!.id}/`, { size: '88' });
    const before = proxy.log.length;

    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(run).toMatchObject({ pushed: 1, failed: 1, pending: 0 });
    expect(run.errors).toEqual([{ record: summit!.id, path: `/employers/${summit!.id}/`, error: CHANGED_THERE }]);
    expect((await remote.ok('GET', there)).size).toBe('60');
    expect((await remote.ok('GET', otherThere)).size).toBe('88');
    expect(getRecordSync(local.ws.db, 'staging', summit!.id)).toMatchObject({ status: 'conflict', conflict_remote_id: remoteId(summit!.id) });
    expect(await listConflicts(local.ws, env)).toEqual([
      expect.objectContaining({ record: summit!.id, reason: CHANGED_THERE, deleted_here: false, differences: { size: { local: '55', remote: '60' } } }),
    ]);

    const writes = conditionalWrites(proxy.log.slice(before));
    if (kind === 'PlanDesk') {
      // Both in one batch, each held to the version last seen: the remote refused the one changed there (412).
      expect(proxy.log.slice(before).filter((entry) => entry.path === '/batch/')).toHaveLength(1);
      expect(writes).toEqual(
        expect.arrayContaining([
          { write: `PUT ${there}`, ifMatch: seen },
          { write: `PUT ${otherThere}`, ifMatch: expect.stringMatching(/^".+"$/) },
        ]),
      );
      expect(writes).toHaveLength(2);
    } else {
      // Read just before the write: the one changed there is never written.
      expect(proxy.log.slice(before).map((entry) => `${entry.method} ${entry.path}`)).toEqual(expect.arrayContaining([`GET ${there}`, `GET ${otherThere}`]));
      expect(writes).toEqual([{ write: `PUT ${otherThere}`, ifMatch: null }]);
    }
  });
});

describe.each(['PlanDesk', 'hosted'] as const)('on a %s remote', (kind) => {
  it('a plan whose deductible changed there, and another value here, is a conflict; the remote keeps its deductible', async () => {
    const { remote, local, data, env, remoteId, changeThere, changeHere } = await pushedTo(kind);
    const plan = data.plans.find((candidate) => candidate.benefit === 'medical')!;
    const there = `/plans/medical/${remoteId(plan.id)}/`;
    await changeThere(there, { in_ded_single: 2500 });
    await changeHere(`/plans/medical/${plan.id}/`, { in_ded_single: 3000 });

    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(run).toMatchObject({ pushed: 0, failed: 1, pending: 0 });
    expect(run.errors[0]).toMatchObject({ record: plan.id, error: CHANGED_THERE });
    expect((await remote.ok('GET', there)).in_ded_single).toBe(2500);
    expect((await listConflicts(local.ws, env))[0]!.differences).toEqual({ in_ded_single: { local: 3000, remote: 2500 } });
  });

  it('an employer deleted here that changed there is a conflict, never a delete: it stays there with its plans', async () => {
    const { remote, proxy, local, data, env, remoteId, changeThere } = await pushedTo(kind);
    const employer = data.employers[1]!;
    const there = `/employers/${remoteId(employer.id)}/`;
    const plans = (await remote.ok('GET', there)).plans.length as number;
    await changeThere(there, { size: '61' });
    expect((await local.call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);
    const before = proxy.log.length;

    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(run).toMatchObject({ pushed: 0, failed: 1, pending: 0 });
    expect(run.errors[0]).toMatchObject({ record: employer.id, error: DELETED_HERE_CHANGED_THERE });
    expect(conditionalWrites(proxy.log.slice(before))).toEqual([]);
    expect(await remote.ok('GET', there)).toMatchObject({ size: '61', plans: expect.any(Array) });
    expect((await remote.ok('GET', there)).plans).toHaveLength(plans);
    // Its card is a deleted record's: keep it deleted, or bring back staging's.
    expect(await listConflicts(local.ws, env)).toEqual([expect.objectContaining({ record: employer.id, name: employer.name, deleted_here: true })]);
  });

  it('a plan deleted here that changed there is a conflict, never a delete', async () => {
    const { remote, local, data, env, remoteId, changeThere } = await pushedTo(kind);
    const plan = data.plans.find((candidate) => candidate.benefit === 'ltd')!;
    const there = `/plans/ltd/${remoteId(plan.id)}/`;
    await changeThere(there, { percentage: 70 });
    expect((await local.call('DELETE', `/plans/ltd/${plan.id}/`)).status).toBe(204);

    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(run.errors).toEqual([expect.objectContaining({ record: plan.id, error: DELETED_HERE_CHANGED_THERE })]);
    expect((await remote.ok('GET', there)).percentage).toBe(70);
  });
});

describe('an employer deleted here, itself unchanged there', () => {
  it('is not deleted while one of its plans changed there, or one was made there; keep-local then deletes it with them', async () => {
    const { remote, local, data, env, remoteId, changeThere } = await pushedTo('PlanDesk');
    const employer = data.employers[0]!;
    const there = `/employers/${remoteId(employer.id)}/`;
    const plan = data.plans.find((candidate) => candidate.employer === employer.id && candidate.benefit === 'vision')!;
    await changeThere(`/plans/vision/${remoteId(plan.id)}/`, { exam_copay: 40 });
    expect((await local.call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);

    const changed = await syncEnvironment(local.ws, env, fastOptions());
    expect(changed.errors).toEqual([
      expect.objectContaining({
        record: employer.id,
        error: `deleted on this computer, but its vision plan '${plan.title}' changed on staging since this computer last pushed or pulled it; nothing was deleted there`,
      }),
    ]);
    expect((await remote.call('GET', there)).status).toBe(200);

    await resolveConflict(local.ws, env, employer.id, { kind: 'keep-local' });
    // A plan made there after the decision is not what the decision was taken on: a conflict again.
    const dental = data.plans.find((candidate) => candidate.employer === employer.id && candidate.benefit === 'dental')!;
    const made = await remote.ok('POST', '/plans/dental/', {
      ...(await remote.ok('GET', `/plans/dental/${remoteId(dental.id)}/`)),
      title: 'Made There Dental',
    });
    const again = await syncEnvironment(local.ws, env, fastOptions());
    expect(again.errors).toEqual([
      expect.objectContaining({ record: employer.id, error: expect.stringContaining("its dental plan 'Made There Dental' was made on staging") }),
    ]);
    expect((await remote.call('GET', there)).status).toBe(200);

    // Decided again, on what it holds now: it goes, with its plans.
    await resolveConflict(local.ws, env, employer.id, { kind: 'keep-local' });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0 });
    expect((await remote.call('GET', there)).status).toBe(404);
    expect((await remote.call('GET', `/plans/dental/${made.id}/`)).status).toBe(404);
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it('is not deleted while a plan was made there since', async () => {
    const { remote, local, data, env, remoteId } = await pushedTo('hosted');
    const employer = data.employers[0]!;
    const there = `/employers/${remoteId(employer.id)}/`;
    const dental = data.plans.find((candidate) => candidate.employer === employer.id && candidate.benefit === 'dental')!;
    await remote.ok('POST', '/plans/dental/', { ...(await remote.ok('GET', `/plans/dental/${remoteId(dental.id)}/`)), title: 'Made There Dental' });
    expect((await local.call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);

    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(run.errors).toEqual([
      expect.objectContaining({
        record: employer.id,
        error: `deleted on this computer, but its dental plan 'Made There Dental' was made on staging since this computer last pushed or pulled it; nothing was deleted there`,
      }),
    ]);
    expect((await remote.call('GET', there)).status).toBe(200);
  });
});

describe('a conditional write whose answer is lost', () => {
  it('to a PlanDesk remote: sent again with the same key and If-Match, the remote replays its answer; no conflict with ourselves', async () => {
    const { remote, proxy, local, data, env, remoteId, lastSeen, changeHere } = await pushedTo('PlanDesk');
    const employer = data.employers[0]!;
    const there = `/employers/${remoteId(employer.id)}/`;
    const seen = lastSeen(employer.id);
    await changeHere(`/employers/${employer.id}/`, { size: '55' });
    let lost = 0;
    proxy.setDecide((request) => (request.path === '/batch/' && lost++ === 0 ? 'drop-response' : 'forward'));
    const before = proxy.log.length;

    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect(proxy.count('drop-response')).toBe(1);
    const batches = proxy.log.slice(before).filter((entry) => entry.path === '/batch/');
    expect(batches.map((entry) => entry.keys)).toEqual([batches[0]!.keys, batches[0]!.keys]);
    expect(conditionalWrites(batches)).toEqual([
      { write: `PUT ${there}`, ifMatch: seen },
      { write: `PUT ${there}`, ifMatch: seen },
    ]);
    expect((await remote.ok('GET', there)).size).toBe('55');
    expect(remoteVersionOf(local.ws.db, 'staging', employer.id)).toBe(recordVersion(await remote.ok('GET', there)));
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it('to a remote without Idempotency-Key or If-Match: the read before the retry knows our own write; no conflict with ourselves', async () => {
    const { remote, proxy, local, data, env, remoteId, changeHere } = await pushedTo('hosted', { stripIdempotencyKey: true });
    const employer = data.employers[0]!;
    const there = `/employers/${remoteId(employer.id)}/`;
    await changeHere(`/employers/${employer.id}/`, { size: '55' });
    let lost = 0;
    proxy.setDecide((request) => (request.method === 'PUT' && lost++ === 0 ? 'drop-response' : 'forward'));
    const before = proxy.log.length;

    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    // Read, written (its answer lost), read again: ours is there, so nothing is written twice.
    const onIt = proxy.log.slice(before).filter((entry) => entry.path === there);
    expect(onIt.map((entry) => `${entry.method} ${entry.path}`)).toEqual([`GET ${there}`, `PUT ${there}`, `GET ${there}`]);
    expect((await remote.ok('GET', there)).size).toBe('55');
    expect(remoteVersionOf(local.ws.db, 'staging', employer.id)).toBe(recordVersion(await remote.ok('GET', there)));
  });
});

describe('a conditional write left in flight by a run stopped before its answer', () => {
  it.each(['PlanDesk', 'hosted'] as const)('is resumed by the next run on a %s remote as ours, never as a conflict', async (kind) => {
    const { remote, proxy, local, data, env, remoteId, lastSeen, changeHere } = await pushedTo(kind);
    const employer = data.employers[0]!;
    const there = `/employers/${remoteId(employer.id)}/`;
    const seen = lastSeen(employer.id);
    await changeHere(`/employers/${employer.id}/`, { size: '55' });
    const stop = new AbortController();
    // The write reaches the remote, and the run is stopped while its answer is held back.
    proxy.setDecide((request) => {
      if (request.method === 'GET') return 'forward';
      setTimeout(() => stop.abort(new Error('stopped')), 100);
      return 'delay';
    });
    await expect(syncEnvironment(local.ws, env, fastOptions({ signal: stop.signal, timeoutMs: 5_000 }))).rejects.toThrow();
    await proxy.settled();
    expect(getRecordSync(local.ws.db, 'staging', employer.id)).toMatchObject({ status: 'in_flight' });
    expect((await remote.ok('GET', there)).size).toBe('55');

    proxy.setDecide(forwardAll);
    const before = proxy.log.length;
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    if (kind === 'PlanDesk') expect(conditionalWrites(proxy.log.slice(before))).toEqual([{ write: `PUT ${there}`, ifMatch: seen }]);
    else expect(conditionalWrites(proxy.log.slice(before))).toEqual([]);
    expect(remoteVersionOf(local.ws.db, 'staging', employer.id)).toBe(recordVersion(await remote.ok('GET', there)));
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });
});

describe('deciding a conflict a push found', () => {
  async function conflicted() {
    const setUp = await pushedTo('PlanDesk');
    const employer = setUp.data.employers[0]!;
    const there = `/employers/${setUp.remoteId(employer.id)}/`;
    await setUp.changeThere(there, { size: '60' });
    await setUp.changeHere(`/employers/${employer.id}/`, { size: '55' });
    expect(await syncEnvironment(setUp.local.ws, setUp.env, fastOptions())).toMatchObject({ failed: 1 });
    return { ...setUp, employer, there };
  }

  it('keep-local overwrites on purpose: the next push writes over the version the conflict showed', async () => {
    const { remote, proxy, local, env, employer, there } = await conflicted();
    await listConflicts(local.ws, env);
    const shown = `"${recordVersion(await remote.ok('GET', there))}"`;
    await resolveConflict(local.ws, env, employer.id, { kind: 'keep-local' });
    const before = proxy.log.length;
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect(conditionalWrites(proxy.log.slice(before))).toEqual([{ write: `PUT ${there}`, ifMatch: shown }]);
    expect((await remote.ok('GET', there)).size).toBe('55');
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it('keep-local never overwrites a third change made there after the conflict was shown: that is a conflict again', async () => {
    const { remote, local, env, employer, there, changeThere } = await conflicted();
    await listConflicts(local.ws, env);
    await changeThere(there, { size: '70' });
    await resolveConflict(local.ws, env, employer.id, { kind: 'keep-local' });
    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(run.errors).toEqual([expect.objectContaining({ record: employer.id, error: CHANGED_THERE })]);
    expect((await remote.ok('GET', there)).size).toBe('70');
    expect((await listConflicts(local.ws, env))[0]!.differences).toEqual({ size: { local: '55', remote: '70' } });
  });

  it("take-remote takes the remote's values here; the next push sends nothing", async () => {
    const { remote, proxy, local, env, employer, there } = await conflicted();
    await resolveConflict(local.ws, env, employer.id, { kind: 'take-remote' });
    expect((await local.ok('GET', `/employers/${employer.id}/`)).size).toBe('60');
    expect(remoteVersionOf(local.ws.db, 'staging', employer.id)).toBe(recordVersion(await remote.ok('GET', there)));
    const before = proxy.log.length;
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 0, pending: 0 });
    expect(conditionalWrites(proxy.log.slice(before))).toEqual([]);
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it('link makes it another remote record, which takes the local values over the version it had when linked', async () => {
    const { remote, proxy, local, env, employer, there, changeThere } = await conflicted();
    // Someone there renamed that one and made another under our name: the person links ours to it.
    await changeThere(there, { name: 'Summit Old Co', url: 'https://summit-old.example.com' });
    const other = await remote.ok('POST', '/employers/', {
      ...(await remote.ok('GET', there)),
      name: employer.name,
      url: (await local.ok('GET', `/employers/${employer.id}/`)).url,
    });
    await resolveConflict(local.ws, env, employer.id, { kind: 'link', remoteId: other.id });
    const before = proxy.log.length;
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect(conditionalWrites(proxy.log.slice(before))).toEqual([{ write: `PUT /employers/${other.id}/`, ifMatch: `"${recordVersion(other)}"` }]);
    expect(await remote.ok('GET', `/employers/${other.id}/`)).toMatchObject({ name: employer.name, size: '55' });
    expect((await remote.ok('GET', there)).size).toBe('60');
  });

  it('skip: never pushed there, the remote keeps its value', async () => {
    const { remote, proxy, local, env, employer, there } = await conflicted();
    await resolveConflict(local.ws, env, employer.id, { kind: 'skip' });
    const before = proxy.log.length;
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 0, pending: 0 });
    expect(conditionalWrites(proxy.log.slice(before))).toEqual([]);
    expect((await remote.ok('GET', there)).size).toBe('60');
  });

  it('deleted here: keep-local deletes it there, over the version shown', async () => {
    const { remote, local, data, env, remoteId, changeThere } = await pushedTo('PlanDesk');
    const employer = data.employers[1]!;
    const there = `/employers/${remoteId(employer.id)}/`;
    await changeThere(there, { size: '61' });
    await local.call('DELETE', `/employers/${employer.id}/`);
    await syncEnvironment(local.ws, env, fastOptions());
    await resolveConflict(local.ws, env, employer.id, { kind: 'keep-local' });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect((await remote.call('GET', there)).status).toBe(404);
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it("deleted here: take-remote brings staging's back here, with its plans", async () => {
    const { remote, local, data, env, remoteId, changeThere } = await pushedTo('PlanDesk');
    const employer = data.employers[1]!;
    const there = `/employers/${remoteId(employer.id)}/`;
    await changeThere(there, { size: '61' });
    const plans = data.plans.filter((plan) => plan.employer === employer.id);
    await local.call('DELETE', `/employers/${employer.id}/`);
    await syncEnvironment(local.ws, env, fastOptions());
    await resolveConflict(local.ws, env, employer.id, { kind: 'take-remote' });
    expect((await local.ok('GET', `/employers/${employer.id}/`)).size).toBe('61');
    for (const plan of plans) expect((await local.call('GET', `/plans/${plan.benefit}/${plan.id}/`)).status).toBe(200);
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 0, failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });
});

describe('a record whose version last seen there is unknown (linked before versions were kept)', () => {
  it('is not overwritten blindly: different there, it is a conflict; already the same there, nothing is written', async () => {
    const { remote, proxy, local, data, env, remoteId, changeThere, changeHere } = await pushedTo('PlanDesk');
    const [differs, same] = data.employers;
    for (const employer of [differs!, same!]) setRemoteVersion(local.ws.db, 'staging', employer.id, null);
    await changeHere(`/employers/${differs!.id}/`, { size: '55' });
    await changeHere(`/employers/${same!.id}/`, { size: '77' });
    await changeThere(`/employers/${remoteId(same!.id)}/`, { size: '77' });
    const before = proxy.log.length;

    const run = await syncEnvironment(local.ws, env, fastOptions());
    expect(run).toMatchObject({ pushed: 1, failed: 1 });
    expect(run.errors).toEqual([
      expect.objectContaining({
        record: differs!.id,
        error:
          "this computer does not know the version of it staging had when it was last pushed or pulled (it was linked before versions were kept), and staging's values differ from this computer's; nothing was overwritten there",
      }),
    ]);
    expect(conditionalWrites(proxy.log.slice(before))).toEqual([]);
    expect((await remote.ok('GET', `/employers/${remoteId(differs!.id)}/`)).size).not.toBe('55');
    expect(remoteVersionOf(local.ws.db, 'staging', same!.id)).toBe(recordVersion(await remote.ok('GET', `/employers/${remoteId(same!.id)}/`)));
    // Decided, it goes over the version the decision was taken on.
    await resolveConflict(local.ws, env, differs!.id, { kind: 'keep-local' });
    proxy.setDecide(forwardAll);
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0 });
    expect((await remote.ok('GET', `/employers/${remoteId(differs!.id)}/`)).size).toBe('55');
  });
});

describe('our own writes to other records', () => {
  it("a member added to a division here and the user's name changed here push without a conflict with ourselves", async () => {
    const { remote, local, data, env, remoteId } = await pushedTo('PlanDesk');
    const user = data.users[0]!;
    const west = data.divisions[1]!;
    await local.ok('POST', `/divisions/${west}/addUser/`, { email: user.email });
    await local.ok('PUT', `/users/${user.id}/`, { ...(await local.ok('GET', `/users/${user.id}/`)), first_name: 'Renamed' });

    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    expect(await remote.ok('GET', `/users/${remoteId(user.id)}/`)).toMatchObject({
      first_name: 'Renamed',
      division_ids: expect.arrayContaining([remoteId(west)]),
    });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });
});

describe('a change of case only', () => {
  it('is a change to send: a remote holding the same name in another case is written, not taken for ours', async () => {
    const { remote, local, data, env, remoteId, changeHere } = await pushedTo('hosted');
    const employer = data.employers[0]!;
    await changeHere(`/employers/${employer.id}/`, { name: employer.name.toUpperCase() });
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect((await remote.ok('GET', `/employers/${remoteId(employer.id)}/`)).name).toBe(employer.name.toUpperCase());
  });
});
