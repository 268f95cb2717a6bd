import { recordHistory } from '../history/record-history.js';
import type { Change } from '../service/context.js';
import { sql, type Db } from '../store/database.js';

/**
 * Queues a local change for every environment (unless the API cannot carry it) and keeps it in the
 * record's history; called inside the change's own transaction, with the acting user.
 */
export function recordChange(db: Db, change: Change, at: string, actorId: string): void {
  if (!change.localOnly) {
    sql(db, 'INSERT INTO outbox (entity, record_id, op, path, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(change.entity, change.id, change.op, change.path, change.detail ?? null, at);
  }
  recordHistory(db, change, actorId, at);
}
