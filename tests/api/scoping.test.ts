// Division scoping over HTTP (service-spec.md "Authentication" 6; DECISIONS.md "Access": anything
// outside the caller's divisions reads as 404 and cannot be named as a reference (400 on that field);
// admins hold every division, also ones created later).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused, expectRejected } from '../support/api-expect.js';
import { startApi, unique, type ApiHarness, type RegularUser } from '../support/api-server.js';

let h: ApiHarness;
let a: RegularUser;
let b: RegularUser;
let employerA: Record<string, any>;
let employerB: Record<string, any>;
let planA: Record<string, any>;

beforeAll(async () => {
  h = await startApi();
  a = await h.createRegularUser({ divisionName: 'Division A' });
  b = await h.createRegularUser({ divisionName: 'Division B' });
  employerA = await h.createEmployer({ division: a.division }, a.token);
  employerB = await h.createEmployer({ division: b.division }, b.token);
  planA = await h.createPlan('medical', employerA.id, {}, a.token);
});
afterAll(() => h.close());

function employerBody(division: string, overrides: Record<string, unknown> = {}) {
  const name = unique('Scoped ');
  return validEmployerBody(division, { name, url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [], ...overrides });
}

describe('user B and the employer of division A', () => {
  it('cannot GET it: 404 Not found., not 403', async () => {
    await expectRefused(h, 'GET', `/employers/${employerA.id}/`, undefined, 404, messages.notFound, b.token);
  });

  it('cannot PUT it: 404, and it is unchanged', async () => {
    await expectRefused(h, 'PUT', `/employers/${employerA.id}/`, employerBody(b.division), 404, messages.notFound, b.token);
    expect((await h.request('GET', `/employers/${employerA.id}/`, undefined, a.token)).body).toMatchObject({ name: employerA.name, division: a.division });
  });

  it('cannot DELETE it: 404, and it still exists', async () => {
    await expectRefused(h, 'DELETE', `/employers/${employerA.id}/`, undefined, 404, messages.notFound, b.token);
    expect((await h.request('GET', `/employers/${employerA.id}/`, undefined, a.token)).status).toBe(200);
  });

  it('cannot read, replace or delete its plans: 404', async () => {
    await expectRefused(h, 'GET', `/plans/medical/${planA.id}/`, undefined, 404, messages.notFound, b.token);
    await expectRefused(
      h,
      'PUT',
      `/plans/medical/${planA.id}/`,
      validPlanBody('medical', { employer: employerB.id, from_plan: undefined, from_action: undefined }),
      404,
      messages.notFound,
      b.token,
    );
    await expectRefused(h, 'DELETE', `/plans/medical/${planA.id}/`, undefined, 404, messages.notFound, b.token);
  });

  it('cannot create a plan for it: 400 on employer', async () => {
    await expectRejected(
      h,
      'POST',
      '/plans/dental/',
      validPlanBody('dental', { employer: employerA.id, title: unique('Sneaky ') }),
      {
        employer: [messages.doesNotExist(employerA.id)],
      },
      { token: b.token, only: true },
    );
  });

  it('cannot renew one of its plans: 400 on from_plan', async () => {
    await expectRejected(
      h,
      'POST',
      '/plans/medical/',
      validPlanBody('medical', {
        employer: employerB.id,
        title: unique('Renewal '),
        from_plan: planA.id,
        from_action: 'RENEWED',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      }),
      { from_plan: [messages.doesNotExist(planA.id)] },
      { token: b.token, only: true },
    );
  });

  it('cannot ask for its division: 404', async () => {
    await expectRefused(h, 'GET', `/divisions/byEmployer/${employerA.id}/`, undefined, 404, messages.notFound, b.token);
  });

  it('cannot move a plan of division B onto it: 400 on employer', async () => {
    const planB = await h.createPlan('vision', employerB.id, {}, b.token);
    await expectRejected(
      h,
      'PUT',
      `/plans/vision/${planB.id}/`,
      validPlanBody('vision', { employer: employerA.id, title: planB.title }),
      {
        employer: [messages.doesNotExist(employerA.id)],
      },
      { token: b.token, only: true },
    );
  });
});

