import type { FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';

/** An error response, thrown from where the rule lives; the router turns it into {status, body}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(`${status} ${JSON.stringify(body)}`);
  }
}

export const invalid = (errors: FieldErrors) => new ApiError(400, errors);
export const notFound = () => new ApiError(404, { detail: messages.notFound });
export const forbidden = () => new ApiError(403, { detail: messages.permissionDenied });
/** The request is valid but would break a record that depends on this one. */
export const conflict = (detail: string) => new ApiError(409, { detail });
