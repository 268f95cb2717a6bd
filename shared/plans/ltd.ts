import { field } from '../validation/fields.js';
import { commonPlanFields } from './common.js';
import { costShareField } from './disability.js';
import { definePlanKind } from './kind.js';

export const ltd = definePlanKind({
  benefit: 'ltd',
  label: 'Long-term disability',
  fields: {
    ...commonPlanFields,
    ...costShareField,
    percentage: field.int(
      'required',
      'percent',
      'Income replacement %',
      'Income replacement percentage of monthly earnings; weighted average for step-down plans.',
    ),
    monthly_max: field.int('required', 'money', 'Monthly maximum', 'Maximum monthly benefit.'),
    waiting_weeks: field.int('required', 'weeks', 'Waiting weeks', 'Weeks disabled before benefits begin.'),
  },
});
