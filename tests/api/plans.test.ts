// Plans of all nine kinds over HTTP (service-spec.md "Fields common to every plan kind" and each
// kind's table; DECISIONS.md "Responses", "Validation rules the spec implies", "Operations beyond
// 2.2.1"). Prior-year plans and plan states: tests/api/plan-renewals.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFITS, planKind, type Benefit } from '../../shared/plans/index.js';
import { planMessages } from '../../shared/plans/kind.js';
import type { FieldSpec } from '../../shared/validation/fields.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused, expectRejected, UUID } from '../support/api-expect.js';
import { HARNESS_START, startApi, unique, type ApiHarness } from '../support/api-server.js';
import { employerPlanLists, freshPlanBody } from '../support/plan-requests.js';

const META = ['id', 'status', 'created_at', 'updated_at', 'created_by', 'updated_by'];
const TITLE_TAKEN = (benefit: Benefit) => `${benefit} plan with this title already exists for this employer.`;

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

function fieldsOf(benefit: Benefit): [string, FieldSpec][] {
  return Object.entries(planKind(benefit).fields) as [string, FieldSpec][];
}

const employerPlans = (id: string = employer.id) => employerPlanLists(h, id);

describe.each(BENEFITS)('%s plans', (benefit) => {
  const path = `/plans/${benefit}/`;
  const fields = fieldsOf(benefit);

  it('creates a valid plan: 200 with id, every field of its kind, status and timestamps', async () => {
    const body = planBody(benefit);
    const response = await h.request('POST', path, body);
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([...fields.map(([name]) => name), ...META].sort());
    expect(response.body.id).toMatch(UUID);
    for (const [name, spec] of fields) {
      if (name in body) expect(response.body[name], name).toEqual(body[name]);
      else expect(response.body[name], `${name} (${spec.presence}) absent from the request comes back null`).toBeNull();
    }
    expect(response.body).toMatchObject({
      status: 'ACTIVE',
      created_at: HARNESS_START,
      updated_at: HARNESS_START,
      created_by: h.admin.user,
      updated_by: h.admin.user,
    });
    expect((await employerPlans()).plans).toContainEqual({ benefit, id: response.body.id });
  });

  if (benefit === 'stoploss' || benefit === 'supplemental') {
    it('has no pt field', async () => {
      const response = await h.request('POST', path, planBody(benefit, { pt: true }));
      expect(response.status).toBe(200);
      expect(response.body).not.toHaveProperty('pt');
    });
  }

  it('reads the plan back with GET /plans/{kind}/{planID}/', async () => {
    const created = await h.createPlan(benefit, employer.id);
    const response = await h.request('GET', `${path}${created.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it('replaces the plan with PUT', async () => {
    const created = await h.createPlan(benefit, employer.id);
    const intField = fields.find(([, spec]) => spec.type === 'int' && spec.presence === 'required')?.[0];
    const title = unique(`${benefit} renamed `);
    const replacement = planBody(benefit, { title, carrier: 'Renamed Carrier', end_date: '2025-11-30', ...(intField ? { [intField]: 7 } : {}) });
    h.clock.set('2025-06-20T08:00:00.000Z');
    const response = await h.request('PUT', `${path}${created.id}/`, replacement);
    h.clock.set(HARNESS_START);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: created.id,
      title,
      carrier: 'Renamed Carrier',
      end_date: '2025-11-30',
      created_at: created.created_at,
      updated_at: '2025-06-20T08:00:00.000Z',
      ...(intField ? { [intField]: 7 } : {}),
    });
    expect((await h.request('GET', `${path}${created.id}/`)).body).toEqual(response.body);
  });

  it('deletes the plan with 204; it then reads as 404 and leaves the employer', async () => {
    const created = await h.createPlan(benefit, employer.id);
    const response = await h.request('DELETE', `${path}${created.id}/`);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    await expectRefused(h, 'GET', `${path}${created.id}/`, undefined, 404, messages.notFound);
    const lists = await employerPlans();
    expect([...lists.plans, ...lists.plans_expired].map((p) => p.id)).not.toContain(created.id);
  });

  it('answers 404 to GET, PUT and DELETE of an unknown plan id', async () => {
    const unknown = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';
    await expectRefused(h, 'GET', `${path}${unknown}/`, undefined, 404, messages.notFound);
    await expectRefused(h, 'PUT', `${path}${unknown}/`, planBody(benefit), 404, messages.notFound);
    await expectRefused(h, 'DELETE', `${path}${unknown}/`, undefined, 404, messages.notFound);
  });

  it('requires every required field (and every field documented "null if none")', async () => {
    const required = fields.filter(([, spec]) => spec.presence !== 'optional').map(([name]) => name);
    await expectRejected(h, 'POST', path, {}, Object.fromEntries(required.map((name) => [name, [messages.required]])), { only: true });
  });

  it('rejects null in every required field', async () => {
    for (const [name, spec] of fields) {
      if (spec.presence !== 'required') continue;
      await expectRejected(h, 'POST', path, planBody(benefit, { [name]: null }), { [name]: [messages.notNull] }, { only: true });
    }
  });

  const ints = fields.filter(([, spec]) => spec.type === 'int') as [string, Extract<FieldSpec, { type: 'int' }>][];
  it('rejects a numeric string, a fraction and a boolean in every integer field', async () => {
    for (const [name] of ints) {
      for (const bad of ['12', 12.5, true]) {
        await expectRejected(h, 'POST', path, planBody(benefit, { [name]: bad }), { [name]: [messages.integer] }, { only: true });
      }
    }
  });

  it('rejects a value below the minimum and above the maximum in every integer field', async () => {
    for (const [name, spec] of ints) {
      await expectRejected(h, 'POST', path, planBody(benefit, { [name]: spec.min - 1 }), { [name]: [messages.minValue(spec.min)] }, { only: true });
      await expectRejected(h, 'POST', path, planBody(benefit, { [name]: spec.max + 1 }), { [name]: [messages.maxValue(spec.max)] }, { only: true });
    }
  });

  const bools = fields.filter(([, spec]) => spec.type === 'bool').map(([name]) => name);
  if (bools.length > 0) {
    it('rejects a string and a number in every boolean field', async () => {
      for (const name of bools) {
        for (const bad of ['yes', 2]) {
          await expectRejected(h, 'POST', path, planBody(benefit, { [name]: bad }), { [name]: [messages.boolean] }, { only: true });
        }
      }
    });
  }

  it('rejects a value outside the choices of every choice field', async () => {
    for (const [name, spec] of fields) {
      if (spec.type !== 'choice') continue;
      const bad = `${spec.choices[0]!.toLowerCase()}x`;
      await expectRejected(
        h,
        'POST',
        path,
        planBody(benefit, { [name]: bad, ...(name === 'from_action' ? { from_plan: null } : {}) }),
        {
          [name]: [messages.invalidChoice(bad)],
        },
        { only: true },
      );
    }
  });

  it.each(['2025-02-29', '2025-13-01', '01/01/2025', '2025-1-1', ''])('rejects the date %j in start_date and end_date', async (bad) => {
    await expectRejected(h, 'POST', path, planBody(benefit, { start_date: bad }), { start_date: [messages.date] }, { only: true });
    await expectRejected(h, 'POST', path, planBody(benefit, { end_date: bad }), { end_date: [messages.date] }, { only: true });
  });

  it('rejects an end_date on or before the start_date', async () => {
    await expectRejected(
      h,
      'POST',
      path,
      planBody(benefit, { start_date: '2025-01-01', end_date: '2025-01-01' }),
      { end_date: [planMessages.endBeforeStart] },
      { only: true },
    );
    await expectRejected(
      h,
      'POST',
      path,
      planBody(benefit, { start_date: '2025-06-01', end_date: '2025-05-31' }),
      { end_date: [planMessages.endBeforeStart] },
      { only: true },
    );
  });

  it('rejects a blank title and a blank carrier', async () => {
    await expectRejected(
      h,
      'POST',
      path,
      planBody(benefit, { title: '  ', carrier: '' }),
      { title: [messages.blank], carrier: [messages.blank] },
      { only: true },
    );
  });

  it('rejects a title over 255 characters', async () => {
    await expectRejected(h, 'POST', path, planBody(benefit, { title: 'T'.repeat(256) }), { title: [messages.maxLength(255)] }, { only: true });
  });

  it('rejects an employer that is not a uuid, and one that does not exist', async () => {
    await expectRejected(h, 'POST', path, planBody(benefit, { employer: 'Acme' }), { employer: [messages.uuid] }, { only: true });
    const unknown = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    await expectRejected(h, 'POST', path, planBody(benefit, { employer: unknown }), { employer: [messages.doesNotExist(unknown)] }, { only: true });
  });

  it('rejects from_plan without from_action, and from_action without from_plan', async () => {
    const prior = await h.createPlan(benefit, employer.id, { start_date: '2024-01-01', end_date: '2024-12-31' });
    await expectRejected(
      h,
      'POST',
      path,
      planBody(benefit, { from_plan: prior.id }),
      { from_action: [planMessages.requiredWith('from_plan')] },
      { only: true },
    );
    await expectRejected(
      h,
      'POST',
      path,
      planBody(benefit, { from_action: 'RENEWED' }),
      { from_plan: [planMessages.requiredWith('from_action')] },
      { only: true },
    );
  });

  it('rejects a second plan of the same kind with the same title for the employer, in any case', async () => {
    const first = await h.createPlan(benefit, employer.id);
    await expectRejected(h, 'POST', path, planBody(benefit, { title: first.title }), { title: [TITLE_TAKEN(benefit)] }, { only: true });
    await expectRejected(
      h,
      'POST',
      path,
      planBody(benefit, { title: (first.title as string).toUpperCase() }),
      { title: [TITLE_TAKEN(benefit)] },
      { only: true },
    );
  });

  it('ignores unknown fields and read-only fields', async () => {
    const response = await h.request(
      'POST',
      path,
      planBody(benefit, {
        id: '11111111-2222-4333-8444-555555555555',
        status: 'EXPIRED',
        created_by: '11111111-2222-4333-8444-555555555556',
        created_at: '2000-01-01T00:00:00.000Z',
        network: 'Open Access',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.id).not.toBe('11111111-2222-4333-8444-555555555555');
    expect(response.body).toMatchObject({ status: 'ACTIVE', created_by: h.admin.user, created_at: HARNESS_START });
    expect(response.body).not.toHaveProperty('network');
  });

  it("is not found under another kind's path", async () => {
    const created = await h.createPlan(benefit, employer.id);
    const other = BENEFITS.find((b) => b !== benefit)!;
    await expectRefused(h, 'GET', `/plans/${other}/${created.id}/`, undefined, 404, messages.notFound);
    await expectRefused(h, 'DELETE', `/plans/${other}/${created.id}/`, undefined, 404, messages.notFound);
  });
});

describe('field counts stated by the spec', () => {
  it.each([
    ['medical', 74, 41],
    ['dental', 38, 21],
    ['vision', 33, 19],
    ['basiclife', 13, 8],
  ] as const)('a %s plan has %i fields, of which %i are required', async (benefit, total, required) => {
    const empty = await h.request('POST', `/plans/${benefit}/`, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body)).toHaveLength(required);
    const created = await h.createPlan(benefit, employer.id);
    expect(Object.keys(created).filter((name) => !META.includes(name))).toHaveLength(total);
  });
});

describe('rules of particular kinds', () => {
  it('lets the same title be used by another kind and by another employer', async () => {
    const first = await h.createPlan('dental', employer.id);
    const otherEmployer = await h.createEmployer();
    expect((await h.request('POST', '/plans/vision/', planBody('vision', { title: first.title }))).status).toBe(200);
    expect((await h.request('POST', '/plans/dental/', planBody('dental', { title: first.title }, otherEmployer.id))).status).toBe(200);
  });

  it('accepts null for the medical fields documented "null if none", but requires them present', async () => {
    const nullable = ['tobacco_surcharge', 'spousal_surcharge', 't1_ercdhp', 't2_ercdhp', 't3_ercdhp', 't4_ercdhp'];
    const response = await h.request('POST', '/plans/medical/', planBody('medical', Object.fromEntries(nullable.map((n) => [n, null]))));
    expect(response.status).toBe(200);
    for (const name of nullable) expect(response.body[name]).toBeNull();
    await expectRejected(
      h,
      'POST',
      '/plans/medical/',
      planBody('medical', { tobacco_surcharge: undefined }),
      { tobacco_surcharge: [messages.required] },
      { only: true },
    );
  });

  it('rejects a coinsurance percentage over 100', async () => {
    await expectRejected(h, 'POST', '/plans/medical/', planBody('medical', { in_coin: 101 }), { in_coin: [messages.maxValue(100)] }, { only: true });
    await expectRejected(h, 'POST', '/plans/std/', planBody('std', { percentage: 101 }), { percentage: [messages.maxValue(100)] }, { only: true });
  });

  it('rejects a negative premium', async () => {
    await expectRejected(h, 'POST', '/plans/dental/', planBody('dental', { t1_ee: -1 }), { t1_ee: [messages.minValue(0)] }, { only: true });
  });

  it('requires multiple when a basic life plan is a MULTIPLE_OF_SALARY', async () => {
    await expectRejected(
      h,
      'POST',
      '/plans/basiclife/',
      planBody('basiclife', { type: 'MULTIPLE_OF_SALARY', multiple: undefined }),
      {
        multiple: [planMessages.requiredWhen('type', 'MULTIPLE_OF_SALARY')],
      },
      { only: true },
    );
    await expectRejected(
      h,
      'POST',
      '/plans/basiclife/',
      planBody('basiclife', { type: 'MULTIPLE_OF_SALARY', multiple: null }),
      {
        multiple: [planMessages.requiredWhen('type', 'MULTIPLE_OF_SALARY')],
      },
      { only: true },
    );
  });

  it('requires flat_amount when a basic life plan is a FLAT_AMOUNT', async () => {
    await expectRejected(
      h,
      'POST',
      '/plans/basiclife/',
      planBody('basiclife', { type: 'FLAT_AMOUNT', multiple: undefined, multiple_max: undefined }),
      {
        flat_amount: [planMessages.requiredWhen('type', 'FLAT_AMOUNT')],
      },
      { only: true },
    );
  });

  it('accepts a FLAT_AMOUNT basic life plan without a multiple', async () => {
    const response = await h.request(
      'POST',
      '/plans/basiclife/',
      planBody('basiclife', { type: 'FLAT_AMOUNT', flat_amount: 50000, multiple: undefined, multiple_max: undefined }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'FLAT_AMOUNT', flat_amount: 50000, multiple: null, multiple_max: null });
  });

  it('rejects a basic life multiple of 0', async () => {
    await expectRejected(h, 'POST', '/plans/basiclife/', planBody('basiclife', { multiple: 0 }), { multiple: [messages.minValue(1)] }, { only: true });
  });
});
