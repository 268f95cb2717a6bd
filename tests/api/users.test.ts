// Users over HTTP (service-spec.md "User"; DECISIONS.md "Responses", "Validation rules the spec
// implies" (uniqueness), "Access", "Operations beyond 2.2.1").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused, expectRejected, UUID } from '../support/api-expect.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';

const FIELDS = ['email', 'first_name', 'last_name', 'division_ids'];
const RESPONSE_FIELDS = ['id', 'username', 'email', 'first_name', 'last_name', 'division_ids'];

let h: ApiHarness;
let second: string;

beforeAll(async () => {
  h = await startApi();
  second = (await h.request('POST', '/divisions/', { name: 'Second Division', users: [], employer_ids: [] })).body.id;
});
afterAll(() => h.close());

const email = (prefix = 'jordan') => `${unique(prefix)}@acmewidgets.example.com`;
const userBody = (overrides: Record<string, unknown> = {}) => ({
  email: email(),
  first_name: 'Jordan',
  last_name: 'Lee',
  division_ids: [h.admin.division],
  ...overrides,
});

async function userEmails(): Promise<string[]> {
  return ((await h.request('GET', '/users/list/')).body as { email: string }[]).map((u) => u.email);
}

describe('POST /users/', () => {
  it('creates a regular user: 200 with id, generated username, email, names and division_ids', async () => {
    const body = userBody({ division_ids: [h.admin.division, second] });
    const response = await h.request('POST', '/users/', body);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([...RESPONSE_FIELDS].sort());
    expect(response.body).toMatchObject({
      email: body.email,
      first_name: 'Jordan',
      last_name: 'Lee',
      division_ids: [h.admin.division, second],
      username: (body.email as string).split('@')[0]!.toLowerCase(),
    });
    expect(response.body.id).toMatch(UUID);
  });

  it("generates a username unique across the platform from the e-mail's local part", async () => {
    const local = unique('casey');
    const first = await h.request('POST', '/users/', userBody({ email: `${local}@one.example.com` }));
    const other = await h.bootstrapAccount();
    const secondUser = await h.request(
      'POST',
      '/users/',
      { email: `${local}@two.example.com`, first_name: 'C', last_name: 'D', division_ids: [other.division] },
      other.token,
    );
    expect(first.body.username).toBe(local.toLowerCase());
    expect(secondUser.status).toBe(200);
    expect(secondUser.body.username).not.toBe(first.body.username);
    expect(secondUser.body.username.startsWith(local.toLowerCase())).toBe(true);
  });

  it('ignores a username, an id and unknown fields sent in the body', async () => {
    const response = await h.request('POST', '/users/', userBody({ username: 'chosen', id: '12345678-1234-4234-8234-123456789012', role: 'admin' }));
    expect(response.status).toBe(200);
    expect(response.body.username).not.toBe('chosen');
    expect(response.body.id).not.toBe('12345678-1234-4234-8234-123456789012');
    expect(response.body).not.toHaveProperty('role');
  });

  it('accepts a user in no division', async () => {
    const response = await h.request('POST', '/users/', userBody({ division_ids: [] }));
    expect(response.status).toBe(200);
    expect(response.body.division_ids).toEqual([]);
  });
});

describe('reading, replacing and deleting users', () => {
  it('reads a user by id and by e-mail (in any case), and lists users as {id, email, username}', async () => {
    const created = (await h.request('POST', '/users/', userBody())).body;
    expect((await h.request('GET', `/users/${created.id}/`)).body).toEqual(created);
    expect((await h.request('GET', `/users/byEmail/${encodeURIComponent(created.email.toUpperCase())}/`)).body).toEqual(created);
    const list = (await h.request('GET', '/users/list/')).body as Record<string, string>[];
    expect(list).toContainEqual({ id: created.id, email: created.email, username: created.username });
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['email', 'id', 'username']);
  });

  it('replaces e-mail, names and divisions with PUT, keeping id and username', async () => {
    const created = (await h.request('POST', '/users/', userBody())).body;
    const replacement = { email: email('renamed'), first_name: 'Jo', last_name: 'Leigh', division_ids: [second] };
    const response = await h.request('PUT', `/users/${created.id}/`, replacement);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: created.id, username: created.username, ...replacement });
    expect((await h.request('GET', `/users/${created.id}/`)).body).toEqual(response.body);
  });

  it('keeps its own e-mail on PUT (uniqueness ignores the record itself)', async () => {
    const created = (await h.request('POST', '/users/', userBody())).body;
    const response = await h.request('PUT', `/users/${created.id}/`, { ...userBody(), email: created.email.toUpperCase() });
    expect(response.status).toBe(200);
  });

  it('deletes a user with 204; the user then reads as 404 and their token no longer works', async () => {
    const user = await h.createRegularUser({ division: h.admin.division });
    expect((await h.request('GET', '/employers/list/', undefined, user.token)).status).toBe(200);
    const response = await h.request('DELETE', `/users/${user.id}/`);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    await expectRefused(h, 'GET', `/users/${user.id}/`, undefined, 404, messages.notFound);
    const after = await h.request('GET', '/employers/list/', undefined, user.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: messages.invalidToken });
  });

  it('refuses to let an admin delete their own user (409), writing nothing', async () => {
    await expectRefused(h, 'DELETE', `/users/${h.admin.user}/`, undefined, 409);
  });

  it('answers 404 for an unknown user id and an unknown e-mail', async () => {
    await expectRefused(h, 'GET', '/users/a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d/', undefined, 404, messages.notFound);
    await expectRefused(h, 'PUT', '/users/a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d/', userBody(), 404, messages.notFound);
    await expectRefused(h, 'DELETE', '/users/a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d/', undefined, 404, messages.notFound);
    await expectRefused(h, 'GET', '/users/byEmail/nobody@nowhere.example.com/', undefined, 404, messages.notFound);
    await expectRefused(h, 'GET', '/users/byEmail/%00/', undefined, 404, messages.notFound);
  });

  it('answers 404 for a user of another account', async () => {
    const other = await h.bootstrapAccount();
    await expectRefused(h, 'GET', `/users/${other.user}/`, undefined, 404, messages.notFound);
    await expectRefused(h, 'GET', `/users/byEmail/${encodeURIComponent(other.email)}/`, undefined, 404, messages.notFound);
    await expectRefused(h, 'PUT', `/users/${other.user}/`, userBody(), 404, messages.notFound);
    await expectRefused(h, 'DELETE', `/users/${other.user}/`, undefined, 404, messages.notFound);
    expect(await userEmails()).not.toContain(other.email);
  });

  it('lets a regular user read themselves, but nobody else', async () => {
    const user = await h.createRegularUser({ division: h.admin.division });
    const self = await h.request('GET', `/users/${user.id}/`, undefined, user.token);
    expect(self.status).toBe(200);
    expect(self.body.email).toBe(user.email);
    await expectRefused(h, 'GET', `/users/${h.admin.user}/`, undefined, 403, messages.permissionDenied, user.token);
  });
});

