import { field, type Presence } from '../validation/fields.js';
import { commonPlanFields, fundingAndTierFields } from './common.js';
import { definePlanKind } from './kind.js';

const MEDICAL_TYPES = ['PPO', 'POS', 'EPO', 'HMO', 'HDHP'] as const;
const DED_APPLY_CHOICES = ['FALSE', 'FALSE_COIN', 'TRUE', 'TRUE_COIN'] as const;

const dedApplyHelp = 'FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.';
const dedApply = <P extends Presence>(presence: P, service: string) =>
  field.choice(
    presence,
    DED_APPLY_CHOICES,
    `Deductible/coinsurance: ${service}`,
    `Whether deductible and/or coinsurance applies to ${service}. ${dedApplyHelp}`,
  );
const copay = (service: string) =>
  field.int('optional', 'money', `Copay: ${service}`, `In-network single-payment copay for ${service}; give only when a copay is required.`);

export const medical = definePlanKind({
  benefit: 'medical',
  label: 'Medical (with prescription)',
  fields: {
    ...commonPlanFields,
    ...fundingAndTierFields,
    type: field.choice('required', MEDICAL_TYPES, 'Plan type', 'PPO, POS, EPO, HMO or HDHP.'),
    in_ded_single: field.int('required', 'money', 'In-network deductible, single', 'In-network deductible, single.'),
    in_ded_family: field.int('required', 'money', 'In-network deductible, family', 'In-network deductible, family.'),
    in_max_single: field.int(
      'required',
      'money',
      'In-network out-of-pocket max, single',
      'In-network maximum out-of-pocket, single (includes deductible, coinsurance, copays; per calendar year).',
    ),
    in_max_family: field.int(
      'required',
      'money',
      'In-network out-of-pocket max, family',
      'In-network maximum out-of-pocket, family (includes deductible, coinsurance, copays; per calendar year).',
    ),
    in_coin: field.int('required', 'percent', 'In-network coinsurance %', 'In-network coinsurance percentage the employee pays.'),
    out_ded_single: field.int('optional', 'money', 'Out-of-network deductible, single', 'Out-of-network deductible, single.'),
    out_ded_family: field.int('optional', 'money', 'Out-of-network deductible, family', 'Out-of-network deductible, family.'),
    out_max_single: field.int('optional', 'money', 'Out-of-network out-of-pocket max, single', 'Out-of-network maximum out-of-pocket, single.'),
    out_max_family: field.int('optional', 'money', 'Out-of-network out-of-pocket max, family', 'Out-of-network maximum out-of-pocket, family.'),
    out_coin: field.int('optional', 'percent', 'Out-of-network coinsurance %', 'Out-of-network coinsurance percentage the employee pays.'),
    rx_ded_single: field.int('optional', 'money', 'Rx deductible, single', 'Only when Rx has its own deductible separate from medical; otherwise none.'),
    rx_ded_family: field.int('optional', 'money', 'Rx deductible, family', 'Only when Rx has its own deductible separate from medical; otherwise none.'),
    rx_max_single: field.int('optional', 'money', 'Rx out-of-pocket max, single', 'Only when Rx has its own maximum separate from medical; otherwise none.'),
    rx_max_family: field.int('optional', 'money', 'Rx out-of-pocket max, family', 'Only when Rx has its own maximum separate from medical; otherwise none.'),
    rx_coin: field.int('optional', 'percent', 'Rx coinsurance %', 'Rx coinsurance percentage.'),
    pcp_ded_apply: dedApply('required', 'primary care'),
    sp_ded_apply: dedApply('required', 'specialist'),
    er_ded_apply: dedApply('required', 'emergency room'),
    uc_ded_apply: dedApply('required', 'urgent care'),
    lx_ded_apply: dedApply('required', 'lab and X-ray'),
    ip_ded_apply: dedApply('required', 'inpatient'),
    op_ded_apply: dedApply('required', 'outpatient'),
    rx1_ded_apply: dedApply('required', 'Rx tier 1 generic (retail 30 days)'),
    rx2_ded_apply: dedApply('required', 'Rx tier 2 preferred brand (retail 30 days)'),
    rx3_ded_apply: dedApply('optional', 'Rx tier 3 non-preferred brand (retail 30 days)'),
    rx4_ded_apply: dedApply('optional', 'Rx tier 4 specialty (retail 30 days)'),
    rx1_mail_ded_apply: dedApply('optional', 'Rx tier 1 generic (mail order 90 days)'),
    rx2_mail_ded_apply: dedApply('optional', 'Rx tier 2 preferred brand (mail order 90 days)'),
    rx3_mail_ded_apply: dedApply('optional', 'Rx tier 3 non-preferred brand (mail order 90 days)'),
    rx4_mail_ded_apply: dedApply('optional', 'Rx tier 4 specialty (mail order 90 days)'),
    pcp_copay: copay('primary care'),
    sp_copay: copay('specialist'),
    er_copay: copay('emergency room'),
    uc_copay: copay('urgent care'),
    lx_copay: copay('lab and X-ray'),
    ip_copay: copay('inpatient'),
    op_copay: copay('outpatient'),
    rx1_copay: copay('Rx tier 1 generic (retail 30 days)'),
    rx2_copay: copay('Rx tier 2 preferred brand (retail 30 days)'),
    rx3_copay: copay('Rx tier 3 non-preferred brand (retail 30 days)'),
    rx4_copay: copay('Rx tier 4 specialty (retail 30 days)'),
    rx1_mail_copay: copay('Rx tier 1 generic (mail order 90 days)'),
    rx2_mail_copay: copay('Rx tier 2 preferred brand (mail order 90 days)'),
    rx3_mail_copay: copay('Rx tier 3 non-preferred brand (mail order 90 days)'),
    rx4_mail_copay: copay('Rx tier 4 specialty (mail order 90 days)'),
    hra: field.bool('required', 'HRA offered', 'HRA offered with the plan.'),
    hsa: field.bool('required', 'HSA offered', 'HSA offered with the plan.'),
    fsa: field.bool('required', 'FSA offered', 'FSA offered with the plan.'),
    age_rated: field.bool('required', 'Age rated', 'Premiums based 100% on age-banded or community rating.'),
    salary_banding: field.bool('required', 'Salary banding', 'Employee contributions vary by salary.'),
    tobacco_surcharge: field.int('nullable', 'money', 'Tobacco surcharge', 'Additional annual amount (PEPY) for tobacco use; none if there is no surcharge.'),
    spousal_surcharge: field.int(
      'nullable',
      'money',
      'Spousal surcharge',
      'Additional annual amount (PEPY) for a spouse with other coverage available; none if there is no surcharge.',
    ),
    t1_ercdhp: field.int('nullable', 'money', 'Tier 1 employer HSA/CDHP funding', 'Annual employer funding of the HSA/CDHP account, tier 1 (employee only).'),
    t2_ercdhp: field.int(
      'nullable',
      'money',
      'Tier 2 employer HSA/CDHP funding',
      'Annual employer funding of the HSA/CDHP account, tier 2 (employee + spouse).',
    ),
    t3_ercdhp: field.int(
      'nullable',
      'money',
      'Tier 3 employer HSA/CDHP funding',
      'Annual employer funding of the HSA/CDHP account, tier 3 (employee + children).',
    ),
    t4_ercdhp: field.int(
      'nullable',
      'money',
      'Tier 4 employer HSA/CDHP funding',
      'Annual employer funding of the HSA/CDHP account, tier 4 (employee + family).',
    ),
  },
});
