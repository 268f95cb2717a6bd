// The plan-entry rate helper: turns the rates a broker reads off a rate sheet (2 to 5 tiers, per
// year, month or pay period) into the four annual tiers the service stores (spec, "Fields shared by
// medical, dental and vision"). Money is integer cents throughout; the only rounding is the final
// one to whole dollars, half up.
import { readMoneyCents } from '../forms/numbers.js';
import { INT_MAX } from '../validation/fields.js';
import { divideHalfUp, groupThousands } from './rounding.js';

export type TierStructure = 2 | 3 | 4 | 5;
export const TIER_STRUCTURES: readonly TierStructure[] = [2, 3, 4, 5];

export type RatePeriod = { kind: 'annual' } | { kind: 'monthly' } | { kind: 'pay-period'; periodsPerYear: 12 | 24 | 26 | 52 };
export const PAY_PERIODS_PER_YEAR = [12, 24, 26, 52] as const;

type Tier3Uses = 'employee-plus-one' | 'family';

export interface RateHelperInput {
  structure: TierStructure;
  period: RatePeriod;
  /** Only used by the 3-tier structure. */
  tier3Uses: Tier3Uses;
  /** Raw typed texts, one per tier of the structure; missing entries count as empty. */
  ee: string[];
  gross: string[];
}

export interface AnnualTiers {
  t1_ee: number;
  t2_ee: number;
  t3_ee: number;
  t4_ee: number;
  t1_gross: number;
  t2_gross: number;
  t3_gross: number;
  t4_gross: number;
}

type AnnualTierField = keyof AnnualTiers;

interface ArithmeticLine {
  field: AnnualTierField;
  text: string;
}

export type RateHelperResult =
  { ok: true; tiers: AnnualTiers; arithmetic: ArithmeticLine[] } | { ok: false; errors: { ee: (string | undefined)[]; gross: (string | undefined)[] } };

const LABELS: Record<TierStructure, readonly string[]> = {
  2: ['Employee only', 'Family'],
  3: ['Employee only', 'Employee + 1', 'Family'],
  4: ['Employee only', 'Employee + spouse', 'Employee + child(ren)', 'Employee + family'],
  5: ['Employee only', 'Employee + spouse', 'Employee + 1 child', 'Employee + 2 or more children', 'Employee + family'],
};

const ANNUAL_TIER_NAMES = ['employee only', 'employee + spouse', 'employee + children', 'employee + family'] as const;

export const rateMessages = {
  empty: 'Enter an amount.',
  tooManyDecimals: 'Use at most 2 decimal places (cents).',
  tooLarge: `The annual amount is above the maximum of $${groupThousands(String(INT_MAX))}.`,
} as const;

export function tierLabels(structure: TierStructure): string[] {
  return [...LABELS[structure]];
}

export function periodsPerYear(period: RatePeriod): number {
  switch (period.kind) {
    case 'annual':
      return 1;
    case 'monthly':
      return 12;
    case 'pay-period':
      return period.periodsPerYear;
  }
}

export function emptyRateHelperInput(structure: TierStructure = 4): RateHelperInput {
  const blanks = () => LABELS[structure].map(() => '');
  return { structure, period: { kind: 'annual' }, tier3Uses: 'family', ee: blanks(), gross: blanks() };
}

/**
 * Whole cents, or the message to show, in the words of the tier `label`. Read by the forms' one
 * number rule ("1,234.50", "$1 234.50", "1.2k"), to the cent: the rate helper rounds only once, at
 * the end.
 */
export function parseAmount(text: string, label = 'The amount'): { ok: true; cents: number } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: false, error: rateMessages.empty };
  if (/\.\d{3,}\s*$/.test(text)) return { ok: false, error: rateMessages.tooManyDecimals };
  const read = readMoneyCents(text, { label, unit: 'money', min: 0, max: INT_MAX });
  if (!read.ok) return { ok: false, error: read.problem };
  // Above INT_MAX dollars every annual amount is too large; the cap keeps every product a safe integer.
  if (read.value > INT_MAX * 100) return { ok: false, error: rateMessages.tooLarge };
  return { ok: true, cents: read.value };
}

