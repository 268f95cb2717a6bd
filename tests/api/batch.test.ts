// POST /batch/ (docs/api.md, "Batches"): many writes in one request, each answered with the status
// and body a single request would have got, each with its own Idempotency-Key; one operation that
// fails changes nothing and does not fail the others.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchMessages } from '../../main/http/batch.js';
import { batchResponseSchema, SYNC_LIMITS, type BatchOperation } from '../../shared/sync-wire.js';
import { messages } from '../../shared/validation/messages.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';
import { validEmployerBody, validPlanBody, withoutKeys } from '../support/fixtures.js';

let h: ApiHarness;
/** What the server logged: server errors are logged with their stack. */
let logged: string[];

beforeEach(async () => {
  logged = [];
  h = await startApi({ log: (line) => logged.push(line) });
});
afterEach(() => h.close());

function employerBody(overrides: Record<string, unknown> = {}) {
  const name = unique('Batch Employer ');
  return validEmployerBody(h.admin.division, { name, url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [], ...overrides });
}

async function batch(operations: unknown[], token = h.admin.token) {
  const response = await h.request('POST', '/batch/', { operations }, token);
  expect(response.status, response.text).toBe(200);
  return batchResponseSchema.parse(response.body).results;
}

const employerCount = async () => ((await h.request('GET', '/employers/list/')).body as unknown[]).length;

describe('a batch with one invalid operation among valid ones', () => {
  it('applies the valid ones and answers each as a single request would, the invalid one with its 400', async () => {
    const employer = await h.createEmployer();
    const invalid = withoutKeys(employerBody(), 'name');
    const single = await h.request('POST', '/employers/', invalid);
    const operations: BatchOperation[] = [
      { method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: 'op-1' },
      { method: 'POST', path: '/employers/', body: invalid, idempotency_key: 'op-2' },
      {
        method: 'POST',
        path: '/plans/medical/',
        body: validPlanBody('medical', { employer: employer.id, title: 'Batch Gold', from_plan: undefined, from_action: undefined }),
        idempotency_key: 'op-3',
      },
      { method: 'DELETE', path: `/plans/medical/${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}/`, idempotency_key: 'op-4' },
    ];
    const results = await batch(operations);
    expect(results.map((result) => result.status)).toEqual([200, 400, 200, 404]);
    expect(results[1]).toEqual({ status: 400, body: single.body });
    expect(results[3]).toEqual({ status: 404, body: { detail: messages.notFound } });
    const created = results[0]!.body as { id: string };
    expect((await h.request('GET', `/employers/${created.id}/`)).body).toEqual(created);
    const plan = results[2]!.body as { id: string };
    expect((await h.request('GET', `/plans/medical/${plan.id}/`)).body).toEqual(plan);
    expect(await employerCount()).toBe(2);
  });

  it("answers a delete 204 with a null body, as the single request's empty one", async () => {
    const employer = await h.createEmployer();
    const [result] = await batch([{ method: 'DELETE', path: `/employers/${employer.id}/` }]);
    expect(result).toEqual({ status: 204, body: null });
    expect((await h.request('GET', `/employers/${employer.id}/`)).status).toBe(404);
  });

  it('applies operations in order: a later one may use what an earlier one created', async () => {
    const body = employerBody();
    const [first, second] = await batch([
      { method: 'POST', path: '/employers/', body, idempotency_key: 'order-1' },
      { method: 'POST', path: '/employers/', body, idempotency_key: 'order-2' },
    ]);
    expect(first!.status).toBe(200);
    expect(second).toEqual({ status: 400, body: { name: [messages.alreadyExists('employer', 'name')], url: [messages.alreadyExists('employer', 'url')] } });
  });

  it('answers a malformed operation 400 for it alone', async () => {
    const results = await batch([
      'POST /employers/',
      { method: 'GET', path: '/employers/list/' },
      { method: 'POST', path: 'employers/' },
      { method: 'POST', path: '/batch/', body: { operations: [] } },
      { method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: '' },
      { method: 'POST', path: '/employers/', body: employerBody() },
    ]);
    expect(results.slice(0, 5)).toEqual(
      [batchMessages.notAnOperation, batchMessages.method, batchMessages.path, batchMessages.nested, batchMessages.key].map((detail) => ({
        status: 400,
        body: { detail },
      })),
    );
    expect(results[5]!.status).toBe(200);
    expect(await employerCount()).toBe(1);
  });
});

