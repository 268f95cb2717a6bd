// The changes feed is scoped as GET is (docs/api.md, "The changes feed"): a broker sees the
// divisions they hold, the employers and plans in them, and their own user. A record that leaves
// the broker's divisions is reported removed; a change of the broker's own divisions changes the
// feed's scope, and the next answer is a listing of everything, so nothing is silently left behind.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness, type RegularUser } from '../support/api-server.js';
import { applyChanges, changesPage, pull, readableRecords } from '../support/changes-feed.js';

let h: ApiHarness;
let broker: RegularUser;
let theirs: Record<string, any>;
let theirPlan: Record<string, any>;
let elsewhere: Record<string, any>;

beforeEach(async () => {
  h = await startApi();
  broker = await h.createRegularUser({ divisionName: 'Broker Division' });
  theirs = await h.createEmployer({ division: broker.division }, broker.token);
  theirPlan = await h.createPlan('medical', theirs.id, {}, broker.token);
  elsewhere = await h.createEmployer();
  await h.createPlan('dental', elsewhere.id);
});
afterEach(() => h.close());

const moveEmployer = async (employer: Record<string, any>, division: string) => {
  const current = (await h.request('GET', `/employers/${employer.id}/`)).body;
  expect((await h.request('PUT', `/employers/${employer.id}/`, { ...current, division })).status).toBe(200);
};

describe('a broker', () => {
  it('is listed only their division, its employer and plan, and their own user', async () => {
    const { changes } = await pull(h, broker.token);
    expect(changes.map((change) => `${change.entity}/${change.id}`).sort()).toEqual(
      [`division/${broker.division}`, `employer/${theirs.id}`, `plan/${theirPlan.id}`, `user/${broker.id}`].sort(),
    );
    expect(applyChanges(new Map(), changes)).toEqual(await readableRecords(h, broker.token, broker.id));
  });

  it('is told nothing of writes in divisions they do not hold', async () => {
    const { next } = await pull(h, broker.token);
    await moveEmployer(elsewhere, h.admin.division);
    await h.createPlan('vision', elsewhere.id);
    await h.createEmployer();
    const page = await changesPage(h, broker.token, next);
    expect(page).toMatchObject({ changes: [], complete: true, snapshot: null });
  });

  it('is told an employer moved out of their division is removed, with its plans, and they come back when it returns', async () => {
    const start = await pull(h, broker.token);
    await moveEmployer(theirs, h.admin.division);
    const out = await changesPage(h, broker.token, start.next);
    expect(out.snapshot, "the broker's own divisions did not change").toBeNull();
    expect(out.changes).toEqual(
      expect.arrayContaining([
        { entity: 'employer', kind: null, id: theirs.id, op: 'remove', record: null },
        { entity: 'plan', kind: 'medical', id: theirPlan.id, op: 'remove', record: null },
      ]),
    );
    const held = applyChanges(applyChanges(new Map(), start.changes), out.changes);
    expect(held).toEqual(await readableRecords(h, broker.token, broker.id));
    expect((held.get(`division/${broker.division}`) as { employer_ids: string[] }).employer_ids).toEqual([]);

    await moveEmployer(theirs, broker.division);
    const back = await changesPage(h, broker.token, out.next);
    expect(back.changes.filter((change) => change.op === 'upsert').map((change) => change.id)).toEqual(expect.arrayContaining([theirs.id, theirPlan.id]));
    expect(applyChanges(held, back.changes)).toEqual(await readableRecords(h, broker.token, broker.id));
  });

  it('is told a plan moved to an employer of another division is removed, and its old employer changed', async () => {
    const { next } = await pull(h, broker.token);
    const { id: _id, status: _status, created_at: _c, created_by: _cb, updated_at: _u, updated_by: _ub, ...writable } = theirPlan;
    expect((await h.request('PUT', `/plans/medical/${theirPlan.id}/`, { ...writable, employer: elsewhere.id })).status).toBe(200);
    const page = await changesPage(h, broker.token, next);
    expect(page.changes).toContainEqual({ entity: 'plan', kind: 'medical', id: theirPlan.id, op: 'remove', record: null });
    expect(page.changes.find((change) => change.id === theirs.id)?.record).toMatchObject({ plans: [], plans_expired: [] });
  });

  it('is told a record deleted in their division is removed', async () => {
    const { next } = await pull(h, broker.token);
    expect((await h.request('DELETE', `/employers/${theirs.id}/`)).status).toBe(204);
    const page = await changesPage(h, broker.token, next);
    expect(
      page.changes
        .filter((change) => change.op === 'remove')
        .map((change) => change.id)
        .sort(),
    ).toEqual([theirs.id, theirPlan.id].sort());
  });
});

