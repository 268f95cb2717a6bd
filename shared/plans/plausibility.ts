// Warnings about plan data that is valid but probably mistyped. They never block saving: the
// service accepts all of it. Pure; every rule tolerates an incomplete plan (missing keys, nulls)
// and stays silent when it cannot tell.
import { hasPremiumTiers, type Benefit } from './benefits.js';
import { planKind } from './index.js';
import { addDays, addMonths, formatDate, parseDate, sameCarrier, TIER_LABELS, type CalendarDate, type Tier } from './renewal.js';

export interface PlausibilityWarning {
  code: string;
  field?: string;
  message: string;
}

/** Another plan of the same employer (never the plan being edited). */
export interface SiblingPlan {
  benefit: Benefit;
  id: string;
  title: string;
  carrier?: string;
  start_date: string;
  end_date: string;
  funding?: string | null;
}

export interface PlausibilityContext {
  siblings: SiblingPlan[];
  /** The plan named by from_plan, when known. */
  fromPlan?: { carrier: string };
  /** Today (YYYY-MM-DD, as the service dates plans): a plan that ended before it is saved as expired. */
  today?: string;
}

export const WARNING_CODES = {
  eeAboveGross: 'ee_above_gross',
  deductibleAboveMax: 'deductible_above_max',
  planYearLength: 'plan_year_length',
  stoplossWithoutFundedMedical: 'stoploss_without_funded_medical',
  duplicateTitle: 'duplicate_title',
  fromActionCarrier: 'from_action_carrier',
  endedAlready: 'ended_already',
  premiumBeyondBelief: 'premium_beyond_belief',
} as const;

/**
 * No premium of a person's coverage comes near this a year (a family's medical premium is some
 * $25,000): an amount above it has extra digits, or a group's total typed for one employee.
 */
const MOST_PLAUSIBLE_PREMIUM = 100_000;

export function plausibilityWarnings(benefit: Benefit, plan: Record<string, unknown>, context: PlausibilityContext): PlausibilityWarning[] {
  const siblings = Array.isArray(context?.siblings) ? context.siblings : [];
  return [
    ...premiumBeyondBelief(benefit, plan),
    ...contributionAboveGross(benefit, plan),
    ...deductibleAboveMaximum(benefit, plan),
    ...planYearLength(plan),
    ...stoplossWithoutFundedMedical(benefit, plan, siblings),
    ...sameTitleElsewhere(plan, siblings),
    ...fromActionAgainstCarrier(plan, context?.fromPlan),
    ...endedAlready(plan, context?.today),
  ];
}

// ---- the rules ---------------------------------------------------------------------------------

function contributionAboveGross(benefit: Benefit, plan: Record<string, unknown>): PlausibilityWarning[] {
  if (!hasPremiumTiers(benefit)) return [];
  return ([1, 2, 3, 4] as const satisfies readonly Tier[]).flatMap((tier) => {
    const [ee, gross] = [numberOf(plan[`t${tier}_ee`]), numberOf(plan[`t${tier}_gross`])];
    // An amount beyond belief has its own note; "more than the gross cost" would only repeat it.
    if (ee === null || gross === null || ee <= gross || ee > MOST_PLAUSIBLE_PREMIUM) return [];
    return [
      {
        code: WARNING_CODES.eeAboveGross,
        field: `t${tier}_ee`,
        message: `Tier ${tier} (${TIER_LABELS[tier].toLowerCase()}): the employee contribution (${money(ee)}) is more than the gross cost (${money(gross)}); the contribution is normally part of the gross cost.`,
      },
    ];
  });
}

const PREMIUM_SIDES = [
  { side: 'ee', name: 'an employee contribution' },
  { side: 'gross', name: 'a gross cost' },
] as const;

