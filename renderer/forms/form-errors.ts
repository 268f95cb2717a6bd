import type { FieldErrors } from '../../shared/validation/errors';

/**
 * The one rule of when a form shows a field's errors, for the employer form and the plan wizard:
 * the service's answer from the last save until the field is edited; otherwise the shared
 * schema's, once the field was left or a save was tried.
 */
export function visibleErrors(
  field: string,
  form: {
    server: FieldErrors;
    live: FieldErrors;
    touched: boolean;
    submitted: boolean;
  },
): readonly string[] | undefined {
  return form.server[field] ?? (form.touched || form.submitted ? form.live[field] : undefined);
}

/** The service's errors without the answer about `field`, which an edit of it makes stale. */
export function withoutAnswerFor(errors: FieldErrors, field: string): FieldErrors {
  const { [field]: _answered, ...rest } = errors;
  return rest;
}
