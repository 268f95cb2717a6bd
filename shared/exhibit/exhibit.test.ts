// The renewal exhibit against hand-worked figures. Each expectation carries its arithmetic: the
// stored annual premium in dollars, times 100 for cents, divided by 12 for the month and rounded
// once, half up; percentages on the annual figures, to one decimal.
import { describe, expect, it } from 'vitest';
import { planYear, tierRates, validPlanBody } from '../../tests/support/fixtures.js';
import { buildExhibit, type Exhibit, type ExhibitPlan, type ExhibitRequest } from './exhibit.js';
import type { Enrollment } from './enrollment.js';

const EMPLOYER = { id: '0c9a4f52-1111-4111-8111-000000000001', name: 'Harbor Foods' };
let nextId = 1;

function plan(benefit: ExhibitPlan['benefit'], fields: Record<string, unknown>): ExhibitPlan {
  const id = `0c9a4f52-2222-4222-8222-${String(nextId++).padStart(12, '0')}`;
  return { benefit, plan: { ...validPlanBody(benefit, { employer: EMPLOYER.id, ...fields }), id, status: 'ACTIVE' } };
}

function exhibitOf(plans: ExhibitPlan[], options: { enrollment?: Enrollment; include?: string[] } = {}): Exhibit {
  const result = buildExhibit(request(plans, options));
  if (!result.ok) throw new Error(result.error);
  return result.exhibit;
}

const request = (plans: ExhibitPlan[], options: { enrollment?: Enrollment; include?: string[] } = {}): ExhibitRequest => ({
  agency: 'Northwind Benefits',
  employer: EMPLOYER,
  plans,
  year: 2026,
  enrollment: options.enrollment ?? null,
  include: options.include ?? [],
  date: '2025-11-23',
});

const idOf = (entry: ExhibitPlan) => entry.plan['id'] as string;

describe('a four-tier rated renewal', () => {
  const current = plan('medical', {
    title: 'Gold PPO 2025',
    carrier: 'Acme Health',
    ...planYear(2025),
    ...tierRates([6250, 12500, 11250, 18750], [1500, 4500, 3750, 7500]),
  });
  const renewal = plan('medical', {
    title: 'Gold PPO 2026',
    carrier: 'Acme Health',
    ...planYear(2026),
    from_plan: idOf(current),
    from_action: 'RENEWED',
    ...tierRates([6688, 13375, 12038, 20063], [1650, 4800, 4000, 8000]),
  });
  const [section] = exhibitOf([current, renewal]).sections;

  it('pairs the plan with the plan it renews', () => {
    expect(section).toMatchObject({
      kind: 'renewal',
      benefit: 'medical',
      current: { title: 'Gold PPO 2025' },
      proposed: { title: 'Gold PPO 2026' },
      totals: null,
    });
  });

  it('works out tier 1: gross, employee and employer share, monthly and annual, and the change', () => {
    const tier1 = section!.tiers[0]!;
    // gross: 6,250 → 625,000¢ / 12 = 52,083.3¢ → $520.83; 6,688 → 668,800¢ / 12 = 55,733.3¢ → $557.33
    // change: 438 → 43,800¢ / 12 = 3,650¢ → $36.50 a month; 438 / 6,250 = 7.008% → 7.0%
    expect(tier1.shares.gross).toEqual({
      current: { monthly: 52_083, annual: 625_000 },
      proposed: { monthly: 55_733, annual: 668_800 },
      change: { amount: { monthly: 3_650, annual: 43_800 }, percent: 7 },
    });
    // employee: 1,500 → $125.00; 1,650 → $137.50; +150 → $12.50 a month; 150 / 1,500 = 10.0%
    expect(tier1.shares.ee).toEqual({
      current: { monthly: 12_500, annual: 150_000 },
      proposed: { monthly: 13_750, annual: 165_000 },
      change: { amount: { monthly: 1_250, annual: 15_000 }, percent: 10 },
    });
    // employer: 6,250 − 1,500 = 4,750 → 39,583.3¢ → $395.83; 6,688 − 1,650 = 5,038 → 41,983.3¢ → $419.83
    // change: 288 → 2,400¢ = $24.00 a month; 288 / 4,750 = 6.063% → 6.1%
    expect(tier1.shares.er).toEqual({
      current: { monthly: 39_583, annual: 475_000 },
      proposed: { monthly: 41_983, annual: 503_800 },
      change: { amount: { monthly: 2_400, annual: 28_800 }, percent: 6.1 },
    });
  });

  it('works out the family tier, where the month lands on a third of a cent', () => {
    const tier4 = section!.tiers[3]!;
    // gross: 18,750 → 1,875,000¢ / 12 = 156,250¢ → $1,562.50; 20,063 → 2,006,300¢ / 12 = 167,191.7¢ → $1,671.92
    // change: 1,313 → 131,300¢ / 12 = 10,941.7¢ → $109.42 (rounded once, not $1,671.92 − $1,562.50 by chance); 1,313 / 18,750 = 7.0027% → 7.0%
    expect(tier4.shares.gross.proposed).toEqual({ monthly: 167_192, annual: 2_006_300 });
    expect(tier4.shares.gross.change).toEqual({ amount: { monthly: 10_942, annual: 131_300 }, percent: 7 });
    // employee: 7,500 → 8,000: +500 → 4,166.7¢ → $41.67 a month; 500 / 7,500 = 6.667% → 6.7%
    expect(tier4.shares.ee.change).toEqual({ amount: { monthly: 4_167, annual: 50_000 }, percent: 6.7 });
  });

  it('flags only the design fields that changed', () => {
    expect(section!.design.filter((row) => row.changed)).toEqual([]);
    expect(section!.design.find((row) => row.field === 'in_ded_single')).toMatchObject({
      label: 'In-network deductible, single',
      current: '$1,500',
      proposed: '$1,500',
    });
  });
});