/**
 * One rate as typed, made annual. Amounts are kept in half-cents so that the 5-tier mean of two
 * annual amounts stays an exact integer.
 */
interface AnnualRate {
  label: string;
  typedCents: number;
  halfCents: number;
}

export function computeAnnualTiers(input: RateHelperInput): RateHelperResult {
  const n = periodsPerYear(input.period);
  const count = LABELS[input.structure].length;
  const errors = { ee: new Array<string | undefined>(count).fill(undefined), gross: new Array<string | undefined>(count).fill(undefined) };
  const rates = { ee: [] as AnnualRate[], gross: [] as AnnualRate[] };
  let failed = false;
  for (const side of ['ee', 'gross'] as const) {
    for (let i = 0; i < count; i++) {
      const parsed = parseAmount(input[side][i] ?? '', LABELS[input.structure][i]);
      if (!parsed.ok) {
        errors[side][i] = parsed.error;
        failed = true;
      } else if (roundHalfCents(parsed.cents * n * 2) > INT_MAX) {
        errors[side][i] = rateMessages.tooLarge;
        failed = true;
      } else {
        rates[side].push({ label: LABELS[input.structure][i]!, typedCents: parsed.cents, halfCents: parsed.cents * n * 2 });
      }
    }
  }
  if (failed) return { ok: false, errors };

  const tiers = {} as AnnualTiers;
  const arithmetic: ArithmeticLine[] = [];
  for (const side of ['ee', 'gross'] as const) {
    const sources = annualSources(input, rates[side]);
    sources.forEach((source, index) => {
      const field = `t${index + 1}_${side}` as AnnualTierField;
      const halfCents = source.length === 1 ? source[0]!.halfCents : (source[0]!.halfCents + source[1]!.halfCents) / 2;
      tiers[field] = roundHalfCents(halfCents);
      const what = side === 'ee' ? 'employee contribution' : 'gross cost';
      const from =
        source.length === 1
          ? describeRate(source[0]!, input.period)
          : `mean of ${describeRate(source[0]!, input.period)} and ${describeRate(source[1]!, input.period)} = ${formatHalfCents(halfCents)}`;
      arithmetic.push({ field, text: `Tier ${index + 1} (${ANNUAL_TIER_NAMES[index]}) ${what} = ${from} → $${groupThousands(String(tiers[field]))}` });
    });
  }
  return { ok: true, tiers, arithmetic };
}

/** For each of the four annual tiers, the typed rate it copies, or the two whose mean it is. */
function annualSources(input: RateHelperInput, r: AnnualRate[]): AnnualRate[][] {
  const [a, b, c, d, e] = r as [AnnualRate, AnnualRate, AnnualRate, AnnualRate, AnnualRate];
  switch (input.structure) {
    case 2:
      return [[a], [b], [b], [b]];
    case 3:
      return [[a], [b], [input.tier3Uses === 'family' ? c : b], [c]];
    case 4:
      return [[a], [b], [c], [d]];
    case 5:
      return [[a], [b], [c, d], [e]];
  }
}

function describeRate(rate: AnnualRate, period: RatePeriod): string {
  const typed = `${rate.label} ${formatHalfCents(rate.typedCents * 2)}`;
  switch (period.kind) {
    case 'annual':
      return typed;
    case 'monthly':
      return `${typed} × 12 months = ${formatHalfCents(rate.halfCents)}`;
    case 'pay-period':
      return `${typed} × ${period.periodsPerYear} pay periods = ${formatHalfCents(rate.halfCents)}`;
  }
}

/** Whole dollars, half up: 200 half-cents per dollar, and x.50 goes up. */
function roundHalfCents(halfCents: number): number {
  return divideHalfUp(halfCents, 200);
}

