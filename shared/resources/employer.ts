import { z } from 'zod';
import type { Benefit } from '../plans/benefits.js';
import { isNaicsCode, NAICS_EDITION } from '../naics/naics-codes.js';
import { zField } from '../validation/fields.js';
import { quoted } from '../validation/messages.js';
import { parseWith } from './parse.js';
import { isUsState, US_STATES } from './us-states.js';

export const MAX_NAICS_CODES = 4;
const URL_PATTERN = /^https?:\/\/([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(:\d{1,5})?([/?#]\S*)?$/;

export const employerMessages = {
  url: "Enter a valid URL starting with 'https://' or 'http://', with a host name.",
  size: 'Enter the number of full-time eligible employees as digits greater than 0, for example "250".',
  naics: (code: unknown) => `${quoted(code)} is not a 6-digit NAICS code.`,
  naicsUnknown: (code: unknown) => `${quoted(code)} is not a ${NAICS_EDITION} NAICS code.`,
  state: (code: unknown) => `${quoted(code)} is not a capitalized 2-letter US state abbreviation (use DC for Washington, DC).`,
};

// Six digits first, as the hosted service answers; then one of the codes the picker offers.
const naicsCode = z
  .string({ error: (issue) => employerMessages.naics(issue.input) })
  .regex(/^\d{6}$/, { error: (issue) => employerMessages.naics(issue.input) })
  .refine((code) => !/^\d{6}$/.test(code) || isNaicsCode(code), { error: (issue) => employerMessages.naicsUnknown(issue.input) });

const stateCode = z
  .string({ error: (issue) => employerMessages.state(issue.input) })
  .refine(isUsState, { error: (issue) => employerMessages.state(issue.input) })
  .meta({ enum: Object.keys(US_STATES) });

export const employerSchema = z.object({
  name: zField.text(),
  url: zField.text(2048).regex(URL_PATTERN, { error: employerMessages.url }),
  size: zField
    .text(12)
    .regex(/^\d+$/, { error: employerMessages.size })
    .refine((size) => /[1-9]/.test(size), { error: employerMessages.size }),
  naics_codes: zField.uniqueList(naicsCode, MAX_NAICS_CODES),
  location_states: zField.uniqueList(stateCode),
  other_filters: zField.uniqueList(zField.uuidItem()),
  division: zField.uuid(),
});

export type EmployerInput = z.infer<typeof employerSchema>;

export const EMPLOYER_FIELDS = Object.keys(employerSchema.shape) as (keyof EmployerInput)[];

export const employerFieldHelp: Record<keyof EmployerInput, { label: string; help: string }> = {
  name: { label: 'Employer name', help: 'Unique employer name. One record per employer.' },
  url: { label: 'Web address', help: "Unique web address; starts with 'https://' or 'http://'." },
  size: { label: 'Eligible employees', help: 'Number of full-time eligible employees.' },
  naics_codes: { label: 'NAICS codes', help: 'Up to 4 six-digit industry codes of the 2017 NAICS.' },
  location_states: { label: 'States', help: 'States where the employer has employees; Washington, DC is DC.' },
  other_filters: { label: 'Filters', help: "Filters such as 'Government Contractor' or 'Non-Profit Organization'; none is fine." },
  division: { label: 'Division', help: 'Division the employer belongs to; only its users can see the employer.' },
};

export function parseEmployer(body: Record<string, unknown>) {
  return parseWith(employerSchema, body);
}

export interface PlanRef {
  benefit: Benefit;
  id: string;
}

/** An employer as the service returns it. */
export interface Employer extends EmployerInput {
  id: string;
  account: string;
  plans: PlanRef[];
  plans_expired: PlanRef[];
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/**
 * One row of the app's employer list (`GET /employers/summaries/`, a local operation): every row
 * by name, or with `?limit=&offset=` a window of them in a `Page`.
 */
export interface EmployerSummary extends EmployerInput {
  id: string;
  /** Counts of active and expired plans. */
  plan_count: number;
  expired_plan_count: number;
}

/** One plan of an employer's page (`GET /employers/{employerID}/plans/`, a local operation). */
export interface EmployerPlanSummary extends PlanRef {
  title: string;
  carrier: string;
  start_date: string;
  end_date: string;
  /** Its end_date is before today. */
  expired: boolean;
}
