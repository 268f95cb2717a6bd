// PlanDesk's changes feed, GET /changes/ (docs/api.md, "The changes feed"): without a cursor a
// listing of everything the caller sees, in pages; with one, what changed since, each record as its
// GET answers it now or as removed. Applying the pages in order leaves a client holding exactly
// what the caller can read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANGE_ENTITIES } from '../../shared/sync-wire.js';
import { changesMessages } from '../../main/service/changes.js';
import { decodeCursor, encodeCursor } from '../../main/service/change-cursor.js';
import { isPostgres, sqliteOf } from '../../main/store/database.js';
import { messages } from '../../shared/validation/messages.js';
import { startApi, type ApiHarness } from '../support/api-server.js';
import { applyChanges, changesPage, keyOf, pull, readableRecords } from '../support/changes-feed.js';

let h: ApiHarness;

beforeEach(async () => {
  h = await startApi();
  const first = await h.createEmployer();
  await h.createPlan('medical', first.id);
  await h.createPlan('dental', first.id);
  const second = await h.createEmployer();
  await h.createPlan('vision', second.id);
  await h.createRegularUser();
});
afterEach(() => h.close());

const token = () => h.admin.token;

describe('a listing of everything (no since)', () => {
  it('names every record the caller can read, as its GET answers it, in pages of at most limit', async () => {
    const listing = await pull(h, token(), undefined, 3);
    expect(listing.pages.length).toBeGreaterThan(2);
    for (const page of listing.pages) expect(page.changes.length).toBeLessThanOrEqual(3);
    expect(listing.changes.every((change) => change.op === 'upsert')).toBe(true);
    expect(applyChanges(new Map(), listing.changes)).toEqual(await readableRecords(h, token(), h.admin.user));
  });

  it('marks every page as one listing, done on its last, and names divisions, users, employers, then plans', async () => {
    const { pages, changes } = await pull(h, token(), undefined, 2);
    const ids = new Set(pages.map((page) => page.snapshot?.id));
    expect(ids.size).toBe(1);
    expect(pages.map((page) => page.snapshot?.done)).toEqual([...pages.slice(1).map(() => false), true]);
    expect(pages.every((page) => page.snapshot?.reason === 'requested')).toBe(true);
    const order = changes.map((change) => CHANGE_ENTITIES.indexOf(change.entity));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(
      changes
        .filter((change) => change.entity === 'plan')
        .map((change) => change.kind)
        .sort(),
    ).toEqual(['dental', 'medical', 'vision']);
  });

  it('goes on with what was written while it was read, so nothing written meanwhile is missed', async () => {
    const first = await changesPage(h, token(), undefined, 2);
    const employers = (await h.request('GET', '/employers/list/')).body as { id: string }[];
    await h.request('DELETE', `/employers/${employers[0]!.id}/`);
    const late = await h.createEmployer();
    await h.createPlan('ltd', late.id);
    const rest = await pull(h, token(), first.next, 2);
    const listingEnd = rest.pages.findIndex((page) => page.snapshot?.done);
    expect(rest.pages[listingEnd]!.complete, 'the listing began before those writes: more follows').toBe(false);
    expect(rest.pages.slice(listingEnd + 1).every((page) => page.snapshot === null)).toBe(true);
    const held = applyChanges(new Map(), [...first.changes, ...rest.changes]);
    expect(held).toEqual(await readableRecords(h, token(), h.admin.user));
  });
});

