// Medical plan fields (service-spec.md, "Fields shared by medical, dental and vision" and
// "Medical plan fields") and the integer/percentage rules of DECISIONS.md.
import { describe, expect, it } from 'vitest';
import { messages } from '../validation/messages.js';
import { validPlanBody, withoutKeys } from '../../tests/support/fixtures.js';
import { medical } from './medical.js';

const body = (overrides: Record<string, unknown> = {}) => validPlanBody('medical', overrides);
const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });

const DED_APPLY_FIELDS = [
  'pcp_ded_apply',
  'sp_ded_apply',
  'er_ded_apply',
  'uc_ded_apply',
  'lx_ded_apply',
  'ip_ded_apply',
  'op_ded_apply',
  'rx1_ded_apply',
  'rx2_ded_apply',
  'rx3_ded_apply',
  'rx4_ded_apply',
  'rx1_mail_ded_apply',
  'rx2_mail_ded_apply',
  'rx3_mail_ded_apply',
  'rx4_mail_ded_apply',
];
const PERCENT_FIELDS = ['in_coin', 'out_coin', 'rx_coin'];
const MONEY_FIELDS = [
  't1_ee',
  't2_ee',
  't3_ee',
  't4_ee',
  't1_gross',
  't2_gross',
  't3_gross',
  't4_gross',
  'in_ded_single',
  'in_ded_family',
  'in_max_single',
  'in_max_family',
  'out_ded_single',
  'out_ded_family',
  'out_max_single',
  'out_max_family',
  'rx_ded_single',
  'rx_ded_family',
  'rx_max_single',
  'rx_max_family',
  'pcp_copay',
  'sp_copay',
  'er_copay',
  'uc_copay',
  'lx_copay',
  'ip_copay',
  'op_copay',
  'rx1_copay',
  'rx2_copay',
  'rx3_copay',
  'rx4_copay',
  'rx1_mail_copay',
  'rx2_mail_copay',
  'rx3_mail_copay',
  'rx4_mail_copay',
  'tobacco_surcharge',
  'spousal_surcharge',
  't1_ercdhp',
  't2_ercdhp',
  't3_ercdhp',
  't4_ercdhp',
];
const BOOLEAN_FIELDS = ['pt', 'hra', 'hsa', 'fsa', 'age_rated', 'salary_banding'];
const REQUIRED_BUT_NULLABLE = ['tobacco_surcharge', 'spousal_surcharge', 't1_ercdhp', 't2_ercdhp', 't3_ercdhp', 't4_ercdhp'];

