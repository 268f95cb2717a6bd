// Record history: every local change of a record, written with the change through the one router
// every screen and command uses, kept with the fields that changed before and after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistory } from '../../main/history/record-history.js';
import { setMeta } from '../../main/store/meta-store.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import type { HistoryEntry } from '../../shared/inspector.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';

const EMAIL = 'broker@example.com';
let dir: string;
let ws: Workspace;
let division: string;
let localUser: string;

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const response = await ws.router({ method, path, body, actor: ws.actor });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const history = (id: string): HistoryEntry[] => readHistory(ws.db, id);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-history-'));
  const created = await initWorkspace(dir, { account: 'Acme Brokers', email: EMAIL, division: 'Main' });
  division = created.division;
  localUser = created.user;
  ws = await openWorkspace(dir);
});

afterAll(() => {
  ws.close();
  rmSync(dir, { recursive: true, force: true });
});

function newEmployer(overrides: Record<string, unknown> = {}): Promise<any> {
  return ok('POST', '/employers/', validEmployerBody(division, { other_filters: [], ...overrides }));
}

describe('record history', () => {
  it('starts with the creation of the workspace division and local user', () => {
    expect(history(division)).toEqual([{ at: expect.any(String), user: EMAIL, op: 'create', changes: { name: [null, 'Main'], users: [null, [EMAIL]] } }]);
    expect(history(localUser)).toEqual([
      {
        at: expect.any(String),
        user: EMAIL,
        op: 'create',
        changes: { email: [null, EMAIL], first_name: [null, 'broker'], last_name: [null, 'Admin'], division_ids: [null, [division]], is_admin: [null, true] },
      },
    ]);
  });

  it('records a create with every field as [null, value], by the acting user, at an ISO time', async () => {
    const employer = await newEmployer({ name: 'Globex' });
    const [entry, ...rest] = history(employer.id);
    expect(rest).toEqual([]);
    expect(entry!.op).toBe('create');
    expect(entry!.user).toBe(EMAIL);
    expect(new Date(entry!.at).toISOString()).toBe(entry!.at);
    expect(entry!.changes).toEqual({
      name: [null, 'Globex'],
      url: [null, employer.url],
      size: [null, '250'],
      naics_codes: [null, employer.naics_codes],
      location_states: [null, employer.location_states],
      other_filters: [null, []],
      division: [null, division],
    });
  });

  it("records a plan's create with each field given, in the kind's order, and leaves out the fields left empty", async () => {
    const employer = await newEmployer({ name: 'Pied Piper', url: 'https://piedpiper.example' });
    const body = validPlanBody('medical', { employer: employer.id, title: 'Gold PPO', from_plan: undefined, from_action: undefined, tobacco_surcharge: null });
    const plan = await ok('POST', '/plans/medical/', body);
    const [entry] = history(plan.id);
    const given = Object.entries(plan).filter(([field, value]) => field in body && value !== null);
    expect(Object.keys(entry!.changes)).toEqual(given.map(([field]) => field));
    expect(entry!.changes).toEqual(Object.fromEntries(given.map(([field, value]) => [field, [null, value]])));
    expect(entry!.changes).not.toHaveProperty('tobacco_surcharge');
    expect(entry!.changes).not.toHaveProperty('from_plan');
  });

  it("keeps a create's changes as the JSON text JSON.stringify writes of them (numbers, booleans, quoted and non-ASCII text)", async () => {
    const employer = await newEmployer({ name: 'Stark Textiles', url: 'https://stark-textiles.example' });
    const body = validPlanBody('medical', { employer: employer.id, title: 'Gold "PPO" – Zürich \\ 2', from_plan: undefined, from_action: undefined });
    const plan = await ok('POST', '/plans/medical/', body);
    const given = Object.entries(plan).filter(([field, value]) => field in body && value !== null);
    const stored = ws.db.prepare('SELECT changes FROM record_history WHERE record_id = ?').pluck().get(plan.id);
    expect(stored).toBe(JSON.stringify(Object.fromEntries(given.map(([field, value]) => [field, [null, value]]))));
    expect(given.map(([, value]) => typeof value)).toEqual(expect.arrayContaining(['number', 'boolean', 'string']));
  });

  it('records an update with only the fields that changed, oldest entry first', async () => {
    const employer = await newEmployer({ name: 'Initech', url: 'https://initech.example' });
    await ok(
      'PUT',
      `/employers/${employer.id}/`,
      validEmployerBody(division, { name: 'Initech LLC', url: 'https://initech.example', size: '300', other_filters: [] }),
    );
    await ok(
      'PUT',
      `/employers/${employer.id}/`,
      validEmployerBody(division, { name: 'Initech LLC', url: 'https://initech.example', size: '300', other_filters: [], location_states: ['TX'] }),
    );
    const entries = history(employer.id);
    expect(entries.map((entry) => entry.op)).toEqual(['create', 'update', 'update']);
    expect(entries[1]!.changes).toEqual({ name: ['Initech', 'Initech LLC'], size: ['250', '300'] });
    expect(entries[2]!.changes).toEqual({ location_states: [['CA', 'NV', 'DC'], ['TX']] });
  });

  it('keeps a plan of any kind from create to delete, and the history outlives the record', async () => {
    const employer = await newEmployer({ name: 'Umbrella', url: 'https://umbrella.example' });
    const plan = await ok('POST', '/plans/dental/', validPlanBody('dental', { employer: employer.id }));
    await ok('PUT', `/plans/dental/${plan.id}/`, validPlanBody('dental', { employer: employer.id, carrier: 'Delta Dental of CA' }));
    expect((await ws.router({ method: 'DELETE', path: `/plans/dental/${plan.id}/`, body: undefined, actor: ws.actor })).status).toBe(204);
    const entries = history(plan.id);
    expect(entries.map((entry) => entry.op)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]!.changes.title).toEqual([null, plan.title]);
    expect(entries[1]!.changes).toEqual({ carrier: [plan.carrier, 'Delta Dental of CA'] });
    expect(entries[2]!.changes.carrier).toEqual(['Delta Dental of CA', null]);
    expect(entries[2]!.changes.employer).toEqual([employer.id, null]);
  });

  it('records the plans deleted with their employer', async () => {
    const employer = await newEmployer({ name: 'Hooli', url: 'https://hooli.example' });
    const plan = await ok('POST', '/plans/vision/', validPlanBody('vision', { employer: employer.id }));
    expect((await ws.router({ method: 'DELETE', path: `/employers/${employer.id}/`, body: undefined, actor: ws.actor })).status).toBe(204);
    expect(history(employer.id).map((entry) => entry.op)).toEqual(['create', 'delete']);
    expect(history(plan.id).map((entry) => entry.op)).toEqual(['create', 'delete']);
  });

  it('follows membership on both sides: the user and the division each record it', async () => {
    const west = await ok('POST', '/divisions/', { name: 'West', users: [], employer_ids: [] });
    const user = await ok('POST', '/users/', { email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [west.id] });
    expect(history(west.id).map((entry) => [entry.op, entry.changes])).toEqual([
      ['create', { name: [null, 'West'], users: [null, []] }],
      ['update', { users: [[], ['ann@example.com']] }],
    ]);
    await ok('POST', `/divisions/${west.id}/removeUser/`, { email: 'ann@example.com' });
    expect(history(user.id).at(-1)).toMatchObject({ op: 'update', changes: { division_ids: [[west.id], []] } });
    expect(history(west.id).at(-1)).toMatchObject({ op: 'update', changes: { users: [['ann@example.com'], []] } });
  });

  it("records a member's new e-mail on the division too, which lists members by e-mail", async () => {
    const south = await ok('POST', '/divisions/', { name: 'South', users: [], employer_ids: [] });
    const user = await ok('POST', '/users/', { email: 'bo@example.com', first_name: 'Bo', last_name: 'Ng', division_ids: [south.id] });
    await ok('PUT', `/users/${user.id}/`, { email: 'bo.ng@example.com', first_name: 'Bo', last_name: 'Ng', division_ids: [south.id] });
    expect(history(user.id).at(-1)).toMatchObject({ op: 'update', changes: { email: ['bo@example.com', 'bo.ng@example.com'] } });
    expect(history(south.id).at(-1)).toMatchObject({ op: 'update', changes: { users: [['bo@example.com'], ['bo.ng@example.com']] } });
  });

  it('records a deleted user leaving the divisions it was in', async () => {
    const central = await ok('POST', '/divisions/', { name: 'Central', users: [], employer_ids: [] });
    const user = await ok('POST', '/users/', { email: 'cy@example.com', first_name: 'Cy', last_name: 'Ro', division_ids: [central.id] });
    expect((await ws.router({ method: 'DELETE', path: `/users/${user.id}/`, body: undefined, actor: ws.actor })).status).toBe(204);
    expect(history(user.id).at(-1)).toMatchObject({ op: 'delete', changes: { email: ['cy@example.com', null] } });
    expect(history(central.id).at(-1)).toMatchObject({ op: 'update', changes: { users: [['cy@example.com'], []] } });
  });

  it('records a division rename as an update of its name only', async () => {
    const east = await ok('POST', '/divisions/', { name: 'East', users: [], employer_ids: [] });
    await ok('PUT', `/divisions/${east.id}/`, { name: 'East Coast', users: [], employer_ids: [] });
    expect(history(east.id).at(-1)).toEqual({ at: expect.any(String), user: EMAIL, op: 'update', changes: { name: ['East', 'East Coast'] } });
  });

  it('records an employer moved by a division on the employer', async () => {
    const employer = await newEmployer({ name: 'Stark', url: 'https://stark.example' });
    const north = await ok('POST', '/divisions/', { name: 'North', users: [], employer_ids: [employer.id] });
    expect(history(employer.id).at(-1)).toMatchObject({ op: 'update', changes: { division: [division, north.id] } });
  });

  it('writes nothing for a rejected change', async () => {
    const employer = await newEmployer({ name: 'Wayne', url: 'https://wayne.example' });
    const rejected = await ws.router({
      method: 'PUT',
      path: `/employers/${employer.id}/`,
      body: validEmployerBody(division, { name: '', other_filters: [] }),
      actor: ws.actor,
    });
    expect(rejected.status).toBe(400);
    expect(history(employer.id)).toHaveLength(1);
  });

  it('gives records made before history was kept their fields at the next open, so their first update has true before-values', async () => {
    const employer = await newEmployer({ name: 'Tyrell', url: 'https://tyrell.example' });
    ws.db.prepare('DELETE FROM record_history').run();
    ws.db.prepare('DELETE FROM record_states').run();
    setMeta(ws.db, 'history_baseline_pending', '1');
    ws.close();
    ws = await openWorkspace(dir);
    expect(history(employer.id)).toEqual([]);
    await ok('PUT', `/employers/${employer.id}/`, validEmployerBody(division, { name: 'Tyrell Corp', url: 'https://tyrell.example', other_filters: [] }));
    expect(history(employer.id)).toEqual([{ at: expect.any(String), user: EMAIL, op: 'update', changes: { name: ['Tyrell', 'Tyrell Corp'] } }]);
  });
});
