// Employers over HTTP (service-spec.md "Employer", "Endpoints" rules 1-2, "Limits"; DECISIONS.md
// "Validation rules the spec implies", "Operations beyond 2.2.1").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validEmployerBody, EMPLOYER_WRITABLE, pickWritable } from '../support/fixtures.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused, expectRejected, UUID } from '../support/api-expect.js';
import { HARNESS_START, startApi, unique, type ApiHarness } from '../support/api-server.js';

const RESPONSE_FIELDS = [
  'id',
  'account',
  'name',
  'url',
  'size',
  'naics_codes',
  'location_states',
  'other_filters',
  'division',
  'plans',
  'plans_expired',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
];
const NAICS = (code: string) => `'${code}' is not a 6-digit NAICS code.`;
const STATE = (code: string) => `'${code}' is not a capitalized 2-letter US state abbreviation (use DC for Washington, DC).`;
const SIZE = 'Enter the number of full-time eligible employees as digits greater than 0, for example "250".';
const URL_MESSAGE = "Enter a valid URL starting with 'https://' or 'http://', with a host name.";

let h: ApiHarness;
let filters: { id: string; name: string }[];

beforeAll(async () => {
  h = await startApi();
  filters = (await h.request('GET', '/filters/list/')).body;
});
afterAll(() => h.close());

/** A valid, unique employer body in the admin's division. */
function employerBody(overrides: Record<string, unknown> = {}) {
  const name = unique('Globex ');
  return validEmployerBody(h.admin.division, { name, url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [], ...overrides });
}

async function employerNames(): Promise<string[]> {
  return ((await h.request('GET', '/employers/list/')).body as { name: string }[]).map((e) => e.name);
}

describe('POST /employers/', () => {
  it('creates an employer and answers 200 with exactly the fields of rule 1', async () => {
    const body = employerBody({ naics_codes: ['332710', '423830'], location_states: ['CA', 'DC'], other_filters: [filters[0]!.id] });
    const response = await h.request('POST', '/employers/', body);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(response.body).sort()).toEqual([...RESPONSE_FIELDS].sort());
    expect(response.body).toMatchObject({
      name: body.name,
      url: body.url,
      size: '250',
      naics_codes: ['332710', '423830'],
      location_states: ['CA', 'DC'],
      other_filters: [filters[0]!.id],
      division: h.admin.division,
      account: h.admin.account,
      plans: [],
      plans_expired: [],
      created_at: HARNESS_START,
      updated_at: HARNESS_START,
      created_by: h.admin.user,
      updated_by: h.admin.user,
    });
    expect(response.body.id).toMatch(UUID);
  });

  it('stores surrounding whitespace trimmed', async () => {
    const body = employerBody();
    const response = await h.request('POST', '/employers/', { ...body, name: `  ${body.name as string}  ` });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe(body.name);
  });

  it('accepts empty naics_codes, location_states and other_filters', async () => {
    const response = await h.request('POST', '/employers/', employerBody({ naics_codes: [], location_states: [], other_filters: [] }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ naics_codes: [], location_states: [], other_filters: [] });
  });

  it('accepts up to four NAICS codes', async () => {
    const codes = ['332710', '423830', '541512', '611310'];
    const response = await h.request('POST', '/employers/', employerBody({ naics_codes: codes }));
    expect(response.status).toBe(200);
    expect(response.body.naics_codes).toEqual(codes);
  });

  it('accepts DC and every one of the 50 states', async () => {
    const { US_STATES } = await import('../../shared/resources/us-states.js');
    const states = Object.keys(US_STATES);
    const response = await h.request('POST', '/employers/', employerBody({ location_states: states }));
    expect(response.status).toBe(200);
    expect(response.body.location_states).toEqual(states);
  });
});

