import type { EnvironmentState } from '../../shared/inspector.js';
import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';
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

export function findLocalRecord(db: SqliteDb, id: string): LocalRecordRef | undefined {
  return prepared(db, `SELECT * FROM (${LABELLED}) WHERE id = ?`).get(id.toLowerCase()) as LocalRecordRef | undefined;
}

const LABEL_OF: Record<Entity, string> = {
  division: 'SELECT name FROM divisions WHERE id = ?',
  user: 'SELECT email FROM users WHERE id = ?',
  employer: 'SELECT name FROM employers WHERE id = ?',
  plan: 'SELECT title FROM plans WHERE id = ?',
};

/** `findLocalRecord`'s label for a record whose entity is known: one table's look-up instead of four (a push names every record it sends). */
export function labelOf(db: SqliteDb, entity: Entity, id: string): string | undefined {
  return prepared(db, LABEL_OF[entity]).pluck().get(id.toLowerCase()) as string | undefined;
}

/** A live record's label and, for a plan, its employer's name: what the sync center names it by ("Dental DPPO 2026" alone is ten thousand plans). */
export function queueLabel(db: SqliteDb, entity: Entity, id: string): { label: string; employer: string | null } | undefined {
  if (entity !== 'plan') {
    const label = labelOf(db, entity, id);
    return label === undefined ? undefined : { label, employer: null };
  }
  return prepared(db, 'SELECT p.title AS label, e.name AS employer FROM plans p JOIN employers e ON e.id = p.employer_id WHERE p.id = ?').get(
    id.toLowerCase(),
  ) as { label: string; employer: string } | undefined;
}

/** What a search asks for: records whose label holds `text`, or plans whose employer's name holds `employer` and title holds `title`. */
export interface RecordQuery {
  text: string;
  /** "employer / title": both parts, to find a plan by its employer and its title. */
  plan?: { employer: string; title: string };
}

/** Records with, for a plan, its employer's name, kind and start: what a search shows of each. */
export type SearchedRecord = LocalRecordRef & { employer: string | null; benefit: string | null; start_date: string | null };

const SEARCHED = `
  SELECT 'division' AS entity, id, name AS label, '/divisions/' || id || '/' AS path, NULL AS employer, NULL AS benefit, NULL AS start_date FROM divisions
  UNION ALL SELECT 'user', id, email, '/users/' || id || '/', NULL, NULL, NULL FROM users
  UNION ALL SELECT 'employer', id, name, '/employers/' || id || '/', NULL, NULL, NULL FROM employers
  UNION ALL SELECT 'plan', p.id, p.title, '/plans/' || p.benefit || '/' || p.id || '/', e.name, p.benefit, p.start_date
    FROM plans p JOIN employers e ON e.id = p.employer_id`;

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const MATCHING = `FROM (${SEARCHED}) WHERE label LIKE @text ESCAPE '\\'
  OR (@employer IS NOT NULL AND entity = 'plan' AND employer LIKE @employer ESCAPE '\\' AND label LIKE @title ESCAPE '\\')`;

/**
 * Records matching the query (case-insensitive), at most `limit`, by kind, then name (plans of the
 * same title by employer and start), and how many match in all.
 */
export function searchLocalRecords(db: SqliteDb, query: RecordQuery, limit: number): { records: SearchedRecord[]; total: number } {
  const params = {
    text: likeOf(query.text),
    employer: query.plan ? likeOf(query.plan.employer) : null,
    title: query.plan ? likeOf(query.plan.title) : null,
  };
  const records = prepared(db, `SELECT * ${MATCHING} ORDER BY entity, label, employer, start_date LIMIT @limit`).all({ ...params, limit }) as SearchedRecord[];
  const total = records.length < limit ? records.length : (prepared(db, `SELECT count(*) ${MATCHING}`).pluck().get(params) as number);
  return { records, total };
}

/** A plan's employer (by name), kind and start, for naming it among plans of the same title; undefined for a plan not here. */
export function planContext(db: SqliteDb, id: string): { employer: string; benefit: string; start_date: string } | undefined {
  return prepared(db, 'SELECT e.name AS employer, p.benefit, p.start_date FROM plans p JOIN employers e ON e.id = p.employer_id WHERE p.id = ?').get(id) as
    { employer: string; benefit: string; start_date: string } | undefined;
}

export function allLocalRecords(db: SqliteDb, limit = 1000): LocalRecordRef[] {
  return prepared(db, `SELECT * FROM (${LABELLED}) ORDER BY entity, label LIMIT ?`).all(limit) as LocalRecordRef[];
}

/**
 * The record's sync state in every environment, including those it has not reached yet: the state
 * of its latest change, so a record synced once and edited since is pending again. A record never
 * queued that a pull matched there (the workspace's own division and user) is synced; one a person
 * decided to skip there is skipped, whatever came before.
 */
export function syncStatesOf(db: SqliteDb, recordId: string): Omit<EnvironmentState, 'link'>[] {
  return prepared(
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
export function recordCounts(db: SqliteDb): Record<'employer' | 'plan' | 'user' | 'division', number> {
  const count = (table: string) => prepared(db, `SELECT count(*) FROM ${table}`).pluck().get() as number;
  return { employer: count('employers'), plan: count('plans'), user: count('users'), division: count('divisions') };
}

/** When each environment last took a push: the latest attempt recorded there. */
export function lastPushes(db: SqliteDb): Map<string, string> {
  const rows = prepared(db, 'SELECT env, max(last_attempt_at) AS at FROM record_sync WHERE last_attempt_at IS NOT NULL GROUP BY env').all() as {
    env: string;
    at: string;
  }[];
  return new Map(rows.map((row) => [row.env, row.at]));
}
