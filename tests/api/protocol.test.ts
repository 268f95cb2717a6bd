// Protocol details that follow Django REST Framework (DECISIONS.md "Protocol details"):
// authentication before the method check, HEAD, OPTIONS, readable validation messages, and
// bodies that are not UTF-8.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validPlanBody } from '../support/fixtures.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRejected, expectRefused } from '../support/api-expect.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';

let h: ApiHarness;
let employer: Record<string, any>;

beforeAll(async () => {
  h = await startApi();
  employer = await h.createEmployer();
});
afterAll(() => h.close());

describe('authentication comes before the method check', () => {
  it('answers a wrong method without a token with 401, not 405', async () => {
    const response = await expectRefused(h, 'PATCH', `/employers/${employer.id}/`, { name: 'x' }, 401, messages.noCredentials, null);
    expect(response.headers['www-authenticate']).toBe('Token');
  });

  it('answers a wrong method with an unknown token with 401', async () => {
    await expectRefused(h, 'DELETE', '/employers/', undefined, 401, messages.invalidToken, 'f'.repeat(40));
  });

  it('tells only an authenticated caller that the method is not allowed', async () => {
    await expectRefused(h, 'PATCH', `/employers/${employer.id}/`, { name: 'x' }, 405, messages.methodNotAllowed('PATCH'));
  });
});

