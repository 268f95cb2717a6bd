import { timeOrderedId } from './time-ordered-id.js';
import type { Db } from '../store/database.js';

export type Clock = () => Date;

export type { Entity } from '../store/entity.js';
import type { Entity } from '../store/entity.js';
type ChangeOp = 'create' | 'update' | 'delete' | 'addUser' | 'removeUser';

/** A successful local change, reported inside its transaction (the outbox listens). */
export interface Change {
  entity: Entity;
  op: ChangeOp;
  id: string;
  /** The API path of the record, e.g. /plans/medical/<id>/; for addUser/removeUser the e-mail is in `detail`. */
  path: string;
  detail?: string;
  /** A change the API cannot carry (a user's admin role): kept in the record's history, never queued for sync. */
  localOnly?: boolean;
}

export interface ServiceContext {
  db: Db;
  clock: Clock;
  newId: () => string;
  onChange: (change: Change) => void;
}

export function createContext(db: Db, options: { clock?: Clock; newId?: () => string; onChange?: (change: Change) => void } = {}): ServiceContext {
  return {
    db,
    clock: options.clock ?? (() => new Date()),
    newId: options.newId ?? (() => timeOrderedId()),
    onChange: options.onChange ?? (() => {}),
  };
}

export function timestamp(context: ServiceContext): string {
  return context.clock().toISOString();
}

/** Today's date (UTC) on the service's clock, YYYY-MM-DD. */
export function today(context: ServiceContext): string {
  return context.clock().toISOString().slice(0, 10);
}
