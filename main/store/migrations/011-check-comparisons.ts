/**
 * The same CHECK constraints, written as comparisons joined by OR instead of `IN (...)` lists.
 * SQLite evaluates a CHECK with an IN list of more than two constants by building a temporary
 * b-tree of the list each time a statement runs: a medical plan's 17 such lists cost about 25 us
 * of every INSERT and UPDATE (of about 50 us in all), more than the row itself. Compared one by
 * one, the same lists cost under 1 us. A CHECK cannot be changed in place, so each table is
 * rebuilt (none is the parent of a foreign key, so dropping the old one deletes nothing else).
 * `plans` keeps its one list (benefit): it is the parent of every plan kind's row, and dropping it
 * would cascade. Tables that count with AUTOINCREMENT carry their sequence over.
 */
export const checkComparisons = {
  version: 11,
  name: 'check-comparisons',
  sql: `
CREATE TABLE plan_medical_v11 (
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
) STRICT;
INSERT INTO plan_medical_v11 SELECT * FROM plan_medical;
DROP TABLE plan_medical;
ALTER TABLE plan_medical_v11 RENAME TO plan_medical;

CREATE TABLE plan_dental_v11 (
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
) STRICT;
INSERT INTO plan_dental_v11 SELECT * FROM plan_dental;
DROP TABLE plan_dental;
ALTER TABLE plan_dental_v11 RENAME TO plan_dental;

CREATE TABLE plan_vision_v11 (
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
) STRICT;
INSERT INTO plan_vision_v11 SELECT * FROM plan_vision;
DROP TABLE plan_vision;
ALTER TABLE plan_vision_v11 RENAME TO plan_vision;

CREATE TABLE plan_std_v11 (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  cost_share TEXT NOT NULL CHECK (cost_share = 'EMPLOYER_PAID' OR cost_share = 'EMPLOYEE_COST_SHARE' OR cost_share = 'VOLUNTARY'),
  percentage INTEGER NOT NULL CHECK (percentage BETWEEN 0 AND 100),
  weekly_max INTEGER NOT NULL CHECK (weekly_max BETWEEN 0 AND 2147483647),
  waiting_days_injury INTEGER NOT NULL CHECK (waiting_days_injury BETWEEN 0 AND 2147483647),
  waiting_days_sick INTEGER NOT NULL CHECK (waiting_days_sick BETWEEN 0 AND 2147483647),
  duration_weeks INTEGER NOT NULL CHECK (duration_weeks BETWEEN 0 AND 2147483647)
) STRICT;
INSERT INTO plan_std_v11 SELECT * FROM plan_std;
DROP TABLE plan_std;
ALTER TABLE plan_std_v11 RENAME TO plan_std;

CREATE TABLE plan_ltd_v11 (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
  cost_share TEXT NOT NULL CHECK (cost_share = 'EMPLOYER_PAID' OR cost_share = 'EMPLOYEE_COST_SHARE' OR cost_share = 'VOLUNTARY'),
  percentage INTEGER NOT NULL CHECK (percentage BETWEEN 0 AND 100),
  monthly_max INTEGER NOT NULL CHECK (monthly_max BETWEEN 0 AND 2147483647),
  waiting_weeks INTEGER NOT NULL CHECK (waiting_weeks BETWEEN 0 AND 2147483647)
) STRICT;
INSERT INTO plan_ltd_v11 SELECT * FROM plan_ltd;
DROP TABLE plan_ltd;
ALTER TABLE plan_ltd_v11 RENAME TO plan_ltd;

CREATE TABLE record_sync_v11 (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  record_id TEXT NOT NULL,
  entity TEXT NOT NULL,
  synced_seq INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status = 'pending' OR status = 'in_flight' OR status = 'synced' OR status = 'failed' OR status = 'conflict'),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_attempt_at TEXT,
  last_error TEXT,
  failed_seq INTEGER,
  conflict_remote_id TEXT, rejected_field TEXT,
  PRIMARY KEY (env, record_id)
) STRICT;
INSERT INTO record_sync_v11 SELECT * FROM record_sync;
DROP TABLE record_sync;
ALTER TABLE record_sync_v11 RENAME TO record_sync;
CREATE INDEX record_sync_status ON record_sync(env, status);

CREATE TABLE outbox_v11 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  entity TEXT NOT NULL CHECK (entity = 'division' OR entity = 'user' OR entity = 'employer' OR entity = 'plan'),
  record_id TEXT NOT NULL,
  op TEXT NOT NULL CHECK (op = 'create' OR op = 'update' OR op = 'delete' OR op = 'addUser' OR op = 'removeUser'),
  path TEXT NOT NULL,
  detail TEXT,
  created_at TEXT NOT NULL
) STRICT;
INSERT INTO outbox_v11 SELECT * FROM outbox;
DELETE FROM sqlite_sequence WHERE name = 'outbox_v11';
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_v11', seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_v11 RENAME TO outbox;
CREATE INDEX outbox_record ON outbox(record_id, seq);

CREATE TABLE record_history_v11 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  record_id TEXT NOT NULL,
  entity TEXT NOT NULL CHECK (entity = 'division' OR entity = 'user' OR entity = 'employer' OR entity = 'plan'),
  at TEXT NOT NULL,
  user_email TEXT NOT NULL,
  op TEXT NOT NULL CHECK (op = 'create' OR op = 'update' OR op = 'delete' OR op = 'decision'),
  -- A change: {FIELD: [BEFORE, AFTER]}; a sync decision: {env, kind, remote_id}.
  changes TEXT NOT NULL
) STRICT;
INSERT INTO record_history_v11 SELECT * FROM record_history;
DELETE FROM sqlite_sequence WHERE name = 'record_history_v11';
INSERT INTO sqlite_sequence (name, seq) SELECT 'record_history_v11', seq FROM sqlite_sequence WHERE name = 'record_history';
DROP TABLE record_history;
ALTER TABLE record_history_v11 RENAME TO record_history;
CREATE INDEX record_history_record ON record_history(record_id, seq);

CREATE TABLE record_states_v11 (
  record_id TEXT PRIMARY KEY,
  entity TEXT NOT NULL CHECK (entity = 'division' OR entity = 'user' OR entity = 'employer' OR entity = 'plan'),
  fields TEXT NOT NULL
) STRICT;
INSERT INTO record_states_v11 SELECT * FROM record_states;
DROP TABLE record_states;
ALTER TABLE record_states_v11 RENAME TO record_states;

CREATE TABLE sync_decisions_v11 (
  env TEXT NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
  record_id TEXT NOT NULL,
  entity TEXT NOT NULL CHECK (entity = 'division' OR entity = 'user' OR entity = 'employer' OR entity = 'plan'),
  decision TEXT NOT NULL CHECK (decision = 'keep-local' OR decision = 'take-remote' OR decision = 'link' OR decision = 'skip'),
  remote_id TEXT,
  conflict TEXT NOT NULL,
  decided_by TEXT NOT NULL,
  decided_at TEXT NOT NULL,
  PRIMARY KEY (env, record_id)
) STRICT;
INSERT INTO sync_decisions_v11 SELECT * FROM sync_decisions;
DROP TABLE sync_decisions;
ALTER TABLE sync_decisions_v11 RENAME TO sync_decisions;
`,
};
