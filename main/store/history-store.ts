import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';
import type { Entity } from './entity.js';

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
