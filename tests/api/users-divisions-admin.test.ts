// What the admin screens for users and divisions need, through the one router, each change queued
// for sync like any other (and kept in the record's history): list, create, edit and remove users
// (e-mail, admin role, divisions); create, rename and delete divisions; move employers between them.
// The admin role alone is local: the API cannot carry it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistory } from '../../main/history/record-history.js';
import { userRuleMessages } from '../../main/service/users.js';
import { prepared } from '../../main/store/sqlite-store.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { validEmployerBody } from '../support/fixtures.js';
import { contractFor } from '../support/openapi-contract.js';
import { fullApi } from '../../shared/routes.js';
import { messages } from '../../shared/validation/messages.js';

const ADMIN = 'admin@broker.example.com';
let dir: string;
let ws: Workspace;
let localUser: string;
let main: string;

const contract = contractFor(fullApi);
/** One request through the workspace's router, its answer held to the OpenAPI document as the HTTP API tests' are. */
async function request(method: string, path: string, body?: unknown, userId = ws.actor.userId) {
  const response = await ws.router({ method, path, body, actor: { userId } });
  const headers = Object.fromEntries(Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  contract.check({
    method,
    path,
    requestBody: body,
    status: response.status,
    headers,
    text: response.status === 204 ? '' : JSON.stringify(response.body),
    unframed: true,
  });
  return response;
}

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const response = await request(method, path, body);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
/** The outbox entries of a record: what the next sync will push. */
const queued = (id: string) => prepared(ws.db, 'SELECT entity, op FROM outbox WHERE record_id = ? ORDER BY seq').all(id);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-admin-'));
  ({ user: localUser, division: main } = await initWorkspace(dir, { account: 'Broker', email: ADMIN, division: 'Main' }));
  ws = await openWorkspace(dir);
});