describe('a two-tier rated renewal with enrollment, none in one tier', () => {
  // Two tiers: the rate helper copies Family into tiers 2, 3 and 4.
  const current = plan('dental', {
    title: 'Dental 2025',
    carrier: 'Bright Smiles',
    ...planYear(2025),
    ...tierRates([5400, 14000, 14000, 14000], [0, 5000, 5000, 5000]),
  });
  const renewal = plan('dental', {
    title: 'Dental 2026',
    carrier: 'Bright Smiles',
    ...planYear(2026),
    from_plan: idOf(current),
    ...tierRates([5589, 14490, 14490, 14490], [0, 5250, 5250, 5250]),
  });
  const enrollment: Enrollment = [10, 0, 3, 5];
  const [section] = exhibitOf([current, renewal], { enrollment }).sections;

  it('works out both tiers per month and per year', () => {
    const [single, , , family] = section!.tiers;
    // single gross: 5,400 → $450.00; 5,589 → 558,900¢ / 12 = $465.75; +$15.75; 189 / 5,400 = 3.5%
    expect(single!.shares.gross.change).toEqual({ amount: { monthly: 1_575, annual: 18_900 }, percent: 3.5 });
    // single employee: nothing before, nothing after: $0.00 and 0.0%
    expect(single!.shares.ee.change).toEqual({ amount: { monthly: 0, annual: 0 }, percent: 0 });
    // family gross: 14,000 → 116,666.7¢ → $1,166.67; 14,490 → $1,207.50; +490 → 4,083.3¢ → $40.83; 3.5%
    expect(family!.shares.gross).toMatchObject({
      current: { monthly: 116_667 },
      proposed: { monthly: 120_750 },
      change: { amount: { monthly: 4_083 }, percent: 3.5 },
    });
    // family employer: 9,000 → $750.00; 9,240 → $770.00; +$20.00; 240 / 9,000 = 2.667% → 2.7%
    expect(family!.shares.er).toEqual({
      current: { monthly: 75_000, annual: 900_000 },
      proposed: { monthly: 77_000, annual: 924_000 },
      change: { amount: { monthly: 2_000, annual: 24_000 }, percent: 2.7 },
    });
  });

  it('totals the year over the enrolled employees, the empty tier adding nothing', () => {
    expect(section!.tiers.map((tier) => tier.enrolled)).toEqual([10, 0, 3, 5]);
    // gross now:     10 × 5,400 + 0 × 14,000 + 3 × 14,000 + 5 × 14,000 = 54,000 + 42,000 + 70,000 = $166,000
    // gross renewal: 10 × 5,589 + 8 × 14,490 = 55,890 + 115,920 = $171,810; +$5,810; 5,810 / 166,000 = 3.5%
    // a month: 16,600,000¢ / 12 = 1,383,333.3¢ → $13,833.33; 17,181,000¢ / 12 = $14,317.50
    expect(section!.totals!.enrolled).toBe(18);
    expect(section!.totals!.shares.gross).toEqual({
      current: { monthly: 1_383_333, annual: 16_600_000 },
      proposed: { monthly: 1_431_750, annual: 17_181_000 },
      change: { amount: { monthly: 48_417, annual: 581_000 }, percent: 3.5 },
    });
    // employees now: 8 × 5,000 = $40,000; renewal: 8 × 5,250 = $42,000; +$2,000; 5.0%
    expect(section!.totals!.shares.ee.change).toEqual({ amount: { monthly: 16_667, annual: 200_000 }, percent: 5 });
    // employer now: 166,000 − 40,000 = $126,000; renewal: 171,810 − 42,000 = $129,810; +$3,810; 3,810 / 126,000 = 3.024% → 3.0%
    expect(section!.totals!.shares.er).toMatchObject({
      current: { annual: 12_600_000 },
      proposed: { annual: 12_981_000 },
      change: { amount: { annual: 381_000 }, percent: 3 },
    });
  });

  it('counts a tier nobody is in as nothing even when its rate changes', () => {
    const withSpouses = exhibitOf([current, renewal], { enrollment: [10, 4, 3, 5] }).sections[0]!;
    // four more families-rated employees: 4 × 14,000 = 56,000 more now, 4 × 14,490 = 57,960 more at renewal
    expect(withSpouses.totals!.shares.gross.current!.annual - section!.totals!.shares.gross.current!.annual).toBe(5_600_000);
    expect(withSpouses.totals!.shares.gross.proposed!.annual - section!.totals!.shares.gross.proposed!.annual).toBe(5_796_000);
  });
});

