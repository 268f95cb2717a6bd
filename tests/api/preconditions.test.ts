// Writes that must not overwrite what their sender has not seen (docs/api.md, "Versions and
// If-Match"): every answer that is one record carries its version as ETag, and a PUT or DELETE
// with If-Match is made only while the record still has that version; else 412 with the record as
// it is now, and nothing is written. --strict-api has none of it, as 2.2.1 has none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preconditionMessages } from '../../main/http/preconditions.js';
import { recordVersion } from '../../main/service/record-version.js';
import { batchResponseSchema, capabilitiesSchema, changesPageSchema, EXTENSIONS, type BatchOperation } from '../../shared/sync-wire.js';
import { messages } from '../../shared/validation/messages.js';
import { startApi, type ApiHarness, type ApiResponseOf } from '../support/api-server.js';
import { EMPLOYER_WRITABLE, validEmployerBody } from '../support/fixtures.js';

let h: ApiHarness;

beforeEach(async () => {
  h = await startApi();
});
afterEach(() => h.close());

const tag = (record: Record<string, unknown>) => `"${recordVersion(record)}"`;
const writable = (employer: Record<string, any>) => Object.fromEntries(EMPLOYER_WRITABLE.map((field) => [field, employer[field]]));

function send(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<ApiResponseOf> {
  return h.raw({
    method,
    path,
    headers: { authorization: `Token ${h.admin.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** The employer changed by someone else after `seen` was read: what `seen`'s ETag no longer matches. */
async function changedSince(employer: Record<string, any>, size: string) {
  const changed = await h.request('PUT', `/employers/${employer.id}/`, { ...writable(employer), size });
  expect(changed.status).toBe(200);
  return changed.body as Record<string, any>;
}

describe('a record answers its version as ETag', () => {
  it('on GET and HEAD of an employer, a plan, a user and a division: the digest of the record as the GET answers it', async () => {
    const employer = await h.createEmployer();
    const plan = await h.createPlan('dental', employer.id);
    const user = await h.createRegularUser({ division: h.admin.division });
    for (const path of [`/employers/${employer.id}/`, `/plans/dental/${plan.id}/`, `/users/${user.id}/`, `/divisions/${h.admin.division}/`]) {
      const read = await h.request('GET', path);
      expect(read.headers.etag, path).toBe(tag(read.body));
      expect((await send('HEAD', path, {})).headers.etag, path).toBe(read.headers.etag);
    }
  });

  it('on a create and a PUT: the version the next GET answers', async () => {
    const created = await h.request(
      'POST',
      '/employers/',
      validEmployerBody(h.admin.division, { name: 'Versioned Co', url: 'https://versioned.example.com', other_filters: [] }),
    );
    expect(created.headers.etag).toBe((await h.request('GET', `/employers/${created.body.id}/`)).headers.etag);
    const put = await h.request('PUT', `/employers/${created.body.id}/`, { ...writable(created.body), size: '77' });
    expect(put.headers.etag).not.toBe(created.headers.etag);
    expect(put.headers.etag).toBe((await h.request('GET', `/employers/${created.body.id}/`)).headers.etag);
  });

  it("does not move when the employer's plans do: its plan lists are left out", async () => {
    const employer = await h.createEmployer();
    const before = (await h.request('GET', `/employers/${employer.id}/`)).headers.etag;
    expect(before).toMatch(/^".+"$/);
    await h.createPlan('medical', employer.id);
    const after = await h.request('GET', `/employers/${employer.id}/`);
    expect(after.body.plans).toHaveLength(1);
    expect(after.headers.etag).toBe(before);
  });

  it('is given with each record of the changes feed: the version its GET answers', async () => {
    const employer = await h.createEmployer();
    const plan = await h.createPlan('vision', employer.id);
    const page = changesPageSchema.parse((await h.request('GET', '/changes/')).body);
    for (const [path, id] of [
      [`/employers/${employer.id}/`, employer.id],
      [`/plans/vision/${plan.id}/`, plan.id],
    ] as const) {
      const change = page.changes.find((candidate) => candidate.id === id)!;
      expect(`"${change.version}"`, path).toBe((await h.request('GET', path)).headers.etag);
    }
  });

  it('is announced in GET /capabilities/ as if-match', async () => {
    expect(capabilitiesSchema.parse((await h.request('GET', '/capabilities/')).body).extensions).toContain(EXTENSIONS.ifMatch);
  });
});

describe('PUT and DELETE with If-Match', () => {
  it('writes when the version matches, and answers the new ETag', async () => {
    const employer = await h.createEmployer();
    const seen = await h.request('GET', `/employers/${employer.id}/`);
    const put = await send('PUT', `/employers/${employer.id}/`, { 'if-match': seen.headers.etag! }, { ...writable(employer), size: '55' });
    expect(put.status, put.text).toBe(200);
    expect(put.body.size).toBe('55');
    expect(put.headers.etag).toBe(tag(put.body));
  });

  it('answers 412 when the record changed since, with the record as it is now and its ETag, and writes nothing', async () => {
    const employer = await h.createEmployer();
    const seen = (await h.request('GET', `/employers/${employer.id}/`)).headers.etag!;
    const now = await changedSince(employer, '60');
    const before = await h.digest(['tokens']);
    const put = await send('PUT', `/employers/${employer.id}/`, { 'if-match': seen }, { ...writable(employer), size: '55' });
    expect(put.status).toBe(412);
    expect(put.body).toEqual(now);
    expect(put.headers.etag).toBe(tag(now));
    const deleted = await send('DELETE', `/employers/${employer.id}/`, { 'if-match': seen });
    expect(deleted.status).toBe(412);
    expect(deleted.body).toEqual(now);
    expect(await h.digest(['tokens'])).toBe(before);
    expect((await h.request('GET', `/employers/${employer.id}/`)).body.size).toBe('60');
  });

  it('deletes when the version matches', async () => {
    const employer = await h.createEmployer();
    const plan = await h.createPlan('vision', employer.id);
    const seen = await h.request('GET', `/plans/vision/${plan.id}/`);
    expect(seen.headers.etag).toBe(tag(seen.body));
    expect((await send('DELETE', `/plans/vision/${plan.id}/`, { 'if-match': seen.headers.etag! })).status).toBe(204);
    expect((await h.request('GET', `/plans/vision/${plan.id}/`)).status).toBe(404);
  });

  it('holds a plan, a user and a division to their versions as well', async () => {
    const employer = await h.createEmployer();
    const plan = await h.createPlan('medical', employer.id);
    const user = await h.createRegularUser({ division: h.admin.division });
    const seenPlan = (await h.request('GET', `/plans/medical/${plan.id}/`)).body;
    const seenUser = (await h.request('GET', `/users/${user.id}/`)).body;
    const seenDivision = (await h.request('GET', `/divisions/${user.division}/`)).body;
    const { id: _p, status: _s, created_at: _ca, created_by: _cb, updated_at: _ua, updated_by: _ub, ...planBody } = seenPlan;
    expect((await h.request('PUT', `/plans/medical/${plan.id}/`, { ...planBody, in_ded_single: 2500 })).status).toBe(200);
    expect((await send('PUT', `/plans/medical/${plan.id}/`, { 'if-match': tag(seenPlan) }, { ...planBody, in_ded_single: 3000 })).status).toBe(412);
    expect((await h.request('GET', `/plans/medical/${plan.id}/`)).body.in_ded_single).toBe(2500);
    const { id: _u, username: _n, ...userBody } = seenUser;
    expect((await h.request('PUT', `/users/${user.id}/`, { ...userBody, first_name: 'Changed' })).status).toBe(200);
    expect((await send('PUT', `/users/${user.id}/`, { 'if-match': tag(seenUser) }, { ...userBody, first_name: 'Mine' })).status).toBe(412);
    expect((await h.request('POST', `/divisions/${user.division}/removeUser/`, { email: user.email })).status).toBe(200);
    expect((await send('DELETE', `/divisions/${user.division}/`, { 'if-match': tag(seenDivision) })).status).toBe(412);
  });

  it('takes "*" and a list of versions, one of which must match (RFC 9110)', async () => {
    const employer = await h.createEmployer();
    const current = (await h.request('GET', `/employers/${employer.id}/`)).headers.etag!;
    const other = '"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"';
    expect((await send('PUT', `/employers/${employer.id}/`, { 'if-match': `${other}, ${current}` }, { ...writable(employer), size: '21' })).status).toBe(200);
    expect((await send('PUT', `/employers/${employer.id}/`, { 'if-match': '*' }, { ...writable(employer), size: '22' })).status).toBe(200);
    expect((await send('PUT', `/employers/${employer.id}/`, { 'if-match': `${other}, "BBBB"` }, { ...writable(employer), size: '23' })).status).toBe(412);
    expect((await h.request('GET', `/employers/${employer.id}/`)).body.size).toBe('22');
  });

  it('refuses a weak or malformed If-Match with 400 in words, writing nothing', async () => {
    const employer = await h.createEmployer();
    const current = (await h.request('GET', `/employers/${employer.id}/`)).headers.etag!;
    const before = await h.digest(['tokens']);
    const weak = await send('PUT', `/employers/${employer.id}/`, { 'if-match': `W/${current}` }, { ...writable(employer), size: '31' });
    expect(weak).toMatchObject({ status: 400, body: { detail: preconditionMessages.weak } });
    for (const malformed of [current.slice(1, -1), `${current} garbage`, '"unterminated', ',', '*, "x"']) {
      const response = await send('DELETE', `/employers/${employer.id}/`, { 'if-match': malformed });
      expect(response, malformed).toMatchObject({ status: 400, body: { detail: preconditionMessages.malformed } });
    }
    expect(await h.digest(['tokens'])).toBe(before);
  });

  it('answers 404 for a record the caller cannot read, whatever If-Match says', async () => {
    const employer = await h.createEmployer();
    const current = (await h.request('GET', `/employers/${employer.id}/`)).headers.etag!;
    const outsider = await h.createRegularUser({ divisionName: 'Elsewhere' });
    for (const ifMatch of [current, '"stale"', '*', 'W/"weak"']) {
      const response = await h.raw({
        method: 'DELETE',
        path: `/employers/${employer.id}/`,
        headers: { authorization: `Token ${outsider.token}`, 'if-match': ifMatch },
      });
      expect(response, ifMatch).toMatchObject({ status: 404, body: { detail: messages.notFound } });
    }
    // Its owner, who can read it, is held to the version.
    expect((await send('DELETE', `/employers/${employer.id}/`, { 'if-match': '"stale"' })).status).toBe(412);
    expect((await h.request('GET', `/employers/${employer.id}/`)).status).toBe(200);
  });

  it('is evaluated after an Idempotency-Key replay: a request sent again answers what it answered, never 412', async () => {
    const employer = await h.createEmployer();
    const seen = (await h.request('GET', `/employers/${employer.id}/`)).headers.etag!;
    const headers = { 'if-match': seen, 'idempotency-key': 'conditional-1' };
    const first = await send('PUT', `/employers/${employer.id}/`, headers, { ...writable(employer), size: '41' });
    expect(first.status).toBe(200);
    const again = await send('PUT', `/employers/${employer.id}/`, headers, { ...writable(employer), size: '41' });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    // The same request under another key is held to the version anew: the record changed since.
    const fresh = await send(
      'PUT',
      `/employers/${employer.id}/`,
      { 'if-match': seen, 'idempotency-key': 'conditional-2' },
      { ...writable(employer), size: '41' },
    );
    expect(fresh.status).toBe(412);
  });
});

describe('a batch operation with if_match', () => {
  it('is held to the version as a single request is: 412 with the current record fails that operation only', async () => {
    const stale = await h.createEmployer();
    const fresh = await h.createEmployer();
    const staleSeen = (await h.request('GET', `/employers/${stale.id}/`)).headers.etag!;
    const freshSeen = (await h.request('GET', `/employers/${fresh.id}/`)).headers.etag!;
    const now = await changedSince(stale, '60');
    const operations: BatchOperation[] = [
      { method: 'PUT', path: `/employers/${stale.id}/`, body: { ...writable(stale), size: '55' }, idempotency_key: 'b-1', if_match: staleSeen },
      { method: 'PUT', path: `/employers/${fresh.id}/`, body: { ...writable(fresh), size: '56' }, idempotency_key: 'b-2', if_match: freshSeen },
    ];
    const response = await h.request('POST', '/batch/', { operations });
    const [refused, made] = batchResponseSchema.parse(response.body).results;
    expect(refused).toEqual({ status: 412, body: now, headers: { ETag: tag(now) } });
    expect(made).toMatchObject({ status: 200, body: { size: '56' } });
    expect(made!.headers!.ETag).toBe(tag(made!.body as Record<string, unknown>));
    expect((await h.request('GET', `/employers/${stale.id}/`)).body.size).toBe('60');
    // Sent again, each answers what it answered.
    const again = batchResponseSchema.parse((await h.request('POST', '/batch/', { operations })).body).results;
    expect(again.map((result) => result.status)).toEqual([412, 200]);
  });

  it('refuses an if_match that is not a string, for that operation only', async () => {
    const employer = await h.createEmployer();
    const response = await h.request('POST', '/batch/', {
      operations: [{ method: 'DELETE', path: `/employers/${employer.id}/`, if_match: 12 }],
    });
    expect(batchResponseSchema.parse(response.body).results).toEqual([
      { status: 400, body: { detail: expect.stringContaining('"if_match" must be a string') } },
    ]);
    expect((await h.request('GET', `/employers/${employer.id}/`)).status).toBe(200);
  });
});

describe('--strict-api', () => {
  it('has no versions: no ETag, and If-Match ignored as 2.2.1 and the hosted service do', async () => {
    const strict = await startApi({ strictApi: true });
    try {
      const employer = await strict.createEmployer();
      const read = await strict.request('GET', `/employers/${employer.id}/`);
      expect(read.headers.etag).toBeUndefined();
      const put = await strict.raw({
        method: 'PUT',
        path: `/employers/${employer.id}/`,
        headers: { authorization: `Token ${strict.admin.token}`, 'content-type': 'application/json', 'if-match': '"stale"' },
        body: JSON.stringify({ ...writable(employer), size: '99' }),
      });
      expect(put.status).toBe(200);
      expect(put.headers.etag).toBeUndefined();
      expect((await strict.request('GET', `/employers/${employer.id}/`)).body.size).toBe('99');
      // The same request to a server without --strict-api is refused.
      const full = await h.createEmployer();
      expect((await send('PUT', `/employers/${full.id}/`, { 'if-match': '"stale"' }, { ...writable(full), size: '99' })).status).toBe(412);
    } finally {
      await strict.close();
    }
  });
});
