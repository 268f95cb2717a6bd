import { planKind, type Benefit } from '../plans/index.js';
import { planMessages } from '../plans/kind.js';
import type { FieldErrors } from '../validation/errors.js';
import type { FieldSpec } from '../validation/fields.js';
import { dateProblem, parseDate } from './dates.js';
import { readWholeNumber } from './numbers.js';

/**
 * A plan form as typed: one text per field (booleans 'true' / 'false', '' for unanswered), and the
 * fields for which "none" was chosen. This is what a draft keeps, so nothing typed is ever lost,
 * even text that is not yet a valid value.
 */
export interface PlanFormInput {
  values: Record<string, string>;
  none: Record<string, boolean>;
}

/** The request body the form stands for. Blank fields are left out, so the schema reports them. */
export function planBodyFromForm(benefit: Benefit, form: PlanFormInput, hidden: ReadonlySet<string> = new Set()): Record<string, unknown> {
  return formBody(benefit, form, hidden).body;
}

/** The body, and the fields whose text could not be read with what is wrong with each (the text itself stays in the body). */
function formBody(benefit: Benefit, form: PlanFormInput, hidden: ReadonlySet<string>): { body: Record<string, unknown>; problems: FieldErrors } {
  const body: Record<string, unknown> = {};
  const problems: FieldErrors = {};
  for (const [name, spec] of Object.entries(planKind(benefit).fields)) {
    if (hidden.has(name)) continue;
    if (spec.presence !== 'required' && form.none[name]) {
      body[name] = null;
      continue;
    }
    const raw = (form.values[name] ?? '').trim();
    if (raw === '') continue;
    const { value, problem } = readField(spec, raw);
    body[name] = value;
    if (problem) problems[name] = [problem];
  }
  return { body, problems };
}

/**
 * A field's value from its text, or what is wrong with the text. Numbers and money are read by the
 * one rule of `numbers.ts` ("$1,200", "1.2k", "20%"; money rounded half up to whole dollars, which
 * the form says beside the field); dates as brokers type them, stored ISO.
 */
function readField(spec: FieldSpec, raw: string): { value: unknown; problem?: string } {
  switch (spec.type) {
    case 'date': {
      const iso = parseDate(raw);
      return iso ? { value: iso } : { value: raw, problem: dateProblem(spec.label, raw) };
    }
    case 'int': {
      const reading = readWholeNumber(raw, spec);
      return reading.ok ? { value: reading.value } : { value: raw, problem: reading.problem };
    }
    case 'bool':
      return { value: raw === 'true' ? true : raw === 'false' ? false : raw };
    default:
      return { value: raw };
  }
}

/** The form for a stored plan (or a proposed one): every field as text, nulls as "none" where allowed. */
export function planFormFromBody(benefit: Benefit, body: Record<string, unknown>): PlanFormInput {
  const values: Record<string, string> = {};
  const none: Record<string, boolean> = {};
  for (const [name, spec] of Object.entries(planKind(benefit).fields)) {
    const value = body[name];
    if (value === null && spec.presence === 'nullable') none[name] = true;
    values[name] = value === null || value === undefined ? '' : String(value);
  }
  return { values, none };
}

/**
 * The body the form stands for and what is wrong with it: the shared schema's messages (the service
 * answers the same), except where the text itself could not be read, which is said in the field's
 * words. End before start is reported as soon as both dates are read, not only once every other
 * field is valid (the schema checks it last).
 */
export function readPlanForm(
  benefit: Benefit,
  form: PlanFormInput,
  hidden: ReadonlySet<string> = new Set(),
): { body: Record<string, unknown>; errors: FieldErrors } {
  const { body, problems } = formBody(benefit, form, hidden);
  const parsed = planKind(benefit).parse(body);
  const errors: FieldErrors = { ...(parsed.ok ? {} : parsed.errors), ...problems };
  const { start_date: start, end_date: end } = body;
  if (typeof start === 'string' && typeof end === 'string' && parseDate(start) && parseDate(end) && end <= start && !errors['end_date']) {
    errors['end_date'] = [planMessages.endBeforeStart];
  }
  return { body, errors };
}

/** What is wrong with the form as it stands (see `readPlanForm`). */
export function planFormErrors(benefit: Benefit, form: PlanFormInput, hidden: ReadonlySet<string> = new Set()): FieldErrors {
  return readPlanForm(benefit, form, hidden).errors;
}