describe('changes since a cursor', () => {
  it('answers nothing in one request when nothing changed, and a cursor that still works', async () => {
    const { next } = await pull(h, token());
    const again = await changesPage(h, token(), next);
    expect(again).toMatchObject({ changes: [], complete: true, snapshot: null });
    expect((await changesPage(h, token(), again.next)).changes).toEqual([]);
  });

  it('answers each written record as its GET answers it now, and deleted ones as removed, in one request', async () => {
    const start = await pull(h, token());
    const held = applyChanges(new Map(), start.changes);
    const employers = (await h.request('GET', '/employers/list/')).body as { id: string }[];
    const employer = (await h.request('GET', `/employers/${employers[0]!.id}/`)).body;
    await h.request('PUT', `/employers/${employer.id}/`, { ...employer, name: 'Renamed Employer' });
    const [medical, dental] = employer.plans as { benefit: string; id: string }[];
    const plan = (await h.request('GET', `/plans/${medical!.benefit}/${medical!.id}/`)).body;
    expect((await h.request('PUT', `/plans/${medical!.benefit}/${medical!.id}/`, { ...plan, carrier: 'Another Carrier' })).status).toBe(200);
    expect((await h.request('DELETE', `/plans/${dental!.benefit}/${dental!.id}/`)).status).toBe(204);

    const page = await changesPage(h, token(), start.next);
    expect(page.complete).toBe(true);
    expect(page.changes.find((change) => change.id === dental!.id)).toEqual({
      entity: 'plan',
      kind: dental!.benefit,
      id: dental!.id,
      op: 'remove',
      record: null,
    });
    expect(page.changes.find((change) => change.id === medical!.id)?.record).toMatchObject({ carrier: 'Another Carrier' });
    expect(new Set(page.changes.map(keyOf)).size, 'each record once').toBe(page.changes.length);
    expect(applyChanges(held, page.changes)).toEqual(await readableRecords(h, token(), h.admin.user));
  });

  it('pages many changes in order, the cursor moving forward only, and a page asked again answers the same', async () => {
    const { next } = await pull(h, token());
    const employer = await h.createEmployer();
    for (let plan = 0; plan < 7; plan += 1) await h.createPlan('std', employer.id);
    const first = await changesPage(h, token(), next, 3);
    expect(first.complete).toBe(false);
    expect(await changesPage(h, token(), next, 3)).toEqual(first);
    const rest = await pull(h, token(), first.next, 3);
    const ids = [...first.changes, ...rest.changes].filter((change) => change.entity === 'plan').map((change) => change.id);
    expect(new Set(ids).size).toBe(7);
  });

  it("never shows another account's records", async () => {
    const { next } = await pull(h, token());
    const other = await h.bootstrapAccount();
    const employer = await h.createEmployer({ division: other.division }, other.token);
    await h.createPlan('medical', employer.id, {}, other.token);
    expect((await changesPage(h, token(), next)).changes).toEqual([]);
    const theirs = await pull(h, other.token);
    expect(theirs.changes.map((change) => change.entity).sort()).toEqual(['division', 'employer', 'plan', 'user']);
  });

  it('starts a listing again, said so, when the cursor is ahead of the journal (the database was replaced by an older copy)', async () => {
    const { next: before } = await pull(h, token());
    await h.createEmployer();
    const { next: after } = await pull(h, token(), before);
    let ahead = after;
    if (isPostgres(h.db)) {
      // Transaction ids never go back within a cluster: a cursor ahead of the journal comes from a
      // database restored into another cluster whose ids had not got as far.
      const cursor = decodeCursor(after, CHANGE_ENTITIES.length);
      if (!cursor || !('position' in cursor)) throw new Error(`not a journal position: ${after}`);
      ahead = encodeCursor({ scope: cursor.scope, position: { xid: cursor.position.xid + 1_000_000, seq: 0 } });
    } else {
      sqliteOf(h.db).exec('DELETE FROM changes WHERE seq > (SELECT min(seq) FROM changes)');
      sqliteOf(h.db).exec("UPDATE sqlite_sequence SET seq = (SELECT max(seq) FROM changes) WHERE name = 'changes'");
    }
    const page = await changesPage(h, token(), ahead);
    expect(page.snapshot).toMatchObject({ reason: 'cursor' });
  });
});

describe('refused queries', () => {
  it.each([
    ['since=not-a-cursor', { since: [changesMessages.notACursor] }],
    ['since=', { since: [changesMessages.notACursor] }],
    ['limit=0', { limit: [messages.minValue(1)] }],
    ['limit=1001', { limit: [messages.maxValue(1000)] }],
    ['limit=ten', { limit: [messages.integer] }],
    // Repeated, the last value counts, as DRF reads a query parameter.
    ['limit=5&limit=0', { limit: [messages.minValue(1)] }],
  ])('%s answers 400', async (query, body) => {
    const response = await h.request('GET', `/changes/?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });

  it('asks for credentials first (401), and refuses other methods (405)', async () => {
    expect((await h.request('GET', '/changes/', undefined, null)).status).toBe(401);
    const post = await h.request('POST', '/changes/', {});
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
  });
});
