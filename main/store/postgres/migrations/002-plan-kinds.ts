// Frozen: a migration never changes once released; later schema changes are new migrations.
/** One table per plan kind, a real column per field, with the CHECKs of SQLite's migration 11. */
export const planKinds = {
  version: 2,
  name: 'plan-kinds',
  sql: `
CREATE TABLE plan_medical (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  funding TEXT NOT NULL CHECK (funding = 'FUNDING_FULLY' OR funding = 'FUNDING_LEVEL' OR funding = 'FUNDING_SELF'),
  t1_ee INTEGER NOT NULL CHECK (t1_ee BETWEEN 0 AND 2147483647),
  t2_ee INTEGER NOT NULL CHECK (t2_ee BETWEEN 0 AND 2147483647),
  t3_ee INTEGER NOT NULL CHECK (t3_ee BETWEEN 0 AND 2147483647),
  t4_ee INTEGER NOT NULL CHECK (t4_ee BETWEEN 0 AND 2147483647),
  t1_gross INTEGER NOT NULL CHECK (t1_gross BETWEEN 0 AND 2147483647),
  t2_gross INTEGER NOT NULL CHECK (t2_gross BETWEEN 0 AND 2147483647),
  t3_gross INTEGER NOT NULL CHECK (t3_gross BETWEEN 0 AND 2147483647),
  t4_gross INTEGER NOT NULL CHECK (t4_gross BETWEEN 0 AND 2147483647),
  type TEXT NOT NULL CHECK (type = 'PPO' OR type = 'POS' OR type = 'EPO' OR type = 'HMO' OR type = 'HDHP'),
  in_ded_single INTEGER NOT NULL CHECK (in_ded_single BETWEEN 0 AND 2147483647),
  in_ded_family INTEGER NOT NULL CHECK (in_ded_family BETWEEN 0 AND 2147483647),
  in_max_single INTEGER NOT NULL CHECK (in_max_single BETWEEN 0 AND 2147483647),
  in_max_family INTEGER NOT NULL CHECK (in_max_family BETWEEN 0 AND 2147483647),
  in_coin INTEGER NOT NULL CHECK (in_coin BETWEEN 0 AND 100),
  out_ded_single INTEGER CHECK (out_ded_single BETWEEN 0 AND 2147483647),
  out_ded_family INTEGER CHECK (out_ded_family BETWEEN 0 AND 2147483647),
  out_max_single INTEGER CHECK (out_max_single BETWEEN 0 AND 2147483647),
  out_max_family INTEGER CHECK (out_max_family BETWEEN 0 AND 2147483647),
  out_coin INTEGER CHECK (out_coin BETWEEN 0 AND 100),
  rx_ded_single INTEGER CHECK (rx_ded_single BETWEEN 0 AND 2147483647),
  rx_ded_family INTEGER CHECK (rx_ded_family BETWEEN 0 AND 2147483647),
  rx_max_single INTEGER CHECK (rx_max_single BETWEEN 0 AND 2147483647),
  rx_max_family INTEGER CHECK (rx_max_family BETWEEN 0 AND 2147483647),
  rx_coin INTEGER CHECK (rx_coin BETWEEN 0 AND 100),
  pcp_ded_apply TEXT NOT NULL CHECK (pcp_ded_apply = 'FALSE' OR pcp_ded_apply = 'FALSE_COIN' OR pcp_ded_apply = 'TRUE' OR pcp_ded_apply = 'TRUE_COIN'),
  sp_ded_apply TEXT NOT NULL CHECK (sp_ded_apply = 'FALSE' OR sp_ded_apply = 'FALSE_COIN' OR sp_ded_apply = 'TRUE' OR sp_ded_apply = 'TRUE_COIN'),
  er_ded_apply TEXT NOT NULL CHECK (er_ded_apply = 'FALSE' OR er_ded_apply = 'FALSE_COIN' OR er_ded_apply = 'TRUE' OR er_ded_apply = 'TRUE_COIN'),
  uc_ded_apply TEXT NOT NULL CHECK (uc_ded_apply = 'FALSE' OR uc_ded_apply = 'FALSE_COIN' OR uc_ded_apply = 'TRUE' OR uc_ded_apply = 'TRUE_COIN'),
  lx_ded_apply TEXT NOT NULL CHECK (lx_ded_apply = 'FALSE' OR lx_ded_apply = 'FALSE_COIN' OR lx_ded_apply = 'TRUE' OR lx_ded_apply = 'TRUE_COIN'),
  ip_ded_apply TEXT NOT NULL CHECK (ip_ded_apply = 'FALSE' OR ip_ded_apply = 'FALSE_COIN' OR ip_ded_apply = 'TRUE' OR ip_ded_apply = 'TRUE_COIN'),
  op_ded_apply TEXT NOT NULL CHECK (op_ded_apply = 'FALSE' OR op_ded_apply = 'FALSE_COIN' OR op_ded_apply = 'TRUE' OR op_ded_apply = 'TRUE_COIN'),
  rx1_ded_apply TEXT NOT NULL CHECK (rx1_ded_apply = 'FALSE' OR rx1_ded_apply = 'FALSE_COIN' OR rx1_ded_apply = 'TRUE' OR rx1_ded_apply = 'TRUE_COIN'),
  rx2_ded_apply TEXT NOT NULL CHECK (rx2_ded_apply = 'FALSE' OR rx2_ded_apply = 'FALSE_COIN' OR rx2_ded_apply = 'TRUE' OR rx2_ded_apply = 'TRUE_COIN'),
  rx3_ded_apply TEXT CHECK (rx3_ded_apply = 'FALSE' OR rx3_ded_apply = 'FALSE_COIN' OR rx3_ded_apply = 'TRUE' OR rx3_ded_apply = 'TRUE_COIN'),
  rx4_ded_apply TEXT CHECK (rx4_ded_apply = 'FALSE' OR rx4_ded_apply = 'FALSE_COIN' OR rx4_ded_apply = 'TRUE' OR rx4_ded_apply = 'TRUE_COIN'),
  rx1_mail_ded_apply TEXT CHECK (rx1_mail_ded_apply = 'FALSE' OR rx1_mail_ded_apply = 'FALSE_COIN' OR rx1_mail_ded_apply = 'TRUE' OR rx1_mail_ded_apply = 'TRUE_COIN'),
  rx2_mail_ded_apply TEXT CHECK (rx2_mail_ded_apply = 'FALSE' OR rx2_mail_ded_apply = 'FALSE_COIN' OR rx2_mail_ded_apply = 'TRUE' OR rx2_mail_ded_apply = 'TRUE_COIN'),
  rx3_mail_ded_apply TEXT CHECK (rx3_mail_ded_apply = 'FALSE' OR rx3_mail_ded_apply = 'FALSE_COIN' OR rx3_mail_ded_apply = 'TRUE' OR rx3_mail_ded_apply = 'TRUE_COIN'),
  rx4_mail_ded_apply TEXT CHECK (rx4_mail_ded_apply = 'FALSE' OR rx4_mail_ded_apply = 'FALSE_COIN' OR rx4_mail_ded_apply = 'TRUE' OR rx4_mail_ded_apply = 'TRUE_COIN'),
  pcp_copay INTEGER CHECK (pcp_copay BETWEEN 0 AND 2147483647),
  sp_copay INTEGER CHECK (sp_copay BETWEEN 0 AND 2147483647),
  er_copay INTEGER CHECK (er_copay BETWEEN 0 AND 2147483647),
  uc_copay INTEGER CHECK (uc_copay BETWEEN 0 AND 2147483647),
  lx_copay INTEGER CHECK (lx_copay BETWEEN 0 AND 2147483647),
  ip_copay INTEGER CHECK (ip_copay BETWEEN 0 AND 2147483647),
  op_copay INTEGER CHECK (op_copay BETWEEN 0 AND 2147483647),
  rx1_copay INTEGER CHECK (rx1_copay BETWEEN 0 AND 2147483647),
  rx2_copay INTEGER CHECK (rx2_copay BETWEEN 0 AND 2147483647),
  rx3_copay INTEGER CHECK (rx3_copay BETWEEN 0 AND 2147483647),
  rx4_copay INTEGER CHECK (rx4_copay BETWEEN 0 AND 2147483647),
  rx1_mail_copay INTEGER CHECK (rx1_mail_copay BETWEEN 0 AND 2147483647),
  rx2_mail_copay INTEGER CHECK (rx2_mail_copay BETWEEN 0 AND 2147483647),
  rx3_mail_copay INTEGER CHECK (rx3_mail_copay BETWEEN 0 AND 2147483647),
  rx4_mail_copay INTEGER CHECK (rx4_mail_copay BETWEEN 0 AND 2147483647),
  hra INTEGER NOT NULL CHECK (hra IN (0, 1)),
  hsa INTEGER NOT NULL CHECK (hsa IN (0, 1)),
  fsa INTEGER NOT NULL CHECK (fsa IN (0, 1)),
  age_rated INTEGER NOT NULL CHECK (age_rated IN (0, 1)),
  salary_banding INTEGER NOT NULL CHECK (salary_banding IN (0, 1)),
  tobacco_surcharge INTEGER CHECK (tobacco_surcharge BETWEEN 0 AND 2147483647),
  spousal_surcharge INTEGER CHECK (spousal_surcharge BETWEEN 0 AND 2147483647),
  t1_ercdhp INTEGER CHECK (t1_ercdhp BETWEEN 0 AND 2147483647),
  t2_ercdhp INTEGER CHECK (t2_ercdhp BETWEEN 0 AND 2147483647),
  t3_ercdhp INTEGER CHECK (t3_ercdhp BETWEEN 0 AND 2147483647),
  t4_ercdhp INTEGER CHECK (t4_ercdhp BETWEEN 0 AND 2147483647)
);

CREATE TABLE plan_dental (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  funding TEXT NOT NULL CHECK (funding = 'FUNDING_FULLY' OR funding = 'FUNDING_LEVEL' OR funding = 'FUNDING_SELF'),
  t1_ee INTEGER NOT NULL CHECK (t1_ee BETWEEN 0 AND 2147483647),
  t2_ee INTEGER NOT NULL CHECK (t2_ee BETWEEN 0 AND 2147483647),
  t3_ee INTEGER NOT NULL CHECK (t3_ee BETWEEN 0 AND 2147483647),
  t4_ee INTEGER NOT NULL CHECK (t4_ee BETWEEN 0 AND 2147483647),
  t1_gross INTEGER NOT NULL CHECK (t1_gross BETWEEN 0 AND 2147483647),
  t2_gross INTEGER NOT NULL CHECK (t2_gross BETWEEN 0 AND 2147483647),
  t3_gross INTEGER NOT NULL CHECK (t3_gross BETWEEN 0 AND 2147483647),
  t4_gross INTEGER NOT NULL CHECK (t4_gross BETWEEN 0 AND 2147483647),
  type TEXT NOT NULL CHECK (type IN ('DPPO', 'DMO')),
  in_ded_single INTEGER NOT NULL CHECK (in_ded_single BETWEEN 0 AND 2147483647),
  in_ded_family INTEGER NOT NULL CHECK (in_ded_family BETWEEN 0 AND 2147483647),
  in_max INTEGER NOT NULL CHECK (in_max BETWEEN 0 AND 2147483647),
  in_max_ortho INTEGER CHECK (in_max_ortho BETWEEN 0 AND 2147483647),
  out_ded_single INTEGER CHECK (out_ded_single BETWEEN 0 AND 2147483647),
  out_ded_family INTEGER CHECK (out_ded_family BETWEEN 0 AND 2147483647),
  out_max INTEGER CHECK (out_max BETWEEN 0 AND 2147483647),
  out_max_ortho INTEGER CHECK (out_max_ortho BETWEEN 0 AND 2147483647),
  prev_ded_apply INTEGER NOT NULL CHECK (prev_ded_apply IN (0, 1)),
  basic_ded_apply INTEGER NOT NULL CHECK (basic_ded_apply IN (0, 1)),
  major_ded_apply INTEGER CHECK (major_ded_apply IN (0, 1)),
  ortho_ded_apply INTEGER CHECK (ortho_ded_apply IN (0, 1)),
  in_prev_coin INTEGER CHECK (in_prev_coin BETWEEN 0 AND 100),
  in_basic_coin INTEGER CHECK (in_basic_coin BETWEEN 0 AND 100),
  in_major_coin INTEGER CHECK (in_major_coin BETWEEN 0 AND 100),
  in_ortho_coin INTEGER CHECK (in_ortho_coin BETWEEN 0 AND 100),
  out_prev_coin INTEGER CHECK (out_prev_coin BETWEEN 0 AND 100),
  out_basic_coin INTEGER CHECK (out_basic_coin BETWEEN 0 AND 100),
  out_major_coin INTEGER CHECK (out_major_coin BETWEEN 0 AND 100),
  out_ortho_coin INTEGER CHECK (out_ortho_coin BETWEEN 0 AND 100)
);

CREATE TABLE plan_vision (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  funding TEXT NOT NULL CHECK (funding = 'FUNDING_FULLY' OR funding = 'FUNDING_LEVEL' OR funding = 'FUNDING_SELF'),
  t1_ee INTEGER NOT NULL CHECK (t1_ee BETWEEN 0 AND 2147483647),
  t2_ee INTEGER NOT NULL CHECK (t2_ee BETWEEN 0 AND 2147483647),
  t3_ee INTEGER NOT NULL CHECK (t3_ee BETWEEN 0 AND 2147483647),
  t4_ee INTEGER NOT NULL CHECK (t4_ee BETWEEN 0 AND 2147483647),
  t1_gross INTEGER NOT NULL CHECK (t1_gross BETWEEN 0 AND 2147483647),
  t2_gross INTEGER NOT NULL CHECK (t2_gross BETWEEN 0 AND 2147483647),
  t3_gross INTEGER NOT NULL CHECK (t3_gross BETWEEN 0 AND 2147483647),
  t4_gross INTEGER NOT NULL CHECK (t4_gross BETWEEN 0 AND 2147483647),
  exam_frequency INTEGER NOT NULL CHECK (exam_frequency BETWEEN 0 AND 2147483647),
  lenses_frequency INTEGER NOT NULL CHECK (lenses_frequency BETWEEN 0 AND 2147483647),
  frames_frequency INTEGER NOT NULL CHECK (frames_frequency BETWEEN 0 AND 2147483647),
  contacts_frequency INTEGER NOT NULL CHECK (contacts_frequency BETWEEN 0 AND 2147483647),
  exam_copay INTEGER CHECK (exam_copay BETWEEN 0 AND 2147483647),
  lenses_copay INTEGER CHECK (lenses_copay BETWEEN 0 AND 2147483647),
  frames_copay INTEGER CHECK (frames_copay BETWEEN 0 AND 2147483647),
  contacts_copay INTEGER CHECK (contacts_copay BETWEEN 0 AND 2147483647),
  exam_allowance INTEGER CHECK (exam_allowance BETWEEN 0 AND 2147483647),
  lenses_allowance INTEGER CHECK (lenses_allowance BETWEEN 0 AND 2147483647),
  frames_allowance INTEGER CHECK (frames_allowance BETWEEN 0 AND 2147483647),
  contacts_allowance INTEGER CHECK (contacts_allowance BETWEEN 0 AND 2147483647),
  exam_out_allowance INTEGER CHECK (exam_out_allowance BETWEEN 0 AND 2147483647),
  lenses_out_allowance INTEGER CHECK (lenses_out_allowance BETWEEN 0 AND 2147483647),
  frames_out_allowance INTEGER CHECK (frames_out_allowance BETWEEN 0 AND 2147483647),
  contacts_out_allowance INTEGER CHECK (contacts_out_allowance BETWEEN 0 AND 2147483647)
);

CREATE TABLE plan_basiclife (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('MULTIPLE_OF_SALARY', 'FLAT_AMOUNT')),
  multiple INTEGER CHECK (multiple BETWEEN 1 AND 2147483647),
  multiple_max INTEGER CHECK (multiple_max BETWEEN 0 AND 2147483647),
  flat_amount INTEGER CHECK (flat_amount BETWEEN 0 AND 2147483647),
  "add" INTEGER NOT NULL CHECK ("add" IN (0, 1))
);

CREATE TABLE plan_voluntarylife (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  max INTEGER NOT NULL CHECK (max BETWEEN 0 AND 2147483647),
  guarantee_issue INTEGER NOT NULL CHECK (guarantee_issue BETWEEN 0 AND 2147483647),
  max_spouse INTEGER CHECK (max_spouse BETWEEN 0 AND 2147483647),
  max_children INTEGER CHECK (max_children BETWEEN 0 AND 2147483647),
  "add" INTEGER NOT NULL CHECK ("add" IN (0, 1))
);

CREATE TABLE plan_std (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  cost_share TEXT NOT NULL CHECK (cost_share = 'EMPLOYER_PAID' OR cost_share = 'EMPLOYEE_COST_SHARE' OR cost_share = 'VOLUNTARY'),
  percentage INTEGER NOT NULL CHECK (percentage BETWEEN 0 AND 100),
  weekly_max INTEGER NOT NULL CHECK (weekly_max BETWEEN 0 AND 2147483647),
  waiting_days_injury INTEGER NOT NULL CHECK (waiting_days_injury BETWEEN 0 AND 2147483647),
  waiting_days_sick INTEGER NOT NULL CHECK (waiting_days_sick BETWEEN 0 AND 2147483647),
  duration_weeks INTEGER NOT NULL CHECK (duration_weeks BETWEEN 0 AND 2147483647)
);

CREATE TABLE plan_ltd (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  cost_share TEXT NOT NULL CHECK (cost_share = 'EMPLOYER_PAID' OR cost_share = 'EMPLOYEE_COST_SHARE' OR cost_share = 'VOLUNTARY'),
  percentage INTEGER NOT NULL CHECK (percentage BETWEEN 0 AND 100),
  monthly_max INTEGER NOT NULL CHECK (monthly_max BETWEEN 0 AND 2147483647),
  waiting_weeks INTEGER NOT NULL CHECK (waiting_weeks BETWEEN 0 AND 2147483647)
);

CREATE TABLE plan_stoploss (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  spec_ded INTEGER NOT NULL CHECK (spec_ded BETWEEN 0 AND 2147483647),
  spec_rate_single INTEGER NOT NULL CHECK (spec_rate_single BETWEEN 0 AND 2147483647),
  spec_rate_family INTEGER NOT NULL CHECK (spec_rate_family BETWEEN 0 AND 2147483647),
  num_lasers INTEGER NOT NULL CHECK (num_lasers BETWEEN 0 AND 2147483647),
  agg_rate INTEGER CHECK (agg_rate BETWEEN 0 AND 2147483647)
);

CREATE TABLE plan_supplemental (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  critical_illness INTEGER NOT NULL CHECK (critical_illness IN (0, 1)),
  hospital_indemnity INTEGER NOT NULL CHECK (hospital_indemnity IN (0, 1)),
  accident INTEGER NOT NULL CHECK (accident IN (0, 1)),
  cancer INTEGER NOT NULL CHECK (cancer IN (0, 1)),
  pet INTEGER NOT NULL CHECK (pet IN (0, 1)),
  legal_assist INTEGER NOT NULL CHECK (legal_assist IN (0, 1)),
  credit_protection INTEGER NOT NULL CHECK (credit_protection IN (0, 1)),
  tuition_reimburse INTEGER NOT NULL CHECK (tuition_reimburse IN (0, 1))
);
`,
};
