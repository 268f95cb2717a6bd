// Filters over HTTP (service-spec.md "Employer" other_filters; DECISIONS.md "Access": two standard
// filters per account; "Operations beyond 2.2.1": GET /filters/list/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused, expectRejected, UUID } from '../support/api-expect.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';

let h: ApiHarness;

beforeAll(async () => {
  h = await startApi();
});
afterAll(() => h.close());

const employerBody = (division: string, other_filters: string[]) => ({
  name: unique('Filtered '),
  url: `https://${unique('filtered')}.example.com`,
  size: '40',
  naics_codes: [],
  location_states: ['TX'],
  other_filters,
  division,
});

describe('GET /filters/list/', () => {
  it('lists the two standard filters of the account as {id, name}', async () => {
    const response = await h.request('GET', '/filters/list/');
    expect(response.status).toBe(200);
    expect(response.body.map((f: { name: string }) => f.name).sort()).toEqual(['Government Contractor', 'Non-Profit Organization']);
    for (const filter of response.body) {
      expect(Object.keys(filter).sort()).toEqual(['id', 'name']);
      expect(filter.id).toMatch(UUID);
    }
  });

  it('gives every account its own standard filters', async () => {
    const mine = (await h.request('GET', '/filters/list/')).body as { id: string }[];
    const other = await h.bootstrapAccount();
    const theirs = (await h.request('GET', '/filters/list/', undefined, other.token)).body as { id: string; name: string }[];
    expect(theirs.map((f) => f.name).sort()).toEqual(['Government Contractor', 'Non-Profit Organization']);
    expect(theirs.map((f) => f.id).filter((id) => mine.some((m) => m.id === id))).toEqual([]);
  });

  it('is open to a regular user too', async () => {
    const user = await h.createRegularUser();
    expect((await h.request('GET', '/filters/list/', undefined, user.token)).status).toBe(200);
  });

  it('is read-only (405 for POST)', async () => {
    await expectRefused(h, 'POST', '/filters/list/', { name: 'Custom' }, 405, messages.methodNotAllowed('POST'));
  });
});

describe('other_filters on an employer', () => {
  it('stores and returns the filters that exist for the account', async () => {
    const ids = ((await h.request('GET', '/filters/list/')).body as { id: string }[]).map((f) => f.id);
    const response = await h.request('POST', '/employers/', employerBody(h.admin.division, ids));
    expect(response.status).toBe(200);
    expect(response.body.other_filters).toEqual(ids);
  });

  it('accepts a filter id written in upper case, as the same filter', async () => {
    const id = ((await h.request('GET', '/filters/list/')).body as { id: string }[])[0]!.id;
    const response = await h.request('POST', '/employers/', employerBody(h.admin.division, [id.toUpperCase()]));
    expect(response.status).toBe(200);
    expect(response.body.other_filters).toEqual([id]);
  });

  it('rejects a filter of another account', async () => {
    const other = await h.bootstrapAccount();
    const theirs = ((await h.request('GET', '/filters/list/', undefined, other.token)).body as { id: string }[])[0]!.id;
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody(h.admin.division, [theirs]),
      { other_filters: [messages.doesNotExist(theirs)] },
      { only: true },
    );
  });

  it('rejects an unknown filter on PUT as well, leaving the employer as it was', async () => {
    const created = (await h.request('POST', '/employers/', employerBody(h.admin.division, []))).body;
    const unknown = 'e1d2c3b4-a5f6-4e7d-8c9b-0a1f2e3d4c5b';
    const { id: _id, account: _a, plans: _p, plans_expired: _pe, created_at: _ca, created_by: _cb, updated_at: _ua, updated_by: _ub, ...writable } = created;
    await expectRejected(
      h,
      'PUT',
      `/employers/${created.id}/`,
      { ...writable, other_filters: [unknown] },
      { other_filters: [messages.doesNotExist(unknown)] },
      { only: true },
    );
    expect((await h.request('GET', `/employers/${created.id}/`)).body).toEqual(created);
  });
});
