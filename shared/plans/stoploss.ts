import { field } from '../validation/fields.js';
import { planIdentityFields } from './common.js';
import { definePlanKind } from './kind.js';

export const stoploss = definePlanKind({
  benefit: 'stoploss',
  label: 'Stop loss',
  fields: {
    ...planIdentityFields,
    spec_ded: field.int('required', 'money', 'Specific deductible', 'Specific deductible.'),
    spec_rate_single: field.int('required', 'money', 'Specific rate, single', 'Specific rate, single.'),
    spec_rate_family: field.int('required', 'money', 'Specific rate, family', 'Specific rate, family.'),
    num_lasers: field.int('required', 'count', 'Number of lasers', 'Number of lasered individuals.'),
    agg_rate: field.int('optional', 'money', 'Aggregate rate', 'Aggregate rate.'),
  },
});
