import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Actor, Router } from '../api/types.js';
import { createRouter } from '../router/router.js';
import { workspaceApi } from '../../shared/routes.js';
import { AdminError, createAccountWithAdmin, type NewAccount } from '../service/accounts.js';
import type { NewWorkspace } from '../../shared/resources/workspace.js';
import { Caller } from '../service/caller.js';
import { recordFields } from '../history/record-fields.js';
import { recordHistory, takeHistoryBaseline } from '../history/record-history.js';
import { createContext, timestamp, type Clock, type ServiceContext } from '../service/context.js';
import { getMeta, setMeta } from '../store/meta-store.js';
import { sqliteOf, writeTransaction, type Db, type SqliteDb } from '../store/database.js';
import { openSqliteDatabase } from '../store/open-database.js';
import { sqliteStore } from '../store/sqlite-store.js';
import { removeDatabaseFiles } from '../store/file-access.js';

/** The local workspace: the desktop app's own database, whose local user is the person at the laptop. */
export const WORKSPACE_DB = 'plandesk.db';
/** The meta entry naming the workspace's local user: what makes a database a workspace's. */
export const LOCAL_USER_KEY = 'local_user_id';

/** A folder that holds no workspace yet: the welcome screen or `plandesk local init` sets one up. */
export class WorkspaceNotSetUpError extends AdminError {
  constructor(dir: string) {
    super(`${dir} is not a PlanDesk workspace yet; run \`plandesk local init\` or open the app to set it up`);
  }
}

export interface WorkspaceOptions {
  clock?: Clock;
}

export interface Workspace {
  dir: string;
  /** The workspace's SQLite connection, for the stores only a workspace has (outbox, history, sync state). */
  db: SqliteDb;
  /** The same connection as the service's store (`context.db`): units of work on it run one at a time. */
  store: Db;
  context: ServiceContext;
  router: Router;
  /** The person at the laptop: an admin of the local account, or a regular user when the server they started from says so. */
  actor: Actor;
  /** That person as the service sees them now (their role and divisions), for calling the service directly. */
  caller(): Promise<Caller>;
  close(): void;
}

/**
 * Creates the workspace folder (0700: only its owner may enter) and database (0600), with the local
 * account, division and admin user (a regular user with `admin: false`: the person's role on the
 * server a workspace starts from). Offline. A failure leaves no folder or file it created behind.
 */
export async function initWorkspace(dir: string, request: NewWorkspace, options: WorkspaceOptions = {}, role: { admin?: boolean } = {}): Promise<NewAccount> {
  const file = join(dir, WORKSPACE_DB);
  const folderExisted = existsSync(dir);
  const fileExisted = existsSync(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let created = false;
  try {
    const db = openSqliteDatabase(file);
    try {
      const account = await writeTransaction(sqliteStore(db), async (tx) => {
        if (getMeta(sqliteOf(tx), LOCAL_USER_KEY) !== undefined) throw new AdminError(`${dir} is already a PlanDesk workspace`);
        const context = createContext(tx, options);
        const made = await createAccountWithAdmin(context, request, role);
        setMeta(sqliteOf(tx), LOCAL_USER_KEY, made.user);
        // Not queued for sync (each environment has its own account), but the first local changes all the same.
        const at = timestamp(context);
        const raw = sqliteOf(tx);
        recordHistory(raw, { entity: 'division', op: 'create', id: made.division, fields: recordFields(raw, 'division', made.division) }, made.user, at);
        recordHistory(raw, { entity: 'user', op: 'create', id: made.user, fields: recordFields(raw, 'user', made.user) }, made.user, at);
        return made;
      });
      created = true;
      return account;
    } finally {
      db.close();
    }
  } finally {
    if (!created && !fileExisted) removeDatabaseFiles(file);
    if (!created && !folderExisted) rmSync(dir, { recursive: true, force: true });
  }
}

/** Opens an existing workspace; a folder without one is a WorkspaceNotSetUpError, and no file is created. */
export async function openWorkspace(dir: string, options: WorkspaceOptions = {}): Promise<Workspace> {
  if (!existsSync(join(dir, WORKSPACE_DB))) throw new WorkspaceNotSetUpError(dir);
  const db = openSqliteDatabase(join(dir, WORKSPACE_DB));
  const store = sqliteStore(db);
  const userId = getMeta(db, LOCAL_USER_KEY);
  if (userId === undefined) {
    db.close();
    throw new WorkspaceNotSetUpError(dir);
  }
  takeHistoryBaseline(db);
  const context = createContext(store, { ...options, journaled: true });
  const actor = { userId };
  return { dir, db, store, context, router: createRouter(context, workspaceApi), actor, caller: () => Caller.resolve(store, actor), close: () => db.close() };
}
