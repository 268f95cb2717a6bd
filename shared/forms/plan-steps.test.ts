import { describe, expect, it } from 'vitest';
import { BENEFITS, planKind } from '../plans/index.js';
import { hiddenFields, planSteps } from './plan-steps.js';

describe('plan wizard steps', () => {
  it.each(BENEFITS)('%s: every field the broker enters is in exactly one step, and the wizard ends with review', (benefit) => {
    const placed = planSteps(benefit).flatMap((step) => step.fields);
    const entered = Object.keys(planKind(benefit).fields).filter((field) => field !== 'employer' && field !== 'from_plan');
    expect([...placed].sort()).toEqual([...entered].sort());
    expect(new Set(placed).size).toBe(placed.length);
    expect(planSteps(benefit).at(-1)!.id).toBe('review');
  });

  it('starts with basics, and the tiered kinds have a rates step with the helper', () => {
    for (const benefit of BENEFITS) expect(planSteps(benefit)[0]!.id).toBe('basics');
    for (const benefit of ['medical', 'dental', 'vision'] as const) expect(planSteps(benefit)[1]).toMatchObject({ id: 'rates', rateHelper: true });
  });

  it('shows the renewal action only when renewing or converting', () => {
    expect(hiddenFields('medical', {}, false).has('from_action')).toBe(true);
    expect(hiddenFields('medical', {}, true).has('from_action')).toBe(false);
  });

  it('hides the salary multiple of a flat-amount life plan, and the flat amount of a multiple-of-salary one', () => {
    expect([...hiddenFields('basiclife', { type: 'FLAT_AMOUNT' }, true)]).toEqual(['multiple', 'multiple_max']);
    expect([...hiddenFields('basiclife', { type: 'MULTIPLE_OF_SALARY' }, true)]).toEqual(['flat_amount']);
    expect(hiddenFields('basiclife', { type: '' }, true).size).toBe(0);
  });
});
