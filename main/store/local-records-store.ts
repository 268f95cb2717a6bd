import type { EnvironmentState } from '../../shared/inspector.js';
import { sql, type Db } from './database.js';
import type { Entity } from './entity.js';

export interface LocalRecordRef {
  entity: Entity;
  id: string;
  /** Name, title or e-mail: what a person recognises the record by. */
  label: string;
  path: string;
}

const LABELLED = `
  SELECT 'division' AS entity, id, name AS label, '/divisions/' || id || '/' AS path FROM divisions
  UNION ALL SELECT 'user', id, email, '/users/' || id || '/' FROM users
  UNION ALL SELECT 'employer', id, name, '/employers/' || id || '/' FROM employers
  UNION ALL SELECT 'plan', id, title, '/plans/' || benefit || '/' || id || '/' FROM plans`;

export function findLocalRecord(db: Db, id: string): LocalRecordRef | undefined {
  return sql(db, `SELECT * FROM (${LABELLED}) WHERE id = ?`).get(id.toLowerCase()) as LocalRecordRef | undefined;
}

const LABEL_OF: Record<Entity, string> = {
  division: 'SELECT name FROM divisions WHERE id = ?',
  user: 'SELECT email FROM users WHERE id = ?',
  employer: 'SELECT name FROM employers WHERE id = ?',
  plan: 'SELECT title FROM plans WHERE id = ?',
};

/** `findLocalRecord`'s label for a record whose entity is known: one table's look-up instead of four (a push names every record it sends). */
export function labelOf(db: Db, entity: Entity, id: string): string | undefined {
  return sql(db, LABEL_OF[entity]).pluck().get(id.toLowerCase()) as string | undefined;
}

/** Records whose name, title or e-mail contains the text (case-insensitive), at most `limit`. */
export function searchLocalRecords(db: Db, text: string, limit = 200): LocalRecordRef[] {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql(db, `SELECT * FROM (${LABELLED}) WHERE label LIKE ? ESCAPE '\\' ORDER BY entity, label LIMIT ?`).all(pattern, limit) as LocalRecordRef[];
}

export function allLocalRecords(db: Db, limit = 1000): LocalRecordRef[] {
  return sql(db, `SELECT * FROM (${LABELLED}) ORDER BY entity, label LIMIT ?`).all(limit) as LocalRecordRef[];
}

/**
 * The record's sync state in every environment, including those it has not reached yet: the state
 * of its latest change, so a record synced once and edited since is pending again. A record never
 * queued that a pull matched there (the workspace's own division and user) is synced; one a person
 * decided to skip there is skipped, whatever came before.
 */
export function syncStatesOf(db: Db, recordId: string): Omit<EnvironmentState, 'link'>[] {
  return sql(
    db,
    `SELECT e.name AS env, m.remote_id,
      CASE
        WHEN EXISTS (SELECT 1 FROM sync_decisions d WHERE d.env = e.name AND d.record_id = @id AND d.decision = 'skip') THEN 'skipped'
        WHEN o.seq IS NULL THEN coalesce(s.status, CASE WHEN m.remote_id IS NULL THEN 'local only' ELSE 'synced' END)
        WHEN s.status IS NULL THEN 'pending'
        WHEN s.status = 'synced' AND o.seq > s.synced_seq THEN 'pending'
        WHEN s.status IN ('failed', 'conflict') AND o.seq > s.failed_seq THEN 'pending'
        WHEN s.status = 'in_flight' AND o.seq > f.seq THEN 'pending'
        ELSE s.status
      END AS status,
      coalesce(s.attempts, 0) AS attempts, s.last_attempt_at, s.last_error, m.pulled_at
    FROM environments e
    LEFT JOIN id_map m ON m.env = e.name AND m.local_id = @id
    LEFT JOIN record_sync s ON s.env = e.name AND s.record_id = @id
    LEFT JOIN sync_flights f ON f.env = e.name AND f.record_id = @id
    LEFT JOIN (SELECT max(seq) AS seq FROM outbox WHERE record_id = @id) o ON 1
    ORDER BY e.name`,
  ).all({ id: recordId }) as Omit<EnvironmentState, 'link'>[];
}

/** How many records of each entity the workspace holds. */
export function recordCounts(db: Db): Record<'employer' | 'plan' | 'user' | 'division', number> {
  const count = (table: string) => sql(db, `SELECT count(*) FROM ${table}`).pluck().get() as number;
  return { employer: count('employers'), plan: count('plans'), user: count('users'), division: count('divisions') };
}

/** When each environment last took a push: the latest attempt recorded there. */
export function lastPushes(db: Db): Map<string, string> {
  const rows = sql(db, 'SELECT env, max(last_attempt_at) AS at FROM record_sync WHERE last_attempt_at IS NOT NULL GROUP BY env').all() as {
    env: string;
    at: string;
  }[];
  return new Map(rows.map((row) => [row.env, row.at]));
}
