import type { Change } from '../service/context.js';
import { sql, type Db } from '../store/database.js';

/** Queues a local change for every environment; called inside the change's own transaction. */
export function recordChange(db: Db, change: Change, at: string): void {
  sql(db, 'INSERT INTO outbox (entity, record_id, op, path, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(change.entity, change.id, change.op, change.path, change.detail ?? null, at);
}