describe('HEAD', () => {
  it('answers as GET would, with the same status and headers and no body', async () => {
    const get = await h.request('GET', `/employers/${employer.id}/`);
    const head = await h.request('HEAD', `/employers/${employer.id}/`);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('answers 404 for an employer that does not exist, without a body', async () => {
    const head = await h.request('HEAD', '/employers/9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/');
    expect(head.status).toBe(404);
    expect(head.text).toBe('');
  });

  it('answers 401 without a token', async () => {
    const head = await h.request('HEAD', '/employers/list/', undefined, null);
    expect(head.status).toBe(401);
    expect(head.headers['www-authenticate']).toBe('Token');
  });

  it('answers 405 on a path that has no GET', async () => {
    const head = await h.request('HEAD', '/plans/medical/');
    expect(head.status).toBe(405);
    expect(head.headers.allow).toBe('POST');
  });
});

describe('OPTIONS', () => {
  it('describes a collection: Allow, name, renders and parses', async () => {
    const response = await h.request('OPTIONS', '/plans/medical/');
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('POST, OPTIONS');
    expect(response.body).toEqual({ name: 'Plans Create', renders: ['application/json'], parses: ['application/json'] });
  });

  it('lists HEAD wherever GET is allowed', async () => {
    const response = await h.request('OPTIONS', `/employers/${employer.id}/`);
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET, PUT, DELETE, HEAD, OPTIONS');
    expect(response.body.name).toBe('Employers Read');
  });

  it('names an action path by its action', async () => {
    const response = await h.request('OPTIONS', `/divisions/${h.admin.division}/addUser/`);
    expect(response.body.name).toBe('Divisions Add User');
  });

  it('answers 401 without a token and 404 for an unknown path', async () => {
    await expectRefused(h, 'OPTIONS', '/plans/medical/', undefined, 401, messages.noCredentials, null);
    await expectRefused(h, 'OPTIONS', '/nothing/', undefined, 404, messages.notFound);
  });

  it('writes nothing', async () => {
    const before = await h.digest();
    await h.request('OPTIONS', '/employers/', { name: 'Not created' });
    expect(await h.digest()).toBe(before);
  });
});

describe('validation messages show values a person can read', () => {
  function employerBody(overrides: Record<string, unknown>) {
    const name = unique('Protocol ');
    return {
      name,
      url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`,
      size: '10',
      naics_codes: [],
      location_states: [],
      other_filters: [],
      division: h.admin.division,
      ...overrides,
    };
  }

  it('describes an object inside the NAICS list by its type, never as [object Object]', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ naics_codes: [{ code: '541511' }] }), {
      naics_codes: ['a value of type "dict" is not a 6-digit NAICS code.'],
    });
  });

  it('describes a nested list by its type instead of flattening it into one code', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ naics_codes: [['541', '511']] }), {
      naics_codes: ['a value of type "list" is not a 6-digit NAICS code.'],
    });
  });

  it('describes an object given for a state, a filter id and a choice by its type', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody({ location_states: [{}], other_filters: [[]] }), {
      location_states: /^a value of type "dict" is not a capitalized 2-letter US state abbreviation/,
      other_filters: ['a value of type "list" is not a valid UUID.'],
    });
    const plan = validPlanBody('medical', {
      employer: employer.id,
      title: unique('Plan '),
      from_plan: undefined,
      from_action: undefined,
      type: { name: 'PPO' },
    });
    await expectRejected(h, 'POST', '/plans/medical/', plan, { type: ['a value of type "dict" is not a valid choice.'] });
  });

  it('never renders [object Object] for any field of an employer', async () => {
    const everything = Object.fromEntries(
      ['name', 'url', 'size', 'naics_codes', 'location_states', 'other_filters', 'division'].map((key) => [key, [{ a: 1 }]]),
    );
    const response = await expectRejected(h, 'POST', '/employers/', everything, {});
    expect(response.text).not.toContain('[object Object]');
  });
});

describe('a body that is not UTF-8', () => {
  it('answers 400 "JSON parse error - ..." and stores nothing', async () => {
    const before = await h.digest();
    const name = Buffer.concat([Buffer.from('{"name": "Caf'), Buffer.from([0xe9]), Buffer.from('", "users": [], "employer_ids": []}')]);
    const response = await h.raw({
      method: 'POST',
      path: '/divisions/',
      body: name,
      headers: { authorization: `Token ${h.admin.token}`, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^JSON parse error - /);
    expect(await h.digest()).toBe(before);
  });
});

describe('a body in a media type other than JSON', () => {
  const division = () => JSON.stringify({ name: unique('Division '), users: [], employer_ids: [] });
  const send = (method: string, path: string, body: string, contentType: string | undefined) =>
    h.raw({
      method,
      path,
      body,
      headers: { authorization: `Token ${h.admin.token}`, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    });

  it.each([
    ['text/plain', 'POST /divisions/'],
    ['text/plain;charset=UTF-8', 'POST /divisions/'],
    ['application/x-www-form-urlencoded', 'POST /divisions/'],
    ['application/jsonx', 'POST /divisions/'],
    ['text/plain', 'PUT /divisions/{id}/'],
    ['text/plain', 'POST /batch/'],
  ])('answers 415 as DRF does to %s on %s, and writes nothing', async (contentType, operation) => {
    const made = (await h.request('POST', '/divisions/', JSON.parse(division()))).body as { id: string };
    const [method, template] = operation.split(' ') as [string, string];
    const body = template === '/batch/' ? JSON.stringify({ operations: [{ method: 'POST', path: '/divisions/', body: JSON.parse(division()) }] }) : division();
    const before = await h.digest();
    const response = await send(method, template.replace('{id}', made.id), body, contentType);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ detail: `Unsupported media type "${contentType}" in request.` });
    expect(await h.digest()).toBe(before);
  });

  it('answers 415 to a body without a Content-Type, naming the empty type as DRF does', async () => {
    const response = await send('POST', '/divisions/', division(), undefined);
    expect(response).toMatchObject({ status: 415, body: { detail: 'Unsupported media type "" in request.' } });
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8'])('takes %s', async (contentType) => {
    expect((await send('POST', '/divisions/', division(), contentType)).status).toBe(200);
  });

  it('needs no Content-Type for an empty body, and asks none of an operation that reads no body', async () => {
    const made = (await h.request('POST', '/divisions/', JSON.parse(division()))).body as { id: string };
    const empty = await send('POST', '/divisions/', '', 'text/plain');
    expect(empty).toMatchObject({ status: 400, body: { name: [messages.required] } });
    expect((await send('DELETE', `/divisions/${made.id}/`, '{}', 'text/plain')).status).toBe(204);
  });

  it('answers an unknown path 404 and a method the path lacks 405 before asking', async () => {
    expect((await send('POST', '/nowhere/', division(), 'text/plain')).status).toBe(404);
    expect((await send('PUT', '/divisions/', division(), 'text/plain')).status).toBe(405);
  });
});
