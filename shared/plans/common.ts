import { field } from '../validation/fields.js';

const FROM_ACTIONS = ['RENEWED', 'CONVERTED'] as const;
export type FromAction = (typeof FROM_ACTIONS)[number];

/** Fields of every plan kind except `pt`, which stop loss and supplemental plans do not have. */
export const planIdentityFields = {
  employer: field.uuid('required', 'Employer', 'Employer that offers the plan.'),
  title: field.text('required', 'Plan title', "Unique plan title; may match the insurer's title."),
  carrier: field.text('required', 'Carrier', 'Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.'),
  start_date: field.date('required', 'Start date', 'First day of the plan year (YYYY-MM-DD).'),
  end_date: field.date('required', 'End date', 'Last day of the plan year (YYYY-MM-DD).'),
  from_plan: field.uuid('optional', 'Prior-year plan', 'Prior-year plan from which this plan is renewed or converted.'),
  from_action: field.choice('optional', FROM_ACTIONS, 'Renewal action', 'RENEWED (same carrier) or CONVERTED (different carrier).'),
};

const partTimeField = {
  pt: field.bool('required', 'Offered to part-time employees', 'Offered to part-time employees.'),
};

export const commonPlanFields = { ...planIdentityFields, ...partTimeField };

const FUNDINGS = ['FUNDING_FULLY', 'FUNDING_LEVEL', 'FUNDING_SELF'] as const;

const tierNames = ['employee only', 'employee + spouse', 'employee + children', 'employee + family'] as const;

/** Funding and the four annual premium tiers shared by medical, dental and vision. */
export const fundingAndTierFields = {
  funding: field.choice('required', FUNDINGS, 'Funding', 'Fully insured, level funded or self funded.'),
  t1_ee: field.int('required', 'money', 'Tier 1 employee contribution', `Annual employee contribution per employee (PEPY), tier 1 (${tierNames[0]}).`),
  t2_ee: field.int('required', 'money', 'Tier 2 employee contribution', `Annual employee contribution per employee (PEPY), tier 2 (${tierNames[1]}).`),
  t3_ee: field.int('required', 'money', 'Tier 3 employee contribution', `Annual employee contribution per employee (PEPY), tier 3 (${tierNames[2]}).`),
  t4_ee: field.int('required', 'money', 'Tier 4 employee contribution', `Annual employee contribution per employee (PEPY), tier 4 (${tierNames[3]}).`),
  t1_gross: field.int('required', 'money', 'Tier 1 gross cost', `Full annual cost (PEPY) before employee contributions, tier 1 (${tierNames[0]}).`),
  t2_gross: field.int('required', 'money', 'Tier 2 gross cost', `Full annual cost (PEPY) before employee contributions, tier 2 (${tierNames[1]}).`),
  t3_gross: field.int('required', 'money', 'Tier 3 gross cost', `Full annual cost (PEPY) before employee contributions, tier 3 (${tierNames[2]}).`),
  t4_gross: field.int('required', 'money', 'Tier 4 gross cost', `Full annual cost (PEPY) before employee contributions, tier 4 (${tierNames[3]}).`),
};
