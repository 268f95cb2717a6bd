import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';
import type { Entity } from './entity.js';

/** One local change as it waits to be pushed: the record, what happened to it and its API path. */
export interface OutboxEntry {
  entity: Entity;
  id: string;
  op: string;
  path: string;
  /** For a division's addUser/removeUser: the member's e-mail. */
  detail?: string | undefined;
}

/** Queues a change for every environment; `pulledFrom`: the environment it came from (already there), none for a change made here. */
export function appendOutbox(db: SqliteDb, entry: OutboxEntry, at: string, pulledFrom: string | undefined): void {
  prepared(db, 'INSERT INTO outbox (entity, record_id, op, path, detail, created_at, pulled_from) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    entry.entity,
    entry.id,
    entry.op,
    entry.path,
    entry.detail ?? null,
    at,
    pulledFrom ?? null,
  );
}

export function latestSeq(db: SqliteDb, recordId: string): number {
  return prepared(db, 'SELECT max(seq) FROM outbox WHERE record_id = ?').pluck().get(recordId) as number;
}

/** The API path of the record's latest queued change (also once the record is deleted). */
export function lastQueuedPath(db: SqliteDb, recordId: string): string | undefined {
  return prepared(db, 'SELECT path FROM outbox WHERE record_id = ? ORDER BY seq DESC LIMIT 1').pluck().get(recordId) as string | undefined;
}

/** E-mails removed from a division by its changes after `seq`. */
export function membersRemovedSince(db: SqliteDb, divisionId: string, seq: number): string[] {
  return prepared(db, "SELECT detail FROM outbox WHERE record_id = ? AND op = 'removeUser' AND seq > ?").pluck().all(divisionId, seq) as string[];
}
