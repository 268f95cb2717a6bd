// The project's own server honours Idempotency-Key on writes: the same key (from the same user)
// within 24 hours answers the stored status and body without acting again; the same key with a
// different request is a 400.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../main/api/types.js';
import { idempotencyMessages, withIdempotency } from '../../main/http/idempotency.js';
import { createRouter } from '../../main/router/router.js';
import { sql, writeTransaction } from '../../main/store/database.js';
import { keepIdempotentResult } from '../../main/store/idempotency-store.js';
import { validEmployerBody } from '../support/fixtures.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';

let h: ApiHarness;

beforeAll(async () => {
  h = await startApi();
});
afterAll(() => h.close());

function employerBody(overrides: Record<string, unknown> = {}) {
  const name = unique('Keyed Employer ');
  return validEmployerBody(h.admin.division, { name, url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [], ...overrides });
}

function post(path: string, body: unknown, key: string | undefined, token = h.admin.token) {
  return h.raw({
    method: 'POST',
    path,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Token ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

const employerCount = async () => (await sql(h.db, 'SELECT count(*) FROM employers').pluck().get()) as number;

describe('Idempotency-Key over HTTP', () => {
  it('replays the stored status and body for the same key, and acts once', async () => {
    const key = unique('key-');
    const body = employerBody();
    const first = await post('/employers/', body, key);
    expect(first.status).toBe(200);
    const count = await employerCount();
    const again = await post('/employers/', body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await employerCount()).toBe(count);
  });

  it('replays a refusal too', async () => {
    const key = unique('key-');
    const body = employerBody({ size: 'many' });
    const first = await post('/employers/', body, key);
    expect(first.status).toBe(400);
    const again = await post('/employers/', body, key);
    expect(again).toMatchObject({ status: 400, body: first.body });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 400 to the same key with a different body or path, and writes nothing', async () => {
    const key = unique('key-');
    expect((await post('/employers/', employerBody(), key)).status).toBe(200);
    const before = await h.digest();
    const otherBody = await post('/employers/', employerBody(), key);
    expect(otherBody).toMatchObject({ status: 400, body: { detail: idempotencyMessages.reused } });
    const otherPath = await post('/divisions/', { name: unique('Division '), users: [], employer_ids: [] }, key);
    expect(otherPath).toMatchObject({ status: 400, body: { detail: idempotencyMessages.reused } });
    expect(await h.digest()).toBe(before);
  });

  it('keeps keys per user: another user with the same key acts on its own', async () => {
    const key = unique('key-');
    const other = await h.bootstrapAccount();
    const mine = await post('/employers/', employerBody(), key);
    const theirs = await post(
      '/employers/',
      validEmployerBody(other.division, { name: unique('Their Employer '), url: 'https://theirs.example.com', other_filters: [] }),
      key,
      other.token,
    );
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it.each([
    ['longer than 255 characters', 'k'.repeat(256)],
    ['beyond ASCII', 'kä'],
    ['a control character', 'k\tk'],
  ])('refuses a key %s, naming the header, and writes nothing', async (_case, key) => {
    const before = await h.digest();
    const response = await post('/employers/', employerBody(), key);
    expect(response).toMatchObject({ status: 400, body: { detail: idempotencyMessages.key('Idempotency-Key') } });
    expect(idempotencyMessages.key('Idempotency-Key')).toBe('Idempotency-Key must be 1 to 255 printable ASCII characters (from space to "~"), such as a UUID.');
    expect(await h.digest()).toBe(before);
  });

  it('refuses an empty key rather than keeping the answer under it', async () => {
    const before = await h.digest();
    const response = await h.raw({
      method: 'POST',
      path: '/employers/',
      body: JSON.stringify(employerBody()),
      headers: { 'content-type': 'application/json', authorization: `Token ${h.admin.token}`, 'idempotency-key': '' },
    });
    expect(response).toMatchObject({ status: 400, body: { detail: idempotencyMessages.key('Idempotency-Key') } });
    expect(await h.digest()).toBe(before);
  });

  it('ignores the key on reads', async () => {
    const key = unique('key-');
    const created = await post('/employers/', employerBody(), key);
    const read = await h.raw({
      method: 'GET',
      path: `/employers/${created.body.id}/`,
      headers: { authorization: `Token ${h.admin.token}`, 'idempotency-key': key },
    });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(created.body.id);
  });
});

describe('the same request spelled another way', () => {
  /** The employer's body as JSON text with its members in reverse order, and spaces and escapes of its own. */
  const respelled = (body: Record<string, unknown>) =>
    `{ ${Object.entries(body)
      .reverse()
      .map(([name, value]) => `"${name}" :  ${JSON.stringify(value).replace(/\//g, '\\/')}`)
      .join(' ,\n')} }`;
  const send = (path: string, text: string, key: string) =>
    h.raw({
      method: 'POST',
      path,
      body: text,
      headers: { 'content-type': 'application/json', authorization: `Token ${h.admin.token}`, 'idempotency-key': key },
    });

  it('replays a body with its members in another order, other spacing and escapes', async () => {
    const key = unique('key-');
    const body = employerBody();
    const first = await send('/employers/', JSON.stringify(body), key);
    expect(first.status).toBe(200);
    const count = await employerCount();
    const again = await send('/employers/', respelled(body), key);
    expect(again).toMatchObject({ status: 200, body: first.body, headers: { 'idempotent-replayed': 'true' } });
    expect(await employerCount()).toBe(count);
  });

  it('replays a path with a query string, which no write reads', async () => {
    const key = unique('key-');
    const body = employerBody();
    const first = await send('/employers/', JSON.stringify(body), key);
    const again = await send('/employers/?from=retry', JSON.stringify(body), key);
    expect(again).toMatchObject({ status: 200, body: first.body, headers: { 'idempotent-replayed': 'true' } });
  });

  it('still tells a list in another order apart: 400, nothing written', async () => {
    const key = unique('key-');
    expect((await send('/employers/', JSON.stringify(employerBody({ location_states: ['CA', 'DC'] })), key)).status).toBe(200);
    const before = await h.digest();
    const reordered = await send('/employers/', JSON.stringify(employerBody({ location_states: ['DC', 'CA'] })), key);
    expect(reordered).toMatchObject({ status: 400, body: { detail: idempotencyMessages.reused } });
    expect(await h.digest()).toBe(before);
  });

  it('replays a key kept before bodies were compared as parsed (the hash of the JSON as it came), and tells another body apart', async () => {
    const key = unique('key-');
    const body = employerBody();
    // An answer the service gave (the API tests hold every answer to the OpenAPI document), kept as the version before this one kept it.
    const kept = await h.createEmployer();
    const at = new Date().toISOString();
    await writeTransaction(h.db, (db) =>
      keepIdempotentResult(
        db,
        h.admin.user,
        key,
        {
          method: 'POST',
          path: '/employers/',
          body_hash: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
          status: 200,
          response: JSON.stringify(kept),
        },
        at,
        at,
      ),
    );
    const count = await employerCount();
    expect(await send('/employers/', JSON.stringify(body, null, 2), key)).toMatchObject({
      status: 200,
      body: kept,
      headers: { 'idempotent-replayed': 'true' },
    });
    expect(await send('/employers/', JSON.stringify(employerBody()), key)).toMatchObject({ status: 400, body: { detail: idempotencyMessages.reused } });
    expect(await employerCount()).toBe(count);
  });
});

describe('Idempotency-Key lifetime and server errors', () => {
  it('acts again once 24 hours have passed', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const route = withIdempotency(h.db, createRouter(h.context), () => now);
    const request: ApiRequest = { method: 'POST', path: '/employers/', body: employerBody(), actor: { userId: h.admin.user } };
    const key = unique('key-');
    const first = await route(request, key);
    expect(first.status).toBe(200);
    now += 24 * 60 * 60 * 1000 - 1;
    expect(await route(request, key)).toMatchObject({ status: 200, body: first.body, headers: { 'Idempotent-Replayed': 'true' } });
    now += 2;
    // Acting again meets the employer the first request made.
    expect(await route(request, key)).toMatchObject({ status: 400, body: { name: [expect.stringMatching(/already exists/)] } });
  });

  it('does not keep a 5xx answer: the same key tries again', async () => {
    const answers: ApiResponse[] = [
      { status: 503, body: { detail: 'busy' } },
      { status: 200, body: { id: 'done' } },
    ];
    let calls = 0;
    const route = withIdempotency(h.db, async () => answers[calls++]!);
    const request: ApiRequest = { method: 'POST', path: '/employers/', body: { any: 1 }, actor: { userId: h.admin.user } };
    const key = unique('key-');
    expect((await route(request, key)).status).toBe(503);
    expect(await route(request, key)).toEqual({ status: 200, body: { id: 'done' } });
    expect(await route(request, key)).toMatchObject({ status: 200, body: { id: 'done' }, headers: { 'Idempotent-Replayed': 'true' } });
    expect(calls).toBe(2);
  });
});
