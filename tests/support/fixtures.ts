// Valid request bodies for tests and benchmarks: one realistic plan per benefit kind, as a partner would send it
// to POST /plans/{benefit}/. Plain data only (no test-runner imports), so any test may reuse it.
import type { Benefit } from '../../shared/plans/benefits.js';

/** Fixed ids, so that bodies built in different tests refer to the same records. */
export const FIXTURE_IDS = {
  employer: '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60',
  division: '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f61',
  otherDivision: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c62',
  priorPlan: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c63',
  filter: '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a764',
} as const;

/** Overrides replace or add keys; a key overridden with `undefined` is removed from the body. */
export type Overrides = Record<string, unknown>;

function applyOverrides(body: Record<string, unknown>, overrides: Overrides): Record<string, unknown> {
  const result: Record<string, unknown> = { ...body };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return result;
}

/** A copy of `body` without the given keys. */
export function withoutKeys(body: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const result: Record<string, unknown> = { ...body };
  for (const key of keys) delete result[key];
  return result;
}

const identity = (benefit: Benefit, title: string, carrier: string) => ({
  employer: FIXTURE_IDS.employer,
  title,
  carrier,
  start_date: '2025-01-01',
  end_date: '2025-12-31',
  // A realistic body of a plan that was renewed from last year's plan with the same carrier.
  ...(benefit === 'medical' ? { from_plan: FIXTURE_IDS.priorPlan, from_action: 'RENEWED' } : {}),
});

const fundingAndTiers = (funding: string, ee: [number, number, number, number], gross: [number, number, number, number]) => ({
  funding,
  t1_ee: ee[0],
  t2_ee: ee[1],
  t3_ee: ee[2],
  t4_ee: ee[3],
  t1_gross: gross[0],
  t2_gross: gross[1],
  t3_gross: gross[2],
  t4_gross: gross[3],
});

const bodies: { [B in Benefit]: () => Record<string, unknown> } = {
  medical: () => ({
    ...identity('medical', 'Blue Choice PPO 1500', 'Blue Cross Blue Shield'),
    pt: false,
    ...fundingAndTiers('FUNDING_FULLY', [1200, 4800, 4200, 7200], [7800, 15600, 14100, 22200]),
    type: 'PPO',
    in_ded_single: 1500,
    in_ded_family: 3000,
    in_max_single: 5000,
    in_max_family: 10000,
    in_coin: 20,
    out_ded_single: 3000,
    out_ded_family: 6000,
    out_max_single: 10000,
    out_max_family: 20000,
    out_coin: 40,
    rx_coin: 25,
    pcp_ded_apply: 'FALSE',
    sp_ded_apply: 'FALSE',
    er_ded_apply: 'TRUE_COIN',
    uc_ded_apply: 'FALSE',
    lx_ded_apply: 'TRUE_COIN',
    ip_ded_apply: 'TRUE_COIN',
    op_ded_apply: 'TRUE_COIN',
    rx1_ded_apply: 'FALSE',
    rx2_ded_apply: 'FALSE',
    rx3_ded_apply: 'FALSE_COIN',
    pcp_copay: 25,
    sp_copay: 50,
    er_copay: 250,
    uc_copay: 75,
    rx1_copay: 10,
    rx2_copay: 35,
    rx3_copay: 70,
    rx1_mail_copay: 20,
    rx2_mail_copay: 70,
    hra: false,
    hsa: false,
    fsa: true,
    age_rated: false,
    salary_banding: false,
    tobacco_surcharge: 600,
    spousal_surcharge: null,
    t1_ercdhp: null,
    t2_ercdhp: null,
    t3_ercdhp: null,
    t4_ercdhp: null,
  }),
  dental: () => ({
    ...identity('dental', 'Delta Dental PPO Plus Premier', 'Delta Dental'),
    pt: false,
    ...fundingAndTiers('FUNDING_FULLY', [120, 360, 420, 720], [480, 960, 1080, 1560]),
    type: 'DPPO',
    in_ded_single: 50,
    in_ded_family: 150,
    in_max: 1500,
    in_max_ortho: 1500,
    out_ded_single: 50,
    out_ded_family: 150,
    out_max: 1500,
    prev_ded_apply: false,
    basic_ded_apply: true,
    major_ded_apply: true,
    ortho_ded_apply: false,
    in_prev_coin: 0,
    in_basic_coin: 20,
    in_major_coin: 50,
    in_ortho_coin: 50,
    out_prev_coin: 0,
    out_basic_coin: 20,
    out_major_coin: 50,
  }),
  vision: () => ({
    ...identity('vision', 'VSP Choice 12/12/24', 'VSP'),
    pt: true,
    ...fundingAndTiers('FUNDING_FULLY', [60, 120, 125, 190], [96, 180, 190, 290]),
    exam_frequency: 12,
    lenses_frequency: 12,
    frames_frequency: 24,
    contacts_frequency: 12,
    exam_copay: 10,
    lenses_copay: 25,
    frames_allowance: 150,
    contacts_allowance: 150,
    exam_out_allowance: 45,
    lenses_out_allowance: 30,
    frames_out_allowance: 70,
    contacts_out_allowance: 105,
  }),
  basiclife: () => ({
    ...identity('basiclife', 'Basic Life and AD&D - Salaried', 'MetLife'),
    pt: false,
    type: 'MULTIPLE_OF_SALARY',
    multiple: 2,
    multiple_max: 500000,
    add: true,
  }),
  voluntarylife: () => ({
    ...identity('voluntarylife', 'Voluntary Life and AD&D', 'MetLife'),
    pt: false,
    max: 500000,
    guarantee_issue: 150000,
    max_spouse: 250000,
    max_children: 10000,
    add: true,
  }),
  std: () => ({
    ...identity('std', 'Short Term Disability', 'The Hartford'),
    pt: false,
    cost_share: 'EMPLOYER_PAID',
    percentage: 60,
    weekly_max: 1500,
    waiting_days_injury: 7,
    waiting_days_sick: 7,
    duration_weeks: 12,
  }),
  ltd: () => ({
    ...identity('ltd', 'Long Term Disability', 'The Hartford'),
    pt: false,
    cost_share: 'EMPLOYEE_COST_SHARE',
    percentage: 60,
    monthly_max: 10000,
    waiting_weeks: 13,
  }),
  stoploss: () => ({
    ...identity('stoploss', 'Specific and Aggregate Stop Loss', 'Sun Life'),
    spec_ded: 75000,
    spec_rate_single: 1100,
    spec_rate_family: 2900,
    num_lasers: 1,
    agg_rate: 85,
  }),
  supplemental: () => ({
    ...identity('supplemental', 'Voluntary Supplemental Benefits', 'Aflac'),
    critical_illness: true,
    hospital_indemnity: true,
    accident: true,
    cancer: false,
    pet: false,
    legal_assist: true,
    credit_protection: false,
    tuition_reimburse: false,
  }),
};

