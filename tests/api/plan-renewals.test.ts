// Plans over HTTP, continued (tests/api/plans.test.ts has each kind's fields): renewing and converting
// from a prior-year plan, and plan states (DECISIONS.md "Validation rules the spec implies", "Plan states").
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Benefit } from '../../shared/plans/index.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused, expectRejected } from '../support/api-expect.js';
import { HARNESS_START, startApi, type ApiHarness } from '../support/api-server.js';
import { employerPlanLists, freshPlanBody } from '../support/plan-requests.js';

const PRIOR = {
  otherEmployer: 'The prior-year plan must belong to the same employer.',
  otherKind: (benefit: Benefit) => `The prior-year plan must be a ${benefit} plan.`,
  self: 'A plan cannot be renewed or converted from itself.',
  startsLater: 'The prior-year plan must start before this plan starts.',
};

let h: ApiHarness;
let employer: Record<string, any>;

beforeAll(async () => {
  h = await startApi();
  employer = await h.createEmployer();
});
afterAll(() => h.close());

function planBody(benefit: Benefit, overrides: Record<string, unknown> = {}, employerId: string = employer.id) {
  return freshPlanBody(benefit, employerId, overrides);
}

const employerPlans = (id: string = employer.id) => employerPlanLists(h, id);

describe('from_plan: the prior-year plan', () => {
  it('must exist', async () => {
    const unknown = '6e5d4c3b-2a19-4807-b6a5-f4e3d2c1b0a9';
    await expectRejected(
      h,
      'POST',
      '/plans/medical/',
      planBody('medical', { from_plan: unknown, from_action: 'RENEWED' }),
      {
        from_plan: [messages.doesNotExist(unknown)],
      },
      { only: true },
    );
  });

  it('must belong to the same employer', async () => {
    const otherEmployer = await h.createEmployer();
    const prior = await h.createPlan('medical', otherEmployer.id, { start_date: '2024-01-01', end_date: '2024-12-31' });
    await expectRejected(
      h,
      'POST',
      '/plans/medical/',
      planBody('medical', { from_plan: prior.id, from_action: 'RENEWED' }),
      {
        from_plan: [PRIOR.otherEmployer],
      },
      { only: true },
    );
  });

  it('must be of the same benefit kind', async () => {
    const prior = await h.createPlan('dental', employer.id, { start_date: '2024-01-01', end_date: '2024-12-31' });
    await expectRejected(
      h,
      'POST',
      '/plans/medical/',
      planBody('medical', { from_plan: prior.id, from_action: 'CONVERTED' }),
      {
        from_plan: [PRIOR.otherKind('medical')],
      },
      { only: true },
    );
  });

  it('must start before the new plan starts', async () => {
    const prior = await h.createPlan('medical', employer.id, { start_date: '2025-01-01', end_date: '2025-12-31' });
    await expectRejected(
      h,
      'POST',
      '/plans/medical/',
      planBody('medical', { from_plan: prior.id, from_action: 'RENEWED', start_date: '2025-01-01', end_date: '2025-12-31' }),
      {
        from_plan: [PRIOR.startsLater],
      },
      { only: true },
    );
    await expectRejected(
      h,
      'POST',
      '/plans/medical/',
      planBody('medical', { from_plan: prior.id, from_action: 'RENEWED', start_date: '2024-01-01', end_date: '2024-12-31' }),
      {
        from_plan: [PRIOR.startsLater],
      },
      { only: true },
    );
  });

  it('cannot be the plan itself', async () => {
    const plan = await h.createPlan('medical', employer.id);
    await expectRejected(
      h,
      'PUT',
      `/plans/medical/${plan.id}/`,
      planBody('medical', { title: plan.title, from_plan: plan.id, from_action: 'RENEWED' }),
      {
        from_plan: [PRIOR.self],
      },
      { only: true },
    );
  });

  it('accepts CONVERTED with the same carrier (the service does not reject a mismatch)', async () => {
    const prior = await h.createPlan('medical', employer.id, { start_date: '2024-01-01', end_date: '2024-12-31' });
    const response = await h.request('POST', '/plans/medical/', planBody('medical', { from_plan: prior.id, from_action: 'CONVERTED', carrier: prior.carrier }));
    expect(response.status).toBe(200);
  });
});

