import type { Benefit } from '../plans/benefits.js';

/**
 * The plan wizard's steps, in the order a broker reads a plan summary. Every writable field of a
 * kind appears in exactly one step, except those the wizard sets itself (employer, from_plan).
 * `from_action` is shown only when renewing or converting.
 */
export interface PlanStep {
  id: string;
  title: string;
  fields: readonly string[];
  /** The rates step offers the rate helper for the four annual tiers. */
  rateHelper?: boolean;
}

const services = ['pcp', 'sp', 'er', 'uc', 'lx', 'ip', 'op'] as const;
const rxTiers = [1, 2, 3, 4] as const;
const tierFields = ['t1_ee', 't2_ee', 't3_ee', 't4_ee', 't1_gross', 't2_gross', 't3_gross', 't4_gross'];
const basics = (...kindFields: string[]) => ['title', 'carrier', 'from_action', ...kindFields, 'start_date', 'end_date'];

const steps: Record<Benefit, readonly PlanStep[]> = {
  medical: [
    { id: 'basics', title: 'Basics', fields: basics('type', 'funding', 'pt') },
    {
      id: 'rates',
      title: 'Rates',
      rateHelper: true,
      fields: [...tierFields, 't1_ercdhp', 't2_ercdhp', 't3_ercdhp', 't4_ercdhp', 'tobacco_surcharge', 'spousal_surcharge', 'age_rated', 'salary_banding'],
    },
    {
      id: 'in-network',
      title: 'In-network',
      fields: [
        'in_ded_single',
        'in_ded_family',
        'in_max_single',
        'in_max_family',
        'in_coin',
        ...services.flatMap((service) => [`${service}_copay`, `${service}_ded_apply`]),
      ],
    },
    { id: 'out-of-network', title: 'Out-of-network', fields: ['out_ded_single', 'out_ded_family', 'out_max_single', 'out_max_family', 'out_coin'] },
    {
      id: 'rx',
      title: 'Prescriptions (Rx)',
      fields: [
        'rx_ded_single',
        'rx_ded_family',
        'rx_max_single',
        'rx_max_family',
        'rx_coin',
        ...rxTiers.flatMap((tier) => [`rx${tier}_copay`, `rx${tier}_ded_apply`]),
        ...rxTiers.flatMap((tier) => [`rx${tier}_mail_copay`, `rx${tier}_mail_ded_apply`]),
      ],
    },
    { id: 'extras', title: 'Accounts', fields: ['hra', 'hsa', 'fsa'] },
  ],
  dental: [
    { id: 'basics', title: 'Basics', fields: basics('type', 'funding', 'pt') },
    { id: 'rates', title: 'Rates', rateHelper: true, fields: tierFields },
    {
      id: 'in-network',
      title: 'In-network',
      fields: [
        'in_ded_single',
        'in_ded_family',
        'in_max',
        'in_max_ortho',
        'prev_ded_apply',
        'basic_ded_apply',
        'major_ded_apply',
        'ortho_ded_apply',
        'in_prev_coin',
        'in_basic_coin',
        'in_major_coin',
        'in_ortho_coin',
      ],
    },
    {
      id: 'out-of-network',
      title: 'Out-of-network',
      fields: ['out_ded_single', 'out_ded_family', 'out_max', 'out_max_ortho', 'out_prev_coin', 'out_basic_coin', 'out_major_coin', 'out_ortho_coin'],
    },
  ],
  vision: [
    { id: 'basics', title: 'Basics', fields: basics('funding', 'pt') },
    { id: 'rates', title: 'Rates', rateHelper: true, fields: tierFields },
    {
      id: 'in-network',
      title: 'In-network',
      fields: (['exam', 'lenses', 'frames', 'contacts'] as const).flatMap((item) => [`${item}_frequency`, `${item}_copay`, `${item}_allowance`]),
    },
    { id: 'out-of-network', title: 'Out-of-network', fields: ['exam_out_allowance', 'lenses_out_allowance', 'frames_out_allowance', 'contacts_out_allowance'] },
  ],
  basiclife: [
    { id: 'basics', title: 'Basics', fields: basics('pt') },
    { id: 'benefit', title: 'Benefit', fields: ['type', 'multiple', 'multiple_max', 'flat_amount', 'add'] },
  ],
  voluntarylife: [
    { id: 'basics', title: 'Basics', fields: basics('pt') },
    { id: 'benefit', title: 'Benefit', fields: ['max', 'guarantee_issue', 'max_spouse', 'max_children', 'add'] },
  ],
  std: [
    { id: 'basics', title: 'Basics', fields: basics('cost_share', 'pt') },
    { id: 'benefit', title: 'Benefit', fields: ['percentage', 'weekly_max', 'waiting_days_injury', 'waiting_days_sick', 'duration_weeks'] },
  ],
  ltd: [
    { id: 'basics', title: 'Basics', fields: basics('cost_share', 'pt') },
    { id: 'benefit', title: 'Benefit', fields: ['percentage', 'monthly_max', 'waiting_weeks'] },
  ],
  stoploss: [
    { id: 'basics', title: 'Basics', fields: basics() },
    { id: 'coverage', title: 'Coverage and rates', fields: ['spec_ded', 'spec_rate_single', 'spec_rate_family', 'agg_rate', 'num_lasers'] },
  ],
  supplemental: [
    { id: 'basics', title: 'Basics', fields: basics() },
    {
      id: 'benefits',
      title: 'Benefits offered',
      fields: ['critical_illness', 'hospital_indemnity', 'accident', 'cancer', 'pet', 'legal_assist', 'credit_protection', 'tuition_reimburse'],
    },
  ],
};

/** The final step of every wizard: the whole plan, its warnings and, when renewing, the comparison. */
const REVIEW_STEP: PlanStep = { id: 'review', title: 'Review and save', fields: [] };

export function planSteps(benefit: Benefit): readonly PlanStep[] {
  return [...steps[benefit], REVIEW_STEP];
}

/** Fields that do not apply given the others (a flat-amount life plan has no salary multiple). */
export function hiddenFields(benefit: Benefit, values: Readonly<Record<string, string>>, renewing: boolean): Set<string> {
  const hidden = new Set<string>();
  if (!renewing) hidden.add('from_action');
  if (benefit === 'basiclife') {
    if (values['type'] === 'FLAT_AMOUNT') ['multiple', 'multiple_max'].forEach((field) => hidden.add(field));
    if (values['type'] === 'MULTIPLE_OF_SALARY') hidden.add('flat_amount');
  }
  return hidden;
}