afterAll(() => {
  ws.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('users', () => {
  let ann: { id: string };

  it('creates, edits and removes a user, each change queued for sync', async () => {
    ann = await ok('POST', '/users/', { email: 'ann@broker.example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [main] });
    await ok('PUT', `/users/${ann.id}/`, { email: 'ann.lee@broker.example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [] });
    expect(queued(ann.id)).toEqual([
      { entity: 'user', op: 'create' },
      { entity: 'user', op: 'update' },
    ]);
    const temp = await ok('POST', '/users/', { email: 'temp@broker.example.com', first_name: 'T', last_name: 'Emp', division_ids: [] });
    expect((await request('DELETE', `/users/${temp.id}/`)).status).toBe(204);
    expect(queued(temp.id)).toEqual([
      { entity: 'user', op: 'create' },
      { entity: 'user', op: 'delete' },
    ]);
  });

  it('lists every user of the account with names, divisions and admin role in one call (GET /users/summaries/)', async () => {
    expect(await ok('GET', '/users/summaries/')).toEqual([
      { id: localUser, username: 'admin', email: ADMIN, first_name: 'admin', last_name: 'Admin', division_ids: [main], is_admin: true },
      { id: ann.id, username: 'ann', email: 'ann.lee@broker.example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [], is_admin: false },
    ]);
  });

  it('grants and withdraws the admin role (PUT /users/{id}/role/), kept in the history, not queued (the API has no role)', async () => {
    const before = queued(ann.id);
    expect(await ok('PUT', `/users/${ann.id}/role/`, { is_admin: true })).toMatchObject({ id: ann.id, is_admin: true });
    expect((await ok('GET', '/users/summaries/'))[1].is_admin).toBe(true);
    // As an admin Ann holds every division, also one she is not listed in.
    expect((await request('GET', `/divisions/${main}/`, undefined, ann.id)).status).toBe(200);
    await ok('PUT', `/users/${ann.id}/role/`, { is_admin: false });
    expect((await request('GET', `/divisions/${main}/`, undefined, ann.id)).status).toBe(404);
    expect(queued(ann.id)).toEqual(before);
    expect(
      readHistory(ws.db, ann.id)
        .slice(-2)
        .map((entry) => entry.changes),
    ).toEqual([{ is_admin: [false, true] }, { is_admin: [true, false] }]);
  });

  it('refuses a role body that is not a boolean, with 400 and nothing changed or recorded', async () => {
    const before = readHistory(ws.db, ann.id).length;
    expect(await request('PUT', `/users/${ann.id}/role/`, { is_admin: 'yes' })).toEqual({ status: 400, body: { is_admin: [messages.boolean] } });
    expect(await request('PUT', `/users/${ann.id}/role/`, {})).toMatchObject({ status: 400, body: { is_admin: [expect.any(String)] } });
    expect(readHistory(ws.db, ann.id)).toHaveLength(before);
    expect((await ok('GET', '/users/summaries/'))[1].is_admin).toBe(false);
  });

  it('refuses withdrawing your own admin role (409), so the account keeps an admin', async () => {
    expect(await request('PUT', `/users/${localUser}/role/`, { is_admin: false })).toEqual({ status: 409, body: { detail: userRuleMessages.ownAdminRole } });
    expect((await ok('GET', '/users/summaries/'))[0].is_admin).toBe(true);
  });

  it('keeps the admin operations to admins (403) and unknown users at 404', async () => {
    expect(await request('GET', '/users/summaries/', undefined, ann.id)).toEqual({ status: 403, body: { detail: messages.permissionDenied } });
    expect((await request('PUT', `/users/${localUser}/role/`, { is_admin: false }, ann.id)).status).toBe(403);
    expect((await request('PUT', '/users/00000000-0000-4000-8000-000000000000/role/', { is_admin: true })).status).toBe(404);
    expect((await request('GET', `/users/${ann.id}/role/`)).status).toBe(405);
  });
});

describe('divisions', () => {
  it('creates, renames and deletes a division, each queued', async () => {
    const west = await ok('POST', '/divisions/', { name: 'West', users: [], employer_ids: [] });
    const read = await ok('GET', `/divisions/${west.id}/`);
    await ok('PUT', `/divisions/${west.id}/`, { ...read, name: 'West Coast' });
    expect((await ok('GET', '/divisions/list/')).map((division: { name: string }) => division.name)).toContain('West Coast');
    expect((await request('DELETE', `/divisions/${west.id}/`)).status).toBe(204);
    expect(queued(west.id)).toEqual([
      { entity: 'division', op: 'create' },
      { entity: 'division', op: 'update' },
      { entity: 'division', op: 'delete' },
    ]);
  });

  it('moves an employer to another division by editing the employer, and by listing it in the division', async () => {
    const east = await ok('POST', '/divisions/', { name: 'East', users: [], employer_ids: [] });
    const employer = await ok('POST', '/employers/', validEmployerBody(main, { other_filters: [] }));
    await ok('PUT', `/employers/${employer.id}/`, validEmployerBody(east.id, { other_filters: [] }));
    expect((await ok('GET', `/divisions/${east.id}/`)).employer_ids).toEqual([employer.id]);
    await ok('PUT', `/divisions/${main}/`, { ...(await ok('GET', `/divisions/${main}/`)), employer_ids: [employer.id] });
    expect((await ok('GET', `/employers/${employer.id}/`)).division).toBe(main);
    expect(queued(employer.id)).toEqual([
      { entity: 'employer', op: 'create' },
      { entity: 'employer', op: 'update' },
      { entity: 'employer', op: 'update' },
    ]);
    expect((await request('DELETE', `/divisions/${east.id}/`)).status).toBe(204);
  });

  it('refuses deleting a division that still holds employers (409), changing nothing', async () => {
    const before = prepared(ws.db, 'SELECT count(*) FROM outbox').pluck().get();
    expect((await request('DELETE', `/divisions/${main}/`)).status).toBe(409);
    expect(prepared(ws.db, 'SELECT count(*) FROM outbox').pluck().get()).toBe(before);
  });
});
