import { planKind, type Benefit } from '../plans/index.js';
import type { FieldErrors } from '../validation/errors.js';
import type { FieldSpec } from '../validation/fields.js';
import { parseDate } from './dates.js';
import { parseMoneyCents, wholeDollars } from './money.js';

/**
 * A plan form as typed: one text per field (booleans 'true' / 'false', '' for unanswered), and the
 * fields for which "none" was chosen. This is what a draft keeps, so nothing typed is ever lost,
 * even text that is not yet a valid value.
 */
export interface PlanFormInput {
  values: Record<string, string>;
  none: Record<string, boolean>;
}

/** Counts may be typed as "1 250" or "1,250"; percentages as "20%". */
const NUMBER_NOISE = /[\s,%]/g;

/** The request body the form stands for. Blank fields are left out, so the schema reports them. */
export function planBodyFromForm(benefit: Benefit, form: PlanFormInput, hidden: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(planKind(benefit).fields)) {
    if (hidden.has(name)) continue;
    if (spec.presence !== 'required' && form.none[name]) {
      body[name] = null;
      continue;
    }
    const raw = (form.values[name] ?? '').trim();
    if (raw === '') continue;
    body[name] = valueOf(spec, raw);
  }
  return body;
}

/**
 * A field's value from its text. Money is read as brokers type it ("$1,200", "1.2k") and rounded
 * half up to whole dollars (the form says so beside the field); dates as they type them, stored ISO.
 */
function valueOf(spec: FieldSpec, raw: string): unknown {
  switch (spec.type) {
    case 'date':
      return parseDate(raw) ?? raw;
    case 'int': {
      if (spec.unit === 'money') {
        const cents = parseMoneyCents(raw);
        return cents === undefined ? raw : wholeDollars(cents).dollars;
      }
      const cleaned = raw.replace(NUMBER_NOISE, '');
      // Anything else stays text, so the schema answers "A valid integer is required.".
      return /^-?\d+$/.test(cleaned) ? Number(cleaned) : raw;
    }
    case 'bool': return raw === 'true' ? true : raw === 'false' ? false : raw;
    default: return raw;
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

/** The shared schema's messages for the form as it stands: the service answers the same. */
export function planFormErrors(benefit: Benefit, form: PlanFormInput, hidden: ReadonlySet<string> = new Set()): FieldErrors {
  const parsed = planKind(benefit).parse(planBodyFromForm(benefit, form, hidden));
  return parsed.ok ? {} : parsed.errors;
}
