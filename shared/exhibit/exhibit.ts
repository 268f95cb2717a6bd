// The renewal exhibit of one employer for one plan year: each plan starting in that year beside the
// plan it renews or converts (its from_plan), plus the alternatives the broker includes.
import { planKind } from '../plans/index.js';
import { parseDate, sameCarrier } from '../plans/renewal.js';
import { designRows, TIERED_BENEFITS, type DesignRow, type TieredBenefit } from './design.js';
import type { Enrollment } from './enrollment.js';
import { premiumTotals, tierPremiums, type PremiumTotals, type TierPremiums } from './premiums.js';

export interface ExhibitPlan {
  benefit: TieredBenefit;
  plan: Record<string, unknown>;
}

export interface ExhibitRequest {
  agency: string;
  employer: { id: string; name: string };
  /** Every medical, dental and vision plan of the employer. */
  plans: readonly ExhibitPlan[];
  year: number;
  enrollment: Enrollment | null;
  /** Plans of the new year shown as alternatives. */
  include: readonly string[];
  /** The date printed on the exhibit, YYYY-MM-DD. */
  date: string;
}

/** Renewed with the same carrier, converted to another, or an alternative the broker quoted. */
export type SectionKind = 'renewal' | 'conversion' | 'alternative';

export interface PlanHeading {
  id: string;
  title: string;
  carrier: string;
  startDate: string;
  endDate: string;
}

export interface PlanChoice extends PlanHeading {
  benefitLabel: string;
}

export interface ExhibitSection {
  kind: SectionKind;
  benefit: TieredBenefit;
  benefitLabel: string;
  current: PlanHeading | null;
  proposed: PlanHeading;
  design: DesignRow[];
  tiers: TierPremiums[];
  totals: PremiumTotals | null;
}

export interface Exhibit {
  agency: string;
  employer: string;
  year: number;
  date: string;
  enrollment: Enrollment | null;
  sections: ExhibitSection[];
}

export type ExhibitResult = { ok: true; exhibit: Exhibit } | { ok: false; error: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const idOf = (entry: ExhibitPlan): string => text(entry.plan['id']);
const startYear = (entry: ExhibitPlan): number | null => parseDate(entry.plan['start_date'])?.year ?? null;

function heading(plan: Record<string, unknown>): PlanHeading {
  return {
    id: text(plan['id']),
    title: text(plan['title']),
    carrier: text(plan['carrier']),
    startDate: text(plan['start_date']),
    endDate: text(plan['end_date']),
  };
}

const benefitOrder = (benefit: TieredBenefit) => TIERED_BENEFITS.indexOf(benefit);
const byKindThenTitle = (a: ExhibitPlan, b: ExhibitPlan) =>
  benefitOrder(a.benefit) - benefitOrder(b.benefit) || text(a.plan['title']).localeCompare(text(b.plan['title']));

/** The plan this one renews or converts, when it is a plan of the same kind of this employer. */
function priorPlan(byId: ReadonlyMap<string, ExhibitPlan>, entry: ExhibitPlan): ExhibitPlan | undefined {
  const prior = byId.get(text(entry.plan['from_plan']));
  return prior && prior.benefit === entry.benefit && prior !== entry ? prior : undefined;
}

/** The plans the broker may include as alternatives: of the new year, renewing or converting none. */
export function alternativeChoices(plans: readonly ExhibitPlan[], year: number): PlanChoice[] {
  const byId = new Map(plans.map((entry) => [idOf(entry), entry]));
  return plans
    .filter((entry) => startYear(entry) === year && !priorPlan(byId, entry))
    .sort(byKindThenTitle)
    .map((entry) => ({ ...heading(entry.plan), benefitLabel: planKind(entry.benefit).label }));
}

/** As the plan says (from_action), else by the carrier rule behind RENEWED / CONVERTED. */
function isConversion(prior: ExhibitPlan, entry: ExhibitPlan): boolean {
  const action = entry.plan['from_action'];
  if (action === 'RENEWED' || action === 'CONVERTED') return action === 'CONVERTED';
  return !sameCarrier(prior.plan['carrier'], entry.plan['carrier']);
}

export function buildExhibit(request: ExhibitRequest): ExhibitResult {
  const byId = new Map(request.plans.map((entry) => [idOf(entry), entry]));
  const newYear = request.plans.filter((entry) => startYear(entry) === request.year).sort(byKindThenTitle);
  if (newYear.length === 0) return { ok: false, error: `${request.employer.name} has no medical, dental or vision plan starting in ${request.year}.` };

  const priorOf = (entry: ExhibitPlan) => priorPlan(byId, entry);
  for (const id of request.include) {
    const entry = byId.get(id);
    if (!entry) return { ok: false, error: `${id} is not a medical, dental or vision plan of ${request.employer.name}.` };
    if (startYear(entry) !== request.year)
      return {
        ok: false,
        error: `The plan "${text(entry.plan['title'])}" starts ${text(entry.plan['start_date'])}, not in ${request.year}; an alternative must be a plan of the new year.`,
      };
    if (priorOf(entry))
      return {
        ok: false,
        error: `The plan "${text(entry.plan['title'])}" renews or converts a plan, so it is already in the exhibit; an alternative is a plan of the new year without a prior-year plan.`,
      };
  }

  const renewals = newYear.filter((entry) => priorOf(entry) !== undefined);
  const included = new Set(request.include);
  const alternatives = newYear.filter((entry) => included.has(idOf(entry)));
  if (renewals.length === 0 && alternatives.length === 0) {
    return {
      ok: false,
      error:
        newYear.length === 1
          ? `The plan of ${request.employer.name} starting in ${request.year} renews or converts no prior-year plan (its Prior-year plan is empty); include it as an alternative to show it.`
          : `None of the ${newYear.length} plans of ${request.employer.name} starting in ${request.year} renews or converts a prior-year plan (their Prior-year plan is empty); include them as alternatives to show them.`,
    };
  }

  const section = (kind: SectionKind, entry: ExhibitPlan, prior: ExhibitPlan | null): ExhibitSection => {
    const tiers = tierPremiums(prior?.plan ?? null, entry.plan, request.enrollment);
    return {
      kind,
      benefit: entry.benefit,
      benefitLabel: planKind(entry.benefit).label,
      current: prior ? heading(prior.plan) : null,
      proposed: heading(entry.plan),
      design: designRows(entry.benefit, prior?.plan ?? null, entry.plan),
      tiers,
      totals: request.enrollment ? premiumTotals(tiers, request.enrollment) : null,
    };
  };
  // An alternative is set against the current plan of its kind when the exhibit renews exactly one.
  const currentOfKind = (entry: ExhibitPlan): ExhibitPlan | null => {
    const priors = new Set(renewals.filter((renewal) => renewal.benefit === entry.benefit).map((renewal) => priorOf(renewal)!));
    return priors.size === 1 ? [...priors][0]! : null;
  };
  const sections = [
    ...renewals.map((entry) => {
      const prior = priorOf(entry)!;
      return section(isConversion(prior, entry) ? 'conversion' : 'renewal', entry, prior);
    }),
    ...alternatives.map((entry) => section('alternative', entry, currentOfKind(entry))),
  ].sort((a, b) => benefitOrder(a.benefit) - benefitOrder(b.benefit));
  return {
    ok: true,
    exhibit: { agency: request.agency, employer: request.employer.name, year: request.year, date: request.date, enrollment: request.enrollment, sections },
  };
}
