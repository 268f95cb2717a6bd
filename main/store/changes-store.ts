import type { Benefit } from '../../shared/plans/benefits.js';
import type { ChangeEntity } from '../../shared/sync-wire.js';
import { sql, type Db } from './database.js';

/**
 * What a caller sees of an account: every division of it (`divisions` null: an admin) or the
 * listed ones, with their employers and plans; and all of the account's users (`allUsers`: an
 * admin) or only their own.
 */
export interface SeenScope {
  accountId: string;
  userId: string;
  divisions: readonly string[] | null;
  allUsers: boolean;
}

/** A record named by the journal (migration 012) or a listing: its entity, id and, for a plan, its kind. */
export interface RecordRef {
  entity: ChangeEntity;
  id: string;
  kind: Benefit | null;
}

export interface JournalRow extends RecordRef {
  seq: number;
}

/** The last seq the journal has given; 0 before any change. */
export function lastChangeSeq(db: Db): number {
  return sql(db, 'SELECT coalesce(max(seq), 0) FROM changes').pluck().get() as number;
}

/** The journal's rows after `seq` that the scope sees, oldest first, at most `limit`. */
export function changesAfter(db: Db, scope: SeenScope, seq: number, limit: number): JournalRow[] {
  const columns = 'SELECT seq, entity, record_id AS id, kind FROM changes WHERE seq > ? AND account_id = ?';
  if (scope.divisions === null) return sql(db, `${columns} ORDER BY seq LIMIT ?`).all(seq, scope.accountId, limit) as JournalRow[];
  return sql(db, `${columns} AND (division_id IN (SELECT value FROM json_each(?)) OR (entity = 'user' AND (? OR record_id = ?))) ORDER BY seq LIMIT ?`).all(
    seq,
    scope.accountId,
    JSON.stringify(scope.divisions),
    scope.allUsers ? 1 : 0,
    scope.userId,
    limit,
  ) as JournalRow[];
}

/** Ids of the records of one entity the scope sees now, after `afterId` in id order, at most `limit`. */
export function seenRecords(db: Db, scope: SeenScope, entity: ChangeEntity, afterId: string, limit: number): RecordRef[] {
  const all = scope.divisions === null;
  const divisions = JSON.stringify(scope.divisions);
  const rows = (text: string, ...params: unknown[]) => sql(db, text).all(...params) as { id: string; kind: Benefit | null }[];
  let found;
  switch (entity) {
    case 'division':
      found = all
        ? rows('SELECT id, NULL AS kind FROM divisions WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?', scope.accountId, afterId, limit)
        : rows(
            'SELECT id, NULL AS kind FROM divisions WHERE account_id = ? AND id > ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT ?',
            scope.accountId,
            afterId,
            divisions,
            limit,
          );
      break;
    case 'user':
      found = scope.allUsers
        ? rows('SELECT id, NULL AS kind FROM users WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?', scope.accountId, afterId, limit)
        : rows('SELECT id, NULL AS kind FROM users WHERE account_id = ? AND id > ? AND id = ? LIMIT ?', scope.accountId, afterId, scope.userId, limit);
      break;
    case 'employer':
      found = all
        ? rows('SELECT id, NULL AS kind FROM employers WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?', scope.accountId, afterId, limit)
        : rows(
            'SELECT id, NULL AS kind FROM employers WHERE account_id = ? AND id > ? AND division_id IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT ?',
            scope.accountId,
            afterId,
            divisions,
            limit,
          );
      break;
    case 'plan': {
      const plans =
        'SELECT plans.id, plans.benefit AS kind FROM plans JOIN employers ON employers.id = plans.employer_id WHERE employers.account_id = ? AND plans.id > ?';
      found = all
        ? rows(`${plans} ORDER BY plans.id LIMIT ?`, scope.accountId, afterId, limit)
        : rows(`${plans} AND employers.division_id IN (SELECT value FROM json_each(?)) ORDER BY plans.id LIMIT ?`, scope.accountId, afterId, divisions, limit);
      break;
    }
  }
  return found.map((row) => ({ entity, id: row.id, kind: row.kind }));
}
