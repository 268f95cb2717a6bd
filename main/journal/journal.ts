import { recordHistory, type RecordChange } from '../history/record-history.js';
import { timestamp, type ServiceContext } from '../service/context.js';
import { sqliteOf } from '../store/database.js';
import { appendOutbox } from '../store/outbox-store.js';

/** One write of the service, as the journal keeps it. */
export interface JournalEntry extends RecordChange {
  /** The record's API path, e.g. /plans/medical/<id>/: where the sync sends it. */
  path: string;
  /** For a division's addUser/removeUser: the member's e-mail. */
  detail?: string;
  /** A change the API cannot carry (a user's admin role): kept in the record's history, never queued for sync. */
  localOnly?: boolean;
}

/**
 * The one step every write of the service ends with, inside its transaction: the change is queued
 * for every environment (the outbox) and kept in the record's history, both at the clock's time
 * and from the fields the write already has. Nothing is journaled where the context does not keep
 * a journal (a server's database), nor for an update that changed no field.
 */
export function journal(context: ServiceContext, actorId: string, entry: JournalEntry): void {
  if (!context.journaled) return;
  const at = timestamp(context);
  // An update that changes nothing a person entered (a form saved as it was) is no change to keep or send.
  const db = sqliteOf(context.db);
  if (!recordHistory(db, entry, actorId, at, context.pulledFrom)) return;
  const removedByPull = context.pulledFrom !== undefined && entry.op === 'delete' && !context.takenByDecision;
  if (!entry.localOnly && !removedByPull) appendOutbox(db, entry, at, context.pulledFrom);
}
