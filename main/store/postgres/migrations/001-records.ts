// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * The tables `serve` and the admin commands use, as SQLite's migrations 1 to 13 leave them (the
 * workspace's own tables, for sync, drafts and history, are not here: a server keeps none). Text
 * compared without regard to case uses the collation `nocase`, so `COLLATE NOCASE` reads the same
 * in both dialects; ICU's level-2 strength ignores case beyond ASCII ("Müller" = "MÜLLER"), which
 * SQLite's NOCASE leaves to the store's own fold (text.ts). Booleans stay 0/1 integers, times ISO
 * text, as on SQLite, so rows read the same from both.
 */
export const records = {
  version: 1,
  name: 'records',
  sql: `
CREATE COLLATION nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE divisions (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  email TEXT NOT NULL,
  username TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  is_admin INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE division_members (
  division_id TEXT NOT NULL REFERENCES divisions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  added_at TEXT NOT NULL,
  -- SQLite's implicit rowid, made explicit: the order members were added in, one text for both.
  rowid bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (division_id, user_id)
);
CREATE TABLE filters (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL
);
CREATE TABLE employers (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  division_id TEXT NOT NULL REFERENCES divisions(id),
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  size TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
);
CREATE TABLE employer_naics_codes (
  employer_id TEXT NOT NULL REFERENCES employers(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  code TEXT NOT NULL CHECK (length(code) = 6),
  PRIMARY KEY (employer_id, position)
);
CREATE TABLE employer_states (
  employer_id TEXT NOT NULL REFERENCES employers(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (length(state) = 2),
  PRIMARY KEY (employer_id, position)
);
CREATE TABLE employer_filters (
  employer_id TEXT NOT NULL REFERENCES employers(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  filter_id TEXT NOT NULL REFERENCES filters(id),
  PRIMARY KEY (employer_id, position)
);
CREATE TABLE plans (
  id TEXT PRIMARY KEY,
  employer_id TEXT NOT NULL REFERENCES employers(id) ON DELETE CASCADE,
  benefit TEXT NOT NULL CHECK (benefit IN ('medical', 'dental', 'vision', 'basiclife', 'voluntarylife', 'std', 'ltd', 'stoploss', 'supplemental')),
  title TEXT NOT NULL,
  carrier TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  from_plan TEXT REFERENCES plans(id),
  from_action TEXT CHECK (from_action IN ('RENEWED', 'CONVERTED')),
  pt INTEGER CHECK (pt IN (0, 1)),
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  CHECK (end_date > start_date),
  CHECK ((from_plan IS NULL) = (from_action IS NULL))
);
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE TABLE tokens (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  expires_at TEXT,
  -- SQLite's implicit rowid, made explicit: tokens made in the same millisecond keep their order.
  rowid bigint GENERATED ALWAYS AS IDENTITY
);
CREATE UNIQUE INDEX divisions_account_name ON divisions(account_id, name COLLATE NOCASE);
CREATE UNIQUE INDEX users_email ON users(email COLLATE NOCASE);
CREATE INDEX users_account ON users(account_id);
CREATE INDEX division_members_user ON division_members(user_id);
CREATE UNIQUE INDEX filters_account_name ON filters(account_id, name);
CREATE UNIQUE INDEX employers_account_name ON employers(account_id, name COLLATE NOCASE);
CREATE UNIQUE INDEX employers_account_url ON employers(account_id, url COLLATE NOCASE);
CREATE INDEX employers_division ON employers(division_id);
CREATE INDEX employer_naics_codes_code ON employer_naics_codes(code);
CREATE INDEX employer_states_state ON employer_states(state);
CREATE INDEX employer_filters_filter ON employer_filters(filter_id);
CREATE UNIQUE INDEX plans_employer_benefit_title ON plans(employer_id, benefit, title COLLATE NOCASE);
CREATE INDEX plans_employer_end_date ON plans(employer_id, end_date);
CREATE INDEX plans_from_plan ON plans(from_plan);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
CREATE INDEX tokens_user ON tokens(user_id);
`,
};