describe('GET, PUT and DELETE /employers/{employerID}/', () => {
  it('reads an employer back exactly as created', async () => {
    const created = await h.createEmployer();
    const response = await h.request('GET', `/employers/${created.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it('finds the employer by its id written in upper case', async () => {
    const created = await h.createEmployer();
    const response = await h.request('GET', `/employers/${(created.id as string).toUpperCase()}/`);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(created.id);
  });

  it('replaces every writable field with PUT and stamps updated_at/updated_by', async () => {
    const created = await h.createEmployer();
    const later = '2025-07-01T09:30:00.000Z';
    h.clock.set(later);
    try {
      const replacement = employerBody({ size: '1200', naics_codes: ['611310'], location_states: ['NY'], other_filters: filters.map((f) => f.id) });
      const response = await h.request('PUT', `/employers/${created.id}/`, replacement);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual([...RESPONSE_FIELDS].sort());
      expect(response.body).toMatchObject({
        id: created.id,
        account: h.admin.account,
        name: replacement.name,
        url: replacement.url,
        size: '1200',
        naics_codes: ['611310'],
        location_states: ['NY'],
        other_filters: filters.map((f) => f.id),
        created_at: created.created_at,
        created_by: created.created_by,
        updated_at: later,
        updated_by: h.admin.user,
      });
      expect((await h.request('GET', `/employers/${created.id}/`)).body).toEqual(response.body);
    } finally {
      h.clock.set(HARNESS_START);
    }
  });

  it('keeps its own name and url on PUT (uniqueness ignores the record itself)', async () => {
    const created = await h.createEmployer();
    const response = await h.request('PUT', `/employers/${created.id}/`, { ...pickWritable(created), size: '99' });
    expect(response.status).toBe(200);
    expect(response.body.size).toBe('99');
  });

  it('requires all seven fields on PUT as well (full replacement)', async () => {
    const created = await h.createEmployer();
    await expectRejected(
      h,
      'PUT',
      `/employers/${created.id}/`,
      { name: 'Only A Name' },
      {
        url: [messages.required],
        size: [messages.required],
        naics_codes: [messages.required],
        location_states: [messages.required],
        other_filters: [messages.required],
        division: [messages.required],
      },
      { only: true },
    );
    expect((await h.request('GET', `/employers/${created.id}/`)).body).toEqual(created);
  });

  it('deletes an employer with 204 and no body; afterwards it reads as 404', async () => {
    const created = await h.createEmployer();
    const plan = await h.createPlan('dental', created.id);
    const response = await h.request('DELETE', `/employers/${created.id}/`);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await h.request('GET', `/employers/${created.id}/`)).status).toBe(404);
    expect(await employerNames()).not.toContain(created.name);
    // Its plans go with it.
    expect((await h.request('GET', `/plans/dental/${plan.id}/`)).status).toBe(404);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 404 Not found. to %s of an unknown employer id, writing nothing', async (method) => {
    await expectRefused(h, method, '/employers/8c6b1f9e-3d2a-4e5f-9a8b-7c6d5e4f3a21/', method === 'PUT' ? employerBody() : undefined, 404, messages.notFound);
  });

  it('answers 404 for an id that is not a uuid (not a path of the service)', async () => {
    const response = await h.request('GET', '/employers/acme/');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: messages.notFound });
  });
});

describe('GET /employers/list/', () => {
  it('lists employers as {id, name}, by name', async () => {
    const a = await h.createEmployer({ name: unique('zz List '), url: `https://${unique('zz')}.example.com` });
    const b = await h.createEmployer({ name: unique('aa List '), url: `https://${unique('aa')}.example.com` });
    const response = await h.request('GET', '/employers/list/');
    expect(response.status).toBe(200);
    const list = response.body as { id: string; name: string }[];
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['id', 'name']);
    expect(list).toContainEqual({ id: a.id, name: a.name });
    expect(list).toContainEqual({ id: b.id, name: b.name });
    const names = list.map((e) => e.name.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });
});

describe('employer validation (400 names the field; nothing is written)', () => {
  it('requires all seven writable fields', async () => {
    await expectRejected(h, 'POST', '/employers/', {}, Object.fromEntries(EMPLOYER_WRITABLE.map((f) => [f, [messages.required]])), { only: true });
  });

  it.each(EMPLOYER_WRITABLE)('rejects null for %s', async (field) => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ [field]: null }), { [field]: [messages.notNull] }, { only: true });
  });

  it('rejects a blank name', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ name: '   ' }), { name: [messages.blank] }, { only: true });
  });

  it('rejects a name over 255 characters', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ name: 'N'.repeat(256) }), { name: [messages.maxLength(255)] }, { only: true });
  });

  it('rejects a name that is not a string', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ name: 42 }), { name: [messages.notString] }, { only: true });
  });

  it.each(['www.acme.example.com', 'ftp://acme.example.com', 'https://', 'mailto:hr@acme.example.com'])(
    'rejects the url %j: it must start with http:// or https:// and have a host',
    async (url) => {
      await expectRejected(h, 'POST', '/employers/', employerBody({ url }), { url: [URL_MESSAGE] }, { only: true });
    },
  );

  it('rejects a size sent as a JSON number (size is a string)', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ size: 250 }), { size: [messages.notString] }, { only: true });
  });

  it.each(['0', '-5', '2.5', 'about 250'])('rejects the size %j: digits greater than 0', async (size) => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ size }), { size: [SIZE] }, { only: true });
  });

  it('rejects a fifth NAICS code', async () => {
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ naics_codes: ['332710', '423830', '541512', '611310', '722511'] }),
      {
        naics_codes: [messages.maxItems(4)],
      },
      { only: true },
    );
  });

  it('rejects a NAICS code of 5 digits and one of 7 digits, naming each', async () => {
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ naics_codes: ['12345', '332710', '1234567'] }),
      {
        naics_codes: [NAICS('12345'), NAICS('1234567')],
      },
      { only: true },
    );
  });

  it('rejects six digits that are not a 2017 NAICS code, naming it, and writes nothing', async () => {
    const before = (await h.request('GET', '/employers/list/')).body.length;
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ naics_codes: ['541511', '999999'] }),
      { naics_codes: ["'999999' is not a 2017 NAICS code."] },
      { only: true },
    );
    expect((await h.request('GET', '/employers/list/')).body).toHaveLength(before);
  });

  it('rejects a NAICS code with a letter', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ naics_codes: ['33271A'] }), { naics_codes: [NAICS('33271A')] }, { only: true });
  });

  it('rejects a repeated NAICS code', async () => {
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ naics_codes: ['332710', '332710'] }),
      {
        naics_codes: [messages.duplicateItem('332710')],
      },
      { only: true },
    );
  });

  it('rejects naics_codes sent as a single string', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ naics_codes: '332710' }), { naics_codes: [messages.notAList('332710')] }, { only: true });
  });

  it.each(['ca', 'Ca', 'PR', 'XX', 'Washington, DC'])('rejects the state %j', async (state) => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ location_states: ['CA', state] }), { location_states: [STATE(state)] }, { only: true });
  });

  it('rejects a repeated state', async () => {
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ location_states: ['CA', 'NV', 'CA'] }),
      {
        location_states: [messages.duplicateItem('CA')],
      },
      { only: true },
    );
  });

  it('rejects a filter id that does not exist', async () => {
    const unknown = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ other_filters: [unknown] }),
      { other_filters: [messages.doesNotExist(unknown)] },
      { only: true },
    );
  });

  it('rejects a filter that is not a uuid', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ other_filters: ['Non-Profit Organization'] }), { other_filters: /UUID/ }, { only: true });
  });

  it('rejects a repeated filter', async () => {
    const id = filters[0]!.id;
    await expectRejected(h, 'POST', '/employers/', employerBody({ other_filters: [id, id] }), { other_filters: [messages.duplicateItem(id)] }, { only: true });
  });

  it('rejects a division that does not exist', async () => {
    const unknown = '7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a098';
    await expectRejected(h, 'POST', '/employers/', employerBody({ division: unknown }), { division: [messages.doesNotExist(unknown)] }, { only: true });
  });

  it('rejects a division that is not a uuid', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ division: 'Home Division' }), { division: [messages.uuid] }, { only: true });
  });

  it('reports every bad field of one body together', async () => {
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ name: '', url: 'acme', size: 0, naics_codes: ['1'], location_states: ['ca'] }),
      {
        name: [messages.blank],
        url: [URL_MESSAGE],
        size: [messages.notString],
        naics_codes: [NAICS('1')],
        location_states: [STATE('ca')],
      },
      { only: true },
    );
  });
});
