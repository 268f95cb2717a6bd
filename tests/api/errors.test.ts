// Error responses over HTTP (DECISIONS.md "Errors": every one is JSON; 404, 405, 400 parse errors,
// 413, 429; unknown and read-only fields ignored).
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused } from '../support/api-expect.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';

let h: ApiHarness;
let employer: Record<string, any>;

beforeAll(async () => {
  h = await startApi();
  employer = await h.createEmployer();
});
afterAll(() => h.close());

function employerBody(overrides: Record<string, unknown> = {}) {
  const name = unique('Errors ');
  return validEmployerBody(h.admin.division, { name, url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [], ...overrides });
}

async function sendText(method: string, path: string, text: string, token: string | null = h.admin.token) {
  return h.raw({
    method,
    path,
    body: text,
    headers: { 'content-type': 'application/json', ...(token !== null ? { authorization: `Token ${token}` } : {}) },
  });
}

describe('404 Not found.', () => {
  it.each(['/', '/nothing/', '/employers/list/extra/', '/plans/', '/plans/dentalx/', '/plans/medical/not-a-uuid/', '/api/employers/'])(
    'answers %s with 404 and a JSON body',
    async (path) => {
      await expectRefused(h, 'GET', path, undefined, 404, 'Not found.');
    },
  );

  it.each(['/employers', '/employers/list', '/plans/medical', '/divisions/list', '/filters/list'])('answers %s (no trailing slash) with 404', async (path) => {
    await expectRefused(h, 'GET', path, undefined, 404, messages.notFound);
    await expectRefused(h, 'POST', path, {}, 404, messages.notFound);
  });

  it('answers an employer path without its trailing slash with 404', async () => {
    await expectRefused(h, 'GET', `/employers/${employer.id}`, undefined, 404, messages.notFound);
  });

  it('answers 404 for an unknown path even without credentials (the path is resolved first)', async () => {
    await expectRefused(h, 'GET', '/nothing/', undefined, 404, messages.notFound, null);
  });

  it('ignores a query string', async () => {
    expect((await h.request('GET', '/employers/list/?page=2&search=acme')).status).toBe(200);
  });
});

describe('405 Method not allowed', () => {
  it("answers PATCH on an employer with 405, DRF's detail and an Allow header", async () => {
    const response = await expectRefused(h, 'PATCH', `/employers/${employer.id}/`, { name: 'Patched' }, 405, 'Method "PATCH" not allowed.');
    expect(response.headers.allow).toBe('GET, PUT, DELETE');
  });

  it.each([
    ['DELETE', '/employers/'],
    ['GET', '/employers/'],
    ['GET', '/plans/medical/'],
    ['PUT', '/divisions/list/'],
    ['GET', '/divisions/00000000-0000-4000-8000-000000000000/addUser/'],
    ['PATCH', '/users/'],
  ])('answers %s %s with 405', async (method, path) => {
    await expectRefused(h, method, path, undefined, 405, messages.methodNotAllowed(method));
  });
});