describe('a conversion to another carrier', () => {
  const current = plan('medical', {
    title: 'Silver HMO 2025',
    carrier: 'Acme Health',
    ...planYear(2025),
    in_ded_single: 2000,
    in_coin: 20,
    ...tierRates([6000, 12000, 11000, 17000], [1200, 4000, 3600, 6000]),
  });
  const converted = plan('medical', {
    title: 'Silver HMO 2026',
    carrier: 'Beacon Mutual',
    ...planYear(2026),
    from_plan: idOf(current),
    from_action: 'CONVERTED',
    in_ded_single: 2500,
    in_coin: 20,
    ...tierRates([5700, 11400, 10450, 16150], [1200, 4000, 3600, 6000]),
  });
  const [section] = exhibitOf([current, converted]).sections;

  it('is called a conversion and flags the carrier and the deductible, not the coinsurance', () => {
    expect(section!.kind).toBe('conversion');
    const changed = section!.design.filter((row) => row.changed).map((row) => [row.field, row.current, row.proposed]);
    expect(changed).toEqual([
      ['carrier', 'Acme Health', 'Beacon Mutual'],
      ['in_ded_single', '$2,000', '$2,500'],
    ]);
  });

  it('shows the decrease per tier as negative dollars and percent', () => {
    // tier 1 gross: 6,000 → 5,700: −300 → −$25.00 a month; −300 / 6,000 = −5.0%
    expect(section!.tiers[0]!.shares.gross.change).toEqual({ amount: { monthly: -2_500, annual: -30_000 }, percent: -5 });
    // tier 1 employer: 4,800 → 4,500: −300; −300 / 4,800 = −6.25% → −6.3% (half away from zero)
    expect(section!.tiers[0]!.shares.er.change).toEqual({ amount: { monthly: -2_500, annual: -30_000 }, percent: -6.3 });
  });
});