function premiumBeyondBelief(benefit: Benefit, plan: Record<string, unknown>): PlausibilityWarning[] {
  if (!hasPremiumTiers(benefit)) return [];
  return PREMIUM_SIDES.flatMap(({ side, name }) =>
    ([1, 2, 3, 4] as const satisfies readonly Tier[]).flatMap((tier) => {
      const amount = numberOf(plan[`t${tier}_${side}`]);
      if (amount === null || amount <= MOST_PLAUSIBLE_PREMIUM) return [];
      return [
        {
          code: WARNING_CODES.premiumBeyondBelief,
          field: `t${tier}_${side}`,
          message: `Tier ${tier} (${TIER_LABELS[tier].toLowerCase()}): ${name} of ${money(amount)} a year for one employee is more than ${money(MOST_PLAUSIBLE_PREMIUM)}, far above any premium; check it for extra digits.`,
        },
      ];
    }),
  );
}

const NETWORKS = [
  { prefix: 'in', name: 'in-network' },
  { prefix: 'out', name: 'out-of-network' },
  { prefix: 'rx', name: 'Rx' },
] as const;

function deductibleAboveMaximum(benefit: Benefit, plan: Record<string, unknown>): PlausibilityWarning[] {
  if (benefit !== 'medical') return [];
  return NETWORKS.flatMap(({ prefix, name }) =>
    (['single', 'family'] as const).flatMap((coverage) => {
      const field = `${prefix}_ded_${coverage}`;
      const [deductible, maximum] = [numberOf(plan[field]), numberOf(plan[`${prefix}_max_${coverage}`])];
      if (deductible === null || maximum === null || deductible <= maximum) return [];
      return [
        {
          code: WARNING_CODES.deductibleAboveMax,
          field,
          message: `The ${name} ${coverage} deductible (${money(deductible)}) is more than the ${name} ${coverage} out-of-pocket maximum (${money(maximum)}); the maximum normally includes the deductible.`,
        },
      ];
    }),
  );
}

/** A plan year of 12 months ends the day before the start's anniversary; ending on the anniversary itself is accepted too. */
function planYearLength(plan: Record<string, unknown>): PlausibilityWarning[] {
  const [start, end] = [parseDate(plan['start_date']), parseDate(plan['end_date'])];
  // An end on or before the start is a validation error the service reports; no second message.
  if (!start || !end || compare(end, start) <= 0) return [];
  const anniversary = addMonths(start, 12);
  if (compare(end, anniversary) === 0 || compare(end, addDays(anniversary, -1)) === 0) return [];
  return [
    {
      code: WARNING_CODES.planYearLength,
      field: 'end_date',
      message: `The plan year runs ${describeLength(start, end)} (${formatDate(start)} to ${formatDate(end)}); plan years are normally 12 months.`,
    },
  ];
}

/** A plan whose end has passed is saved among the employer's expired plans: said before it is saved (an old SBC, say). */
function endedAlready(plan: Record<string, unknown>, today: string | undefined): PlausibilityWarning[] {
  const [end, now] = [parseDate(plan['end_date']), parseDate(today)];
  if (!end || !now || compare(end, now) >= 0) return [];
  return [
    {
      code: WARNING_CODES.endedAlready,
      field: 'end_date',
      message: `This plan ended on ${formatDate(end)}, before today: it will be saved among the employer's expired plans. For the current plan year, change its dates.`,
    },
  ];
}

const FUNDED_MEDICAL = new Set(['FUNDING_SELF', 'FUNDING_LEVEL']);

function stoplossWithoutFundedMedical(benefit: Benefit, plan: Record<string, unknown>, siblings: SiblingPlan[]): PlausibilityWarning[] {
  if (benefit !== 'stoploss') return [];
  // Dates not yet known count as overlapping: warn only when sure.
  const covered = siblings.some((sibling) => sibling?.benefit === 'medical' && FUNDED_MEDICAL.has(String(sibling.funding)) && overlap(plan, sibling) !== false);
  if (covered) return [];
  const period = datesOf(plan);
  return [
    {
      code: WARNING_CODES.stoplossWithoutFundedMedical,
      message: period
        ? `This employer has no self-funded or level-funded medical plan between ${formatDate(period.start)} and ${formatDate(period.end)}; stop loss normally covers one.`
        : 'This employer has no self-funded or level-funded medical plan; stop loss normally covers one.',
    },
  ];
}

