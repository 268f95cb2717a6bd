import { z } from 'zod';
import { MAX_NESTING, nestsTooDeep } from './validation/nesting.js';
import { LOWER_CASE_UUID_PATTERN } from './validation/uuid.js';

/** Which screen a draft belongs to, and so which screen resumes it. */
const DRAFT_FORMS = ['plan', 'employer'] as const;

/** Drafts hold what a person typed, never more than this much of it. */
export const MAX_DRAFT_STATE_BYTES = 512 * 1024;

/** The UTF-8 length of `text` (no TextEncoder here: shared/ assumes neither Node nor the DOM). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * A form's unsaved input, kept on the laptop (never synced) so that quitting or a crash loses
 * nothing. `state` is the form's own snapshot; only its owner screen reads it.
 */
export const draftSchema = z.strictObject({
  id: z.string().regex(LOWER_CASE_UUID_PATTERN, { error: 'Must be a lower-case uuid.' }),
  form: z.enum(DRAFT_FORMS),
  title: z.string().max(300),
  detail: z.string().max(300),
  state: z
    .custom<unknown>((state) => !nestsTooDeep(state), { error: `The draft nests deeper than ${MAX_NESTING} levels.` })
    .pipe(z.json().refine((state) => utf8Bytes(JSON.stringify(state)) <= MAX_DRAFT_STATE_BYTES, { error: 'The draft is too large.' })),
});

export type DraftInput = z.infer<typeof draftSchema>;

export interface Draft extends DraftInput {
  updated_at: string;
}

export type DraftSummary = Omit<Draft, 'state'>;
