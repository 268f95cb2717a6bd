import type { z } from 'zod';
import { fieldErrorsFromZod } from '../validation/errors.js';
import type { ParseResult } from '../plans/kind.js';

export function parseWith<T>(schema: z.ZodType<T>, body: Record<string, unknown>): ParseResult<T> {
  const result = schema.safeParse(body);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrorsFromZod(result.error) };
}
