import { timeOrderedId } from './time-ordered-id.js';
import { readTransaction, writeTransaction, type Db } from '../store/database.js';

export type Clock = () => Date;

export interface ServiceContext {
  db: Db;
  /** Where every timestamp of a write comes from: records, outbox, history, sync marks. */
  clock: Clock;
  newId: () => string;
  /**
   * Whether each write is journaled (main/journal/): queued for sync and kept in its record's
   * history. A workspace's context is; a server's is not (it is the remote a workspace pushes to).
   */
  journaled: boolean;
  /**
   * Set on the context a pull writes through: each change is journaled as pulled from this
   * environment, and a record the pull removes is removed here only (never queued as a delete).
   */
  pulledFrom?: string;
  /**
   * With pulledFrom: the write takes that environment's copy by a person's decision, not by a pull,
   * so a record it removes is queued as a delete for the other environments.
   */
  takenByDecision?: boolean;
}

export function createContext(db: Db, options: { clock?: Clock; newId?: () => string; journaled?: boolean } = {}): ServiceContext {
  return {
    db,
    clock: options.clock ?? (() => new Date()),
    newId: options.newId ?? (() => timeOrderedId()),
    journaled: options.journaled ?? false,
  };
}

export function timestamp(context: ServiceContext): string {
  return context.clock().toISOString();
}

/** Today's date (UTC) on the service's clock, YYYY-MM-DD. */
export function today(context: ServiceContext): string {
  return context.clock().toISOString().slice(0, 10);
}

/**
 * Runs `work` in one write unit of the context's database, handing it the same context with the
 * unit's transaction handle as its `db`; inside a unit already, in a savepoint of it.
 */
export function writing<T>(context: ServiceContext, work: (context: ServiceContext) => Promise<T>): Promise<T> {
  return writeTransaction(context.db, (db) => work({ ...context, db }));
}

/** Runs `work` in one read unit of the context's database (every statement reads the same commit), handing it the context with the unit's handle. */
export function reading<T>(context: ServiceContext, work: (context: ServiceContext) => Promise<T>): Promise<T> {
  return readTransaction(context.db, (db) => work({ ...context, db }));
}