describe('400 JSON parse error', () => {
  it.each([
    ['a truncated object', '{"name": '],
    ['plain text', 'name=Acme'],
    ['a trailing comma', '{"name": "Acme",}'],
    ['single quotes', "{'name': 'Acme'}"],
  ])('answers %s with 400 {"detail": "JSON parse error - ..."}', async (_what, text) => {
    const before = await h.digest();
    const response = await sendText('POST', '/employers/', text);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['detail']);
    expect(response.body.detail).toMatch(/^JSON parse error - .+/);
    expect(await h.digest()).toBe(before);
  });

  it('answers a non-JSON body on PUT the same way, leaving the record unchanged', async () => {
    const response = await sendText('PUT', `/employers/${employer.id}/`, '<employer/>');
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^JSON parse error - /);
    expect((await h.request('GET', `/employers/${employer.id}/`)).body).toEqual(employer);
  });

  it.each([
    ['a JSON array', JSON.stringify([employerBodyText()])],
    ['a JSON string', '"Acme"'],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
    ['JSON true', 'true'],
  ])('answers %s as the body with 400: a body must be a JSON object', async (_what, text) => {
    const before = await h.digest();
    const response = await sendText('POST', '/employers/', text);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: messages.jsonParse('Expected a JSON object.') });
    expect(await h.digest()).toBe(before);
  });

  it('treats an empty POST body as an empty object (400 listing the required fields)', async () => {
    const before = await h.digest();
    const response = await h.raw({ method: 'POST', path: '/employers/', headers: { authorization: `Token ${h.admin.token}` } });
    expect(response.status).toBe(400);
    expect(response.body.name).toEqual([messages.required]);
    expect(await h.digest()).toBe(before);
  });

  /** The body with `field` replaced by arrays nested `depth` deep around `inner`. */
  function nestedBody(body: Record<string, unknown>, field: string, depth: number, inner = '1'): string {
    return JSON.stringify({ ...body, [field]: '__DEEP__' }).replace('"__DEEP__"', `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`);
  }

  it.each(['name', 'naics_codes', 'other_filters', 'location_states', 'division'])(
    "answers a value nested thousands deep in the employer's %s with 400, not a server error",
    async (field) => {
      for (const depth of [5_000, 50_000]) {
        const before = await h.digest();
        const response = await sendText('POST', '/employers/', nestedBody(employerBody(), field, depth));
        expect(response.status, `${depth}: ${response.text.slice(0, 200)}`).toBe(400);
        expect(response.body).toBeTypeOf('object');
        expect(await h.digest()).toBe(before);
      }
    },
  );

  it('answers a value nested thousands deep in a plan choice field with 400, not a server error', async () => {
    const body = validPlanBody('medical', { employer: employer.id, from_plan: undefined, from_action: undefined });
    const response = await sendText('POST', '/plans/medical/', nestedBody(body, 'type', 5_000));
    expect(response.status, response.text.slice(0, 200)).toBe(400);
  });

  it('still names the field when a list item is nested a few levels deep', async () => {
    const response = await sendText('POST', '/employers/', nestedBody(employerBody(), 'naics_codes', 3));
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('naics_codes');
  });

  it('answers a deeply nested body sent with an Idempotency-Key with 400, not a server error', async () => {
    const response = await h.raw({
      method: 'POST',
      path: '/employers/',
      body: nestedBody(employerBody(), 'naics_codes', 50_000),
      headers: { 'content-type': 'application/json', authorization: `Token ${h.admin.token}`, 'idempotency-key': unique('deep-') },
    });
    expect(response.status, response.text.slice(0, 200)).toBe(400);
    expect(Object.keys(response.body)).toEqual(['detail']);
  });
});

function employerBodyText() {
  return { name: 'Array Co', url: 'https://array.example.com' };
}

describe('unknown and read-only fields', () => {
  it('ignores unknown fields in a body', async () => {
    const response = await h.request('POST', '/employers/', employerBody({ industry: 'Manufacturing', nested: { a: [1, 2] } }));
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('industry');
    expect(response.body).not.toHaveProperty('nested');
  });

  it('ignores id, account, plans and the timestamps sent on POST', async () => {
    const other = await h.bootstrapAccount();
    const sent = {
      id: '01234567-89ab-4cde-8f01-23456789abcd',
      account: other.account,
      plans: [{ benefit: 'medical', id: '01234567-89ab-4cde-8f01-23456789abce' }],
      plans_expired: [],
      created_at: '1999-01-01T00:00:00Z',
      created_by: other.user,
      updated_at: '1999-01-01T00:00:00Z',
      updated_by: other.user,
    };
    const response = await h.request('POST', '/employers/', employerBody(sent));
    expect(response.status).toBe(200);
    expect(response.body.id).not.toBe(sent.id);
    expect(response.body).toMatchObject({ account: h.admin.account, plans: [], plans_expired: [], created_by: h.admin.user, updated_by: h.admin.user });
    expect(response.body.created_at).not.toBe(sent.created_at);
    expect((await h.request('GET', `/employers/${sent.id}/`)).status).toBe(404);
  });

  it('ignores id, account and plans sent on PUT: the path names the record', async () => {
    const target = await h.createEmployer();
    const plan = await h.createPlan('std', target.id);
    const response = await h.request(
      'PUT',
      `/employers/${target.id}/`,
      employerBody({
        id: employer.id,
        account: '01234567-89ab-4cde-8f01-23456789abcd',
        plans: [],
        plans_expired: [{ benefit: 'std', id: plan.id }],
        created_by: 'someone',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: target.id,
      account: h.admin.account,
      plans: [{ benefit: 'std', id: plan.id }],
      plans_expired: [],
      created_by: h.admin.user,
    });
    expect((await h.request('GET', `/employers/${employer.id}/`)).body).toEqual(employer);
  });
});

describe('every error is JSON', () => {
  it('answers 401, 404, 405 and 400 with Content-Type application/json', async () => {
    const responses = [
      await h.request('GET', '/employers/list/', undefined, null),
      await h.request('GET', '/nope/'),
      await h.request('PATCH', '/employers/'),
      await sendText('POST', '/employers/', '{'),
      await h.request('POST', '/employers/', {}),
    ];
    for (const response of responses) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(() => JSON.parse(response.text)).not.toThrow();
      expect(response.text).not.toMatch(/<html|\bat .*\.ts:\d+/i);
    }
  });
});

