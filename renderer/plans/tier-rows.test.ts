import { describe, expect, it } from 'vitest';
import { planSteps } from '../../shared/forms/plan-steps';
import { tierRows } from './tier-rows';

describe('the rates step laid out by tier', () => {
  it("puts each amount's four tiers in a row of their own, in order, and leaves every other field alone", () => {
    const rates = planSteps('medical').find((step) => step.id === 'rates')!;
    expect(tierRows(rates.fields)).toEqual([
      ['t1_ee', 't2_ee', 't3_ee', 't4_ee'],
      ['t1_gross', 't2_gross', 't3_gross', 't4_gross'],
      ['t1_ercdhp', 't2_ercdhp', 't3_ercdhp', 't4_ercdhp'],
      'tobacco_surcharge',
      'spousal_surcharge',
      'age_rated',
      'salary_banding',
    ]);
    expect(tierRows(rates.fields).flat()).toEqual(rates.fields);
  });
});