describe('an operation whose body is nested 20,000 levels deep', () => {
  const deep = `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    h.raw({ method: 'POST', path, headers: { authorization: `Token ${h.admin.token}`, 'content-type': 'application/json', ...headers }, body });

  it('is answered 400 for itself alone, as it is alone, its neighbours applied, and no server error logged', async () => {
    const alone = await post('/employers/', deep);
    expect(alone).toMatchObject({ status: 400, body: { detail: messages.jsonParse('Nesting deeper than 64 levels.') } });
    expect(await post('/employers/', deep, { 'idempotency-key': 'deep-alone' })).toMatchObject({ status: 400, body: alone.body });
    const neighbour = (key: string) => JSON.stringify({ method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: key });
    const operations = [
      neighbour('before-deep'),
      `{"method":"POST","path":"/employers/","body":${deep},"idempotency_key":"deep"}`,
      `{"method":"POST","path":"/employers/","body":${deep}}`,
      neighbour('after-deep'),
    ];
    const response = await post('/batch/', `{"operations":[${operations.join(',')}]}`);
    expect(response.status, response.text).toBe(200);
    const { results } = batchResponseSchema.parse(response.body);
    expect(results.map((result) => result.status)).toEqual([200, 400, 400, 200]);
    expect(results[1]).toEqual({ status: 400, body: alone.body });
    expect(results[2]).toEqual({ status: 400, body: alone.body });
    expect(await employerCount()).toBe(2);
    expect(logged.filter((line) => line.startsWith('error '))).toEqual([]);
  });
});

describe('the idempotency_key of an operation', () => {
  it.each([
    ['a NUL', 'k\u0000'],
    ['a lone high surrogate', 'k\ud800'],
    ['a lone low surrogate', 'k\udfff'],
    ['a letter beyond ASCII', 'kä'],
    ['an emoji', 'k😀'],
    ['a line break', 'k\n'],
    ['nothing', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a number', 42],
  ])('holding %s: 400 naming the key, for that operation alone, writing nothing for it', async (_case, key) => {
    const [refused, neighbour] = await batch([
      { method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: key },
      { method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: 'a neighbour' },
    ]);
    expect(refused).toEqual({ status: 400, body: { detail: batchMessages.key } });
    expect(batchMessages.key).toMatch(/^"idempotency_key" must be 1 to 255 printable ASCII characters/);
    expect(neighbour!.status).toBe(200);
    expect(await employerCount()).toBe(1);
  });

  it('takes any printable ASCII, up to 255 characters', async () => {
    const keys = [' !"#$%&\'()*+,-./0123456789:;<=>?@AZ[\\]^_`az{|}~', 'k'.repeat(255)];
    const results = await batch(keys.map((key) => ({ method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: key })));
    expect(results.map((result) => result.status)).toEqual([200, 200]);
  });

  it('never takes two keys for one: k\\ud800 and k\\udfff are both refused, not the second answered as the first', async () => {
    const results = await batch(
      ['k\ud800', 'k\udfff'].map((key) => ({
        method: 'POST',
        path: '/divisions/',
        body: { name: unique('Division '), users: [], employer_ids: [] },
        idempotency_key: key,
      })),
    );
    expect(results).toEqual([
      { status: 400, body: { detail: batchMessages.key } },
      { status: 400, body: { detail: batchMessages.key } },
    ]);
  });
});

