// Basic life and voluntary life plan fields (service-spec.md, "Basic life plan fields",
// "Voluntary life plan fields"; DECISIONS.md: multiple / flat_amount by type).
import { describe, expect, it } from 'vitest';
import { messages } from '../validation/messages.js';
import { basiclife } from './basiclife.js';
import { validPlanBody, withoutKeys } from '../../tests/support/fixtures.js';
import { voluntarylife } from './voluntarylife.js';

const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });

describe('basic life plan', () => {
  const body = (overrides: Record<string, unknown> = {}) => validPlanBody('basiclife', overrides);
  const flat = (overrides: Record<string, unknown> = {}) =>
    body({ type: 'FLAT_AMOUNT', multiple: undefined, multiple_max: undefined, flat_amount: 50000, ...overrides });

  it('accepts a MULTIPLE_OF_SALARY plan with a multiple', () => {
    const result = basiclife.parse(body({ type: 'MULTIPLE_OF_SALARY', multiple: 1, multiple_max: undefined }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.multiple).toBe(1);
    expect(result.value.multiple_max).toBeNull();
    expect(result.value.flat_amount).toBeNull();
  });

  it('accepts a FLAT_AMOUNT plan with a flat_amount', () => {
    const result = basiclife.parse(flat());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.flat_amount).toBe(50000);
    expect(result.value.multiple).toBeNull();
  });

  it('requires multiple when type is MULTIPLE_OF_SALARY', () => {
    const expected = rejected({ multiple: ['This field is required when type is MULTIPLE_OF_SALARY.'] });
    expect(basiclife.parse(body({ multiple: undefined }))).toEqual(expected);
    expect(basiclife.parse(body({ multiple: null }))).toEqual(expected);
  });

  it('requires flat_amount when type is FLAT_AMOUNT', () => {
    const expected = rejected({ flat_amount: ['This field is required when type is FLAT_AMOUNT.'] });
    expect(basiclife.parse(flat({ flat_amount: undefined }))).toEqual(expected);
    expect(basiclife.parse(flat({ flat_amount: null }))).toEqual(expected);
  });

  it('does not require flat_amount of a MULTIPLE_OF_SALARY plan, nor multiple of a FLAT_AMOUNT plan', () => {
    expect(basiclife.parse(body({ flat_amount: undefined })).ok).toBe(true);
    expect(basiclife.parse(flat({ multiple: undefined })).ok).toBe(true);
  });

  it('rejects a type other than MULTIPLE_OF_SALARY or FLAT_AMOUNT', () => {
    expect(basiclife.parse(body({ type: 'FLAT' }))).toEqual(rejected({ type: ['"FLAT" is not a valid choice.'] }));
  });

  it('requires type and add', () => {
    expect(basiclife.parse(withoutKeys(body(), 'add'))).toEqual(rejected({ add: [messages.required] }));
    expect(basiclife.parse(withoutKeys(body(), 'type'))).toEqual(rejected({ type: [messages.required] }));
  });

  it('requires add to be a boolean', () => {
    expect(basiclife.parse(body({ add: 'yes' }))).toEqual(rejected({ add: ['Must be a valid boolean.'] }));
  });

  it('rejects a fractional multiple (integer format)', () => {
    expect(basiclife.parse(body({ multiple: 1.5 }))).toEqual(rejected({ multiple: ['A valid integer is required.'] }));
  });

  it('rejects a salary multiple below 1', () => {
    expect(basiclife.parse(body({ multiple: 0 }))).toEqual(rejected({ multiple: ['Ensure this value is greater than or equal to 1.'] }));
  });

  it('rejects a numeric string where an integer is required', () => {
    expect(basiclife.parse(flat({ flat_amount: '50000' }))).toEqual(rejected({ flat_amount: [messages.integer] }));
  });

  it('rejects negative money', () => {
    expect(basiclife.parse(body({ multiple_max: -1 }))).toEqual(rejected({ multiple_max: ['Ensure this value is greater than or equal to 0.'] }));
    expect(basiclife.parse(flat({ flat_amount: -1 }))).toEqual(rejected({ flat_amount: ['Ensure this value is greater than or equal to 0.'] }));
  });
});

describe('voluntary life plan', () => {
  const body = (overrides: Record<string, unknown> = {}) => validPlanBody('voluntarylife', overrides);

  it.each(['max', 'guarantee_issue', 'add'])('requires %s', (name) => {
    expect(voluntarylife.parse(withoutKeys(body(), name))).toEqual(rejected({ [name]: [messages.required] }));
  });

  it('returns absent max_spouse and max_children as null', () => {
    const result = voluntarylife.parse(withoutKeys(body(), 'max_spouse', 'max_children'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.max_spouse).toBeNull();
    expect(result.value.max_children).toBeNull();
  });

  it.each(['max', 'guarantee_issue', 'max_spouse', 'max_children'])('rejects negative money (%s)', (name) => {
    expect(voluntarylife.parse(body({ [name]: -1000 }))).toEqual(rejected({ [name]: ['Ensure this value is greater than or equal to 0.'] }));
  });

  it('rejects a numeric string where an integer is required', () => {
    expect(voluntarylife.parse(body({ guarantee_issue: '150000' }))).toEqual(rejected({ guarantee_issue: [messages.integer] }));
  });

  it('has no type, multiple or flat_amount', () => {
    const result = voluntarylife.parse(body({ type: 'FLAT_AMOUNT' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).not.toHaveProperty('type');
    expect(result.value).not.toHaveProperty('flat_amount');
  });
});