describe('an alternative the broker quoted', () => {
  const current = plan('medical', {
    title: 'Gold PPO 2025',
    carrier: 'Acme Health',
    ...planYear(2025),
    ...tierRates([6000, 12000, 11000, 17000], [1200, 4000, 3600, 6000]),
  });
  const renewal = plan('medical', {
    title: 'Gold PPO 2026',
    carrier: 'Acme Health',
    ...planYear(2026),
    from_plan: idOf(current),
    ...tierRates([6600, 13200, 12100, 18700], [1320, 4400, 3960, 6600]),
  });
  const alternative = plan('medical', {
    title: 'Harbor HDHP 2026',
    carrier: 'Beacon Mutual',
    type: 'HDHP',
    ...planYear(2026),
    ...tierRates([4800, 9600, 8800, 13600], [600, 2400, 2000, 4000]),
  });

  it('is left out unless included', () => {
    expect(exhibitOf([current, renewal, alternative]).sections.map((s) => s.kind)).toEqual(['renewal']);
  });

  it('is set against the current plan of its kind', () => {
    const sections = exhibitOf([current, renewal, alternative], { include: [idOf(alternative)], enrollment: [5, 1, 1, 2] }).sections;
    expect(sections.map((s) => [s.kind, s.current?.title, s.proposed.title])).toEqual([
      ['renewal', 'Gold PPO 2025', 'Gold PPO 2026'],
      ['alternative', 'Gold PPO 2025', 'Harbor HDHP 2026'],
    ]);
    const quoted = sections[1]!;
    // tier 1 gross: 6,000 → 4,800: −1,200 → −$100.00 a month; −20.0%
    expect(quoted.tiers[0]!.shares.gross.change).toEqual({ amount: { monthly: -10_000, annual: -120_000 }, percent: -20 });
    // gross now: 5 × 6,000 + 12,000 + 11,000 + 2 × 17,000 = 87,000; alternative: 5 × 4,800 + 9,600 + 8,800 + 2 × 13,600 = 69,600
    // −17,400; −17,400 / 87,000 = −20.0%
    expect(quoted.totals!.shares.gross.change).toEqual({ amount: { monthly: -145_000, annual: -1_740_000 }, percent: -20 });
    expect(quoted.design.find((row) => row.field === 'type')).toMatchObject({ current: 'PPO', proposed: 'HDHP', changed: true });
  });

  it('stands alone when there is no single current plan of its kind', () => {
    const vision = plan('vision', { title: 'Vision 2026', carrier: 'ClearView', ...planYear(2026), ...tierRates([120, 240, 240, 360], [0, 60, 60, 120]) });
    const section = exhibitOf([current, renewal, vision], { include: [idOf(vision)] }).sections.find((s) => s.benefit === 'vision')!;
    expect(section).toMatchObject({ kind: 'alternative', current: null });
    expect(section.tiers[0]!.shares.gross).toEqual({ current: null, proposed: { monthly: 1_000, annual: 12_000 }, change: null });
    expect(section.design.every((row) => row.current === null && !row.changed)).toBe(true);
  });
});

describe('what cannot make an exhibit', () => {
  const current = plan('medical', { title: 'Gold PPO 2025', carrier: 'Acme Health', ...planYear(2025) });
  const unlinked = plan('medical', { title: 'Gold PPO 2026', carrier: 'Acme Health', ...planYear(2026) });

  it('says so when no plan starts in the year', () => {
    expect(buildExhibit({ ...request([current]), year: 2026 })).toEqual({
      ok: false,
      error: 'Harbor Foods has no medical, dental or vision plan starting in 2026.',
    });
  });

  it('says so when no plan of the year renews one and none is included', () => {
    const result = buildExhibit(request([current, unlinked]));
    expect(result).toEqual({
      ok: false,
      error:
        'The plan of Harbor Foods starting in 2026 renews or converts no prior-year plan (its Prior-year plan is empty); include it as an alternative to show it.',
    });
  });

  it('refuses an included id that is not a plan of the employer, or not of the new year', () => {
    expect(buildExhibit(request([current, unlinked], { include: ['0c9a4f52-9999-4999-8999-000000000000'] }))).toEqual({
      ok: false,
      error: '0c9a4f52-9999-4999-8999-000000000000 is not a medical, dental or vision plan of Harbor Foods.',
    });
    expect(buildExhibit(request([current, unlinked], { include: [idOf(current)] }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('starts 2025-01-01, not in 2026'),
    });
  });
});
