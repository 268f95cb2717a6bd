// AppCore: every bridge method the window may call (Electron IPC or web mode), over a real workspace
// folder. Arguments are checked once here; the acting user is always the workspace's own.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore, MalformedCallError } from '../../main/app/app-core.js';
import type { SqliteDb } from '../../main/store/database.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { openWorkspace, WORKSPACE_DB, type Workspace } from '../../main/workspace/workspace.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import { MAX_DRAFT_STATE_BYTES, type Draft, type DraftSummary } from '../../shared/drafts.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import type { WorkspaceStatus } from '../../shared/resources/workspace.js';

/** The core's clock: inside the 2025 plan year, so 2024 plans are expired and 2025 ones active. */
const NOW = '2025-06-15T12:00:00.000Z';
/** The core's clock, moved on by the tests that need time to pass. */
let now = new Date(NOW);
const later = (ms: number) => (now = new Date(now.getTime() + ms));
const SETUP = { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' };

let dir: string;
let core: AppCore;
/** A second connection to the workspace database, for looking at tables the bridge does not show. */
let peek: SqliteDb | undefined;

const invoke = (method: string, ...args: unknown[]) => core.invoke(method, args);
const call = (method: string, path: string, body?: unknown) => invoke('call', method, path, ...(body === undefined ? [] : [body])) as Promise<BridgeResponse>;
const ok = async (method: string, path: string, body?: unknown): Promise<any> => {
  const response = await call(method, path, body);
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};
const db = (): SqliteDb => (peek ??= openSqliteDatabase(join(dir, WORKSPACE_DB)));
const count = (table: string) => db().prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-app-core-'));
  core = new AppCore({ dir, tokenCipher: workspaceKeyCipher, clock: () => now });
});

