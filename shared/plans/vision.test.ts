// Vision plan fields (service-spec.md, "Vision plan fields").
import { describe, expect, it } from 'vitest';
import { messages } from '../validation/messages.js';
import { validPlanBody, withoutKeys } from '../../tests/support/fixtures.js';
import { vision } from './vision.js';

const body = (overrides: Record<string, unknown> = {}) => validPlanBody('vision', overrides);
const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });

const FREQUENCIES = ['exam_frequency', 'lenses_frequency', 'frames_frequency', 'contacts_frequency'];
const OPTIONAL_AMOUNTS = [
  'exam_copay',
  'lenses_copay',
  'frames_copay',
  'contacts_copay',
  'exam_allowance',
  'lenses_allowance',
  'frames_allowance',
  'contacts_allowance',
  'exam_out_allowance',
  'lenses_out_allowance',
  'frames_out_allowance',
  'contacts_out_allowance',
];

describe('vision plan', () => {
  it.each(FREQUENCIES)('requires %s (months between covered benefits)', (name) => {
    expect(vision.parse(withoutKeys(body(), name))).toEqual(rejected({ [name]: [messages.required] }));
    expect(vision.parse(body({ [name]: null }))).toEqual(rejected({ [name]: [messages.notNull] }));
  });

  it('rejects a negative frequency', () => {
    expect(vision.parse(body({ frames_frequency: -12 }))).toEqual(rejected({ frames_frequency: ['Ensure this value is greater than or equal to 0.'] }));
  });

  it('rejects a numeric string where an integer is required', () => {
    expect(vision.parse(body({ exam_frequency: '12' }))).toEqual(rejected({ exam_frequency: ['A valid integer is required.'] }));
  });

  it('accepts a 24-month frequency', () => {
    expect(vision.parse(body({ frames_frequency: 24 })).ok).toBe(true);
  });

  it.each(OPTIONAL_AMOUNTS)('accepts null for %s (none) and returns it null when absent', (name) => {
    expect(vision.parse(body({ [name]: null })).ok).toBe(true);
    const result = vision.parse(withoutKeys(body(), name));
    expect(result.ok && (result.value as Record<string, unknown>)[name]).toBeNull();
  });

  it.each(OPTIONAL_AMOUNTS)('rejects negative money (%s)', (name) => {
    expect(vision.parse(body({ [name]: -1 }))).toEqual(rejected({ [name]: ['Ensure this value is greater than or equal to 0.'] }));
  });

  it('has no plan type', () => {
    const result = vision.parse(body({ type: 'PPO' }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).not.toHaveProperty('type');
  });
});