describe("a change of the broker's own divisions", () => {
  it("added to a division: the scope changes and the next answer lists everything again, the new division's records included", async () => {
    const start = await pull(h, broker.token);
    const added = await h.request('POST', `/divisions/${h.admin.division}/addUser/`, { email: broker.email });
    expect(added.status).toBe(200);
    const listing = await pull(h, broker.token, start.next);
    expect(listing.pages[0]!.scope).not.toBe(start.pages[0]!.scope);
    expect(listing.pages[0]!.snapshot).toMatchObject({ reason: 'scope' });
    expect(listing.pages.some((page) => page.snapshot?.done)).toBe(true);
    expect(listing.changes.map((change) => change.id)).toContain(elsewhere.id);
    expect(applyChanges(new Map(), listing.changes)).toEqual(await readableRecords(h, broker.token, broker.id));
  });

  it('taken out of a division: the listing no longer names its records, so a client drops what it does not name', async () => {
    await h.request('POST', `/divisions/${h.admin.division}/addUser/`, { email: broker.email });
    const start = await pull(h, broker.token);
    expect(start.changes.map((change) => change.id)).toContain(elsewhere.id);
    expect((await h.request('POST', `/divisions/${h.admin.division}/removeUser/`, { email: broker.email })).status).toBe(200);
    const listing = await pull(h, broker.token, start.next);
    expect(listing.pages[0]!.snapshot).toMatchObject({ reason: 'scope' });
    const named = new Set(listing.changes.map((change) => change.id));
    expect(named.has(elsewhere.id)).toBe(false);
    expect(named.has(theirs.id)).toBe(true);
  });

  it('made an admin: the scope changes, and the listing holds the whole account', async () => {
    const start = await pull(h, broker.token);
    expect((await h.request('PUT', `/users/${broker.id}/role/`, { is_admin: true })).status).toBe(200);
    const listing = await pull(h, broker.token, start.next);
    expect(listing.pages[0]!.snapshot).toMatchObject({ reason: 'scope' });
    expect(applyChanges(new Map(), listing.changes)).toEqual(await readableRecords(h, broker.token, broker.id));
  });
});

describe('an admin', () => {
  it('keeps their scope when a division is created, and is told of it, its users and employers as changes', async () => {
    const start = await pull(h, h.admin.token);
    const newcomer = await h.createRegularUser({ divisionName: 'Later Division' });
    const page = await changesPage(h, h.admin.token, start.next);
    expect(page.snapshot).toBeNull();
    expect(page.changes.map((change) => `${change.entity}/${change.id}`)).toEqual(
      expect.arrayContaining([`division/${newcomer.division}`, `user/${newcomer.id}`]),
    );
    expect(applyChanges(applyChanges(new Map(), start.changes), page.changes)).toEqual(await readableRecords(h, h.admin.token, h.admin.user));
  });

  it('is told a renamed user changes the divisions that list them, and a deleted one is removed', async () => {
    const start = await pull(h, h.admin.token);
    const user = (await h.request('GET', `/users/${broker.id}/`)).body;
    expect((await h.request('PUT', `/users/${broker.id}/`, { ...user, email: 'renamed.broker@broker.example.com' })).status).toBe(200);
    const renamed = await changesPage(h, h.admin.token, start.next);
    const held = applyChanges(applyChanges(new Map(), start.changes), renamed.changes);
    expect((held.get(`division/${broker.division}`) as { users: string[] }).users).toEqual(['renamed.broker@broker.example.com']);
    expect((await h.request('DELETE', `/users/${broker.id}/`)).status).toBe(204);
    const deleted = await changesPage(h, h.admin.token, renamed.next);
    expect(deleted.changes).toContainEqual({ entity: 'user', kind: null, id: broker.id, op: 'remove', record: null });
    expect(applyChanges(held, deleted.changes)).toEqual(await readableRecords(h, h.admin.token, h.admin.user));
  });
});