describe('renewal', () => {
  it('lists both plans on the employer and refuses to delete the prior plan while the renewal exists', async () => {
    const host = await h.createEmployer();
    const prior = await h.createPlan('medical', host.id, { start_date: '2024-07-01', end_date: '2025-06-30' });
    const renewal = await h.request(
      'POST',
      '/plans/medical/',
      planBody(
        'medical',
        {
          start_date: '2025-07-01',
          end_date: '2026-06-30',
          from_plan: prior.id,
          from_action: 'RENEWED',
        },
        host.id,
      ),
    );
    expect(renewal.status, renewal.text).toBe(200);
    expect(renewal.body).toMatchObject({ from_plan: prior.id, from_action: 'RENEWED' });
    const lists = await employerPlans(host.id);
    expect(lists.plans).toHaveLength(2);
    expect(lists.plans).toEqual(
      expect.arrayContaining([
        { benefit: 'medical', id: prior.id },
        { benefit: 'medical', id: renewal.body.id },
      ]),
    );

    const refused = await expectRefused(h, 'DELETE', `/plans/medical/${prior.id}/`, undefined, 409);
    expect(refused.body.detail).toContain(renewal.body.title);
    expect((await h.request('GET', `/plans/medical/${prior.id}/`)).status).toBe(200);

    // Once the renewal is gone, the prior plan may go.
    expect((await h.request('DELETE', `/plans/medical/${renewal.body.id}/`)).status).toBe(204);
    expect((await h.request('DELETE', `/plans/medical/${prior.id}/`)).status).toBe(204);
  });

  it('refuses a PUT of the prior plan that would start it on or after its renewal', async () => {
    const prior = await h.createPlan('medical', employer.id, { start_date: '2024-01-01', end_date: '2024-12-31' });
    const renewal = await h.createPlan('medical', employer.id, { from_plan: prior.id, from_action: 'RENEWED' });
    await expectRejected(
      h,
      'PUT',
      `/plans/medical/${prior.id}/`,
      planBody('medical', { title: prior.title, start_date: renewal.start_date, end_date: '2026-01-01' }),
      {
        start_date: /prior-year plan/,
      },
      { only: true },
    );
  });

  it('refuses a PUT that moves the prior plan to another employer', async () => {
    const otherEmployer = await h.createEmployer();
    const prior = await h.createPlan('ltd', employer.id, { start_date: '2024-01-01', end_date: '2024-12-31' });
    await h.createPlan('ltd', employer.id, { from_plan: prior.id, from_action: 'RENEWED' });
    await expectRejected(
      h,
      'PUT',
      `/plans/ltd/${prior.id}/`,
      planBody('ltd', { title: prior.title, start_date: '2024-01-01', end_date: '2024-12-31' }, otherEmployer.id),
      {
        employer: /prior-year plan/,
      },
      { only: true },
    );
  });

  it('deleting the employer deletes the prior plan and its renewal together', async () => {
    const host = await h.createEmployer();
    const prior = await h.createPlan('std', host.id, { start_date: '2024-01-01', end_date: '2024-12-31' });
    const renewal = await h.createPlan('std', host.id, { from_plan: prior.id, from_action: 'RENEWED' });
    expect((await h.request('DELETE', `/employers/${host.id}/`)).status).toBe(204);
    expect((await h.request('GET', `/plans/std/${prior.id}/`)).status).toBe(404);
    expect((await h.request('GET', `/plans/std/${renewal.id}/`)).status).toBe(404);
  });
});

describe('plan states', () => {
  afterEach(() => h.clock.set(HARNESS_START));

  it('moves a plan from plans to plans_expired, status EXPIRED, once today is past its end_date', async () => {
    const host = await h.createEmployer();
    const plan = await h.createPlan('vision', host.id, { start_date: '2025-01-01', end_date: '2025-12-31' });
    expect(plan.status).toBe('ACTIVE');
    expect(await employerPlans(host.id)).toEqual({ plans: [{ benefit: 'vision', id: plan.id }], plans_expired: [] });

    // The last day of the plan is still in force.
    h.clock.set('2025-12-31T23:59:00.000Z');
    expect(await employerPlans(host.id)).toEqual({ plans: [{ benefit: 'vision', id: plan.id }], plans_expired: [] });
    expect((await h.request('GET', `/plans/vision/${plan.id}/`)).body.status).toBe('ACTIVE');

    h.clock.set('2026-01-01T00:00:00.000Z');
    expect(await employerPlans(host.id)).toEqual({ plans: [], plans_expired: [{ benefit: 'vision', id: plan.id }] });
    expect((await h.request('GET', `/plans/vision/${plan.id}/`)).body.status).toBe('EXPIRED');
  });

  it('creates a plan that ended before today as EXPIRED', async () => {
    const host = await h.createEmployer();
    const response = await h.request('POST', '/plans/supplemental/', planBody('supplemental', { start_date: '2023-01-01', end_date: '2023-12-31' }, host.id));
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('EXPIRED');
    expect(await employerPlans(host.id)).toEqual({ plans: [], plans_expired: [{ benefit: 'supplemental', id: response.body.id }] });
  });
});