/** "$6,660.00", or "$0.015" when a mean lands on half a cent. */
function formatHalfCents(halfCents: number): string {
  const cents = Math.floor(halfCents / 2);
  const dollars = groupThousands(String(Math.floor(cents / 100)));
  return `$${dollars}.${String(cents % 100).padStart(2, '0')}${halfCents % 2 === 1 ? '5' : ''}`;
}

/**
 * The same rates under another structure, chosen so the annual tiers stay the same where that is
 * possible (e.g. 4 → 2 keeps Employee only and Family; 2 → 4 copies Family into spouse and children).
 * A 5-tier children's mean has no single typed rate, so it moves to 4 or 3 tiers only when both agree.
 */
export function withStructure(input: RateHelperInput, structure: TierStructure): RateHelperInput {
  if (structure === input.structure) return input;
  const remap = (texts: string[]) => fromAnnualTexts(annualTexts(input, texts), structure);
  return { ...input, structure, ee: remap(input.ee), gross: remap(input.gross) };
}

/** The typed text behind each annual tier (t1..t4), '' where no single text gives it. */
function annualTexts(input: RateHelperInput, texts: string[]): [string, string, string, string] {
  const at = (i: number) => texts[i] ?? '';
  switch (input.structure) {
    case 2:
      return [at(0), at(1), at(1), at(1)];
    case 3:
      return [at(0), at(1), input.tier3Uses === 'family' ? at(2) : at(1), at(2)];
    case 4:
      return [at(0), at(1), at(2), at(3)];
    case 5:
      return [at(0), at(1), at(2).trim() === at(3).trim() ? at(2) : '', at(4)];
  }
}

function fromAnnualTexts([t1, t2, t3, t4]: readonly string[], structure: TierStructure): string[] {
  switch (structure) {
    case 2:
      return [t1!, t4!];
    case 3:
      return [t1!, t2!, t4!];
    case 4:
      return [t1!, t2!, t3!, t4!];
    case 5:
      return [t1!, t2!, t3!, t3!, t4!];
  }
}

type AnnualValues = Partial<Record<AnnualTierField, number | null>>;

const bothSides = (tiers: AnnualValues, test: (side: 'ee' | 'gross') => boolean) => test('ee') && test('gross');

/** A sensible starting structure for existing annual tiers: the fewest tiers that reproduce them. */
export function guessStructure(tiers: AnnualValues): TierStructure {
  const v = (side: 'ee' | 'gross', tier: number) => tiers[`t${tier}_${side}` as AnnualTierField];
  const known = bothSides(tiers, (side) => [1, 2, 3, 4].every((t) => typeof v(side, t) === 'number'));
  if (!known) return 4;
  if (bothSides(tiers, (s) => v(s, 2) === v(s, 3) && v(s, 3) === v(s, 4))) return 2;
  if (bothSides(tiers, (s) => v(s, 2) === v(s, 3)) || bothSides(tiers, (s) => v(s, 3) === v(s, 4))) return 3;
  return 4;
}

/** Prefills the helper (annual period) from stored annual tiers, e.g. last year's plan on renewal. */
export function inputFromAnnual(tiers: AnnualValues, structure: TierStructure = guessStructure(tiers)): RateHelperInput {
  const text = (side: 'ee' | 'gross') =>
    [1, 2, 3, 4].map((t) => {
      const value = tiers[`t${t}_${side}` as AnnualTierField];
      return typeof value === 'number' ? String(value) : '';
    });
  // Tier 3 follows Employee + 1 only when that is what the stored values say on both sides.
  const tier3Uses: Tier3Uses =
    bothSides(tiers, (s) => tiers[`t3_${s}`] === tiers[`t2_${s}`]) && !bothSides(tiers, (s) => tiers[`t3_${s}`] === tiers[`t4_${s}`])
      ? 'employee-plus-one'
      : 'family';
  return { structure, period: { kind: 'annual' }, tier3Uses, ee: fromAnnualTexts(text('ee'), structure), gross: fromAnnualTexts(text('gross'), structure) };
}
