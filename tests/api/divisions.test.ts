// Divisions over HTTP (service-spec.md "Division", AddUser; DECISIONS.md "Responses", "Access",
// "Validation rules the spec implies" (division name unique within the account), "Operations beyond 2.2.1").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused, expectRejected, UUID } from '../support/api-expect.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';

const FIELDS = ['name', 'users', 'employer_ids'];
const UNKNOWN_USER = (email: string) => `No user with the e-mail '${email}' in this account.`;

let h: ApiHarness;

beforeAll(async () => {
  h = await startApi();
});
afterAll(() => h.close());

const divisionBody = (overrides: Record<string, unknown> = {}) => ({ name: unique('Division '), users: [], employer_ids: [], ...overrides });

async function newUser(): Promise<string> {
  const email = `${unique('member')}@acmewidgets.example.com`;
  const response = await h.request('POST', '/users/', { email, first_name: 'M', last_name: 'Ember', division_ids: [] });
  expect(response.status).toBe(200);
  return email;
}

async function divisionList(): Promise<{ id: string; name: string }[]> {
  return (await h.request('GET', '/divisions/list/')).body;
}

describe('POST /divisions/', () => {
  it('creates a division: 200 with id, name, users (e-mails) and employer_ids', async () => {
    const member = await newUser();
    const employer = await h.createEmployer();
    const body = divisionBody({ users: [member], employer_ids: [employer.id] });
    const response = await h.request('POST', '/divisions/', body);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['employer_ids', 'id', 'name', 'users']);
    expect(response.body).toMatchObject({ name: body.name, users: [member], employer_ids: [employer.id] });
    expect(response.body.id).toMatch(UUID);
    // The employer moved into the new division; the member holds it.
    expect((await h.request('GET', `/employers/${employer.id}/`)).body.division).toBe(response.body.id);
    expect((await h.request('GET', `/users/byEmail/${encodeURIComponent(member)}/`)).body.division_ids).toEqual([response.body.id]);
  });

  it('lists the new division on GET /divisions/list/ as {id, name}: the admin holds divisions created later', async () => {
    const created = (await h.request('POST', '/divisions/', divisionBody())).body;
    const list = await divisionList();
    expect(list).toContainEqual({ id: created.id, name: created.name });
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['id', 'name']);
    const employer = await h.createEmployer({ division: created.id });
    expect(employer.division).toBe(created.id);
  });

  it('ignores an id and unknown fields sent in the body', async () => {
    const response = await h.request('POST', '/divisions/', divisionBody({ id: '0f0e0d0c-0b0a-4909-8807-060504030201', colour: 'blue' }));
    expect(response.status).toBe(200);
    expect(response.body.id).not.toBe('0f0e0d0c-0b0a-4909-8807-060504030201');
    expect(response.body).not.toHaveProperty('colour');
  });
});

describe('addUser and removeUser', () => {
  it('adds a user by e-mail and answers the division; adding twice is not an error', async () => {
    const division = (await h.request('POST', '/divisions/', divisionBody())).body;
    const member = await newUser();
    const first = await h.request('POST', `/divisions/${division.id}/addUser/`, { email: member });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: division.id, name: division.name, users: [member], employer_ids: [] });
    const again = await h.request('POST', `/divisions/${division.id}/addUser/`, { email: member.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.body.users).toEqual([member]);
  });

  it('removes a user by e-mail', async () => {
    const member = await newUser();
    const division = (await h.request('POST', '/divisions/', divisionBody({ users: [member] }))).body;
    const response = await h.request('POST', `/divisions/${division.id}/removeUser/`, { email: member });
    expect(response.status).toBe(200);
    expect(response.body.users).toEqual([]);
  });

  it('requires the e-mail', async () => {
    const division = (await h.request('POST', '/divisions/', divisionBody())).body;
    await expectRejected(h, 'POST', `/divisions/${division.id}/addUser/`, {}, { email: [messages.required] }, { only: true });
    await expectRejected(h, 'POST', `/divisions/${division.id}/addUser/`, { email: null }, { email: [messages.notNull] }, { only: true });
    await expectRejected(h, 'POST', `/divisions/${division.id}/addUser/`, { email: 'not-an-email' }, { email: [messages.email] }, { only: true });
  });

  it('rejects an e-mail with no user in this account', async () => {
    const division = (await h.request('POST', '/divisions/', divisionBody())).body;
    const other = await h.bootstrapAccount();
    await expectRejected(
      h,
      'POST',
      `/divisions/${division.id}/addUser/`,
      { email: 'ghost@nowhere.example.com' },
      { email: [UNKNOWN_USER('ghost@nowhere.example.com')] },
      { only: true },
    );
    await expectRejected(h, 'POST', `/divisions/${division.id}/addUser/`, { email: other.email }, { email: [UNKNOWN_USER(other.email)] }, { only: true });
  });

  it('answers 404 for an unknown division', async () => {
    const member = await newUser();
    await expectRefused(h, 'POST', '/divisions/c0ffee00-1234-4abc-8def-0123456789ab/addUser/', { email: member }, 404, messages.notFound);
  });
});

