import type { Benefit } from '../../shared/plans/benefits.js';
import type { UsState } from '../../shared/resources/us-states.js';
import type { SqliteDb } from './database.js';
import type { DivisionRow } from './divisions-store.js';
import type { EmployerLists, EmployerRow } from './employers-store.js';
import type { Entity } from './entity.js';
import { planFromRow, planSelectText, type PlanRow, type PlanValues } from './plans-store.js';
import { prepared } from './sqlite-store.js';
import { foldCase, isAscii, NON_ASCII } from './text.js';
import type { UserRow } from './users-store.js';

export interface HistoryRow {
  at: string;
  user_email: string;
  op: 'create' | 'update' | 'delete' | 'decision';
  changes: string;
  /** For a change a pull brought: the environment it came from. */
  pulled_from: string | null;
}

export function appendHistory(db: SqliteDb, entity: Entity, recordId: string, row: HistoryRow): void {
  prepared(db, 'INSERT INTO record_history (record_id, entity, at, user_email, op, changes, pulled_from) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    recordId,
    entity,
    row.at,
    row.user_email,
    row.op,
    row.changes,
    row.pulled_from,
  );
}

/** The record's history, oldest first. */
export function historyRows(db: SqliteDb, recordId: string): HistoryRow[] {
  return prepared(db, 'SELECT at, user_email, op, changes, pulled_from FROM record_history WHERE record_id = ? ORDER BY seq').all(recordId) as HistoryRow[];
}

/** The record's fields as last recorded (JSON), or undefined when it has none. */
export function storedState(db: SqliteDb, recordId: string): string | undefined {
  return prepared(db, 'SELECT fields FROM record_states WHERE record_id = ?').pluck().get(recordId) as string | undefined;
}

export function storeState(db: SqliteDb, entity: Entity, recordId: string, fields: string): void {
  prepared(db, 'INSERT INTO record_states (record_id, entity, fields) VALUES (?, ?, ?) ON CONFLICT (record_id) DO UPDATE SET fields = excluded.fields').run(
    recordId,
    entity,
    fields,
  );
}

export function forgetState(db: SqliteDb, recordId: string): void {
  prepared(db, 'DELETE FROM record_states WHERE record_id = ?').run(recordId);
}

/** Plans last recorded under this employer that no longer exist (deleted with it). */
export function vanishedPlansOf(db: SqliteDb, employerId: string): string[] {
  return prepared(
    db,
    `SELECT s.record_id FROM record_states s WHERE s.entity = 'plan' AND json_extract(s.fields, '$.employer') = ?
    AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.id = s.record_id)`,
  )
    .pluck()
    .all(employerId) as string[];
}

/** Records that have no recorded fields yet (made before history was kept). */
export function recordsWithoutState(db: SqliteDb): { entity: Entity; id: string }[] {
  return prepared(
    db,
    `SELECT entity, id FROM (SELECT 'division' AS entity, id FROM divisions UNION ALL SELECT 'user', id FROM users
      UNION ALL SELECT 'employer', id FROM employers UNION ALL SELECT 'plan', id FROM plans) r
    WHERE NOT EXISTS (SELECT 1 FROM record_states s WHERE s.record_id = r.id)`,
  ).all() as { entity: Entity; id: string }[];
}

/** The entity of a record that has history (also once the record is deleted). */
export function historyEntity(db: SqliteDb, recordId: string): Entity | undefined {
  return prepared(db, 'SELECT entity FROM record_history WHERE record_id = ? LIMIT 1').pluck().get(recordId) as Entity | undefined;
}

/*
 * The records as the workspace now holds them, read for their history inside the write that changed
 * them. The history is written synchronously on the workspace's own connection (the journal,
 * main/journal/), so it reads them there rather than through the async stores, with the same
 * statements (and the same modes of them: a statement's text is prepared once per connection).
 */

export function currentEmployer(db: SqliteDb, id: string): (EmployerRow & EmployerLists) | undefined {
  const row = prepared(db, 'SELECT * FROM employers WHERE id = ?').get(id) as EmployerRow | undefined;
  if (!row) return undefined;
  return {
    ...row,
    naics_codes: prepared(db, 'SELECT code FROM employer_naics_codes WHERE employer_id = ? ORDER BY position').pluck().all(id) as string[],
    location_states: prepared(db, 'SELECT state FROM employer_states WHERE employer_id = ? ORDER BY position').pluck().all(id) as UsState[],
    other_filters: prepared(db, 'SELECT filter_id FROM employer_filters WHERE employer_id = ? ORDER BY position').pluck().all(id) as string[],
  };
}

/** The plan's kind and field values, booleans as booleans. */
export function currentPlan(db: SqliteDb, id: string): { benefit: Benefit; values: PlanValues } | undefined {
  const benefit = prepared(db, 'SELECT benefit FROM plans WHERE id = ?').pluck().get(id) as Benefit | undefined;
  if (benefit === undefined) return undefined;
  const row = prepared(db, planSelectText(benefit)).raw(true).get(id) as PlanRow;
  return { benefit, values: planFromRow(benefit, row).values };
}

export function currentUser(db: SqliteDb, id: string): (UserRow & { division_ids: string[] }) | undefined {
  const row = prepared(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  if (!row) return undefined;
  const divisionIds = prepared(db, 'SELECT division_id FROM division_members WHERE user_id = ? ORDER BY added_at, rowid').pluck().all(id) as string[];
  return { ...row, division_ids: divisionIds };
}

/** The e-mail a history entry names its author by. */
export function userEmail(db: SqliteDb, id: string): string | undefined {
  return prepared(db, 'SELECT email FROM users WHERE id = ?').pluck().get(id) as string | undefined;
}

/** The user with this e-mail, without regard to case, beyond ASCII too (as users-store's findUserByEmail). */
export function currentUserIdByEmail(db: SqliteDb, email: string): string | undefined {
  const row = prepared(db, 'SELECT * FROM users WHERE email = ? COLLATE NOCASE').get(email) as UserRow | undefined;
  if (row !== undefined || isAscii(email)) return row?.id;
  const folded = foldCase(email);
  return (prepared(db, `SELECT * FROM users WHERE ${NON_ASCII('email')}`).all() as UserRow[]).find((user) => foldCase(user.email) === folded)?.id;
}

export function currentDivision(db: SqliteDb, id: string): (DivisionRow & { users: string[] }) | undefined {
  const row = prepared(db, 'SELECT * FROM divisions WHERE id = ?').get(id) as DivisionRow | undefined;
  if (!row) return undefined;
  const users = prepared(
    db,
    `SELECT users.email FROM division_members JOIN users ON users.id = division_members.user_id
    WHERE division_members.division_id = ? ORDER BY division_members.added_at, division_members.rowid`,
  )
    .pluck()
    .all(id) as string[];
  return { ...row, users };
}
