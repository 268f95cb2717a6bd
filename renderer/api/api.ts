import type { FieldErrors } from '../../shared/validation/errors';
import { bridge } from '../bridge/bridge';

/** A service answer: the body on success; on failure the DRF body split into field errors and a detail. */
export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; fieldErrors: FieldErrors; detail: string | undefined };

async function request<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  const response = await bridge.call(method, path, body);
  if (response.status < 400) return { ok: true, status: response.status, body: response.body as T };
  return { ok: false, status: response.status, ...splitErrorBody(response.body) };
}

/** `{detail}` bodies carry one message; every other 400 body maps fields to message lists. */
export function splitErrorBody(body: unknown): { fieldErrors: FieldErrors; detail: string | undefined } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { fieldErrors: {}, detail: undefined };
  const { detail, ...rest } = body as Record<string, unknown>;
  const fieldErrors: FieldErrors = {};
  for (const [field, messages] of Object.entries(rest)) {
    if (Array.isArray(messages)) fieldErrors[field] = messages.map(String);
  }
  return { fieldErrors, detail: typeof detail === 'string' ? detail : undefined };
}

/** The local service, reached through the bridge: the same router as `plandesk serve` over HTTP. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: (path: string) => request<null>('DELETE', path),
};

/** The message to show for a failed call that has no field to attach to. */
export function failureMessage(result: { status: number; detail: string | undefined; fieldErrors: FieldErrors }): string {
  return result.detail ?? result.fieldErrors['non_field_errors']?.join(' ') ?? `The service answered ${result.status}.`;
}
