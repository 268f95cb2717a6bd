import { field } from '../validation/fields.js';
import { commonPlanFields } from './common.js';
import { costShareField } from './disability.js';
import { definePlanKind } from './kind.js';

export const std = definePlanKind({
  benefit: 'std',
  label: 'Short-term disability',
  fields: {
    ...commonPlanFields,
    ...costShareField,
    percentage: field.int(
      'required',
      'percent',
      'Income replacement %',
      'Income replacement percentage of weekly earnings; for step-down plans use the weighted average.',
    ),
    weekly_max: field.int('required', 'money', 'Weekly maximum', 'Maximum weekly benefit.'),
    waiting_days_injury: field.int('required', 'days', 'Waiting days, injury', 'Days disabled by injury before benefits begin.'),
    waiting_days_sick: field.int('required', 'days', 'Waiting days, sickness', 'Days disabled by illness before benefits begin.'),
    duration_weeks: field.int('required', 'weeks', 'Benefit duration (weeks)', 'Maximum weeks of benefits, excluding the elimination period.'),
  },
});
