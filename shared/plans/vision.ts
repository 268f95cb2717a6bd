import { capitalised } from '../capitalised.js';
import { field } from '../validation/fields.js';
import { commonPlanFields, fundingAndTierFields } from './common.js';
import { definePlanKind } from './kind.js';

type VisionBenefit = 'exam' | 'lenses' | 'frames' | 'contacts';

const frequency = (b: VisionBenefit) => field.int('required', 'months', `${capitalised(b)} frequency (months)`, `Months between covered ${b} benefits.`);
const copay = (b: VisionBenefit) => field.int('optional', 'money', `${capitalised(b)} copay`, `In-network ${b} copay; none if there is no copay.`);
const allowance = (b: VisionBenefit) =>
  field.int('optional', 'money', `${capitalised(b)} allowance`, `In-network insured ${b} allowance; none if there is no allowance.`);
const outAllowance = (b: VisionBenefit) => field.int('optional', 'money', `${capitalised(b)} out-of-network allowance`, `Out-of-network ${b} allowance.`);

export const vision = definePlanKind({
  benefit: 'vision',
  label: 'Vision',
  fields: {
    ...commonPlanFields,
    ...fundingAndTierFields,
    exam_frequency: frequency('exam'),
    lenses_frequency: frequency('lenses'),
    frames_frequency: frequency('frames'),
    contacts_frequency: frequency('contacts'),
    exam_copay: copay('exam'),
    lenses_copay: copay('lenses'),
    frames_copay: copay('frames'),
    contacts_copay: copay('contacts'),
    exam_allowance: allowance('exam'),
    lenses_allowance: allowance('lenses'),
    frames_allowance: allowance('frames'),
    contacts_allowance: allowance('contacts'),
    exam_out_allowance: outAllowance('exam'),
    lenses_out_allowance: outAllowance('lenses'),
    frames_out_allowance: outAllowance('frames'),
    contacts_out_allowance: outAllowance('contacts'),
  },
});