afterAll(() => {
  core.close();
  peek?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The tests of this file run in order: setup first, then everything over the set-up workspace.
describe('before the workspace is set up', () => {
  it('reports not ready and answers 503 to calls and draft saves', async () => {
    expect(await invoke('workspace')).toEqual({ ready: false });
    expect(await call('GET', '/divisions/list/')).toEqual({ status: 503, body: { detail: 'The workspace is not set up yet.' } });
    expect(await invoke('drafts')).toEqual([]);
    expect(await invoke('readDraft', randomUUID())).toBeNull();
    expect(((await invoke('saveDraft', { id: randomUUID(), form: 'plan', title: 't', detail: 'd', state: {} })) as BridgeResponse).status).toBe(503);
    expect(await invoke('environments')).toEqual([]);
    expect(((await invoke('sync', 'staging')) as BridgeResponse).status).toBe(503);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses bad setup input with field errors and creates nothing', async () => {
    const badEmail = (await invoke('setupWorkspace', { ...SETUP, email: 'not-an-email' })) as BridgeResponse;
    expect(badEmail.status).toBe(400);
    expect(Object.keys(badEmail.body as object)).toEqual(['email']);
    expect((badEmail.body as Record<string, string[]>).email).toEqual([expect.any(String)]);

    const empty = (await invoke('setupWorkspace', {})) as BridgeResponse;
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body as object).sort()).toEqual(['account', 'division', 'email']);

    const notAnObject = (await invoke('setupWorkspace', 'Acme')) as BridgeResponse;
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body).toHaveProperty('non_field_errors');

    expect((await invoke('setupWorkspace', { ...SETUP, account: '' })) as BridgeResponse).toMatchObject({
      status: 400,
      body: { account: [expect.any(String)] },
    });
    expect(await invoke('workspace')).toEqual({ ready: false });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('sets up with valid input: ready, as the given e-mail, in the given account', async () => {
    const response = (await invoke('setupWorkspace', SETUP)) as BridgeResponse;
    expect(response.status).toBe(200);
    const status = (await invoke('workspace')) as WorkspaceStatus;
    expect(response.body).toEqual(status);
    expect(status).toMatchObject({ ready: true, account: 'Acme Brokers', user: { email: 'broker@example.com' } });
    expect(existsSync(join(dir, WORKSPACE_DB))).toBe(true);
  });

  it('answers 409 to a second setup and changes nothing', async () => {
    const before = { accounts: count('accounts'), users: count('users'), divisions: count('divisions') };
    const again = (await invoke('setupWorkspace', { account: 'Other', email: 'other@example.com', division: 'Other' })) as BridgeResponse;
    expect(again).toEqual({ status: 409, body: { detail: 'The workspace is already set up.' } });
    expect({ accounts: count('accounts'), users: count('users'), divisions: count('divisions') }).toEqual(before);
    expect(await invoke('workspace')).toMatchObject({ ready: true, account: 'Acme Brokers', user: { email: 'broker@example.com' } });
  });
});

describe('calls', () => {
  it('lists the first division', async () => {
    expect(await call('GET', '/divisions/list/')).toEqual({ status: 200, body: [{ id: expect.any(String), name: 'Main' }] });
  });

  it("answers the router's errors as responses, not throws", async () => {
    expect((await call('GET', '/nowhere/')).status).toBe(404);
    expect((await call('POST', '/employers/', { name: '' })).status).toBe(400);
  });

  it('acts as the workspace user whatever the body says', async () => {
    const me = ((await invoke('workspace')) as Extract<WorkspaceStatus, { ready: true }>).user.id;
    const [main] = await ok('GET', '/divisions/list/');
    const other = await ok('POST', '/users/', { email: 'someone.else@example.com', first_name: 'Some', last_name: 'One', division_ids: [main.id] });
    const employer = await ok(
      'POST',
      '/employers/',
      validEmployerBody(main.id, {
        name: 'Forged Inc',
        url: 'https://forged.example.com',
        other_filters: [],
        actor: { userId: other.id },
        created_by: other.id,
        updated_by: other.id,
      }),
    );
    expect(employer).toMatchObject({ created_by: me, updated_by: me });
    expect(await ok('GET', `/employers/${employer.id}/`)).toMatchObject({ created_by: me, updated_by: me });
    // An extra argument (an actor, say) is not the method's: refused outright.
    await expect(invoke('call', 'GET', '/divisions/list/', undefined, { userId: other.id })).rejects.toBeInstanceOf(MalformedCallError);
    expect((await call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);
  });
});

describe('drafts', () => {
  const first = {
    id: randomUUID(),
    form: 'employer',
    title: 'Globex',
    detail: 'New employer',
    state: { name: 'Globex', lists: { naics: ['541511'] }, size: null },
  };
  const second = {
    id: randomUUID(),
    form: 'plan',
    title: 'Gold PPO 2026',
    detail: 'Medical plan for Globex',
    state: { step: 3, values: { carrier: 'Aetna', pt: false } },
  };

  it('saves, lists newest first without state, and reads back', async () => {
    const outboxBefore = count('outbox');
    const saved = (await invoke('saveDraft', first)) as BridgeResponse;
    expect(saved).toEqual({ status: 200, body: { id: first.id, updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    later(5_000);
    expect(((await invoke('saveDraft', second)) as BridgeResponse).status).toBe(200);

    const list = (await invoke('drafts')) as DraftSummary[];
    expect(list.map((draft) => draft.id)).toEqual([second.id, first.id]);
    for (const summary of list) expect(summary).not.toHaveProperty('state');
    expect(list[1]).toEqual({
      id: first.id,
      form: 'employer',
      title: 'Globex',
      detail: 'New employer',
      updated_at: (saved.body as { updated_at: string }).updated_at,
    });

    expect(await invoke('readDraft', first.id)).toEqual({ ...first, updated_at: (saved.body as { updated_at: string }).updated_at });
    expect(await invoke('readDraft', randomUUID())).toBeNull();
    expect(count('outbox')).toBe(outboxBefore);
  });

  it('updates a draft saved again under the same id', async () => {
    const outboxBefore = count('outbox');
    later(5_000);
    const changed = { ...first, title: 'Globex Corp', state: { name: 'Globex Corp', lists: { naics: [] }, size: '250' } };
    expect(((await invoke('saveDraft', changed)) as BridgeResponse).status).toBe(200);
    const list = (await invoke('drafts')) as DraftSummary[];
    expect(list.map((draft) => [draft.id, draft.title])).toEqual([
      [first.id, 'Globex Corp'],
      [second.id, 'Gold PPO 2026'],
    ]);
    expect(await invoke('readDraft', first.id)).toMatchObject({ title: 'Globex Corp', state: changed.state });
    expect(count('drafts')).toBe(2);
    expect(count('outbox')).toBe(outboxBefore);
  });

  it('refuses a bad id, an unknown form, unknown keys, oversized state and state nested too deep with 400, storing nothing', async () => {
    const before = { drafts: count('drafts'), outbox: count('outbox'), listed: await invoke('drafts') };
    const fresh = () => ({ id: randomUUID(), form: 'plan', title: 'A title', detail: '', state: {} });
    const cases: [unknown, string][] = [
      [{ ...fresh(), id: 'draft-1' }, 'id'],
      [{ ...fresh(), id: randomUUID().toUpperCase() }, 'id'],
      [{ ...fresh(), form: 'benefit' }, 'form'],
      [{ ...fresh(), title: 'x'.repeat(301) }, 'title'],
      [{ ...fresh(), updated_at: '2020-01-01T00:00:00.000Z' }, 'non_field_errors'],
      [{ ...fresh(), state: { text: 'x'.repeat(MAX_DRAFT_STATE_BYTES) } }, 'state'],
      // Counted in UTF-8 bytes: fewer characters than the limit, more bytes.
      [{ ...fresh(), state: 'é'.repeat(MAX_DRAFT_STATE_BYTES / 2) }, 'state'],
      [{ ...fresh(), state: undefined }, 'state'],
      // Nested 20,000 deep: refused before anything walks it, not a stack overflow.
      [{ ...fresh(), state: JSON.parse(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`) as unknown }, 'state'],
    ];
    for (const [draft, field] of cases) {
      const response = (await invoke('saveDraft', draft)) as BridgeResponse;
      expect(response.status, JSON.stringify(response.body).slice(0, 200)).toBe(400);
      expect(response.body).toHaveProperty([field]);
    }
    expect(((await invoke('saveDraft', 'a draft')) as BridgeResponse).status).toBe(400);
    expect({ drafts: count('drafts'), outbox: count('outbox'), listed: await invoke('drafts') }).toEqual(before);
  });

  it('accepts state of exactly the limit', async () => {
    const atLimit = { id: randomUUID(), form: 'plan', title: 'Big', detail: '', state: 'x'.repeat(MAX_DRAFT_STATE_BYTES - 2) };
    expect(((await invoke('saveDraft', atLimit)) as BridgeResponse).status).toBe(200);
    expect(((await invoke('readDraft', atLimit.id)) as Draft).state).toBe(atLimit.state);
    await invoke('deleteDraft', atLimit.id);
  });

  it('deletes', async () => {
    const outboxBefore = count('outbox');
    expect(await invoke('deleteDraft', first.id)).toBeUndefined();
    expect(await invoke('readDraft', first.id)).toBeNull();
    expect(((await invoke('drafts')) as DraftSummary[]).map((draft) => draft.id)).toEqual([second.id]);
    // Deleting what is not there is not an error.
    expect(await invoke('deleteDraft', first.id)).toBeUndefined();
    expect(count('outbox')).toBe(outboxBefore);
  });

  it('refuses a late autosave of a deleted draft, so a saved form leaves no ghost draft behind', async () => {
    expect(((await invoke('saveDraft', first)) as BridgeResponse).status).toBe(409);
    expect(await invoke('readDraft', first.id)).toBeNull();
  });

  it('never puts drafts in the outbox, unlike API writes', async () => {
    const before = count('outbox');
    await invoke('saveDraft', { id: randomUUID(), form: 'employer', title: 'x', detail: 'y', state: [1, 2, 3] });
    expect(count('outbox')).toBe(before);
    const [main] = await ok('GET', '/divisions/list/');
    await ok('POST', '/divisions/', { name: 'Queued', users: [], employer_ids: [] });
    expect(count('outbox')).toBe(before + 1);
    expect(db().prepare("SELECT count(*) FROM outbox WHERE entity NOT IN ('division', 'user', 'employer', 'plan')").pluck().get()).toBe(0);
    expect(main.name).toBe('Main');
  });
});

describe('malformed calls', () => {
  it('throws MalformedCallError for an unknown method, wrong arity, wrong types and non-array arguments', async () => {
    const before = { drafts: count('drafts'), outbox: count('outbox') };
    // prettier-ignore
    const malformed: [string, unknown][] = [
      ['nope', []], ['__proto__', []], ['constructor', []], ['toString', []], ['invoke', ['workspace', []]],
      ['workspace', [1]], ['drafts', ['extra']], ['setupWorkspace', []], ['setupWorkspace', [SETUP, SETUP]],
      ['call', []], ['call', ['GET']], ['call', [1, '/divisions/list/']], ['call', ['GET', 7]], ['call', ['', '/divisions/list/']],
      ['call', ['GET', '/x/', {}, 'extra']], ['call', { 0: 'GET', 1: '/divisions/list/' }], ['call', 'GET /divisions/list/'],
      ['drafts', null], ['drafts', undefined], ['drafts', {}],
      ['readDraft', ['not-a-uuid']], ['readDraft', []], ['saveDraft', []], ['deleteDraft', [42]],
      ['sync', ['']], ['sync', ['x'.repeat(65)]], ['cancelSync', []], ['saveEnvironment', []],
    ];
    for (const [method, args] of malformed) {
      await expect(core.invoke(method, args), `${method} ${JSON.stringify(args)}`).rejects.toBeInstanceOf(MalformedCallError);
    }
    expect({ drafts: count('drafts'), outbox: count('outbox') }).toEqual(before);
    expect(await invoke('workspace')).toMatchObject({ ready: true });
  });
});

describe('GET /employers/summaries/', () => {
  let main: any, west: any, filters: any[], globex: any, initech: any, westward: any, ann: any;
  let annView: Workspace;

  beforeAll(async () => {
    [main] = await ok('GET', '/divisions/list/');
    filters = await ok('GET', '/filters/list/');
    expect(filters.length).toBeGreaterThan(0);
    globex = await ok(
      'POST',
      '/employers/',
      validEmployerBody(main.id, {
        name: 'Globex',
        url: 'https://globex.example.com',
        size: '250',
        naics_codes: ['541511', '524210'],
        location_states: ['CA', 'DC'],
        other_filters: [filters[0].id],
      }),
    );
    initech = await ok(
      'POST',
      '/employers/',
      validEmployerBody(main.id, {
        name: 'initech',
        url: 'https://initech.example.com',
        size: '10',
        naics_codes: [],
        location_states: [],
        other_filters: [],
      }),
    );
    const plan = (benefit: 'medical' | 'dental' | 'vision', title: string, start: string, end: string) =>
      ok(
        'POST',
        `/plans/${benefit}/`,
        validPlanBody(benefit, { employer: globex.id, title, start_date: start, end_date: end, from_plan: undefined, from_action: undefined }),
      );
    await plan('medical', 'Gold 2024', '2024-01-01', '2024-12-31');
    await plan('medical', 'Gold 2025', '2025-01-01', '2025-12-31');
    await plan('dental', 'Dental 2025', '2025-01-01', '2025-12-31');
    // Ends today: still active (expired means ended before today).
    await plan('vision', 'Vision to today', '2024-06-16', '2025-06-15');
    await plan('vision', 'Vision to yesterday', '2024-06-15', '2025-06-14');

    west = await ok('POST', '/divisions/', { name: 'West', users: [], employer_ids: [] });
    ann = await ok('POST', '/users/', { email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [west.id] });
    westward = await ok(
      'POST',
      '/employers/',
      validEmployerBody(west.id, {
        name: 'Westward',
        url: 'https://westward.example.com',
        size: '50',
        naics_codes: ['111110'],
        location_states: ['OR'],
        other_filters: [],
      }),
    );
    // A regular user of the same workspace, through a second connection: the bridge itself only ever acts as the workspace user.
    annView = await openWorkspace(dir, { clock: () => new Date(NOW) });
  });

  afterAll(() => annView?.close());

  it('lists every employer the workspace user holds, by name, with lists and plan counts', async () => {
    const summaries = await ok('GET', '/employers/summaries/');
    expect(summaries.map((summary: { name: string }) => summary.name)).toEqual(['Globex', 'initech', 'Westward']);
    expect(summaries[0]).toEqual({
      id: globex.id,
      name: 'Globex',
      url: 'https://globex.example.com',
      size: '250',
      division: main.id,
      naics_codes: ['541511', '524210'],
      location_states: ['CA', 'DC'],
      other_filters: [filters[0].id],
      plan_count: 3,
      expired_plan_count: 2,
    });
    expect(summaries[1]).toEqual({
      id: initech.id,
      name: 'initech',
      url: 'https://initech.example.com',
      size: '10',
      division: main.id,
      naics_codes: [],
      location_states: [],
      other_filters: [],
      plan_count: 0,
      expired_plan_count: 0,
    });
    expect(summaries[2]).toMatchObject({ id: westward.id, division: west.id, naics_codes: ['111110'], location_states: ['OR'], plan_count: 0 });
  });

  it("counts plans as the employer's own record splits them", async () => {
    const detail = await ok('GET', `/employers/${globex.id}/`);
    const [summary] = (await ok('GET', '/employers/summaries/')) as { plan_count: number; expired_plan_count: number }[];
    expect(summary).toMatchObject({ plan_count: detail.plans.length, expired_plan_count: detail.plans_expired.length });
  });

  it('shows a regular user only the employers of their divisions', async () => {
    const response = await annView.router({ method: 'GET', path: '/employers/summaries/', body: undefined, actor: { userId: ann.id } });
    expect(response.status).toBe(200);
    expect((response.body as { id: string }[]).map((summary) => summary.id)).toEqual([westward.id]);
  });

  it('follows an employer moved to another division', async () => {
    await ok(
      'PUT',
      `/employers/${initech.id}/`,
      validEmployerBody(west.id, {
        name: 'initech',
        url: 'https://initech.example.com',
        size: '10',
        naics_codes: [],
        location_states: [],
        other_filters: [],
      }),
    );
    const response = await annView.router({ method: 'GET', path: '/employers/summaries/', body: undefined, actor: { userId: ann.id } });
    expect((response.body as { name: string }[]).map((summary) => summary.name)).toEqual(['initech', 'Westward']);
  });

  it('is read-only and answers 405 to other methods', async () => {
    const before = count('outbox');
    expect((await call('POST', '/employers/summaries/', {})).status).toBe(405);
    expect(count('outbox')).toBe(before);
  });
});
