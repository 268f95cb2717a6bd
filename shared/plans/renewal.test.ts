// Renewing and converting last year's plan: the carrier rule, the moved dates and title, the
// proposed body, and the comparisons the wizard shows.
import { describe, expect, it } from 'vitest';
import { BENEFITS } from './benefits.js';
import { FIXTURE_IDS, validPlanBody } from '../../tests/support/fixtures.js';
import { planKind } from './index.js';
import { compareFields, premiumChanges, proposeFromAction, proposeRenewal, proposeTitle, sameCarrier, shiftYear } from './renewal.js';

/** A plan as the service returns it: the body plus id, status and stamps. */
const stored = (benefit: Parameters<typeof validPlanBody>[0], overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...validPlanBody(benefit, overrides),
  id: FIXTURE_IDS.priorPlan,
  status: 'ACTIVE',
  created_at: '2025-01-02T10:00:00Z',
  updated_at: '2025-01-03T10:00:00Z',
  created_by: 'a1b2c3d4-0000-4000-8000-000000000001',
  updated_by: 'a1b2c3d4-0000-4000-8000-000000000001',
});

describe('sameCarrier', () => {
  it.each([
    ['Aetna', 'Aetna'],
    ['  Aetna ', 'aetna'],
    ['Blue Cross   Blue\tShield', 'blue cross blue shield'],
    ['Aetna, Inc.', 'Aetna'],
    ['Aetna Inc', 'AETNA'],
    ['Guardian LLC', 'Guardian'],
    ['Principal Co.', 'Principal'],
    ['Delta Dental.', 'Delta Dental'],
  ])('"%s" and "%s" are the same carrier', (a, b) => {
    expect(sameCarrier(a, b)).toBe(true);
  });

  it.each([
    ['Aetna', 'Cigna'],
    ['Blue Cross', 'Blue Cross Blue Shield'],
    ['Principal Company', 'Principal'], // only the short suffixes are ignored
    ['Co', 'Inc'], // a suffix alone is the whole name, not a suffix
    ['', ''], // blank names cannot be compared
  ])('"%s" and "%s" are not', (a, b) => {
    expect(sameCarrier(a, b)).toBe(false);
  });

  it('treats a missing or non-string carrier as blank', () => {
    expect(sameCarrier(undefined, null)).toBe(false);
    expect(sameCarrier('Aetna', 42)).toBe(false);
  });
});

describe('proposeFromAction', () => {
  it('proposes RENEWED for the same carrier and CONVERTED for another', () => {
    expect(proposeFromAction('Aetna', 'Aetna, Inc.')).toBe('RENEWED');
    expect(proposeFromAction('Aetna', 'Cigna')).toBe('CONVERTED');
  });

  it('proposes nothing while the new carrier is blank', () => {
    expect(proposeFromAction('Aetna', '')).toBeNull();
    expect(proposeFromAction('Aetna', '   ')).toBeNull();
    expect(proposeFromAction('Aetna', null)).toBeNull();
  });
});

describe('shiftYear', () => {
  it('moves a date one year on by default, or by the given years', () => {
    expect(shiftYear('2025-01-01')).toBe('2026-01-01');
    expect(shiftYear('2025-12-31')).toBe('2026-12-31');
    expect(shiftYear('2025-07-15', 2)).toBe('2027-07-15');
    expect(shiftYear('2025-07-15', -1)).toBe('2024-07-15');
  });

  it('turns Feb 29 into Feb 28 in a non-leap year, and keeps it in a leap year', () => {
    expect(shiftYear('2024-02-29')).toBe('2025-02-28');
    expect(shiftYear('2024-02-29', 4)).toBe('2028-02-29');
    expect(shiftYear('2023-02-28')).toBe('2024-02-28');
  });

  it('returns text that is not a date unchanged', () => {
    expect(shiftYear('')).toBe('');
    expect(shiftYear('2025-02-29')).toBe('2025-02-29');
    expect(shiftYear('2025-1')).toBe('2025-1');
  });
});

describe('proposeTitle', () => {
  it('moves the plan year in the title: "Gold PPO 2026" becomes "Gold PPO 2027"', () => {
    expect(proposeTitle('Gold PPO 2026', '2026-01-01', '2027-01-01')).toBe('Gold PPO 2027');
  });

  it('moves both years of a split plan year: "2025-2026 HMO" becomes "2026-2027 HMO"', () => {
    expect(proposeTitle('2025-2026 HMO', '2025-07-01', '2026-07-01')).toBe('2026-2027 HMO');
    expect(proposeTitle('HMO FY2026', '2025-07-01', '2026-07-01')).toBe('HMO FY2027');
  });

  it('leaves other 4-digit numbers alone and appends the year when the title has none', () => {
    expect(proposeTitle('Blue Choice PPO 1500', '2025-01-01', '2026-01-01')).toBe('Blue Choice PPO 1500 2026');
    expect(proposeTitle('Core Dental', '2025-01-01', '2026-01-01')).toBe('Core Dental 2026');
  });

  it('appends the new year after a stale year, so the title still changes', () => {
    expect(proposeTitle('Gold PPO 2019', '2025-01-01', '2026-01-01')).toBe('Gold PPO 2019 2026');
  });

  it('keeps the title while either date is incomplete', () => {
    expect(proposeTitle('Gold PPO 2026', '2026-01-01', '2027-0')).toBe('Gold PPO 2026');
    expect(proposeTitle(undefined, null, '2027-01-01')).toBe('');
    expect(proposeTitle(null, '2026-01-01', '2027-01-01')).toBe('2027');
  });
});

