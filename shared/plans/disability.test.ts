// Short-term and long-term disability plan fields (service-spec.md, "Short-term disability (std)
// plan fields", "Long-term disability (ltd) plan fields").
import { describe, expect, it } from 'vitest';
import { messages } from '../validation/messages.js';
import { validPlanBody, withoutKeys } from '../../tests/support/fixtures.js';
import { ltd } from './ltd.js';
import { std } from './std.js';

const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });

describe.each([
  { kind: std, benefit: 'std' as const, ints: ['weekly_max', 'waiting_days_injury', 'waiting_days_sick', 'duration_weeks'] },
  { kind: ltd, benefit: 'ltd' as const, ints: ['monthly_max', 'waiting_weeks'] },
])('$benefit plan', ({ kind, benefit, ints }) => {
  const body = (overrides: Record<string, unknown> = {}) => validPlanBody(benefit, overrides);

  it.each(['EMPLOYER_PAID', 'EMPLOYEE_COST_SHARE', 'VOLUNTARY'])('accepts cost_share %s', (cost_share) => {
    expect(kind.parse(body({ cost_share })).ok).toBe(true);
  });

  it('rejects a cost_share outside EMPLOYER_PAID, EMPLOYEE_COST_SHARE, VOLUNTARY', () => {
    expect(kind.parse(body({ cost_share: 'SHARED' }))).toEqual(rejected({ cost_share: ['"SHARED" is not a valid choice.'] }));
  });

  it('rejects an income replacement percentage above 100', () => {
    expect(kind.parse(body({ percentage: 101 }))).toEqual(rejected({ percentage: ['Ensure this value is less than or equal to 100.'] }));
    expect(kind.parse(body({ percentage: 100 })).ok).toBe(true);
  });

  it('rejects a negative percentage', () => {
    expect(kind.parse(body({ percentage: -1 }))).toEqual(rejected({ percentage: ['Ensure this value is greater than or equal to 0.'] }));
  });

  it('rejects a fractional percentage (a step-down plan sends the weighted average as an integer)', () => {
    expect(kind.parse(body({ percentage: 66.67 }))).toEqual(rejected({ percentage: [messages.integer] }));
  });

  it.each(['cost_share', 'percentage', ...ints])('requires %s', (name) => {
    expect(kind.parse(withoutKeys(body(), name))).toEqual(rejected({ [name]: [messages.required] }));
    expect(kind.parse(body({ [name]: null }))).toEqual(rejected({ [name]: [messages.notNull] }));
  });

  it.each(ints)('rejects a negative %s', (name) => {
    expect(kind.parse(body({ [name]: -1 }))).toEqual(rejected({ [name]: ['Ensure this value is greater than or equal to 0.'] }));
  });

  it.each(ints)('rejects a numeric string where an integer is required (%s)', (name) => {
    expect(kind.parse(body({ [name]: '7' }))).toEqual(rejected({ [name]: ['A valid integer is required.'] }));
  });

  it('accepts zero waiting time', () => {
    expect(kind.parse(body({ [ints.find((n) => n.startsWith('waiting'))!]: 0 })).ok).toBe(true);
  });
});

it('keeps weekly fields on std and monthly fields on ltd', () => {
  const s = std.parse(validPlanBody('std', { monthly_max: 5000 }));
  const l = ltd.parse(validPlanBody('ltd', { weekly_max: 1000 }));
  expect(s.ok && l.ok).toBe(true);
  if (!s.ok || !l.ok) return;
  expect(s.value).not.toHaveProperty('monthly_max');
  expect(l.value).not.toHaveProperty('weekly_max');
});