describe('GET, PUT and DELETE /divisions/{divisionID}/, and byEmployer', () => {
  it('reads a division back', async () => {
    const created = (await h.request('POST', '/divisions/', divisionBody())).body;
    expect((await h.request('GET', `/divisions/${created.id}/`)).body).toEqual(created);
  });

  it('finds the one division of an employer, as an object (not a list)', async () => {
    const employer = await h.createEmployer();
    const response = await h.request('GET', `/divisions/byEmployer/${employer.id}/`);
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(false);
    expect(response.body.id).toBe(h.admin.division);
    expect(response.body).toHaveProperty('name');
    expect(response.body).toHaveProperty('users');
    expect(response.body.employer_ids).toContain(employer.id);
  });

  it('replaces name, members and employers with PUT', async () => {
    const a = await newUser();
    const b = await newUser();
    const created = (await h.request('POST', '/divisions/', divisionBody({ users: [a] }))).body;
    const employer = await h.createEmployer();
    const response = await h.request('PUT', `/divisions/${created.id}/`, { name: `${created.name} renamed`, users: [b], employer_ids: [employer.id] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: created.id, name: `${created.name} renamed`, users: [b], employer_ids: [employer.id] });
  });

  it('refuses a PUT that leaves out one of its employers (it would have no division)', async () => {
    const created = (await h.request('POST', '/divisions/', divisionBody())).body;
    const employer = await h.createEmployer({ division: created.id });
    await expectRejected(
      h,
      'PUT',
      `/divisions/${created.id}/`,
      { name: created.name, users: [], employer_ids: [] },
      { employer_ids: new RegExp(employer.id) },
      { only: true },
    );
  });

  it('deletes an empty division with 204, and refuses (409) one that still holds employers', async () => {
    const empty = (await h.request('POST', '/divisions/', divisionBody())).body;
    expect((await h.request('DELETE', `/divisions/${empty.id}/`)).status).toBe(204);
    expect((await divisionList()).map((d) => d.id)).not.toContain(empty.id);
    const full = (await h.request('POST', '/divisions/', divisionBody())).body;
    await h.createEmployer({ division: full.id });
    await expectRefused(h, 'DELETE', `/divisions/${full.id}/`, undefined, 409);
  });

  it('answers 404 for an unknown division and for a division of another account', async () => {
    const other = await h.bootstrapAccount();
    for (const id of ['c0ffee00-1234-4abc-8def-0123456789ab', other.division]) {
      await expectRefused(h, 'GET', `/divisions/${id}/`, undefined, 404, messages.notFound);
      await expectRefused(h, 'PUT', `/divisions/${id}/`, divisionBody(), 404, messages.notFound);
      await expectRefused(h, 'DELETE', `/divisions/${id}/`, undefined, 404, messages.notFound);
    }
    expect((await divisionList()).map((d) => d.id)).not.toContain(other.division);
  });
});

