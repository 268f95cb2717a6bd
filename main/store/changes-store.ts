import type { Benefit } from '../../shared/plans/benefits.js';
import type { ChangeEntity } from '../../shared/sync-wire.js';
import { isPostgres, sql, type Db } from './database.js';

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

/**
 * A place in the journal. On SQLite, seq alone (xid 0): one writer at a time, so seq order is
 * commit order. On PostgreSQL, (xid, seq): the id of the transaction that wrote the row, then its
 * seq (PostgreSQL migration 3 says why).
 */
export interface JournalPosition {
  xid: number;
  seq: number;
}

export interface JournalRow extends RecordRef {
  position: JournalPosition;
}

/**
 * How far the journal can be read with nothing still to appear before it: on SQLite, the last seq
 * given (0 before any change); on PostgreSQL, the watermark (xmin, 0): every transaction below the
 * oldest one still running has ended, and whatever one at or above it writes comes after.
 */
export async function journalEnd(db: Db): Promise<JournalPosition> {
  if (isPostgres(db)) return { xid: (await sql(db, 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint').pluck().get()) as number, seq: 0 };
  return { xid: 0, seq: (await sql(db, 'SELECT coalesce(max(seq), 0) FROM changes').pluck().get()) as number };
}

/**
 * On PostgreSQL the journal is appended to (a row per change: PostgreSQL migration 5), and a row is
 * delivered only when no later row (by (xid, seq)) names the same record in the same division.
 * Skipping it is safe: the later row is a later write of the record, and its position is past any
 * cursor that skipped the earlier one (both are after the cursor, and cursors never pass the xmin
 * watermark, below which every row is already visible), so it will itself be delivered; and the
 * feed answers a record as it is when delivered, not as the row's write left it.
 */
const LATER_ROW = `SELECT 1 FROM changes later WHERE later.entity = changes.entity AND later.record_id = changes.record_id
  AND later.division_id = changes.division_id AND (later.xid, later.seq) > (changes.xid, changes.seq)`;

/** The journal's rows after `after` and before its end (journalEnd) that the scope sees, in journal order, at most `limit`. */
export async function changesAfter(db: Db, scope: SeenScope, after: JournalPosition, limit: number): Promise<JournalRow[]> {
  const [columns, from, order] = isPostgres(db)
    ? [
        `SELECT xid, seq, entity, record_id AS id, kind FROM changes
        WHERE (xid, seq) > (?, ?) AND xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint AND account_id = ?
        AND NOT EXISTS (${LATER_ROW})`,
        [after.xid, after.seq, scope.accountId],
        'ORDER BY xid, seq',
      ]
    : ['SELECT 0 AS xid, seq, entity, record_id AS id, kind FROM changes WHERE seq > ? AND account_id = ?', [after.seq, scope.accountId], 'ORDER BY seq'];
  const rows = (
    scope.divisions === null
      ? await sql(db, `${columns} ${order} LIMIT ?`).all(...from, limit)
      : await sql(db, `${columns} AND (division_id IN (SELECT value FROM json_each(?)) OR (entity = 'user' AND (? OR record_id = ?))) ${order} LIMIT ?`).all(
          ...from,
          JSON.stringify(scope.divisions),
          scope.allUsers ? 1 : 0,
          scope.userId,
          limit,
        )
  ) as (RecordRef & JournalPosition)[];
  return rows.map(({ xid, seq, entity, id, kind }) => ({ entity, id, kind, position: { xid, seq } }));
}

/** Ids of the records of one entity the scope sees now, after `afterId` in id order, at most `limit`. */
export async function seenRecords(db: Db, scope: SeenScope, entity: ChangeEntity, afterId: string, limit: number): Promise<RecordRef[]> {
  const all = scope.divisions === null;
  const divisions = JSON.stringify(scope.divisions);
  const rows = async (text: string, ...params: unknown[]) => (await sql(db, text).all(...params)) as { id: string; kind: Benefit | null }[];
  let found;
  switch (entity) {
    case 'division':
      found = all
        ? await rows('SELECT id, NULL AS kind FROM divisions WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?', scope.accountId, afterId, limit)
        : await rows(
            'SELECT id, NULL AS kind FROM divisions WHERE account_id = ? AND id > ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT ?',
            scope.accountId,
            afterId,
            divisions,
            limit,
          );
      break;
    case 'user':
      found = scope.allUsers
        ? await rows('SELECT id, NULL AS kind FROM users WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?', scope.accountId, afterId, limit)
        : await rows('SELECT id, NULL AS kind FROM users WHERE account_id = ? AND id > ? AND id = ? LIMIT ?', scope.accountId, afterId, scope.userId, limit);
      break;
    case 'employer':
      found = all
        ? await rows('SELECT id, NULL AS kind FROM employers WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?', scope.accountId, afterId, limit)
        : await rows(
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
        ? await rows(`${plans} ORDER BY plans.id LIMIT ?`, scope.accountId, afterId, limit)
        : await rows(
            `${plans} AND employers.division_id IN (SELECT value FROM json_each(?)) ORDER BY plans.id LIMIT ?`,
            scope.accountId,
            afterId,
            divisions,
            limit,
          );
      break;
    }
  }
  return found.map((row) => ({ entity, id: row.id, kind: row.kind }));
}