function sameTitleElsewhere(plan: Record<string, unknown>, siblings: SiblingPlan[]): PlausibilityWarning[] {
  const title = titleKey(plan['title']);
  if (title === '') return [];
  return siblings
    .filter((sibling) => titleKey(sibling?.title) === title && overlap(plan, sibling) === true)
    .map((sibling) => ({
      code: WARNING_CODES.duplicateTitle,
      field: 'title',
      message: `The ${kindLabel(sibling.benefit)} plan "${sibling.title.trim()}" (${sibling.start_date} to ${sibling.end_date}) has the same title and overlapping dates; a different title tells them apart.`,
    }));
}

function fromActionAgainstCarrier(plan: Record<string, unknown>, fromPlan: { carrier: string } | undefined): PlausibilityWarning[] {
  const action = plan['from_action'];
  const [before, after] = [text(fromPlan?.carrier), text(plan['carrier'])];
  if (before === '' || after === '') return [];
  if (action === 'RENEWED' && !sameCarrier(before, after)) {
    return [
      {
        code: WARNING_CODES.fromActionCarrier,
        field: 'from_action',
        message: `Marked as renewed, but the carrier changed from ${before} to ${after}; a plan moved to another carrier is normally marked as converted.`,
      },
    ];
  }
  if (action === 'CONVERTED' && sameCarrier(before, after)) {
    return [
      {
        code: WARNING_CODES.fromActionCarrier,
        field: 'from_action',
        message: `Marked as converted, but the carrier is still ${after}; a plan kept with the same carrier is normally marked as renewed.`,
      },
    ];
  }
  return [];
}

// ---- helpers -----------------------------------------------------------------------------------

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function titleKey(value: unknown): string {
  return text(value).toLowerCase();
}

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function money(amount: number): string {
  return moneyFormat.format(amount);
}

function kindLabel(benefit: unknown): string {
  try {
    return planKind(benefit as Benefit).label.toLowerCase();
  } catch {
    return 'other';
  }
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function datesOf(plan: { start_date?: unknown; end_date?: unknown }): { start: CalendarDate; end: CalendarDate } | null {
  const [start, end] = [parseDate(plan.start_date), parseDate(plan.end_date)];
  return start && end ? { start, end } : null;
}

/** Whether two date ranges (both ends inclusive) share a day; null when either range is not known. */
function overlap(a: { start_date?: unknown; end_date?: unknown }, b: { start_date?: unknown; end_date?: unknown }): boolean | null {
  const [first, second] = [datesOf(a), datesOf(b)];
  if (!first || !second) return null;
  return compare(first.start, second.end) <= 0 && compare(second.start, first.end) <= 0;
}

/** "6 months", "1 month and 3 days", "20 days": whole calendar months from the start, then days, counting the end day. */
function describeLength(start: CalendarDate, end: CalendarDate): string {
  const endExclusive = addDays(end, 1);
  let months = (endExclusive.year - start.year) * 12 + (endExclusive.month - start.month);
  if (compare(addMonths(start, months), endExclusive) > 0) months -= 1;
  const reached = addMonths(start, months);
  const days = Math.round(
    (Date.UTC(endExclusive.year, endExclusive.month - 1, endExclusive.day) - Date.UTC(reached.year, reached.month - 1, reached.day)) / 86_400_000,
  );
  const parts = [months > 0 ? plural(months, 'month') : '', days > 0 ? plural(days, 'day') : ''].filter((part) => part !== '');
  return parts.join(' and ');
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
