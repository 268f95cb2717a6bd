import { field } from '../validation/fields.js';

const COST_SHARES = ['EMPLOYER_PAID', 'EMPLOYEE_COST_SHARE', 'VOLUNTARY'] as const;

export const costShareField = {
  cost_share: field.choice('required', COST_SHARES, 'Cost share', 'Employer paid, employee cost share, or voluntary.'),
};