describe('user validation (400 names the field; nothing is written)', () => {
  it('requires all four fields', async () => {
    await expectRejected(h, 'POST', '/users/', {}, Object.fromEntries(FIELDS.map((f) => [f, [messages.required]])), { only: true });
  });

  it.each(FIELDS)('rejects null for %s', async (field) => {
    await expectRejected(h, 'POST', '/users/', userBody({ [field]: null }), { [field]: [messages.notNull] }, { only: true });
  });

  it.each(['first_name', 'last_name', 'email'])('rejects a blank %s', async (field) => {
    await expectRejected(h, 'POST', '/users/', userBody({ [field]: '  ' }), { [field]: [messages.blank] }, { only: true });
  });

  it.each(['jordan', 'jordan@', '@acme.example.com', 'jordan lee@acme.example.com'])('rejects the e-mail %j', async (bad) => {
    await expectRejected(h, 'POST', '/users/', userBody({ email: bad }), { email: [messages.email] }, { only: true });
  });

  it('rejects a last name over 150 characters', async () => {
    await expectRejected(h, 'POST', '/users/', userBody({ last_name: 'L'.repeat(151) }), { last_name: [messages.maxLength(150)] }, { only: true });
  });

  it('rejects a division id that is not a uuid', async () => {
    await expectRejected(h, 'POST', '/users/', userBody({ division_ids: ['Home Division'] }), { division_ids: /UUID/ }, { only: true });
  });

  it('rejects a division that does not exist', async () => {
    const unknown = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
    await expectRejected(h, 'POST', '/users/', userBody({ division_ids: [unknown] }), { division_ids: [messages.doesNotExist(unknown)] }, { only: true });
  });

  it('rejects a division of another account', async () => {
    const other = await h.bootstrapAccount();
    await expectRejected(
      h,
      'POST',
      '/users/',
      userBody({ division_ids: [other.division] }),
      { division_ids: [messages.doesNotExist(other.division)] },
      { only: true },
    );
  });

  it('rejects a repeated division', async () => {
    await expectRejected(
      h,
      'POST',
      '/users/',
      userBody({ division_ids: [second, second] }),
      { division_ids: [messages.duplicateItem(second)] },
      { only: true },
    );
  });

  it('rejects division_ids sent as a single id', async () => {
    await expectRejected(h, 'POST', '/users/', userBody({ division_ids: second }), { division_ids: [messages.notAList(second)] }, { only: true });
  });
});

describe('user e-mail is unique across the platform, compared case-insensitively', () => {
  it('rejects the e-mail of an existing user in another case', async () => {
    const created = (await h.request('POST', '/users/', userBody())).body;
    const before = await userEmails();
    await expectRejected(
      h,
      'POST',
      '/users/',
      userBody({ email: created.email.toUpperCase() }),
      { email: [messages.alreadyExists('user', 'email')] },
      { only: true },
    );
    expect(await userEmails()).toEqual(before);
  });

  it('rejects an e-mail that differs only in the case of non-ASCII letters', async () => {
    const address = `${unique('józef.ŁUKASZ')}@acmewidgets.example.com`;
    expect((await h.request('POST', '/users/', userBody({ email: address }))).status).toBe(200);
    await expectRejected(
      h,
      'POST',
      '/users/',
      userBody({ email: address.toLowerCase() }),
      { email: [messages.alreadyExists('user', 'email')] },
      { only: true },
    );
    await expectRejected(
      h,
      'POST',
      '/users/',
      userBody({ email: address.toUpperCase() }),
      { email: [messages.alreadyExists('user', 'email')] },
      { only: true },
    );
  });

  it('rejects the e-mail of a user of another account', async () => {
    const other = await h.bootstrapAccount();
    await expectRejected(h, 'POST', '/users/', userBody({ email: other.email }), { email: [messages.alreadyExists('user', 'email')] }, { only: true });
  });

  it("rejects a PUT that takes another user's e-mail", async () => {
    const a = (await h.request('POST', '/users/', userBody())).body;
    const b = (await h.request('POST', '/users/', userBody())).body;
    await expectRejected(h, 'PUT', `/users/${b.id}/`, userBody({ email: a.email }), { email: [messages.alreadyExists('user', 'email')] }, { only: true });
  });
});
