// Conflicts a person decides: the remote has the record with other values, or the record is gone
// from the remote. Nothing on either side is overwritten before a decision; each of the four
// decisions does what it says on the next push, and only that.
import { readHistory, readTimeline } from '../../main/history/record-history.js';
import { describe, expect, it } from 'vitest';
import { listConflicts, resolveConflict, ResolveError, unskip } from '../../main/sync/conflicts.js';
import { syncEnvironment } from '../../main/sync/engine.js';
import type { Environment } from '../../main/sync/environments.js';
import { inspectRecord } from '../../main/inspector/inspector.js';
import { dryRun, queueView } from '../../main/sync/queue-view.js';
import { remoteIdOf } from '../../main/store/id-map-store.js';
import { getRecordSync } from '../../main/store/record-sync-store.js';
import { countOutstanding } from '../../main/store/sync-queue-store.js';
import { forwardAll, startFaultProxy, type FaultProxy, writeOperations } from './support/fault-proxy.js';
import {
  createLocal,
  fastOptions,
  mapFiltersByHand,
  populate,
  saveEnv,
  startRemote,
  type LocalData,
  type TestLocal,
  type TestRemote,
} from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const THEIR_URL = 'https://someone-else.example.com';

/** Local data whose second employer's name the remote already holds, with other values; after one push. */
async function clash(): Promise<{
  l: TestLocal;
  r: TestRemote;
  p: FaultProxy;
  env: Environment;
  data: LocalData;
  ours: { id: string; name: string };
  theirs: string;
}> {
  const remote = await startRemote();
  const proxy = await startFaultProxy(remote.url);
  const local = await createLocal();
  const data = await populate(local, { employers: 3 });
  const ours = data.employers[1]!;
  const theirs = (
    await remote.ok('POST', '/employers/', {
      name: ours.name,
      url: THEIR_URL,
      size: '10',
      naics_codes: [],
      location_states: [],
      other_filters: [],
      division: remote.api.admin.division,
    })
  ).id as string;
  const env = saveEnv(local, 'staging', proxy.url, remote.token);
  await syncEnvironment(local.ws, env, fastOptions());
  expect(getRecordSync(local.ws.db, 'staging', ours.id)).toMatchObject({ status: 'conflict' });
  return { l: local, r: remote, p: proxy, env, data, ours, theirs };
}

/** An employer (with no plans) pushed, then deleted on the remote by someone else, then edited here: gone from the remote. */
async function gone() {
  const remote = await startRemote();
  const proxy = await startFaultProxy(remote.url);
  const local = await createLocal();
  const data = await populate(local, { employers: 1 });
  const name = 'Lonely Widgets LLC';
  const employer = {
    id: (
      await local.ok('POST', '/employers/', {
        name,
        url: 'https://lonely.example.com',
        size: '5',
        naics_codes: [],
        location_states: ['OR'],
        other_filters: [],
        division: data.divisions[1]!,
      })
    ).id as string,
    name,
  };
  const env = saveEnv(local, 'staging', proxy.url, remote.token);
  await syncEnvironment(local.ws, env, fastOptions());
  await remote.ok('DELETE', `/employers/${remoteIdOf(local.ws.db, 'staging', employer.id)}/`);
  await local.ok('PUT', `/employers/${employer.id}/`, { ...(await local.ok('GET', `/employers/${employer.id}/`)), size: '321' });
  await syncEnvironment(local.ws, env, fastOptions());
  expect(getRecordSync(local.ws.db, 'staging', employer.id)).toMatchObject({
    status: 'conflict',
    last_error: expect.stringMatching(/no longer exists on staging/),
  });
  return { l: local, r: remote, p: proxy, env, employer };
}

const writesSince = (p: FaultProxy, from: number) => writeOperations(p.log.slice(from));

describe('listing conflicts', () => {
  it('shows each with its reason, the remote id and only the differing fields, local beside remote', async () => {
    const { l, env, ours, theirs } = await clash();
    const local = await l.ok('GET', `/employers/${ours.id}/`);
    const [conflict, ...others] = await listConflicts(l.ws, env);
    expect(others).toEqual([]);
    expect(conflict).toMatchObject({
      record: ours.id,
      entity: 'employer',
      name: ours.name,
      remote_id: theirs,
      reason: expect.stringMatching(/already has this employer/),
    });
    expect(Object.keys(conflict!.differences).sort()).toEqual(['division', 'location_states', 'naics_codes', 'other_filters', 'size', 'url']);
    expect(conflict!.differences.url).toEqual({ local: local.url, remote: THEIR_URL });
    expect(conflict!.differences.size).toEqual({ local: local.size, remote: '10' });
    expect(conflict!.differences.name).toBeUndefined();
  });

  it('gives {} as the differences of a record gone from the remote', async () => {
    const { l, env, employer } = await gone();
    expect(await listConflicts(l.ws, env)).toEqual([expect.objectContaining({ record: employer.id, differences: {} })]);
  });
});