describe('medical plan', () => {
  it.each(['PPO', 'POS', 'EPO', 'HMO', 'HDHP'])('accepts type %s', (type) => {
    expect(medical.parse(body({ type })).ok).toBe(true);
  });

  it.each(['ppo', 'DPPO', 'PPO ', ''])('rejects type %j', (type) => {
    expect(medical.parse(body({ type }))).toEqual(rejected({ type: [`"${type}" is not a valid choice.`] }));
  });

  it.each(['FUNDING_FULLY', 'FUNDING_LEVEL', 'FUNDING_SELF'])('accepts funding %s', (funding) => {
    expect(medical.parse(body({ funding })).ok).toBe(true);
  });

  it('rejects a funding outside FUNDING_FULLY, FUNDING_LEVEL, FUNDING_SELF', () => {
    expect(medical.parse(body({ funding: 'SELF_FUNDED' }))).toEqual(rejected({ funding: ['"SELF_FUNDED" is not a valid choice.'] }));
  });

  describe('deductible/coinsurance application', () => {
    it.each(DED_APPLY_FIELDS)('accepts FALSE, FALSE_COIN, TRUE and TRUE_COIN for %s', (name) => {
      for (const value of ['FALSE', 'FALSE_COIN', 'TRUE', 'TRUE_COIN']) {
        const result = medical.parse(body({ [name]: value }));
        expect(result.ok && (result.value as Record<string, unknown>)[name]).toBe(value);
      }
    });

    it('rejects a boolean where a deductible application choice is required', () => {
      expect(medical.parse(body({ pcp_ded_apply: true }))).toEqual(rejected({ pcp_ded_apply: ['"true" is not a valid choice.'] }));
    });

    it('rejects an unknown deductible application choice', () => {
      expect(medical.parse(body({ rx4_mail_ded_apply: 'COIN' }))).toEqual(rejected({ rx4_mail_ded_apply: ['"COIN" is not a valid choice.'] }));
    });

    it('requires rx1_ded_apply and rx2_ded_apply but not rx3_ded_apply or the mail-order ones', () => {
      expect(medical.parse(withoutKeys(body(), 'rx1_ded_apply', 'rx2_ded_apply'))).toEqual(
        rejected({ rx1_ded_apply: [messages.required], rx2_ded_apply: [messages.required] }),
      );
      const result = medical.parse(withoutKeys(body(), 'rx3_ded_apply', 'rx4_ded_apply', 'rx1_mail_ded_apply'));
      expect(result.ok && result.value.rx3_ded_apply).toBeNull();
    });
  });

  describe('coinsurance percentages', () => {
    it.each(PERCENT_FIELDS)('rejects a coinsurance percentage above 100 (%s)', (name) => {
      expect(medical.parse(body({ [name]: 101 }))).toEqual(rejected({ [name]: ['Ensure this value is less than or equal to 100.'] }));
    });

    it.each(PERCENT_FIELDS)('rejects a negative coinsurance percentage (%s)', (name) => {
      expect(medical.parse(body({ [name]: -1 }))).toEqual(rejected({ [name]: ['Ensure this value is greater than or equal to 0.'] }));
    });

    it.each(PERCENT_FIELDS)('accepts 0 and 100 for %s', (name) => {
      expect(medical.parse(body({ [name]: 0 })).ok).toBe(true);
      expect(medical.parse(body({ [name]: 100 })).ok).toBe(true);
    });
  });

  describe('money', () => {
    it.each(MONEY_FIELDS)('rejects negative money (%s)', (name) => {
      expect(medical.parse(body({ [name]: -1 }))).toEqual(rejected({ [name]: ['Ensure this value is greater than or equal to 0.'] }));
    });

    it('accepts zero money', () => {
      expect(medical.parse(body({ in_ded_single: 0, t1_ee: 0, pcp_copay: 0 })).ok).toBe(true);
    });

    it('accepts amounts above 100 (money is not a percentage)', () => {
      expect(medical.parse(body({ in_max_family: 18900 })).ok).toBe(true);
    });

    it('rejects money above 2147483647', () => {
      expect(medical.parse(body({ t4_gross: 2147483648 }))).toEqual(rejected({ t4_gross: ['Ensure this value is less than or equal to 2147483647.'] }));
      expect(medical.parse(body({ t4_gross: 2147483647 })).ok).toBe(true);
    });

    it.each(MONEY_FIELDS)('rejects a numeric string where an integer is required (%s)', (name) => {
      expect(medical.parse(body({ [name]: '1500' }))).toEqual(rejected({ [name]: ['A valid integer is required.'] }));
    });

    it('rejects a fractional amount', () => {
      expect(medical.parse(body({ in_ded_single: 1500.5 }))).toEqual(rejected({ in_ded_single: [messages.integer] }));
    });

    it('rejects a boolean where an integer is required', () => {
      expect(medical.parse(body({ in_coin: true }))).toEqual(rejected({ in_coin: [messages.integer] }));
    });
  });

  describe('booleans', () => {
    it.each(BOOLEAN_FIELDS)('requires %s as a JSON boolean', (name) => {
      expect(medical.parse(body({ [name]: 'false' }))).toEqual(rejected({ [name]: ['Must be a valid boolean.'] }));
      expect(medical.parse(body({ [name]: null }))).toEqual(rejected({ [name]: [messages.notNull] }));
      expect(medical.parse(withoutKeys(body(), name))).toEqual(rejected({ [name]: [messages.required] }));
    });
  });

  describe('required fields documented "null if none"', () => {
    it('accepts null for tobacco_surcharge but requires the key', () => {
      const result = medical.parse(body({ tobacco_surcharge: null }));
      expect(result.ok && result.value.tobacco_surcharge).toBeNull();
      expect(medical.parse(withoutKeys(body(), 'tobacco_surcharge'))).toEqual(rejected({ tobacco_surcharge: ['This field is required.'] }));
    });

    it.each(REQUIRED_BUT_NULLABLE)('accepts null for %s but requires the key', (name) => {
      expect(medical.parse(body({ [name]: null })).ok).toBe(true);
      expect(medical.parse(withoutKeys(body(), name))).toEqual(rejected({ [name]: [messages.required] }));
    });

    it('accepts amounts for the surcharges and the employer HSA funding', () => {
      const result = medical.parse(
        body({ type: 'HDHP', hsa: true, spousal_surcharge: 1200, t1_ercdhp: 500, t2_ercdhp: 1000, t3_ercdhp: 1000, t4_ercdhp: 1000 }),
      );
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value.spousal_surcharge).toBe(1200);
      expect(result.value.t4_ercdhp).toBe(1000);
    });
  });

  it('returns a copay that was given and null for one that was not', () => {
    const result = medical.parse(body({ pcp_copay: 30 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.pcp_copay).toBe(30);
    expect(result.value.lx_copay).toBeNull();
    expect(result.value.rx_ded_single).toBeNull();
  });

  it('reports every invalid field at once', () => {
    expect(medical.parse(body({ in_coin: 120, type: 'PPOX', hra: 'no', t1_ee: -5 }))).toEqual(
      rejected({
        in_coin: ['Ensure this value is less than or equal to 100.'],
        type: ['"PPOX" is not a valid choice.'],
        hra: [messages.boolean],
        t1_ee: ['Ensure this value is greater than or equal to 0.'],
      }),
    );
  });
});
