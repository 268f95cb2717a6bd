import { field } from '../validation/fields.js';
import { planIdentityFields } from './common.js';
import { definePlanKind } from './kind.js';

const offered = (label: string) => field.bool('required', label, `True when ${label.toLowerCase()} is offered, false otherwise.`);

export const supplemental = definePlanKind({
  benefit: 'supplemental',
  label: 'Supplemental',
  fields: {
    ...planIdentityFields,
    critical_illness: offered('Critical illness'),
    hospital_indemnity: offered('Hospital indemnity'),
    accident: offered('Accident'),
    cancer: offered('Cancer'),
    pet: offered('Pet insurance'),
    legal_assist: offered('Legal assistance'),
    credit_protection: offered('Credit protection'),
    tuition_reimburse: offered('Tuition reimbursement'),
  },
});