describe('proposeRenewal', () => {
  const last = stored('medical', { title: 'Gold PPO 2025', carrier: 'Aetna', from_plan: null, from_action: null });

  it('renews: every field copied, one year on, a new title, linked to the old plan', () => {
    const body = proposeRenewal('medical', last, 'renew');
    expect(body).toEqual({
      ...validPlanBody('medical'),
      title: 'Gold PPO 2026',
      carrier: 'Aetna',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      from_plan: FIXTURE_IDS.priorPlan,
      from_action: 'RENEWED',
    });
  });

  it('copies only writable fields of the kind, never id, status or the stamps', () => {
    const body = proposeRenewal('medical', { ...last, plans: [], account: 'x' }, 'renew');
    const writable = Object.keys(planKind('medical').fields);
    expect(Object.keys(body).filter((key) => !writable.includes(key))).toEqual([]);
    for (const key of ['id', 'status', 'created_at', 'updated_at', 'created_by', 'updated_by']) expect(body).not.toHaveProperty(key);
  });

  it('keeps optional fields stored as null', () => {
    expect(proposeRenewal('medical', { ...last, rx_ded_single: null }, 'renew')['rx_ded_single']).toBeNull();
  });

  it('converts: the carrier is cleared and from_action waits for the new carrier', () => {
    const body = proposeRenewal('medical', last, 'convert');
    expect(body).toMatchObject({ carrier: '', from_plan: FIXTURE_IDS.priorPlan, from_action: null, title: 'Gold PPO 2026' });
    expect(body['t1_gross']).toBe(last.t1_gross);
  });

  it('moves a plan year that starts on Feb 29 2024 to Feb 28 2025', () => {
    const leap = stored('std', { title: 'STD 2024', start_date: '2024-02-29', end_date: '2025-02-27' });
    expect(proposeRenewal('std', leap, 'renew')).toMatchObject({ title: 'STD 2025', start_date: '2025-02-28', end_date: '2026-02-27' });
  });

  it.each(BENEFITS)('renews a %s plan with the fields of its kind', (benefit) => {
    const body = proposeRenewal(benefit, stored(benefit), 'renew');
    expect(planKind(benefit).parse({ ...body, employer: FIXTURE_IDS.employer }).ok).toBe(true);
  });

  it('never throws on an incomplete plan', () => {
    expect(proposeRenewal('dental', {}, 'renew')).toEqual({ start_date: null, end_date: null, title: '', from_plan: null, from_action: 'RENEWED' });
    expect(() => proposeRenewal('vision', { start_date: 5, end_date: null, title: 7, id: 3 }, 'convert')).not.toThrow();
  });
});

describe('compareFields', () => {
  it('lists the fields of the kind in their table order, without the from_plan link', () => {
    const rows = compareFields('std', stored('std'), validPlanBody('std', { weekly_max: 1750 }));
    const expected = Object.keys(planKind('std').fields).filter((name) => name !== 'from_plan' && name !== 'from_action');
    expect(rows.map((row) => row.field)).toEqual(expected);
    expect(rows.filter((row) => row.changed)).toEqual([
      { field: 'weekly_max', label: planKind('std').fields['weekly_max']?.label, old: 1500, new: 1750, changed: true },
    ]);
  });

  it('treats a missing value as null, the same as a stored null', () => {
    const rows = compareFields('medical', { rx_coin: null }, {});
    expect(rows.find((row) => row.field === 'rx_coin')).toMatchObject({ old: null, new: null, changed: false });
    expect(rows.find((row) => row.field === 'hsa')).toMatchObject({ old: null, new: null, changed: false });
  });

  it('marks a boolean that flipped from false to true', () => {
    const rows = compareFields('medical', validPlanBody('medical', { hsa: false }), validPlanBody('medical', { hsa: true }));
    expect(rows.filter((row) => row.changed).map((row) => row.field)).toEqual(['hsa']);
  });
});

describe('premiumChanges', () => {
  it('gives the percent change per tier, rounded to 1 decimal: $6,000 to $6,420 is +7.0%', () => {
    const changes = premiumChanges({ t1_gross: 6000, t1_ee: 1200 }, { t1_gross: 6420, t1_ee: 1150 });
    expect(changes[0]).toEqual({
      tier: 1,
      label: 'Employee only',
      gross: { old: 6000, new: 6420, percent: 7 },
      ee: { old: 1200, new: 1150, percent: -4.2 },
    });
  });

  it('labels the four tiers', () => {
    expect(premiumChanges({}, {}).map((change) => change.label)).toEqual(['Employee only', 'Employee + spouse', 'Employee + children', 'Employee + family']);
  });

  it('rounds increases and decreases alike: +1/3 % is 0.3, −2/3 % is −0.7', () => {
    const [first] = premiumChanges({ t1_gross: 3000, t1_ee: 3000 }, { t1_gross: 3010, t1_ee: 2980 });
    expect(first?.gross.percent).toBe(0.3);
    expect(first?.ee.percent).toBe(-0.7);
  });

  it('has no percent when a side is missing or last year was $0', () => {
    const [first, second, third] = premiumChanges({ t1_gross: 6000, t2_gross: 0, t3_gross: null }, { t1_gross: null, t2_gross: 500, t3_gross: 900 });
    expect(first?.gross).toEqual({ old: 6000, new: null, percent: null });
    expect(second?.gross).toEqual({ old: 0, new: 500, percent: null });
    expect(third?.gross).toEqual({ old: null, new: 900, percent: null });
  });

  it('is 0 (not -0) when nothing changed, and ignores text typed into a number field', () => {
    const [first] = premiumChanges({ t1_gross: 6000, t1_ee: '12' }, { t1_gross: 6000, t1_ee: 1200 });
    expect(Object.is(first?.gross.percent, 0)).toBe(true);
    expect(first?.ee).toEqual({ old: null, new: 1200, percent: null });
  });
});
