import { field } from '../validation/fields.js';
import { commonPlanFields } from './common.js';
import { definePlanKind } from './kind.js';

export const voluntarylife = definePlanKind({
  benefit: 'voluntarylife',
  label: 'Voluntary life (with AD&D)',
  fields: {
    ...commonPlanFields,
    max: field.int('required', 'money', 'Maximum benefit', 'Maximum total death benefit for the employee.'),
    guarantee_issue: field.int('required', 'money', 'Guarantee issue', 'Amount electable without evidence of insurability.'),
    max_spouse: field.int('optional', 'money', 'Maximum spouse benefit', 'Maximum spouse benefit.'),
    max_children: field.int('optional', 'money', 'Maximum child benefit', 'Maximum child benefit.'),
    add: field.bool('required', 'AD&D', 'AD&D included or offered alongside.'),
  },
});
