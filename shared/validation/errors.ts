import type { z } from 'zod';

/** A 400 body: field name → messages. Errors not tied to one field go under `non_field_errors`. */
export type FieldErrors = Record<string, string[]>;

export const NON_FIELD_ERRORS = 'non_field_errors';

export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Folds zod issues into the DRF shape; an array item's message already names the item. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : NON_FIELD_ERRORS;
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}
