// The plan wizard's warnings: each rule both firing and staying silent, with concrete numbers.
import { describe, expect, it } from 'vitest';
import { BENEFITS } from './benefits.js';
import { validPlanBody } from '../../tests/support/fixtures.js';
import { plausibilityWarnings, WARNING_CODES, type PlausibilityContext, type SiblingPlan } from './plausibility.js';

const none: PlausibilityContext = { siblings: [] };

const sibling = (overrides: Partial<SiblingPlan> = {}): SiblingPlan => ({
  benefit: 'medical',
  id: '11111111-2222-4333-8444-555555555555',
  title: 'Open Access Plus 3000',
  carrier: 'Cigna',
  start_date: '2025-01-01',
  end_date: '2025-12-31',
  funding: 'FUNDING_SELF',
  ...overrides,
});

const codes = (warnings: { code: string }[]) => warnings.map((warning) => warning.code);

describe('the valid fixtures', () => {
  it.each(BENEFITS.filter((benefit) => benefit !== 'stoploss'))('a realistic %s plan draws no warning', (benefit) => {
    expect(plausibilityWarnings(benefit, validPlanBody(benefit), none)).toEqual([]);
  });
});

describe('employee contribution above gross cost (medical, dental, vision)', () => {
  it('warns on tier 2 when the employee pays $16,000 of a $15,600 premium', () => {
    const warnings = plausibilityWarnings('medical', validPlanBody('medical', { t2_ee: 16000, t2_gross: 15600 }), none);
    expect(warnings).toEqual([
      {
        code: WARNING_CODES.eeAboveGross,
        field: 't2_ee',
        message:
          'Tier 2 (employee + spouse): the employee contribution ($16,000) is more than the gross cost ($15,600); the contribution is normally part of the gross cost.',
      },
    ]);
  });

  it('is silent when the employee pays the whole premium ($480 of $480)', () => {
    expect(plausibilityWarnings('dental', validPlanBody('dental', { t1_ee: 480, t1_gross: 480 }), none)).toEqual([]);
  });

  it('warns per tier, for dental and vision too', () => {
    const dental = plausibilityWarnings('dental', validPlanBody('dental', { t1_ee: 500, t4_ee: 2000 }), none);
    expect(dental.map((warning) => warning.field)).toEqual(['t1_ee', 't4_ee']);
    const vision = plausibilityWarnings('vision', validPlanBody('vision', { t3_ee: 191 }), none);
    expect(vision.map((warning) => warning.field)).toEqual(['t3_ee']);
  });

  it('is silent while either amount of the tier is missing', () => {
    expect(plausibilityWarnings('medical', validPlanBody('medical', { t1_ee: 9000, t1_gross: undefined }), none)).toEqual([]);
    expect(plausibilityWarnings('medical', validPlanBody('medical', { t1_ee: 9000, t1_gross: null }), none)).toEqual([]);
  });
});

describe('a premium beyond belief (medical, dental, vision)', () => {
  it('notes a billion-dollar employee contribution, and a gross cost above $100,000 a year', () => {
    const warnings = plausibilityWarnings('medical', validPlanBody('medical', { t1_ee: 1_000_000_000, t1_gross: 1_000_000_000, t4_gross: 120_000 }), none);
    expect(warnings).toEqual([
      {
        code: WARNING_CODES.premiumBeyondBelief,
        field: 't1_ee',
        message:
          'Tier 1 (employee only): an employee contribution of $1,000,000,000 a year for one employee is more than $100,000, far above any premium; check it for extra digits.',
      },
      expect.objectContaining({ code: WARNING_CODES.premiumBeyondBelief, field: 't1_gross' }),
      expect.objectContaining({ code: WARNING_CODES.premiumBeyondBelief, field: 't4_gross' }),
    ]);
  });

  it('says it once: a billion-dollar contribution is not also said to be more than the gross cost', () => {
    expect(codes(plausibilityWarnings('medical', validPlanBody('medical', { t1_ee: 1_000_000_000 }), none))).toEqual([WARNING_CODES.premiumBeyondBelief]);
  });

  it('is silent at $100,000, for dental and vision too, and for kinds without premium tiers', () => {
    expect(plausibilityWarnings('medical', validPlanBody('medical', { t4_ee: 30_000, t4_gross: 100_000 }), none)).toEqual([]);
    expect(codes(plausibilityWarnings('dental', validPlanBody('dental', { t2_gross: 2_400_000 }), none))).toEqual([WARNING_CODES.premiumBeyondBelief]);
    expect(codes(plausibilityWarnings('vision', validPlanBody('vision', { t3_ee: 250_000, t3_gross: 250_000 }), none))).toHaveLength(2);
    expect(plausibilityWarnings('ltd', validPlanBody('ltd'), none)).toEqual([]);
  });
});

