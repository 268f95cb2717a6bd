// Stop loss and supplemental plan fields (service-spec.md, "Stop loss plan fields", "Supplemental
// plan fields"): both have the common fields except pt.
import { describe, expect, it } from 'vitest';
import { messages } from '../validation/messages.js';
import { validPlanBody, withoutKeys } from '../../tests/support/fixtures.js';
import { stoploss } from './stoploss.js';
import { supplemental } from './supplemental.js';

const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });

describe('stop loss plan', () => {
  const body = (overrides: Record<string, unknown> = {}) => validPlanBody('stoploss', overrides);
  const REQUIRED = ['spec_ded', 'spec_rate_single', 'spec_rate_family', 'num_lasers'];

  it.each(REQUIRED)('requires %s', (name) => {
    expect(stoploss.parse(withoutKeys(body(), name))).toEqual(rejected({ [name]: [messages.required] }));
    expect(stoploss.parse(body({ [name]: null }))).toEqual(rejected({ [name]: [messages.notNull] }));
  });

  it('returns an absent agg_rate as null', () => {
    const result = stoploss.parse(withoutKeys(body(), 'agg_rate'));
    expect(result.ok && result.value.agg_rate).toBeNull();
  });

  it.each([...REQUIRED, 'agg_rate'])('rejects a negative %s', (name) => {
    expect(stoploss.parse(body({ [name]: -1 }))).toEqual(rejected({ [name]: ['Ensure this value is greater than or equal to 0.'] }));
  });

  it('accepts zero lasered individuals', () => {
    expect(stoploss.parse(body({ num_lasers: 0 })).ok).toBe(true);
  });

  it('rejects a numeric string where an integer is required', () => {
    expect(stoploss.parse(body({ spec_ded: '75000' }))).toEqual(rejected({ spec_ded: ['A valid integer is required.'] }));
  });

  it('does not require pt', () => {
    expect(stoploss.parse(withoutKeys(body(), 'pt')).ok).toBe(true);
  });
});

describe('supplemental plan', () => {
  const body = (overrides: Record<string, unknown> = {}) => validPlanBody('supplemental', overrides);
  const OFFERED = ['critical_illness', 'hospital_indemnity', 'accident', 'cancer', 'pet', 'legal_assist', 'credit_protection', 'tuition_reimburse'];

  it.each(OFFERED)('requires %s as a boolean', (name) => {
    expect(supplemental.parse(withoutKeys(body(), name))).toEqual(rejected({ [name]: [messages.required] }));
    expect(supplemental.parse(body({ [name]: null }))).toEqual(rejected({ [name]: [messages.notNull] }));
    expect(supplemental.parse(body({ [name]: 'true' }))).toEqual(rejected({ [name]: ['Must be a valid boolean.'] }));
  });

  it('accepts a plan that offers none of the eight benefits', () => {
    const none = Object.fromEntries(OFFERED.map((n) => [n, false]));
    const result = supplemental.parse(body(none));
    expect(result.ok).toBe(true);
    if (result.ok) for (const name of OFFERED) expect((result.value as Record<string, unknown>)[name]).toBe(false);
  });

  it('does not require pt', () => {
    expect(supplemental.parse(withoutKeys(body(), 'pt')).ok).toBe(true);
  });
});