describe('user B and division A', () => {
  it('cannot name division A on a new employer: 400 on division', async () => {
    await expectRejected(h, 'POST', '/employers/', employerBody(a.division), { division: [messages.doesNotExist(a.division)] }, { token: b.token, only: true });
  });

  it('cannot move their own employer into division A: 400 on division', async () => {
    const { id: _i, account: _a, plans: _p, plans_expired: _e, created_at: _c, created_by: _cb, updated_at: _u, updated_by: _ub, ...writable } = employerB;
    await expectRejected(
      h,
      'PUT',
      `/employers/${employerB.id}/`,
      { ...writable, division: a.division },
      { division: [messages.doesNotExist(a.division)] },
      { token: b.token, only: true },
    );
  });

  it('cannot read division A: 404', async () => {
    await expectRefused(h, 'GET', `/divisions/${a.division}/`, undefined, 404, messages.notFound, b.token);
  });
});

describe('lists show only what the caller holds', () => {
  it('/employers/list/ shows each user only the employers of their own division', async () => {
    const listA = (await h.request('GET', '/employers/list/', undefined, a.token)).body;
    const listB = (await h.request('GET', '/employers/list/', undefined, b.token)).body;
    expect(listA).toEqual([{ id: employerA.id, name: employerA.name }]);
    expect(listB).toEqual([{ id: employerB.id, name: employerB.name }]);
  });

  it('/divisions/list/ shows each user only their own divisions', async () => {
    expect((await h.request('GET', '/divisions/list/', undefined, a.token)).body).toEqual([{ id: a.division, name: 'Division A' }]);
    expect((await h.request('GET', '/divisions/list/', undefined, b.token)).body).toEqual([{ id: b.division, name: 'Division B' }]);
  });

  it('the admin sees every employer and every division', async () => {
    const employers = (await h.request('GET', '/employers/list/')).body as { id: string }[];
    expect(employers.map((e) => e.id)).toEqual(expect.arrayContaining([employerA.id, employerB.id]));
    const divisions = (await h.request('GET', '/divisions/list/')).body as { id: string }[];
    expect(divisions.map((d) => d.id)).toEqual(expect.arrayContaining([h.admin.division, a.division, b.division]));
    expect((await h.request('GET', `/employers/${employerA.id}/`)).status).toBe(200);
    expect((await h.request('GET', `/plans/medical/${planA.id}/`)).status).toBe(200);
  });

  it('the admin holds a division created later, without being added to it', async () => {
    const later = (await h.request('POST', '/divisions/', { name: unique('Later '), users: [], employer_ids: [] })).body;
    expect(later.users).toEqual([]);
    expect(((await h.request('GET', '/divisions/list/')).body as { id: string }[]).map((d) => d.id)).toContain(later.id);
    const employer = await h.createEmployer({ division: later.id });
    expect((await h.request('GET', `/employers/${employer.id}/`)).status).toBe(200);
    // ...which regular users do not hold until added.
    await expectRefused(h, 'GET', `/employers/${employer.id}/`, undefined, 404, messages.notFound, a.token);
  });

  it('adding user B to division A opens it to them; removing them closes it again', async () => {
    expect((await h.request('POST', `/divisions/${a.division}/addUser/`, { email: b.email })).status).toBe(200);
    expect((await h.request('GET', `/employers/${employerA.id}/`, undefined, b.token)).status).toBe(200);
    expect(((await h.request('GET', '/employers/list/', undefined, b.token)).body as { id: string }[]).map((e) => e.id).sort()).toEqual(
      [employerA.id, employerB.id].sort(),
    );
    expect((await h.request('POST', `/divisions/${a.division}/removeUser/`, { email: b.email })).status).toBe(200);
    await expectRefused(h, 'GET', `/employers/${employerA.id}/`, undefined, 404, messages.notFound, b.token);
  });
});

describe('accounts are separate', () => {
  it('an admin of another account reaches nothing of this one: 404 on reads, 400 on references', async () => {
    const other = await h.bootstrapAccount();
    await expectRefused(h, 'GET', `/employers/${employerA.id}/`, undefined, 404, messages.notFound, other.token);
    await expectRefused(h, 'GET', `/plans/medical/${planA.id}/`, undefined, 404, messages.notFound, other.token);
    await expectRefused(h, 'GET', `/divisions/${a.division}/`, undefined, 404, messages.notFound, other.token);
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody(a.division),
      { division: [messages.doesNotExist(a.division)] },
      { token: other.token, only: true },
    );
    expect((await h.request('GET', '/employers/list/', undefined, other.token)).body).toEqual([]);
    expect((await h.request('GET', '/divisions/list/', undefined, other.token)).body).toEqual([{ id: other.division, name: 'Their Division' }]);
  });
});
