// Assertions shared by the API tests: a 400 names the fields it is about, and a refused request
// writes nothing.
import { expect } from 'vitest';
import type { ApiHarness, ApiResponseOf } from './api-server.js';

/** What a field's messages must be: the exact list, or patterns each matched by some message. */
export type ExpectedMessages = readonly string[] | RegExp | undefined;

/** Every value of a 400 body is a non-empty list of non-empty strings (DRF's `{field: [messages]}`). */
function expectFieldErrorShape(body: unknown): void {
  expect(body, 'a 400 body is a JSON object').toBeTypeOf('object');
  expect(body).not.toBeNull();
  expect(Array.isArray(body)).toBe(false);
  for (const [field, list] of Object.entries(body as Record<string, unknown>)) {
    expect(Array.isArray(list), `${field} holds a list of messages`).toBe(true);
    expect((list as unknown[]).length, `${field} holds at least one message`).toBeGreaterThan(0);
    for (const message of list as unknown[]) {
      expect(typeof message === 'string' && message.length > 0, `${field} messages are strings`).toBe(true);
    }
  }
}

/**
 * Sends the request and checks: status 400, the body names (at least) the expected fields with the
 * expected messages, every value has DRF's shape, and the database is byte-for-byte unchanged.
 * With `only`, the body names exactly these fields.
 */
export async function expectRejected(
  h: ApiHarness,
  method: string,
  path: string,
  body: unknown,
  expected: Record<string, ExpectedMessages>,
  options: { token?: string | null; only?: boolean } = {},
): Promise<ApiResponseOf> {
  const before = await h.digest();
  const response = await h.request(method, path, body, options.token === undefined ? h.admin.token : options.token);
  expect(response.status, `${method} ${path} → ${response.text}`).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expectFieldErrorShape(response.body);
  for (const [field, messages] of Object.entries(expected)) {
    expect(response.body, `the 400 body names ${field}: ${response.text}`).toHaveProperty([field]);
    if (Array.isArray(messages)) expect(response.body[field]).toEqual(messages);
    else if (messages instanceof RegExp)
      expect(
        (response.body[field] as string[]).some((m) => (messages as RegExp).test(m)),
        `${field}: ${response.text}`,
      ).toBe(true);
  }
  if (options.only) expect(Object.keys(response.body).sort()).toEqual(Object.keys(expected).sort());
  expect(await h.digest(), `${method} ${path} answered 400 but wrote to the database`).toBe(before);
  return response;
}

/** Sends the request and checks its status and that the database is unchanged. */
export async function expectRefused(
  h: ApiHarness,
  method: string,
  path: string,
  body: unknown,
  status: number,
  detail?: string,
  token?: string | null,
): Promise<ApiResponseOf> {
  const before = await h.digest();
  const response = await h.request(method, path, body, token === undefined ? h.admin.token : token);
  expect(response.status, `${method} ${path} → ${response.text}`).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  if (detail !== undefined) expect(response.body).toEqual({ detail });
  expect(await h.digest(), `${method} ${path} answered ${status} but wrote to the database`).toBe(before);
  return response;
}

export { LOWER_CASE_UUID_PATTERN as UUID } from '../../shared/validation/uuid.js';
