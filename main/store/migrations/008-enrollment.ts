// Frozen: a migration never changes once released; later schema changes are new migrations.
// Enrollment per tier for the renewal exhibit: the laptop's own figures, never queued for sync.
export const enrollment = {
  version: 8,
  name: 'enrollment',
  sql: `
CREATE TABLE exhibit_enrollment (
  employer_id TEXT NOT NULL REFERENCES employers(id) ON DELETE CASCADE,
  plan_year INTEGER NOT NULL,
  t1 INTEGER NOT NULL CHECK (t1 >= 0),
  t2 INTEGER NOT NULL CHECK (t2 >= 0),
  t3 INTEGER NOT NULL CHECK (t3 >= 0),
  t4 INTEGER NOT NULL CHECK (t4 >= 0),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (employer_id, plan_year)
) STRICT;
`,
};
