// Dental plan fields (service-spec.md, "Dental plan fields").
import { describe, expect, it } from 'vitest';
import { messages } from '../validation/messages.js';
import { dental } from './dental.js';
import { validPlanBody, withoutKeys } from '../../tests/support/fixtures.js';

const body = (overrides: Record<string, unknown> = {}) => validPlanBody('dental', overrides);
const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });

const COIN_FIELDS = ['in_prev_coin', 'in_basic_coin', 'in_major_coin', 'in_ortho_coin', 'out_prev_coin', 'out_basic_coin', 'out_major_coin', 'out_ortho_coin'];
const MONEY_FIELDS = ['in_ded_single', 'in_ded_family', 'in_max', 'in_max_ortho', 'out_ded_single', 'out_ded_family', 'out_max', 'out_max_ortho'];

describe('dental plan', () => {
  it.each(['DPPO', 'DMO'])('accepts type %s', (type) => {
    expect(dental.parse(body({ type })).ok).toBe(true);
  });

  it('rejects a medical plan type', () => {
    expect(dental.parse(body({ type: 'PPO' }))).toEqual(rejected({ type: ['"PPO" is not a valid choice.'] }));
  });

  it('requires funding and the four premium tiers', () => {
    expect(dental.parse(withoutKeys(body(), 'funding', 't3_ee', 't4_gross'))).toEqual(
      rejected({ funding: [messages.required], t3_ee: [messages.required], t4_gross: [messages.required] }),
    );
  });

  it('requires in_max but not in_max_ortho', () => {
    expect(dental.parse(withoutKeys(body(), 'in_max'))).toEqual(rejected({ in_max: [messages.required] }));
    const result = dental.parse(withoutKeys(body(), 'in_max_ortho'));
    expect(result.ok && result.value.in_max_ortho).toBeNull();
  });

  it('requires prev_ded_apply and basic_ded_apply as booleans', () => {
    expect(dental.parse(withoutKeys(body(), 'prev_ded_apply'))).toEqual(rejected({ prev_ded_apply: [messages.required] }));
    // Unlike medical's *_ded_apply, dental's are booleans, not choices.
    expect(dental.parse(body({ basic_ded_apply: 'TRUE' }))).toEqual(rejected({ basic_ded_apply: ['Must be a valid boolean.'] }));
  });

  it('lets major_ded_apply and ortho_ded_apply be absent or null', () => {
    const result = dental.parse(withoutKeys(body({ ortho_ded_apply: null }), 'major_ded_apply'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.major_ded_apply).toBeNull();
    expect(result.value.ortho_ded_apply).toBeNull();
  });

  it.each(COIN_FIELDS)('rejects a coinsurance percentage above 100 (%s)', (name) => {
    expect(dental.parse(body({ [name]: 101 }))).toEqual(rejected({ [name]: ['Ensure this value is less than or equal to 100.'] }));
  });

  it.each(COIN_FIELDS)('accepts null for %s when the service is copay-based', (name) => {
    const result = dental.parse(body({ [name]: null }));
    expect(result.ok && (result.value as Record<string, unknown>)[name]).toBeNull();
  });

  it.each(MONEY_FIELDS)('rejects negative money (%s)', (name) => {
    expect(dental.parse(body({ [name]: -50 }))).toEqual(rejected({ [name]: ['Ensure this value is greater than or equal to 0.'] }));
  });

  it('rejects a numeric string where an integer is required', () => {
    expect(dental.parse(body({ in_max: '1500' }))).toEqual(rejected({ in_max: ['A valid integer is required.'] }));
  });
});