describe('named divisions (?division=ID, repeated: what plandesk pull --division asks)', () => {
  const only = (division: string) => `/changes/?division=${division}`;
  const pullOnly = async (token: string, division: string, since?: string) => {
    const response = await h.request('GET', since ? `${only(division)}&since=${since}` : only(division), undefined, token);
    expect(response.status, response.text).toBe(200);
    return response.body as { changes: { entity: string; id: string }[]; next: string; complete: boolean; snapshot: { reason: string } | null };
  };

  it("narrows divisions, employers and plans to those named; an admin still gets the account's users", async () => {
    const page = await pullOnly(h.admin.token, broker.division);
    expect(page.complete).toBe(true);
    const named = page.changes.map((change) => `${change.entity}/${change.id}`);
    expect(named).toEqual(
      expect.arrayContaining([`division/${broker.division}`, `employer/${theirs.id}`, `plan/${theirPlan.id}`, `user/${broker.id}`, `user/${h.admin.user}`]),
    );
    expect(named).not.toContain(`employer/${elsewhere.id}`);
    expect(named).not.toContain(`division/${h.admin.division}`);

    await moveEmployer(elsewhere, h.admin.division);
    expect((await pullOnly(h.admin.token, broker.division, page.next)).changes).toEqual([]);
    const current = (await h.request('GET', `/employers/${theirs.id}/`)).body;
    await h.request('PUT', `/employers/${theirs.id}/`, { ...current, size: '12' });
    const after = await pullOnly(h.admin.token, broker.division, page.next);
    expect(after.changes.map((change) => change.id)).toEqual([theirs.id]);
  });

  it('tells of a record moved out of the named divisions into another the caller reads as it is now, in its new division', async () => {
    const page = await pullOnly(h.admin.token, broker.division);
    await moveEmployer(theirs, h.admin.division);
    const after = await pullOnly(h.admin.token, broker.division, page.next);
    const moved = after.changes as { entity: string; id: string; op: string; record: { division?: string } | null }[];
    expect(moved.find((change) => change.id === theirs.id)).toMatchObject({ op: 'upsert', record: { division: h.admin.division } });
    expect(moved.find((change) => change.id === theirPlan.id)).toMatchObject({ op: 'upsert' });
    // A fresh listing of the named division no longer names it.
    expect((await pullOnly(h.admin.token, broker.division)).changes.map((change) => change.id)).not.toContain(theirs.id);
  });

  it('gives nothing of a division the caller does not hold', async () => {
    const page = await pullOnly(broker.token, h.admin.division);
    expect(page.changes.map((change) => `${change.entity}/${change.id}`)).toEqual([`user/${broker.id}`]);
  });

  it('answers a listing (reason scope) when the divisions named change', async () => {
    const { next } = await pull(h, h.admin.token);
    expect((await pullOnly(h.admin.token, broker.division, next)).snapshot).toMatchObject({ reason: 'scope' });
  });

  it('refuses an id that is not a UUID (400)', async () => {
    const response = await h.request('GET', '/changes/?division=East');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ division: ["'East' is not a valid UUID."] });
  });
});
