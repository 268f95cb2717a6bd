import { field } from '../validation/fields.js';
import { commonPlanFields, fundingAndTierFields } from './common.js';
import { definePlanKind } from './kind.js';

const DENTAL_TYPES = ['DPPO', 'DMO'] as const;

const coin = (network: 'In' | 'Out', category: string) =>
  field.int(
    'optional',
    'percent',
    `${network}-network ${category} coinsurance %`,
    `${network}-network coinsurance percentage the employee pays for ${category} care; none if the service is copay-based.`,
  );

export const dental = definePlanKind({
  benefit: 'dental',
  label: 'Dental',
  fields: {
    ...commonPlanFields,
    ...fundingAndTierFields,
    type: field.choice('required', DENTAL_TYPES, 'Plan type', 'DPPO or DMO.'),
    in_ded_single: field.int('required', 'money', 'In-network deductible, single', 'In-network deductible, single.'),
    in_ded_family: field.int('required', 'money', 'In-network deductible, family', 'In-network deductible, family.'),
    in_max: field.int('required', 'money', 'In-network annual maximum', 'In-network annual maximum.'),
    in_max_ortho: field.int('optional', 'money', 'In-network orthodontia maximum', 'In-network orthodontia maximum.'),
    out_ded_single: field.int('optional', 'money', 'Out-of-network deductible, single', 'Out-of-network deductible, single.'),
    out_ded_family: field.int('optional', 'money', 'Out-of-network deductible, family', 'Out-of-network deductible, family.'),
    out_max: field.int('optional', 'money', 'Out-of-network annual maximum', 'Out-of-network annual maximum.'),
    out_max_ortho: field.int('optional', 'money', 'Out-of-network orthodontia maximum', 'Out-of-network orthodontia maximum.'),
    prev_ded_apply: field.bool('required', 'Deductible applies to preventive', 'Deductible applies to preventive care.'),
    basic_ded_apply: field.bool('required', 'Deductible applies to basic', 'Deductible applies to basic care.'),
    major_ded_apply: field.bool('optional', 'Deductible applies to major', 'Deductible applies to major care.'),
    ortho_ded_apply: field.bool('optional', 'Deductible applies to orthodontia', 'Deductible applies to orthodontia.'),
    in_prev_coin: coin('In', 'preventive'),
    in_basic_coin: coin('In', 'basic'),
    in_major_coin: coin('In', 'major'),
    in_ortho_coin: coin('In', 'orthodontia'),
    out_prev_coin: coin('Out', 'preventive'),
    out_basic_coin: coin('Out', 'basic'),
    out_major_coin: coin('Out', 'major'),
    out_ortho_coin: coin('Out', 'orthodontia'),
  },
});
