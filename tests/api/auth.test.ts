// Authentication and permissions over HTTP (service-spec.md "Authentication"; DECISIONS.md
// "Errors" (401 bodies and WWW-Authenticate), "Access" (admin operations, 403)).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/routes.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused } from '../support/api-expect.js';
import { startApi, type ApiHarness, type RegularUser } from '../support/api-server.js';

const SOME_ID = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A concrete path for a route, parameters filled with ids that may or may not exist. */
function concrete(path: string): string {
  return path
    .replace('{benefit}', 'medical')
    .replace('{email}', 'someone%40example.com')
    .replace(/\{[A-Za-z]+ID\}/g, SOME_ID);
}

let h: ApiHarness;
let user: RegularUser;

beforeAll(async () => {
  h = await startApi();
  user = await h.createRegularUser();
});
afterAll(() => h.close());

async function expectUnauthorized(headers: Record<string, string>, detail: string, method = 'GET', path = '/employers/list/') {
  const before = await h.digest();
  const response = await h.raw({ method, path, headers });
  expect(response.status, response.text).toBe(401);
  expect(response.body).toEqual({ detail });
  expect(response.headers['www-authenticate']).toBe('Token');
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(await h.digest()).toBe(before);
}

describe('401: missing credentials', () => {
  it.each(routes.map((route) => [route.method, route.path] as const))(
    "answers %s %s without an Authorization header with 401, WWW-Authenticate: Token and DRF's detail",
    async (method, path) => {
      const before = await h.digest();
      const response = await h.request(method, concrete(path), method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined, null);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(response.headers['www-authenticate']).toBe('Token');
      expect(await h.digest()).toBe(before);
    },
  );

  it('treats an empty Authorization header as missing', async () => {
    await expectUnauthorized({ authorization: '' }, messages.noCredentials);
  });

  it('treats another scheme (Bearer, Basic) as missing credentials, as DRF does', async () => {
    await expectUnauthorized({ authorization: `Bearer ${h.admin.token}` }, messages.noCredentials);
    await expectUnauthorized({ authorization: 'Basic YWRtaW46cGFzc3dvcmQ=' }, messages.noCredentials);
  });
});

describe('401: malformed or unknown token', () => {
  it.each([
    ['the keyword alone', 'Token'],
    ['a short key', 'Token abc123'],
    ['a key with extra words', `Token ${'a'.repeat(40)} extra`],
    ['a key with non-hex characters', `Token ${'z'.repeat(40)}`],
    ['a key one character short', `Token ${'a'.repeat(39)}`],
  ])('answers Invalid token. to %s', async (_what, authorization) => {
    await expectUnauthorized({ authorization }, messages.invalidToken);
  });

  it('answers Invalid token. to a well-formed key that was never issued', async () => {
    await expectUnauthorized({ authorization: `Token ${'0123456789abcdef0123'.repeat(2)}` }, 'Invalid token.');
  });

  it('answers Invalid token. to a POST with a body, writing nothing, and the connection stays usable', async () => {
    await expectUnauthorized({ authorization: `Token ${'f'.repeat(40)}`, 'content-type': 'application/json' }, messages.invalidToken, 'POST', '/employers/');
    const response = await h.raw({
      method: 'POST',
      path: '/employers/',
      headers: { authorization: `Token ${'f'.repeat(40)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(50_000) }),
    });
    expect(response.status).toBe(401);
    expect((await h.request('GET', '/filters/list/')).status).toBe(200);
  });

  it('accepts the keyword in any case and surrounding spaces', async () => {
    const response = await h.raw({ method: 'GET', path: '/employers/list/', headers: { authorization: `  token   ${h.admin.token} ` } });
    expect(response.status).toBe(200);
  });

  it('does not accept the key alone, without the keyword', async () => {
    await expectUnauthorized({ authorization: h.admin.token }, messages.noCredentials);
  });
});

describe('403: admin operations refused to a regular user', () => {
  const adminOperations: [string, string, (h: ApiHarness, user: RegularUser) => unknown][] = [
    ['POST', '/users/', () => ({ email: 'new.person@acmewidgets.example.com', first_name: 'New', last_name: 'Person', division_ids: [] })],
    ['GET', '/users/list/', () => undefined],
    ['PUT', '/users/{self}/', (_h, u) => ({ email: u.email, first_name: 'Self', last_name: 'Promoted', division_ids: [] })],
    ['PUT', '/users/{admin}/', (_h, u) => ({ email: u.email, first_name: 'X', last_name: 'Y', division_ids: [] })],
    ['DELETE', '/users/{admin}/', () => undefined],
    ['DELETE', '/users/{self}/', () => undefined],
    ['GET', '/users/{admin}/', () => undefined],
    ['POST', '/divisions/', () => ({ name: 'Rogue Division', users: [], employer_ids: [] })],
    ['PUT', '/divisions/{own}/', () => ({ name: 'Renamed By User', users: [], employer_ids: [] })],
    ['DELETE', '/divisions/{own}/', () => undefined],
    ['POST', '/divisions/{own}/addUser/', (h) => ({ email: h.admin.email })],
    ['POST', '/divisions/{own}/removeUser/', (_h, u) => ({ email: u.email })],
    ['POST', '/divisions/{home}/addUser/', (_h, u) => ({ email: u.email })],
  ];

  it.each(adminOperations)("refuses %s %s with 403 and DRF's detail, writing nothing", async (method, template, body) => {
    const path = template.replace('{self}', user.id).replace('{admin}', h.admin.user).replace('{own}', user.division).replace('{home}', h.admin.division);
    await expectRefused(h, method, path, body(h, user), 403, 'You do not have permission to perform this action.', user.token);
  });

  it('still lets the regular user work with employers and plans of their division', async () => {
    const employer = await h.createEmployer({ division: user.division }, user.token);
    expect(employer.created_by).toBe(user.id);
    const plan = await h.createPlan('dental', employer.id, {}, user.token);
    expect((await h.request('GET', `/plans/dental/${plan.id}/`, undefined, user.token)).status).toBe(200);
    expect((await h.request('DELETE', `/plans/dental/${plan.id}/`, undefined, user.token)).status).toBe(204);
    expect((await h.request('DELETE', `/employers/${employer.id}/`, undefined, user.token)).status).toBe(204);
  });

  it('lets the regular user read the divisions they hold', async () => {
    const response = await h.request('GET', `/divisions/${user.division}/`, undefined, user.token);
    expect(response.status).toBe(200);
    expect(response.body.users).toEqual([user.email]);
  });
});
