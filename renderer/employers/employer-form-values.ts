import type { DraftInput } from '../../shared/drafts';
import { EMPLOYER_FIELDS, type Employer, type EmployerInput } from '../../shared/resources/employer';

/** What the employer form holds: the body it sends, as typed (not yet known to be valid). */
export type EmployerFormValues = { [F in keyof EmployerInput]: EmployerInput[F] extends readonly unknown[] ? string[] : string };

const LIST_FIELDS = ['naics_codes', 'location_states', 'other_filters'] as const;

export function emptyEmployerValues(division: string): EmployerFormValues {
  return { name: '', url: '', size: '', naics_codes: [], location_states: [], other_filters: [], division };
}

export function valuesOfEmployer(employer: Employer): EmployerFormValues {
  const values = {} as Record<string, unknown>;
  for (const field of EMPLOYER_FIELDS) values[field] = employer[field];
  return values as EmployerFormValues;
}

export function sameValues(a: EmployerFormValues, b: EmployerFormValues): boolean {
  return EMPLOYER_FIELDS.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/**
 * The draft's `state`: DraftsScreen reads `employerId` to resume an edit on the right employer; an
 * edit also keeps the employer's values as the form opened on them (`saved`), so that Edit resumes
 * it by itself only while the employer is still as it was.
 */
interface EmployerDraftState {
  employerId?: string;
  values: EmployerFormValues;
  saved?: EmployerFormValues;
}

export function employerDraft(
  draftId: string,
  employerId: string | undefined,
  values: EmployerFormValues,
  saved: { name: string; values: EmployerFormValues | undefined },
): DraftInput {
  const state: EmployerDraftState = employerId ? { employerId, values, ...(saved.values ? { saved: saved.values } : {}) } : { values };
  const savedName = saved.name;
  return {
    id: draftId,
    form: 'employer',
    title: values.name.trim() || savedName || 'New employer',
    detail: employerId ? 'Employer · editing' : 'Employer · new',
    state: state as unknown as DraftInput['state'],
  };
}

/** A draft's values, field by field: anything malformed (an older or hand-edited draft) keeps `fallback`'s. */
export function valuesFromDraftState(state: unknown, fallback: EmployerFormValues): EmployerFormValues {
  const values = (state as { values?: unknown } | null)?.values;
  if (typeof values !== 'object' || values === null) return fallback;
  const stored = values as Record<string, unknown>;
  const result: Record<string, unknown> = { ...fallback };
  for (const field of EMPLOYER_FIELDS) {
    const value = stored[field];
    const isList = (LIST_FIELDS as readonly string[]).includes(field);
    if (isList ? Array.isArray(value) && value.every((item) => typeof item === 'string') : typeof value === 'string') result[field] = value;
  }
  return result as EmployerFormValues;
}

/** An edit draft's values of the employer as that edit first found them; undefined when it does not say (a draft made before it kept them). */
export function editBaseOf(state: unknown): EmployerFormValues | undefined {
  const saved = (state as { saved?: unknown } | null)?.saved;
  return typeof saved === 'object' && saved !== null ? valuesFromDraftState({ values: saved }, emptyEmployerValues('')) : undefined;
}

/** Whether a draft's state is an edit of `employerId` begun on the values it still has (`current`). */
export function editsEmployerAsItIs(state: unknown, employerId: string, current: EmployerFormValues): boolean {
  const base = editBaseOf(state);
  return draftEmployerId(state) === employerId && base !== undefined && sameValues(base, current);
}

export function draftEmployerId(state: unknown): string | undefined {
  const employerId = (state as { employerId?: unknown } | null)?.employerId;
  return typeof employerId === 'string' ? employerId : undefined;
}
