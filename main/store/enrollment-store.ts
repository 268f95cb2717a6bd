import type { Enrollment } from '../../shared/exhibit/enrollment.js';
import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';

/** Enrollment per tier is the laptop's own: it is never queued in the outbox. */
export function saveEnrollment(db: SqliteDb, employerId: string, planYear: number, enrollment: Enrollment, at: string): void {
  const [t1, t2, t3, t4] = enrollment;
  prepared(
    db,
    `INSERT INTO exhibit_enrollment (employer_id, plan_year, t1, t2, t3, t4, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (employer_id, plan_year) DO UPDATE SET t1 = excluded.t1, t2 = excluded.t2, t3 = excluded.t3, t4 = excluded.t4, updated_at = excluded.updated_at`,
  ).run(employerId, planYear, t1, t2, t3, t4, at);
}

export function readEnrollment(db: SqliteDb, employerId: string, planYear: number): Enrollment | null {
  const row = prepared(db, 'SELECT t1, t2, t3, t4 FROM exhibit_enrollment WHERE employer_id = ? AND plan_year = ?').get(employerId, planYear) as
    { t1: number; t2: number; t3: number; t4: number } | undefined;
  return row ? [row.t1, row.t2, row.t3, row.t4] : null;
}
