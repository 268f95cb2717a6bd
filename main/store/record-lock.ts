import { isPostgres, sql, type Db } from './database.js';
import type { Entity } from './entity.js';

const LOCKS: Record<Entity, string> = {
  employer: 'SELECT 1 FROM employers WHERE id = ? FOR UPDATE',
  plan: 'SELECT 1 FROM plans WHERE id = ? FOR UPDATE',
  user: 'SELECT 1 FROM users WHERE id = ? FOR UPDATE',
  division: 'SELECT 1 FROM divisions WHERE id = ? FOR UPDATE',
};

/**
 * Holds the record's row until the caller's write transaction ends, so that what it reads of the
 * record is still so when it writes. On PostgreSQL another process could otherwise commit a change
 * between the two (writes run in READ COMMITTED): a write of the record's own fields updates its
 * row and waits here, and so does adding a member to a division (its row references both the user's
 * and the division's); removing a member locks neither. On SQLite a write transaction already
 * excludes every other writer.
 */
export async function lockRecordRow(db: Db, entity: Entity, id: string): Promise<void> {
  if (isPostgres(db)) await sql(db, LOCKS[entity]).get(id);
}