describe('413 Request body too large', () => {
  let small: ApiHarness;
  beforeAll(async () => {
    small = await startApi({ bodyLimit: 1024 });
  });
  afterAll(() => small.close());

  it('answers a body over the limit with 413 and DRF-style detail, writing nothing', async () => {
    const before = await small.digest();
    const response = await small.raw({
      method: 'POST',
      path: '/employers/',
      headers: { authorization: `Token ${small.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...validEmployerBody(small.admin.division, { other_filters: [] }), padding: 'p'.repeat(2048) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body too large.' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(await small.digest()).toBe(before);
  });

  it('answers a chunked body (no Content-Length) that grows over the limit with 413', async () => {
    const before = await small.digest();
    const chunks = Array.from({ length: 8 }, () => Buffer.from(' '.repeat(400)));
    const response = await small.raw({
      method: 'POST',
      path: '/employers/',
      headers: { authorization: `Token ${small.admin.token}`, 'content-type': 'application/json' },
      body: Readable.from([Buffer.from('{"name": "Chunky", "padding": "'), ...chunks, Buffer.from('"}')]),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: messages.tooLarge });
    expect(await small.digest()).toBe(before);
  });

  it('accepts a body just under the limit', async () => {
    const body = validEmployerBody(small.admin.division, { other_filters: [], name: 'Just Under' });
    const text = JSON.stringify({ ...body, padding: '' });
    const padded = JSON.stringify({ ...body, padding: 'p'.repeat(1024 - Buffer.byteLength(text)) });
    expect(Buffer.byteLength(padded)).toBe(1024);
    const response = await small.raw({
      method: 'POST',
      path: '/employers/',
      headers: { authorization: `Token ${small.admin.token}`, 'content-type': 'application/json' },
      body: padded,
    });
    expect(response.status, response.text).toBe(200);
  });

  it('keeps serving after a 413', async () => {
    expect((await small.request('GET', '/filters/list/')).status).toBe(200);
  });
});

describe('429 Request was throttled', () => {
  let limited: ApiHarness;
  beforeAll(async () => {
    limited = await startApi({ rateLimit: { requests: 3, seconds: 60 } });
  });
  afterAll(() => limited.close());

  it("answers the fourth request within the window with 429, Retry-After and DRF's detail", async () => {
    for (let i = 0; i < 3; i += 1) expect((await limited.request('GET', '/filters/list/')).status).toBe(200);
    const response = await limited.request('GET', '/filters/list/');
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.body).toEqual({ detail: `Request was throttled. Expected available in ${retryAfter} seconds.` });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('writes nothing for a throttled request', async () => {
    const before = await limited.digest();
    const response = await limited.request('POST', '/employers/', validEmployerBody(limited.admin.division, { other_filters: [] }));
    expect(response.status).toBe(429);
    expect(await limited.digest()).toBe(before);
  });

  it('counts each user separately', async () => {
    const other = await limited.bootstrapAccount();
    expect((await limited.request('GET', '/filters/list/', undefined, other.token)).status).toBe(200);
  });

  it('does not let a throttled caller escape by respelling the Authorization header', async () => {
    const response = await limited.raw({ method: 'GET', path: '/filters/list/', headers: { authorization: `token  ${limited.admin.token}` } });
    expect(response.status).toBe(429);
  });
});
