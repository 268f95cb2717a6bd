/** What reading an SBC (Summary of Benefits and Coverage) PDF gives: the medical plan fields it states. */
export interface SbcReading {
  /** Only the fields the document states plainly: integers in dollars or percent, dates as YYYY-MM-DD. */
  plan: Record<string, string | number | boolean>;
  /** Where each field of `plan` was read: the page and the sentence. */
  sources: Record<string, { page: number; text: string }>;
  /** Every medical plan field the document did not give, to enter by hand. */
  missing: string[];
  warnings: string[];
}

/** Medical plan fields no SBC states: premiums, contributions, funding, account funding, rating. */
export const FIELDS_NO_SBC_GIVES = [
  'employer',
  'title',
  'pt',
  'from_plan',
  'from_action',
  'funding',
  't1_ee',
  't2_ee',
  't3_ee',
  't4_ee',
  't1_gross',
  't2_gross',
  't3_gross',
  't4_gross',
  'hra',
  'fsa',
  'age_rated',
  'salary_banding',
  'tobacco_surcharge',
  'spousal_surcharge',
  't1_ercdhp',
  't2_ercdhp',
  't3_ercdhp',
  't4_ercdhp',
] as const;
