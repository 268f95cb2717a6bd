import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Actor, Router } from '../api/types.js';
import { createRouter } from '../router/router.js';
import { AdminError, createAccountWithAdmin, type NewAccount } from '../service/accounts.js';
import { recordHistory, takeHistoryBaseline } from '../history/record-history.js';
import { createContext, timestamp, type Clock, type ServiceContext } from '../service/context.js';
import { getMeta, setMeta } from '../store/accounts-store.js';
import { openDatabase, writeTransaction, type Db } from '../store/database.js';
import { recordChange } from '../sync/outbox.js';

/** The local workspace: the desktop app's own database, whose local user is the person at the laptop. */
export const WORKSPACE_DB = 'plandesk.db';
const LOCAL_USER_KEY = 'local_user_id';

export function isWorkspaceInitialized(dir: string): boolean {
  if (!existsSync(join(dir, WORKSPACE_DB))) return false;
  const db = openDatabase(join(dir, WORKSPACE_DB));
  try {
    return getMeta(db, LOCAL_USER_KEY) !== undefined;
  } finally {
    db.close();
  }
}

export interface WorkspaceOptions {
  nativeBinding?: string;
  clock?: Clock;
}

export interface Workspace {
  dir: string;
  db: Db;
  context: ServiceContext;
  router: Router;
  /** The person at the laptop: an admin of the local account. */
  actor: Actor;
  close(): void;
}

/** Creates the workspace folder and database, with the local account, division and admin user. Offline. */
export function initWorkspace(dir: string, request: { account: string; email: string; division: string }, options: WorkspaceOptions = {}): NewAccount {
  mkdirSync(dir, { recursive: true });
  const db = openDatabase(join(dir, WORKSPACE_DB), options);
  try {
    const context = createContext(db, options);
    return writeTransaction(db, () => {
      if (getMeta(db, LOCAL_USER_KEY) !== undefined) throw new AdminError(`${dir} is already a PlanDesk workspace`);
      const created = createAccountWithAdmin(context, request);
      setMeta(db, LOCAL_USER_KEY, created.user);
      // Not queued for sync (each environment has its own account), but the first local changes all the same.
      const at = timestamp(context);
      recordHistory(db, { entity: 'division', op: 'create', id: created.division, path: `/divisions/${created.division}/` }, created.user, at);
      recordHistory(db, { entity: 'user', op: 'create', id: created.user, path: `/users/${created.user}/` }, created.user, at);
      return created;
    });
  } finally {
    db.close();
  }
}

export function openWorkspace(dir: string, options: WorkspaceOptions = {}): Workspace {
  const db = openDatabase(join(dir, WORKSPACE_DB), options);
  const userId = getMeta(db, LOCAL_USER_KEY);
  if (userId === undefined) {
    db.close();
    throw new AdminError(`${dir} is not a PlanDesk workspace yet; run \`plandesk local init\` or open the app to set it up`);
  }
  takeHistoryBaseline(db);
  const context = createContext(db, { ...options, onChange: (change) => recordChange(db, change, new Date().toISOString(), userId) });
  return { dir, db, context, router: createRouter(context), actor: { userId }, close: () => db.close() };
}