describe('deductible above the out-of-pocket maximum (medical)', () => {
  it('warns when the in-network single deductible ($6,000) exceeds its maximum ($5,000)', () => {
    const warnings = plausibilityWarnings('medical', validPlanBody('medical', { in_ded_single: 6000, in_max_single: 5000 }), none);
    expect(warnings).toEqual([
      {
        code: WARNING_CODES.deductibleAboveMax,
        field: 'in_ded_single',
        message:
          'The in-network single deductible ($6,000) is more than the in-network single out-of-pocket maximum ($5,000); the maximum normally includes the deductible.',
      },
    ]);
  });

  it('is silent when the deductible equals the maximum (a $7,000 HDHP)', () => {
    const plan = validPlanBody('medical', { in_ded_single: 7000, in_max_single: 7000, in_ded_family: 14000, in_max_family: 14000 });
    expect(plausibilityWarnings('medical', plan, none)).toEqual([]);
  });

  it('checks family, out-of-network and a separate Rx deductible the same way', () => {
    const plan = validPlanBody('medical', {
      in_ded_family: 12000,
      in_max_family: 10000,
      out_ded_single: 12000,
      out_max_single: 10000,
      rx_ded_family: 800,
      rx_max_family: 500,
    });
    const warnings = plausibilityWarnings('medical', plan, none);
    expect(warnings.map((warning) => warning.field)).toEqual(['in_ded_family', 'out_ded_single', 'rx_ded_family']);
    expect(warnings[2]?.message).toContain('The Rx family deductible ($800) is more than the Rx family out-of-pocket maximum ($500)');
  });

  it('is silent when only one side is given (an Rx deductible of $800 and no Rx maximum)', () => {
    expect(plausibilityWarnings('medical', validPlanBody('medical', { rx_ded_single: 800, rx_max_single: null }), none)).toEqual([]);
  });

  it('does not apply to dental, whose in_max is an annual benefit maximum', () => {
    expect(plausibilityWarnings('dental', validPlanBody('dental', { in_ded_single: 2000, in_max: 1500 }), none)).toEqual([]);
  });
});

describe('plan year not 12 months', () => {
  const lengthWarnings = (start_date: string, end_date: string) => plausibilityWarnings('std', validPlanBody('std', { start_date, end_date }), none);

  it('says how long a 6-month plan year runs', () => {
    expect(lengthWarnings('2026-01-01', '2026-06-30')).toEqual([
      {
        code: WARNING_CODES.planYearLength,
        field: 'end_date',
        message: 'The plan year runs 6 months (2026-01-01 to 2026-06-30); plan years are normally 12 months.',
      },
    ]);
  });

  it('counts months and days: 2026-01-01 to 2027-01-15 runs 12 months and 15 days', () => {
    expect(lengthWarnings('2026-01-01', '2027-01-15')[0]?.message).toContain('runs 12 months and 15 days');
    expect(lengthWarnings('2026-07-01', '2026-07-20')[0]?.message).toContain('runs 20 days');
    expect(lengthWarnings('2026-01-01', '2027-12-31')[0]?.message).toContain('runs 24 months');
  });

  it.each([
    ['2026-01-01', '2026-12-31'],
    ['2026-07-01', '2027-06-30'],
    ['2026-07-01', '2027-07-01'], // ending on the anniversary is accepted as well
    ['2026-01-31', '2027-01-30'],
    ['2023-03-01', '2024-02-29'], // into a leap year
    ['2024-03-01', '2025-02-28'],
    ['2024-02-29', '2025-02-28'], // from Feb 29: the anniversary is Feb 28
    ['2024-02-29', '2025-02-27'],
  ])('is silent for %s to %s', (start, end) => {
    expect(lengthWarnings(start, end)).toEqual([]);
  });

  it.each([
    ['2026-01-01', '2027-03-31', '15 months'],
    ['2024-03-01', '2025-03-02', '12 months and 2 days'],
    ['2023-03-01', '2024-02-28', '11 months and 28 days'], // 2024 is a leap year: Feb 29 is missing
    ['2026-01-01', '2026-12-30', '11 months and 30 days'],
  ])('warns for %s to %s (%s)', (start, end, length) => {
    expect(lengthWarnings(start, end)[0]?.message).toContain(`runs ${length} (${start} to ${end})`);
  });

  it('leaves an end before the start, and dates still being typed, to validation', () => {
    expect(lengthWarnings('2026-06-01', '2026-01-01')).toEqual([]);
    expect(lengthWarnings('2026-01-01', '2026-0')).toEqual([]);
    expect(lengthWarnings('2025-02-29', '2025-06-30')).toEqual([]); // not a date
  });
});

