// Renewing or converting last year's plan into this year's: the proposed body, the carrier rule
// behind RENEWED / CONVERTED, and the field-by-field and premium comparisons the wizard shows.
// Pure; every function tolerates incomplete plans (missing keys, nulls, wrong types).
import type { Benefit } from './benefits.js';
import type { FromAction } from './common.js';
import { planKind } from './index.js';

// ---- dates -------------------------------------------------------------------------------------

export interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar date written YYYY-MM-DD, else null. */
export function parseDate(text: unknown): CalendarDate | null {
  if (typeof text !== 'string') return null;
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function formatDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `months` calendar months later; a day past the target month's end becomes its last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The same day `years` years later (YYYY-MM-DD); Feb 29 becomes Feb 28 in a non-leap year. Input that is not a date comes back unchanged. */
export function shiftYear(date: string, years = 1): string {
  const parsed = parseDate(date);
  return parsed ? formatDate(addMonths(parsed, years * 12)) : date;
}

// ---- carriers ----------------------------------------------------------------------------------

/**
 * A carrier name reduced for comparison: lower case, trimmed, runs of whitespace collapsed,
 * trailing punctuation (. , ; :) dropped, then ONE trailing legal suffix "inc", "llc" or "co"
 * (after a space or a comma) dropped, then trailing punctuation again. Deliberately no more
 * (no "corp", "company", "&", abbreviations): a false "same carrier" would hide a conversion.
 */
function carrierKey(name: unknown): string {
  if (typeof name !== 'string') return '';
  const trimPunctuation = (text: string) => text.replace(/[\s.,;:]+$/u, '');
  const collapsed = name.trim().toLowerCase().replace(/\s+/gu, ' ');
  return trimPunctuation(trimPunctuation(collapsed).replace(/(?:,\s*|\s+)(?:inc|llc|co)$/u, ''));
}

/** Whether two carrier names name the same carrier (see carrierKey); false when either is blank. */
export function sameCarrier(a: unknown, b: unknown): boolean {
  const [keyA, keyB] = [carrierKey(a), carrierKey(b)];
  return keyA !== '' && keyA === keyB;
}

/** RENEWED for the same carrier, CONVERTED for another; null while either carrier is blank. */
export function proposeFromAction(oldCarrier: unknown, newCarrier: unknown): FromAction | null {
  if (carrierKey(newCarrier) === '' || carrierKey(oldCarrier) === '') return null;
  return sameCarrier(oldCarrier, newCarrier) ? 'RENEWED' : 'CONVERTED';
}

// ---- the proposed plan -------------------------------------------------------------------------

const YEAR_IN_TEXT = /(?<!\d)\d{4}(?!\d)/gu;

/**
 * Next year's title. Titles are unique per employer and kind, so the proposal must differ:
 * 4-digit years equal to the old plan year's start year or the year after (its end year, for
 * plan years that do not start on Jan 1) move by the same number of years as the start date;
 * when no year moved, " <new start year>" is appended. Without both dates the title is kept.
 */
export function proposeTitle(oldTitle: unknown, oldStartDate: unknown, newStartDate: unknown): string {
  const title = typeof oldTitle === 'string' ? oldTitle.trim() : '';
  const [oldStart, newStart] = [parseDate(oldStartDate), parseDate(newStartDate)];
  if (!oldStart || !newStart) return title;
  const shift = newStart.year - oldStart.year;
  let moved = false;
  const proposed = title.replace(YEAR_IN_TEXT, (text) => {
    const year = Number(text);
    if (year !== oldStart.year && year !== oldStart.year + 1) return text;
    moved = true;
    return String(year + shift);
  });
  if (moved) return proposed;
  return title === '' ? String(newStart.year) : `${title} ${newStart.year}`;
}

export type RenewalMode = 'renew' | 'convert';

const LINK_FIELDS = new Set(['from_plan', 'from_action']);

/**
 * A new plan body from a stored plan: every field of the kind copied (never id, status or the
 * created/updated stamps), the plan year moved one year on, a new title, and the link to the old
 * plan. A conversion clears the carrier and leaves from_action to the wizard (proposeFromAction
 * once a carrier is typed).
 */
export function proposeRenewal(benefit: Benefit, plan: Record<string, unknown>, mode: RenewalMode): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of planKind(benefit).fieldNames) {
    if (!LINK_FIELDS.has(name) && plan[name] !== undefined) body[name] = plan[name];
  }
  const startDate = typeof plan['start_date'] === 'string' ? shiftYear(plan['start_date']) : (plan['start_date'] ?? null);
  const endDate = typeof plan['end_date'] === 'string' ? shiftYear(plan['end_date']) : (plan['end_date'] ?? null);
  body['start_date'] = startDate;
  body['end_date'] = endDate;
  body['title'] = proposeTitle(plan['title'], plan['start_date'], startDate);
  body['from_plan'] = typeof plan['id'] === 'string' ? plan['id'] : null;
  if (mode === 'renew') {
    body['from_action'] = 'RENEWED';
  } else {
    body['carrier'] = '';
    body['from_action'] = null;
  }
  return body;
}

// ---- comparisons -------------------------------------------------------------------------------

export interface FieldComparison {
  field: string;
  label: string;
  old: unknown;
  new: unknown;
  changed: boolean;
}

/** Absent and null both mean "no value". */
const valueOf = (plan: Record<string, unknown>, name: string): unknown => plan[name] ?? null;

/** Every field of the kind in its table order, except the from_plan/from_action link. */
export function compareFields(benefit: Benefit, oldPlan: Record<string, unknown>, newPlan: Record<string, unknown>): FieldComparison[] {
  return Object.entries(planKind(benefit).fields)
    .filter(([name]) => !LINK_FIELDS.has(name))
    .map(([name, spec]) => {
      const [before, after] = [valueOf(oldPlan, name), valueOf(newPlan, name)];
      return { field: name, label: spec.label, old: before, new: after, changed: !Object.is(before, after) };
    });
}

export interface Change {
  old: number | null;
  new: number | null;
  /** (new − old) / old × 100, rounded to 1 decimal; null when either side is missing or old is 0. */
  percent: number | null;
}

export type Tier = 1 | 2 | 3 | 4;

export interface TierPremiumChange {
  tier: Tier;
  label: string;
  gross: Change;
  ee: Change;
}

export const TIER_LABELS: Readonly<Record<Tier, string>> = {
  1: 'Employee only',
  2: 'Employee + spouse',
  3: 'Employee + children',
  4: 'Employee + family',
};

const TIERS: readonly Tier[] = [1, 2, 3, 4];

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Rounded half away from zero, so +2.25 and −2.25 round alike; never −0. */
function roundToTenth(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10;
  return rounded === 0 ? 0 : rounded;
}

function change(oldValue: unknown, newValue: unknown): Change {
  const [before, after] = [numberOf(oldValue), numberOf(newValue)];
  const percent = before === null || after === null || before === 0 ? null : roundToTenth(((after - before) / before) * 100);
  return { old: before, new: after, percent };
}

/** The change of gross cost and employee contribution per tier (medical, dental and vision plans). */
export function premiumChanges(oldPlan: Record<string, unknown>, newPlan: Record<string, unknown>): TierPremiumChange[] {
  return TIERS.map((tier) => ({
    tier,
    label: TIER_LABELS[tier],
    gross: change(oldPlan[`t${tier}_gross`], newPlan[`t${tier}_gross`]),
    ee: change(oldPlan[`t${tier}_ee`], newPlan[`t${tier}_ee`]),
  }));
}
