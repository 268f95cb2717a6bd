import { field } from '../validation/fields.js';
import { commonPlanFields } from './common.js';
import { definePlanKind } from './kind.js';

const BASIC_LIFE_TYPES = ['MULTIPLE_OF_SALARY', 'FLAT_AMOUNT'] as const;

export const basiclife = definePlanKind({
  benefit: 'basiclife',
  label: 'Basic life (with AD&D)',
  fields: {
    ...commonPlanFields,
    type: field.choice('required', BASIC_LIFE_TYPES, 'Benefit type', 'MULTIPLE_OF_SALARY or FLAT_AMOUNT.'),
    multiple: field.int('optional', 'multiplier', 'Salary multiple', 'Salary multiplier; required when the type is MULTIPLE_OF_SALARY.', { min: 1 }),
    multiple_max: field.int('optional', 'money', 'Maximum benefit', 'Caps the total benefit of a MULTIPLE_OF_SALARY plan.'),
    flat_amount: field.int('optional', 'money', 'Flat amount', 'Fixed benefit; required when the type is FLAT_AMOUNT.'),
    add: field.bool('required', 'AD&D', 'AD&D included with or offered alongside the life policy.'),
  },
  conditionalRequirements: [
    { field: 'multiple', when: { field: 'type', equals: 'MULTIPLE_OF_SALARY' } },
    { field: 'flat_amount', when: { field: 'type', equals: 'FLAT_AMOUNT' } },
  ],
});