describe('stop loss without a self- or level-funded medical plan', () => {
  const stoploss = validPlanBody('stoploss', { start_date: '2025-01-01', end_date: '2025-12-31' });

  it('warns when the employer has no medical plan at all', () => {
    expect(plausibilityWarnings('stoploss', stoploss, none)).toEqual([
      {
        code: WARNING_CODES.stoplossWithoutFundedMedical,
        message: 'This employer has no self-funded or level-funded medical plan between 2025-01-01 and 2025-12-31; stop loss normally covers one.',
      },
    ]);
  });

  it('is silent next to a self-funded or a level-funded medical plan of the same year', () => {
    expect(plausibilityWarnings('stoploss', stoploss, { siblings: [sibling({ funding: 'FUNDING_SELF' })] })).toEqual([]);
    expect(plausibilityWarnings('stoploss', stoploss, { siblings: [sibling({ funding: 'FUNDING_LEVEL' })] })).toEqual([]);
  });

  it('is silent when the medical plan year only partly overlaps (July to June)', () => {
    const siblings = [sibling({ start_date: '2024-07-01', end_date: '2025-06-30' })];
    expect(plausibilityWarnings('stoploss', stoploss, { siblings })).toEqual([]);
  });

  it('warns when the only medical plan is fully insured', () => {
    const siblings = [sibling({ funding: 'FUNDING_FULLY' })];
    expect(codes(plausibilityWarnings('stoploss', stoploss, { siblings }))).toEqual([WARNING_CODES.stoplossWithoutFundedMedical]);
  });

  it('warns when the self-funded medical plan ended the day before the stop loss starts', () => {
    const siblings = [sibling({ start_date: '2024-01-01', end_date: '2024-12-31' })];
    expect(codes(plausibilityWarnings('stoploss', stoploss, { siblings }))).toEqual([WARNING_CODES.stoplossWithoutFundedMedical]);
  });

  it('does not count a self-funded dental plan', () => {
    const siblings = [sibling({ benefit: 'dental' })];
    expect(codes(plausibilityWarnings('stoploss', stoploss, { siblings }))).toEqual([WARNING_CODES.stoplossWithoutFundedMedical]);
  });

  it('while the stop loss dates are incomplete, any self-funded medical plan will do', () => {
    const incomplete = validPlanBody('stoploss', { start_date: undefined, end_date: '' });
    expect(plausibilityWarnings('stoploss', incomplete, { siblings: [sibling()] })).toEqual([]);
    expect(plausibilityWarnings('stoploss', incomplete, none)[0]?.message).toBe(
      'This employer has no self-funded or level-funded medical plan; stop loss normally covers one.',
    );
  });

  it('only concerns stop loss plans', () => {
    expect(plausibilityWarnings('ltd', validPlanBody('ltd'), none)).toEqual([]);
  });
});

describe('the same title on another plan with overlapping dates', () => {
  const plan = validPlanBody('dental', { title: 'Core Plan', start_date: '2025-01-01', end_date: '2025-12-31' });

  it('warns when a medical plan of the same year is called " core plan " (trimmed, any case)', () => {
    const siblings = [sibling({ title: ' core PLAN ', benefit: 'medical' })];
    expect(plausibilityWarnings('dental', plan, { siblings })).toEqual([
      {
        code: WARNING_CODES.duplicateTitle,
        field: 'title',
        message:
          'The medical (with prescription) plan "core PLAN" (2025-01-01 to 2025-12-31) has the same title and overlapping dates; a different title tells them apart.',
      },
    ]);
  });

  it('is silent when the plan with that title ran the year before', () => {
    const siblings = [sibling({ title: 'Core Plan', start_date: '2024-01-01', end_date: '2024-12-31' })];
    expect(plausibilityWarnings('dental', plan, { siblings })).toEqual([]);
  });

  it('is silent for a different title in the same year', () => {
    const siblings = [sibling({ title: 'Core Plan Plus' })];
    expect(plausibilityWarnings('dental', plan, { siblings })).toEqual([]);
  });

  it('is silent while the title is blank', () => {
    const siblings = [sibling({ title: '' })];
    expect(plausibilityWarnings('dental', { ...plan, title: '  ' }, { siblings })).toEqual([]);
  });
});