describe('a batch sent again with the same keys', () => {
  it('creates nothing twice and answers the same results, each marked replayed', async () => {
    const operations: BatchOperation[] = [
      { method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: 'again-1' },
      { method: 'POST', path: '/employers/', body: withoutKeys(employerBody(), 'url'), idempotency_key: 'again-2' },
      { method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: 'again-3' },
    ];
    const first = await batch(operations);
    const second = await batch(operations);
    expect(second.map(({ status, body }) => ({ status, body }))).toEqual(first.map(({ status, body }) => ({ status, body })));
    // The records answered carry their versions (ETag) as the first answers did.
    expect(second.map((result) => result.headers)).toEqual(first.map((result) => ({ ...result.headers, 'Idempotent-Replayed': 'true' })));
    expect(await employerCount()).toBe(2);
  });

  it('shares the keys with single requests: an operation already sent alone is not applied again', async () => {
    const body = employerBody();
    const alone = await h.raw({
      method: 'POST',
      path: '/employers/',
      headers: { authorization: `Token ${h.admin.token}`, 'content-type': 'application/json', 'idempotency-key': 'shared-key' },
      body: JSON.stringify(body),
    });
    const [result] = await batch([{ method: 'POST', path: '/employers/', body, idempotency_key: 'shared-key' }]);
    expect(result).toEqual({ status: 200, body: alone.body, headers: { 'Idempotent-Replayed': 'true', ETag: alone.headers.etag } });
    const [reused] = await batch([{ method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: 'shared-key' }]);
    expect(reused!.status).toBe(400);
    expect(await employerCount()).toBe(1);
  });
});

describe('a batch refused as a whole, changing nothing', () => {
  it.each([
    ['no operations list', {}, { operations: [messages.required] }],
    ['operations not a list', { operations: { method: 'POST' } }, { operations: [messages.notAList({})] }],
    ['operations null', { operations: null }, { operations: [messages.notNull] }],
    ['a body that is not an object', [], { detail: messages.jsonParse('Expected a JSON object.') }],
    [
      `more than ${SYNC_LIMITS.batchOperations} operations`,
      { operations: Array.from({ length: SYNC_LIMITS.batchOperations + 1 }, () => ({ method: 'DELETE', path: '/employers/x/' })) },
      { operations: [messages.maxItems(SYNC_LIMITS.batchOperations)] },
    ],
  ])('%s: 400', async (_case, body, expected) => {
    const before = await h.digest();
    const response = await h.request('POST', '/batch/', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await h.digest()).toBe(before);
  });

  it('an Idempotency-Key on the batch itself: 400, the keys belong on its operations', async () => {
    const before = await h.digest();
    const response = await h.raw({
      method: 'POST',
      path: '/batch/',
      headers: { authorization: `Token ${h.admin.token}`, 'content-type': 'application/json', 'idempotency-key': 'whole' },
      body: JSON.stringify({ operations: [{ method: 'POST', path: '/employers/', body: employerBody() }] }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: batchMessages.keyOnBatch });
    expect(await h.digest()).toBe(before);
  });

  it('no credentials: 401 before the body is read', async () => {
    expect((await h.request('POST', '/batch/', { operations: [] }, null)).status).toBe(401);
  });

  it(`a body over ${SYNC_LIMITS.batchBytes} bytes: 413`, async () => {
    const response = await h.raw({
      method: 'POST',
      path: '/batch/',
      headers: { authorization: `Token ${h.admin.token}` },
      body: Buffer.alloc(SYNC_LIMITS.batchBytes + 1, 0x20),
    });
    expect(response.status).toBe(413);
  });
});

describe('the size of a batch', () => {
  it('takes a body larger than a single request may have, up to its own limit', async () => {
    const note = 'x'.repeat(4000); // a field no operation knows: ignored, as in a single request
    const operations = Array.from({ length: 300 }, (_, index) => ({
      method: 'POST',
      path: '/employers/',
      body: { ...employerBody(), note },
      idempotency_key: `big-${index}`,
    }));
    expect(JSON.stringify({ operations }).length).toBeGreaterThan(1024 * 1024);
    const results = await batch(operations);
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(await employerCount()).toBe(300);
  });

  it(`holds each operation to a single request's limit (${SYNC_LIMITS.bodyBytes} bytes): one over it is 413 alone, as it would be sent by itself`, async () => {
    const huge = { ...employerBody(), note: 'x'.repeat(SYNC_LIMITS.bodyBytes) };
    expect((await h.request('POST', '/employers/', huge)).status).toBe(413);
    const results = await batch([
      { method: 'POST', path: '/employers/', body: huge, idempotency_key: 'huge' },
      { method: 'POST', path: '/employers/', body: employerBody(), idempotency_key: 'small' },
    ]);
    expect(results.map((result) => result.status)).toEqual([413, 200]);
    expect(results[0]!.body).toEqual({ detail: messages.tooLarge });
    expect(await employerCount()).toBe(1);
  });
});
