import { describe, expect, it } from 'vitest';
import {
  computeAnnualTiers,
  emptyRateHelperInput,
  guessStructure,
  inputFromAnnual,
  parseAmount,
  periodsPerYear,
  rateMessages,
  tierLabels,
  withStructure,
  type AnnualTiers,
  type RateHelperInput,
  type RatePeriod,
} from './rate-helper.js';

const annual: RatePeriod = { kind: 'annual' };

function input(structure: RateHelperInput['structure'], ee: string[], gross: string[], extra: Partial<RateHelperInput> = {}): RateHelperInput {
  return { ...emptyRateHelperInput(structure), ee, gross, ...extra };
}

function tiersOf(value: RateHelperInput): AnnualTiers {
  const result = computeAnnualTiers(value);
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.errors)}`);
  return result.tiers;
}

const tiers = (ee: [number, number, number, number], gross: [number, number, number, number]): AnnualTiers => ({
  t1_ee: ee[0],
  t2_ee: ee[1],
  t3_ee: ee[2],
  t4_ee: ee[3],
  t1_gross: gross[0],
  t2_gross: gross[1],
  t3_gross: gross[2],
  t4_gross: gross[3],
});

describe('tier labels and periods', () => {
  it('names the tiers of each rate structure', () => {
    expect(tierLabels(2)).toEqual(['Employee only', 'Family']);
    expect(tierLabels(3)).toEqual(['Employee only', 'Employee + 1', 'Family']);
    expect(tierLabels(4)).toEqual(['Employee only', 'Employee + spouse', 'Employee + child(ren)', 'Employee + family']);
    expect(tierLabels(5)).toEqual(['Employee only', 'Employee + spouse', 'Employee + 1 child', 'Employee + 2 or more children', 'Employee + family']);
  });

  it('counts periods per year: annual 1, monthly 12, pay periods as chosen', () => {
    expect(periodsPerYear({ kind: 'annual' })).toBe(1);
    expect(periodsPerYear({ kind: 'monthly' })).toBe(12);
    for (const n of [12, 24, 26, 52] as const) expect(periodsPerYear({ kind: 'pay-period', periodsPerYear: n })).toBe(n);
  });

  it('starts empty: 4 tiers, annual, tier 3 uses Family', () => {
    expect(emptyRateHelperInput()).toEqual({ structure: 4, period: annual, tier3Uses: 'family', ee: ['', '', '', ''], gross: ['', '', '', ''] });
    expect(emptyRateHelperInput(5).ee).toHaveLength(5);
  });
});

describe('tier rules (spec: "Fields shared by medical, dental and vision")', () => {
  it('2 tiers: tier 1 is Employee only; tiers 2, 3 and 4 use the Family rate', () => {
    expect(tiersOf(input(2, ['1200', '4800'], ['7200', '20000']))).toEqual(tiers([1200, 4800, 4800, 4800], [7200, 20000, 20000, 20000]));
  });

  it('3 tiers, tier 3 uses Family (the default): tier 2 is Employee + 1, tiers 3 and 4 are Family', () => {
    expect(tiersOf(input(3, ['1200', '3000', '4800'], ['7200', '14400', '20000']))).toEqual(tiers([1200, 3000, 4800, 4800], [7200, 14400, 20000, 20000]));
  });

  it('3 tiers, tier 3 uses Employee + 1: tiers 2 and 3 are Employee + 1, tier 4 is Family', () => {
    const value = input(3, ['1200', '3000', '4800'], ['7200', '14400', '20000'], { tier3Uses: 'employee-plus-one' });
    expect(tiersOf(value)).toEqual(tiers([1200, 3000, 3000, 4800], [7200, 14400, 14400, 20000]));
  });

  it('4 tiers map one to one', () => {
    expect(tiersOf(input(4, ['1200', '3000', '2800', '4800'], ['7200', '14400', '13000', '20000']))).toEqual(
      tiers([1200, 3000, 2800, 4800], [7200, 14400, 13000, 20000]),
    );
  });

  it('5 tiers: tier 3 is the mean of Employee + 1 child and Employee + 2 or more children', () => {
    const value = input(5, ['1200', '3000', '2000', '3000', '4800'], ['7200', '14400', '6120', '7200', '20000']);
    expect(tiersOf(value)).toEqual(tiers([1200, 3000, 2500, 4800], [7200, 14400, 6660, 20000]));
  });

  it('5 tiers: a mean landing on exactly $x.50 rounds up', () => {
    // (2000 + 2001) / 2 = 2000.50 → 2001; (100.25 + 100.74) / 2 = 100.495 → 100 (not up: below .50)
    const value = input(5, ['0', '0', '2000', '2001', '0'], ['0', '0', '100.25', '100.74', '0']);
    const result = tiersOf(value);
    expect(result.t3_ee).toBe(2001);
    expect(result.t3_gross).toBe(100);
  });

  it('5 tiers: the mean is taken of the exact annual cents, rounded once', () => {
    // Monthly $10.01 and $10.02 → $120.12 and $120.24 a year → mean $120.18 → $120.
    // Rounding each first ($120 and $120) would agree here, so also: $0.04 and $0.05 monthly
    // → $0.48 and $0.60 → mean $0.54 → $1, whereas rounding each first gives mean(0, 1) = 0.5.
    const value = input(5, ['0', '0', '10.01', '10.02', '0'], ['0', '0', '0.04', '0.05', '0'], { period: { kind: 'monthly' } });
    const result = tiersOf(value);
    expect(result.t3_ee).toBe(120);
    expect(result.t3_gross).toBe(1);
  });
});

describe('periods and rounding (integer cents, one half-up rounding at the end)', () => {
  const t1ee = (text: string, period: RatePeriod) => tiersOf(input(4, [text, '0', '0', '0'], ['0', '0', '0', '0'], { period })).t1_ee;
  const payPeriod = (periodsPerYear: 12 | 24 | 26 | 52): RatePeriod => ({ kind: 'pay-period', periodsPerYear });

  it('annual amounts round to whole dollars, $x.50 up and $x.49 down', () => {
    expect(t1ee('1200', annual)).toBe(1200);
    expect(t1ee('1200.50', annual)).toBe(1201);
    expect(t1ee('1200.49', annual)).toBe(1200);
    expect(t1ee('.5', annual)).toBe(1);
  });

  it('monthly amounts × 12', () => {
    expect(t1ee('512.34', { kind: 'monthly' })).toBe(6148); // $6,148.08
    expect(t1ee('512.37', { kind: 'monthly' })).toBe(6148); // $6,148.44
    expect(t1ee('100.05', { kind: 'monthly' })).toBe(1201); // $1,200.60 → up
  });

  it('per pay period amounts × 12, 24, 26 or 52', () => {
    expect(t1ee('512.34', payPeriod(12))).toBe(6148); // $6,148.08
    expect(t1ee('512.34', payPeriod(24))).toBe(12296); // $12,296.16
    expect(t1ee('512.34', payPeriod(26))).toBe(13321); // $13,320.84
    expect(t1ee('512.34', payPeriod(52))).toBe(26642); // $26,641.68
    expect(t1ee('19.25', payPeriod(26))).toBe(501); // exactly $500.50 → up
  });

  it('multiplies before rounding: $0.02 × 26 = $0.52 → $1, though $0.02 alone rounds to $0', () => {
    expect(t1ee('0.02', annual)).toBe(0);
    expect(t1ee('0.02', payPeriod(26))).toBe(1);
    expect(t1ee('0.01', payPeriod(52))).toBe(1); // $0.52
    expect(t1ee('0.01', payPeriod(24))).toBe(0); // $0.24
  });

  it('is exact where floating point is not', () => {
    // In floats 0.05 * 12 + 0.70 * 12 = 8.999999999999998, whose half rounds to 4, not 5.
    const value = input(5, ['0', '0', '0.05', '0.70', '0'], ['0', '0', '0.01', '0.74', '0'], { period: { kind: 'monthly' } });
    expect(tiersOf(value)).toMatchObject({ t3_ee: 5, t3_gross: 5 });
    // 0.29 * 52 is 15.079999999999998 in floats; in cents it is 1508.
    expect(t1ee('0.29', payPeriod(52))).toBe(15);
    // 0.1 + 0.2 style: the mean of $0.10 and $0.20 is shown as exactly $0.15.
    const result = computeAnnualTiers(input(5, ['0', '0', '0.10', '0.20', '0'], ['0', '0', '0', '0', '0']));
    expect(result.ok && result.arithmetic.find((line) => line.field === 't3_ee')?.text).toContain('= $0.15 → $0');
  });

  it('shows half a cent when a mean lands on one, and still rounds once', () => {
    const result = computeAnnualTiers(input(5, ['0', '0', '0.01', '0.02', '0'], ['0', '0', '0', '0', '0']));
    expect(result.ok && result.arithmetic.find((line) => line.field === 't3_ee')?.text).toContain('= $0.015 → $0');
  });
});

describe('arithmetic lines', () => {
  it('explains every one of the eight fields, in order, in words and numbers', () => {
    const value = input(5, ['100', '250', '510', '600', '400'], ['600', '1200', '510', '600', '1700'], { period: { kind: 'monthly' } });
    const result = computeAnnualTiers(value);
    if (!result.ok) throw new Error('expected ok');
    expect(result.arithmetic.map((line) => line.field)).toEqual(['t1_ee', 't2_ee', 't3_ee', 't4_ee', 't1_gross', 't2_gross', 't3_gross', 't4_gross']);
    expect(result.arithmetic[6]!.text).toBe(
      'Tier 3 (employee + children) gross cost = mean of Employee + 1 child $510.00 × 12 months = $6,120.00' +
        ' and Employee + 2 or more children $600.00 × 12 months = $7,200.00 = $6,660.00 → $6,660',
    );
    expect(result.arithmetic[1]!.text).toBe('Tier 2 (employee + spouse) employee contribution = Employee + spouse $250.00 × 12 months = $3,000.00 → $3,000');
  });

  it('names pay periods, and the rate a copied tier comes from', () => {
    const result = computeAnnualTiers(input(2, ['512.34', '1,000'], ['0', '0'], { period: { kind: 'pay-period', periodsPerYear: 26 } }));
    if (!result.ok) throw new Error('expected ok');
    expect(result.arithmetic[0]!.text).toBe('Tier 1 (employee only) employee contribution = Employee only $512.34 × 26 pay periods = $13,320.84 → $13,321');
    expect(result.arithmetic[2]!.text).toBe('Tier 3 (employee + children) employee contribution = Family $1,000.00 × 26 pay periods = $26,000.00 → $26,000');
  });

  it('states annual amounts without a multiplication', () => {
    const result = computeAnnualTiers(input(4, ['1234.5', '0', '0', '0'], ['0', '0', '0', '0']));
    expect(result.ok && result.arithmetic[0]!.text).toBe('Tier 1 (employee only) employee contribution = Employee only $1,234.50 → $1,235');
  });
});

describe('typed amounts', () => {
  it('accepts plain numbers, thousands commas, a leading "$" and surrounding spaces', () => {
    expect(parseAmount('512.34')).toEqual({ ok: true, cents: 51234 });
    expect(parseAmount('1,234.50')).toEqual({ ok: true, cents: 123450 });
    expect(parseAmount('$1,234.50')).toEqual({ ok: true, cents: 123450 });
    expect(parseAmount(' $ 1,234,567 ')).toEqual({ ok: true, cents: 123456700 });
    expect(parseAmount('12.5')).toEqual({ ok: true, cents: 1250 });
    expect(parseAmount('12.')).toEqual({ ok: true, cents: 1200 });
    expect(parseAmount('.05')).toEqual({ ok: true, cents: 5 });
    expect(parseAmount('0')).toEqual({ ok: true, cents: 0 });
  });

  it("rejects empty, negative, more than 2 decimals, bad commas and non-numbers, saying why in the tier's words", () => {
    expect(parseAmount('')).toEqual({ ok: false, error: 'Enter an amount.' });
    expect(parseAmount('   ')).toEqual({ ok: false, error: 'Enter an amount.' });
    expect(parseAmount('-5', 'Employee only')).toEqual({
      ok: false,
      error: 'Employee only cannot be negative: enter 0 or more, e.g. 1,200, $1,200.50 or 1.2k.',
    });
    expect(parseAmount('$-5')).toEqual({ ok: false, error: 'The amount cannot be negative: enter 0 or more, e.g. 1,200, $1,200.50 or 1.2k.' });
    expect(parseAmount('12.345')).toEqual({ ok: false, error: rateMessages.tooManyDecimals });
    expect(parseAmount('abc', 'Family')).toEqual({ ok: false, error: '“abc” is not a number. Type family in digits, e.g. 1,200, $1,200.50 or 1.2k.' });
    expect(parseAmount('$')).toMatchObject({ ok: false, error: expect.stringContaining('is not a number') });
    expect(parseAmount('1e3')).toMatchObject({ ok: false, error: expect.stringContaining('scientific notation') });
    expect(parseAmount('1.2.3')).toMatchObject({ ok: false, error: expect.stringContaining('is not a number') });
    expect(parseAmount('12,34')).toMatchObject({ ok: false, error: expect.stringContaining('separators in the wrong places') });
  });

  it('reads amounts by the forms\' one rule: spaces between thousands and "k" too', () => {
    expect(parseAmount('1 234.50')).toEqual({ ok: true, cents: 123450 });
    expect(parseAmount('1.2k')).toEqual({ ok: true, cents: 120000 });
  });

  it('rejects amounts whose annual value is above the service maximum ($2,147,483,647)', () => {
    expect(tiersOf(input(4, ['2147483647', '0', '0', '0'], ['0', '0', '0', '0'])).t1_ee).toBe(2147483647);
    const monthly = computeAnnualTiers(input(4, ['200000000', '0', '0', '0'], ['0', '0', '0', '0'], { period: { kind: 'monthly' } }));
    expect(monthly.ok || monthly.errors.ee[0]).toBe(rateMessages.tooLarge);
    expect(parseAmount('99999999999')).toEqual({ ok: false, error: rateMessages.tooLarge });
  });

  it('reports an error per input, and no tiers, when any amount is wrong', () => {
    const result = computeAnnualTiers(input(3, ['100', '', 'abc'], ['-1', '12.345', '300']));
    expect(result).toEqual({
      ok: false,
      errors: {
        ee: [undefined, 'Enter an amount.', '“abc” is not a number. Type family in digits, e.g. 1,200, $1,200.50 or 1.2k.'],
        gross: ['Employee only cannot be negative: enter 0 or more, e.g. 1,200, $1,200.50 or 1.2k.', rateMessages.tooManyDecimals, undefined],
      },
    });
  });

  it('treats missing entries as empty and ignores extra ones (arrays of the wrong length)', () => {
    const short = computeAnnualTiers(input(4, ['1', '2'], []));
    expect(short.ok || short.errors).toEqual({
      ee: [undefined, undefined, 'Enter an amount.', 'Enter an amount.'],
      gross: new Array(4).fill('Enter an amount.'),
    });
    expect(tiersOf(input(2, ['1200', '4800', '9', '9', '9'], ['7200', '20000', 'junk']))).toEqual(tiers([1200, 4800, 4800, 4800], [7200, 20000, 20000, 20000]));
  });
});

describe('switching structure keeps the annual tiers where it can', () => {
  const four = input(4, ['1200', '3000', '2800', '4800'], ['7200', '14400', '13000', '20000']);

  it('4 → 2 keeps Employee only and Family', () => {
    expect(withStructure(four, 2)).toMatchObject({ structure: 2, ee: ['1200', '4800'], gross: ['7200', '20000'] });
  });

  it('4 → 3 keeps Employee + spouse as Employee + 1', () => {
    expect(withStructure(four, 3)).toMatchObject({ structure: 3, ee: ['1200', '3000', '4800'], gross: ['7200', '14400', '20000'] });
  });

  it('4 → 5 uses the children rate for both children tiers, so the mean is unchanged', () => {
    const five = withStructure(four, 5);
    expect(five.ee).toEqual(['1200', '3000', '2800', '2800', '4800']);
    expect(tiersOf(five)).toEqual(tiersOf(four));
  });

  it('2 → 4 and 3 → 4 give the same annual tiers as before', () => {
    const two = input(2, ['1200', '4800'], ['7200', '20000']);
    expect(tiersOf(withStructure(two, 4))).toEqual(tiersOf(two));
    const three = input(3, ['1200', '3000', '4800'], ['7200', '14400', '20000'], { tier3Uses: 'employee-plus-one' });
    expect(tiersOf(withStructure(three, 4))).toEqual(tiersOf(three));
  });

  it('5 → 4 leaves the children rate empty when the two children rates differ', () => {
    const five = input(5, ['1', '2', '3', '4', '5'], ['1', '2', '3', '3', '5']);
    expect(withStructure(five, 4)).toMatchObject({ ee: ['1', '2', '', '5'], gross: ['1', '2', '3', '5'] });
  });
});

describe('starting from existing annual tiers (renewals)', () => {
  it('guesses the fewest tiers that reproduce them', () => {
    expect(guessStructure(tiers([1200, 4800, 4800, 4800], [7200, 20000, 20000, 20000]))).toBe(2);
    expect(guessStructure(tiers([1200, 3000, 4800, 4800], [7200, 14400, 20000, 20000]))).toBe(3);
    expect(guessStructure(tiers([1200, 3000, 3000, 4800], [7200, 14400, 14400, 20000]))).toBe(3);
    expect(guessStructure(tiers([1200, 3000, 2800, 4800], [7200, 14400, 13000, 20000]))).toBe(4);
    // ee says "tier 3 = Employee + 1" but gross says "tier 3 = Family": one 3-tier choice cannot do both
    expect(guessStructure(tiers([1200, 3000, 3000, 4800], [7200, 14400, 20000, 20000]))).toBe(4);
    expect(guessStructure({})).toBe(4);
    expect(guessStructure({ t1_ee: 1, t2_ee: 2, t3_ee: 2, t4_ee: 2, t1_gross: null })).toBe(4);
  });

  it("prefills the helper, annual, so that it reproduces last year's numbers", () => {
    for (const last of [
      tiers([1200, 4800, 4800, 4800], [7200, 20000, 20000, 20000]),
      tiers([1200, 3000, 4800, 4800], [7200, 14400, 20000, 20000]),
      tiers([1200, 3000, 3000, 4800], [7200, 14400, 14400, 20000]),
      tiers([1200, 3000, 2800, 4800], [7200, 14400, 13000, 20000]),
    ]) {
      const prefilled = inputFromAnnual(last);
      expect(prefilled.period).toEqual(annual);
      expect(tiersOf(prefilled)).toEqual(last);
      expect(tiersOf(inputFromAnnual(last, 5))).toEqual(last);
    }
    expect(inputFromAnnual(tiers([1200, 3000, 3000, 4800], [7200, 14400, 14400, 20000]))).toMatchObject({
      structure: 3,
      tier3Uses: 'employee-plus-one',
      ee: ['1200', '3000', '4800'],
      gross: ['7200', '14400', '20000'],
    });
  });

  it('leaves missing values empty', () => {
    expect(inputFromAnnual({ t1_ee: 100, t4_ee: null }, 4)).toMatchObject({ ee: ['100', '', '', ''], gross: ['', '', '', ''] });
  });
});