describe('from_action disagreeing with the carrier', () => {
  it('warns when a plan marked RENEWED moved from Aetna to Cigna', () => {
    const plan = validPlanBody('medical', { carrier: 'Cigna', from_action: 'RENEWED' });
    expect(plausibilityWarnings('medical', plan, { siblings: [], fromPlan: { carrier: 'Aetna' } })).toEqual([
      {
        code: WARNING_CODES.fromActionCarrier,
        field: 'from_action',
        message: 'Marked as renewed, but the carrier changed from Aetna to Cigna; a plan moved to another carrier is normally marked as converted.',
      },
    ]);
  });

  it('warns when a plan marked CONVERTED stayed with "Aetna Inc." (was "Aetna")', () => {
    const plan = validPlanBody('medical', { carrier: 'Aetna Inc.', from_action: 'CONVERTED' });
    const warnings = plausibilityWarnings('medical', plan, { siblings: [], fromPlan: { carrier: 'Aetna' } });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Marked as converted, but the carrier is still Aetna Inc.; a plan kept with the same carrier is normally marked as renewed.',
    ]);
  });

  it('is silent when RENEWED keeps the carrier and CONVERTED changes it', () => {
    const renewed = validPlanBody('medical', { carrier: 'aetna', from_action: 'RENEWED' });
    expect(plausibilityWarnings('medical', renewed, { siblings: [], fromPlan: { carrier: 'Aetna' } })).toEqual([]);
    const converted = validPlanBody('medical', { carrier: 'Cigna', from_action: 'CONVERTED' });
    expect(plausibilityWarnings('medical', converted, { siblings: [], fromPlan: { carrier: 'Aetna' } })).toEqual([]);
  });

  it('is silent without the prior plan, without a carrier, or without from_action', () => {
    const plan = validPlanBody('medical', { carrier: 'Cigna', from_action: 'RENEWED' });
    expect(plausibilityWarnings('medical', plan, none)).toEqual([]);
    expect(plausibilityWarnings('medical', { ...plan, carrier: ' ' }, { siblings: [], fromPlan: { carrier: 'Aetna' } })).toEqual([]);
    expect(plausibilityWarnings('medical', { ...plan, from_action: null }, { siblings: [], fromPlan: { carrier: 'Aetna' } })).toEqual([]);
  });
});

describe('a plan that has ended already (an old SBC, say)', () => {
  const plan = validPlanBody('medical', { start_date: '2024-01-01', end_date: '2024-12-31' });

  it('says it will be saved among the expired plans, on the end date', () => {
    expect(plausibilityWarnings('medical', plan, { siblings: [], today: '2025-01-01' })).toEqual([
      {
        code: WARNING_CODES.endedAlready,
        field: 'end_date',
        message:
          "This plan ended on 2024-12-31, before today: it will be saved among the employer's expired plans. For the current plan year, change its dates.",
      },
    ]);
  });

  it('is silent on its last day, and without today', () => {
    expect(plausibilityWarnings('medical', plan, { siblings: [], today: '2024-12-31' })).toEqual([]);
    expect(plausibilityWarnings('medical', plan, none)).toEqual([]);
  });
});

describe('incomplete input', () => {
  const odd: unknown[] = [undefined, null, '', 'abc', 12, true, [], {}, Number.NaN];

  it.each(BENEFITS)('never throws for a %s plan being typed', (benefit) => {
    const full = validPlanBody(benefit);
    for (const value of odd) {
      const scrambled = Object.fromEntries(Object.keys(full).map((key) => [key, value]));
      const siblings = [sibling({ title: value as string, start_date: value as string, end_date: value as string, funding: value as string })];
      expect(() => plausibilityWarnings(benefit, scrambled, { siblings, fromPlan: { carrier: value as string } })).not.toThrow();
    }
    expect(plausibilityWarnings(benefit, {}, none)).toEqual(
      benefit === 'stoploss' ? [expect.objectContaining({ code: WARNING_CODES.stoplossWithoutFundedMedical })] : [],
    );
  });
});