describe('deciding a conflict', () => {
  it('keep local: nothing is sent until the next push, which updates the remote record with the local values', async () => {
    const { l, r, p, env, ours, theirs } = await clash();
    const before = p.log.length;
    expect(await resolveConflict(l.ws, env, ours.id, { kind: 'keep-local' })).toEqual({ record: ours.id, decision: 'keep-local', remote_id: theirs });
    expect(writesSince(p, before)).toEqual([]);
    expect((await r.ok('GET', `/employers/${theirs}/`)).url).toBe(THEIR_URL);

    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    expect(writesSince(p, before)).toContain(`PUT /employers/${theirs}/`);
    expect(remoteIdOf(l.ws.db, 'staging', ours.id)).toBe(theirs);
    await assertRemoteMirrorsLocal(l, 'staging', r);
  });

  it('take remote: the local record takes the remote values at once, as a local change that other environments get and this one does not', async () => {
    const { l, r, p, env, ours, theirs } = await clash();
    const production = await startRemote();
    try {
      const productionEnv = saveEnv(l, 'production', production.url, production.token);
      const outboxBefore = l.ws.db.prepare('SELECT count(*) FROM outbox WHERE record_id = ?').pluck().get(ours.id) as number;
      await resolveConflict(l.ws, env, ours.id, { kind: 'take-remote' });
      const taken = await l.ok('GET', `/employers/${ours.id}/`);
      expect(taken).toMatchObject({ name: ours.name, url: THEIR_URL, size: '10', naics_codes: [], location_states: [], other_filters: [] });
      expect(l.ws.db.prepare('SELECT count(*) FROM outbox WHERE record_id = ?').pluck().get(ours.id)).toBe(outboxBefore + 1);
      expect(getRecordSync(l.ws.db, 'staging', ours.id)).toMatchObject({ status: 'synced' });
      // The record's history holds the change the decision made, and the decision itself.
      expect(readTimeline(l.ws.db, ours.id).slice(-2)).toMatchObject([
        { op: 'update', changes: { url: [expect.stringMatching(/^https:\/\/employer-/), THEIR_URL] } },
        { op: 'decision', env: 'staging', decision: 'take-remote', remote_id: theirs },
      ]);
      expect(readHistory(l.ws.db, ours.id).map((entry) => entry.op)).not.toContain('decision');

      const before = p.log.length;
      expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
      expect(writesSince(p, before).filter((write) => write.startsWith('PUT /employers/') || write === 'POST /employers/')).toEqual([]);
      expect((await r.ok('GET', `/employers/${theirs}/`)).url).toBe(THEIR_URL);
      await assertRemoteMirrorsLocal(l, 'staging', r);

      expect(await syncEnvironment(l.ws, productionEnv, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
      await assertRemoteMirrorsLocal(l, 'production', production);
    } finally {
      await production.close();
    }
  });

  it('link: the record is that remote record, and local values win there on the next push', async () => {
    const { l, r, env, employer } = await gone();
    const again = (
      await r.ok('POST', '/employers/', {
        name: employer.name,
        url: 'https://made-again.example.com',
        size: '1',
        naics_codes: [],
        location_states: [],
        other_filters: [],
        division: r.api.admin.division,
      })
    ).id as string;
    await resolveConflict(l.ws, env, employer.id, { kind: 'link', remoteId: again });
    expect(remoteIdOf(l.ws.db, 'staging', employer.id)).toBe(again);
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect((await r.ok('GET', `/employers/${again}/`)).size).toBe('321');
    await assertRemoteMirrorsLocal(l, 'staging', r);
  });

  it('keep local for a record gone from the remote makes it there anew', async () => {
    const { l, r, p, env, employer } = await gone();
    await resolveConflict(l.ws, env, employer.id, { kind: 'keep-local' });
    const before = p.log.length;
    expect(await syncEnvironment(l.ws, env, fastOptions())).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect(writesSince(p, before)).toEqual(['POST /employers/']);
    await assertRemoteMirrorsLocal(l, 'staging', r);
  });

  it('skip: never pushed to that environment, even after later edits; what depends on it is blocked', async () => {
    const { l, p, env, data, ours } = await clash();
    await resolveConflict(l.ws, env, ours.id, { kind: 'skip' });
    expect(await listConflicts(l.ws, env)).toEqual([]);
    expect(dryRun(l.ws.db, 'staging')).toMatchObject({ failed: 0, conflicts: 0 });
    await l.ok('PUT', `/employers/${ours.id}/`, { ...(await l.ok('GET', `/employers/${ours.id}/`)), size: '99' });
    const before = p.log.length;
    await syncEnvironment(l.ws, env, fastOptions());
    expect(writesSince(p, before).filter((write) => write.includes('/employers/'))).toEqual([]);
    const queue = await queueView(l.ws.store, 'staging');
    expect(queue.find((entry) => entry.record === ours.id)).toMatchObject({ state: 'skipped' });
    // The inspector says so too.
    expect((await inspectRecord(l.ws, ours.id))!.sync).toEqual([expect.objectContaining({ env: 'staging', status: 'skipped', link: 'skipped' })]);
    const plan = data.plans.find((candidate) => candidate.employer === ours.id)!;
    expect(queue.find((entry) => entry.record === plan.id)).toMatchObject({
      state: 'blocked',
      reason: `waiting for employer '${ours.name}', which is skipped`,
    });
    expect(countOutstanding(l.ws.db, 'staging')).toBe(data.plans.filter((candidate) => candidate.employer === ours.id).length);
    // Taken back, it goes there again: edited since the conflict, as a change waiting to be pushed; the history says who took it back.
    unskip(l.ws, 'staging', ours.id);
    expect((await queueView(l.ws.store, 'staging')).find((entry) => entry.record === ours.id)).toMatchObject({ state: 'waiting' });
    expect(readTimeline(l.ws.db, ours.id).at(-1)).toMatchObject({ op: 'decision', env: 'staging', decision: 'unskip' });
    expect(() => unskip(l.ws, 'staging', ours.id)).toThrow(new ResolveError(`${ours.id} is not skipped for staging`));
  });

  it('refuses, changing nothing, a record with no conflict there, and a malformed, unknown or already mapped remote id', async () => {
    const { l, env, data, ours } = await clash();
    const snapshot = () =>
      JSON.stringify([
        l.ws.db.prepare('SELECT * FROM record_sync ORDER BY record_id').all(),
        l.ws.db.prepare('SELECT * FROM id_map ORDER BY local_id').all(),
        l.ws.db.prepare('SELECT * FROM sync_decisions').all(),
        l.ws.db.prepare('SELECT count(*) FROM outbox').pluck().get(),
      ]);
    const before = snapshot();
    const synced = data.employers[0]!.id;
    await expect(resolveConflict(l.ws, env, synced, { kind: 'skip' })).rejects.toThrow(new ResolveError(`${synced} has no conflict on staging`));
    await expect(resolveConflict(l.ws, env, ours.id, { kind: 'link', remoteId: 'not-an-id' })).rejects.toThrow(/"not-an-id" is not a remote record id/);
    await expect(resolveConflict(l.ws, env, ours.id, { kind: 'link', remoteId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(
      'staging shows no employer 00000000-0000-4000-8000-000000000000',
    );
    await expect(resolveConflict(l.ws, env, ours.id, { kind: 'link', remoteId: remoteIdOf(l.ws.db, 'staging', synced)! })).rejects.toThrow(
      /already the copy of another local record/,
    );
    expect(snapshot()).toBe(before);
  });

  it('keep local and take remote need a known remote copy; a record the remote cannot tell apart is linked by hand', async () => {
    const remote = await startRemote();
    const proxy = await startFaultProxy(remote.url, { only221: true, stripIdempotencyKey: true });
    const local = await createLocal();
    const data = await populate(local, { employers: 1 });
    const env = saveEnv(local, 'staging', proxy.url, remote.token);
    await mapFiltersByHand(local, 'staging', remote);
    let lost = 0;
    proxy.setDecide((request) => (request.method === 'POST' && request.path === '/users/' && lost++ < 1 ? 'drop-response' : 'forward'));
    const run = await syncEnvironment(local.ws, env, fastOptions());
    const user = data.users.find((candidate) => candidate.id === run.errors[0]!.record)!;
    expect(await listConflicts(local.ws, env)).toEqual([expect.objectContaining({ record: user.id, remote_id: null, differences: {} })]);
    for (const kind of ['keep-local', 'take-remote'] as const) {
      await expect(resolveConflict(local.ws, env, user.id, { kind })).rejects.toThrow(
        `the remote copy of ${user.id} on staging is not known; link it with --link REMOTE_ID, or --skip`,
      );
    }
    // The remote's own list names it by e-mail: a person finds the id there and links it.
    const theirs = ((await remote.ok('GET', '/users/list/')) as { id: string; email: string }[]).find((candidate) => candidate.email === user.email)!;
    proxy.setOptions({ only221: false });
    await resolveConflict(local.ws, env, user.id, { kind: 'link', remoteId: theirs.id });
    proxy.setDecide(forwardAll);
    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ failed: 0, pending: 0 });
    expect(remoteIdOf(local.ws.db, 'staging', user.id)).toBe(theirs.id);
  });
});