describe('division validation (400 names the field; nothing is written)', () => {
  it('requires all three fields', async () => {
    await expectRejected(h, 'POST', '/divisions/', {}, Object.fromEntries(FIELDS.map((f) => [f, [messages.required]])), { only: true });
  });

  it.each(FIELDS)('rejects null for %s', async (field) => {
    await expectRejected(h, 'POST', '/divisions/', divisionBody({ [field]: null }), { [field]: [messages.notNull] }, { only: true });
  });

  it('rejects a blank name', async () => {
    await expectRejected(h, 'POST', '/divisions/', divisionBody({ name: ' ' }), { name: [messages.blank] }, { only: true });
  });

  it('rejects a name already used in the account, in another case', async () => {
    const created = (await h.request('POST', '/divisions/', divisionBody())).body;
    const before = await divisionList();
    await expectRejected(
      h,
      'POST',
      '/divisions/',
      divisionBody({ name: created.name.toUpperCase() }),
      { name: [messages.alreadyExists('division', 'name')] },
      { only: true },
    );
    expect(await divisionList()).toEqual(before);
  });

  it('rejects a name already used in the account in another case beyond ASCII, as for employers and users', async () => {
    const created = (await h.request('POST', '/divisions/', divisionBody({ name: unique('Société Générale ') }))).body;
    const before = await divisionList();
    await expectRejected(
      h,
      'POST',
      '/divisions/',
      divisionBody({ name: created.name.toUpperCase() }),
      { name: [messages.alreadyExists('division', 'name')] },
      { only: true },
    );
    expect(await divisionList()).toEqual(before);
  });

  it('lets another account use the same division name', async () => {
    const created = (await h.request('POST', '/divisions/', divisionBody())).body;
    const other = await h.bootstrapAccount();
    expect((await h.request('POST', '/divisions/', divisionBody({ name: created.name }), other.token)).status).toBe(200);
  });

  it('rejects a PUT that takes the name of another division', async () => {
    const a = (await h.request('POST', '/divisions/', divisionBody())).body;
    const b = (await h.request('POST', '/divisions/', divisionBody())).body;
    await expectRejected(
      h,
      'PUT',
      `/divisions/${b.id}/`,
      divisionBody({ name: a.name }),
      { name: [messages.alreadyExists('division', 'name')] },
      { only: true },
    );
  });

  it('rejects a user that is not an e-mail', async () => {
    await expectRejected(h, 'POST', '/divisions/', divisionBody({ users: ['jordan.lee'] }), { users: /email/ }, { only: true });
  });

  it('rejects a user e-mail unknown to the account', async () => {
    const other = await h.bootstrapAccount();
    await expectRejected(
      h,
      'POST',
      '/divisions/',
      divisionBody({ users: ['ghost@nowhere.example.com', other.email] }),
      {
        users: [UNKNOWN_USER('ghost@nowhere.example.com'), UNKNOWN_USER(other.email)],
      },
      { only: true },
    );
  });

  it('rejects a repeated user', async () => {
    const member = await newUser();
    await expectRejected(
      h,
      'POST',
      '/divisions/',
      divisionBody({ users: [member, member.toUpperCase()] }),
      { users: [messages.duplicateItem(member)] },
      { only: true },
    );
  });

  it('rejects an employer that does not exist, or belongs to another account', async () => {
    const other = await h.bootstrapAccount();
    const theirs = (
      await h.request(
        'POST',
        '/employers/',
        {
          name: unique('Theirs '),
          url: `https://${unique('theirs')}.example.com`,
          size: '10',
          naics_codes: [],
          location_states: [],
          other_filters: [],
          division: other.division,
        },
        other.token,
      )
    ).body;
    const unknown = 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a';
    await expectRejected(
      h,
      'POST',
      '/divisions/',
      divisionBody({ employer_ids: [unknown, theirs.id] }),
      {
        employer_ids: [messages.doesNotExist(unknown), messages.doesNotExist(theirs.id)],
      },
      { only: true },
    );
    expect((await h.request('GET', `/employers/${theirs.id}/`, undefined, other.token)).body.division).toBe(other.division);
  });

  it('rejects an employer id that is not a uuid', async () => {
    await expectRejected(h, 'POST', '/divisions/', divisionBody({ employer_ids: ['Acme'] }), { employer_ids: /UUID/ }, { only: true });
  });
});