/** A valid request body for a plan of the given kind; `overrides` replace, add or (with undefined) remove keys. */
export function validPlanBody(benefit: Benefit, overrides: Overrides = {}): Record<string, unknown> {
  return applyOverrides(bodies[benefit](), overrides);
}

/** A new medical plan (renewing nothing) of `employer` through the calendar year `year`, titled "Gold PPO YEAR". */
export function goldPpoBody(employer: string, year: number): Record<string, unknown> {
  const whole = { start_date: `${year}-01-01`, end_date: `${year}-12-31` };
  return validPlanBody('medical', { employer, title: `Gold PPO ${year}`, ...whole, from_plan: null, from_action: null });
}

/** A valid employer request body in the given division. */
export function validEmployerBody(division: string = FIXTURE_IDS.division, overrides: Overrides = {}): Record<string, unknown> {
  return applyOverrides(
    {
      name: 'Acme Widgets, Inc.',
      url: 'https://www.acmewidgets.example.com',
      size: '250',
      naics_codes: ['332710', '423830'],
      location_states: ['CA', 'NV', 'DC'],
      other_filters: [FIXTURE_IDS.filter],
      division,
    },
    overrides,
  );
}

/** A valid POST /users/ body. */
export function validUserBody(overrides: Overrides = {}): Record<string, unknown> {
  return applyOverrides(
    {
      email: 'jordan.lee@acmewidgets.example.com',
      first_name: 'Jordan',
      last_name: 'Lee',
      division_ids: [FIXTURE_IDS.division],
    },
    overrides,
  );
}

/** A valid POST /divisions/ body. */
export function validDivisionBody(overrides: Overrides = {}): Record<string, unknown> {
  return applyOverrides(
    {
      name: 'West Region',
      users: ['jordan.lee@acmewidgets.example.com', 'sam.ortiz@acmewidgets.example.com'],
      employer_ids: [FIXTURE_IDS.employer],
    },
    overrides,
  );
}

/** Annual tiers as the rate helper stores them: [t1, t2, t3, t4] gross cost and employee contribution, in dollars. */
export function tierRates(gross: number[], ee: number[]): Record<string, number | undefined> {
  return Object.fromEntries(
    [1, 2, 3, 4].flatMap((tier) => [
      [`t${tier}_gross`, gross[tier - 1]],
      [`t${tier}_ee`, ee[tier - 1]],
    ]),
  );
}

/** A plan year: January 1 to December 31 of `year`. */
export function planYear(year: number): { start_date: string; end_date: string } {
  return { start_date: `${year}-01-01`, end_date: `${year}-12-31` };
}

/** An employer's writable fields, as the spec lists them. */
export const EMPLOYER_WRITABLE = ['name', 'url', 'size', 'naics_codes', 'location_states', 'other_filters', 'division'];

/** The writable fields of an employer as the API answered it: a body a PUT takes. */
export function pickWritable(employer: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(EMPLOYER_WRITABLE.map((field) => [field, employer[field]]));
}
