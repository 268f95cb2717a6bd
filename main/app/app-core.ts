import { join } from 'node:path';
import { BRIDGE, type BridgeHandlers, type BridgeMethod, type BridgeMethods, type BridgeResponse, type SyncProgressEvent } from '../../shared/bridge.js';
import { draftSchema } from '../../shared/drafts.js';
import { newWorkspaceSchema, type WorkspaceProblem } from '../../shared/resources/workspace.js';
import { looksLikeProduction } from '../../shared/resources/server-start.js';
import { fieldErrorsFromZod } from '../../shared/validation/errors.js';
import { exhibitPdfFile, exhibitView, saveExhibitEnrollment } from '../exhibit/exhibit-bridge.js';
import type { ImportAnswer, ImportRequest } from '../../shared/import-table.js';
import { exportFiles } from '../export/export-files.js';
import { ImportInputError } from '../import/table/import-input-error.js';
import { importTable, type TableImport } from '../import/table/import-table.js';
import type { Sheet } from '../import/table/read-sheet.js';
import { collectExport } from '../export/workspace-export.js';
import { readHistory } from '../history/record-history.js';
import { sheetOfRows } from '../import/table/sheet-in-rows.js';
import { inspectRecord, searchRecords } from '../inspector/inspector.js';
import { AdminError } from '../service/accounts.js';
import { getAccountName } from '../store/accounts-store.js';
import { deleteDraft, listDrafts, readDraft, saveDraft } from '../store/drafts-store.js';
import { provenanceOf } from '../store/pull-store.js';
import { getUserRow } from '../store/users-store.js';
import { resealFormerTokens } from '../sync/environments.js';
import { SyncController } from '../sync/sync-controller.js';
import { appJobs, type AppJobs } from './app-jobs.js';
import type { Network } from '../sync/network.js';
import { setUpFromServer } from './start-from-server.js';
import type { BackupCopier } from '../workspace/backup-copy.js';
import { backupNow, backupsOf, DailyBackups, damageCheckAhead, problemOf, restoreByName, startupProblem } from './workspace-safety.js';
import type { TokenCipher } from '../sync/token-cipher.js';
import { writeRefusal } from '../store/database.js';
import { StorageError } from '../store/storage-errors.js';
import { initWorkspace, openWorkspace, WORKSPACE_DB, WorkspaceNotSetUpError, type Workspace, type WorkspaceOptions } from '../workspace/workspace.js';

/** A bridge call whose arguments do not match the method: a bug or a forged call, never user input. */
export class MalformedCallError extends Error {
  constructor(method: string) {
    super(`Malformed bridge call: ${method}.`);
  }
}

/** A bridge call that arrives while the app is quitting: answered by nobody, so refused. */
export class ShuttingDownError extends Error {
  constructor() {
    super('PlanDesk is closing.');
  }
}

/**
 * How long one transaction of an import or its preview may run on the window's thread before it
 * commits (or, in a preview, rolls back) and lets the window and other calls have a turn.
 */
const IMPORT_TRANSACTION_MS = 20;

const NOT_SET_UP_TEXT = 'The workspace is not set up yet.';
const NOT_SET_UP: BridgeResponse = { status: 503, body: { detail: NOT_SET_UP_TEXT } };

/** Methods that never read the open workspace: they do not wait for its first open and checks. */
const WITHOUT_WORKSPACE: ReadonlySet<BridgeMethod> = new Set(['readSbc', 'listBackups', 'checkWorkspace', 'restoreWorkspace']);

export interface AppCoreOptions extends WorkspaceOptions {
  /** The workspace folder. */
  dir: string;
  /** How environment tokens are kept at rest: the workspace's key in the OS credential store (main/sync/token-cipher.ts). */
  tokenCipher: (dir: string) => TokenCipher;
  /** Where a failure no call answers (the daily backup's, the damage check's made ahead) is reported; the console when not given. */
  reportFailure?: (what: string, error: unknown) => void;
  /** Where the heavy jobs run (SBCs, sheets, PDFs, checks): the process's worker thread (app-jobs.ts) unless given. */
  jobs?: AppJobs;
  /** How a remote is reached: the system's proxy settings in the app, the environment's variables in web mode; directly when not given. */
  network?: Network;
}

/**
 * Everything the window may ask of the main process, whichever transport carries it (Electron IPC
 * or web mode's loopback HTTP). Arguments are checked here, once, for both. The acting user is
 * always the workspace's own, never something the window says.
 */
export class AppCore {
  private workspace: Workspace | undefined;
  private syncController: SyncController | undefined;
  /**
   * Drafts deleted in this run. An autosave still on its way when the form was saved (web mode's
   * requests may overtake each other) must not bring its draft back.
   */
  private readonly deletedDrafts = new Set<string>();
  /** Why the workspace could not be opened at the last try. */
  private problem: WorkspaceProblem | undefined;
  /** The full check runs on the first open of a run (and after a restore), not on every reopen. */
  private checkedOnStart = false;
  /** The first open of a run (or after a restore) while its checks run in the worker: every call waits for it. */
  private opening: Promise<void> | undefined;
  /** A later open (of a workspace this run set up) under way: the calls that find none open wait for this one. */
  private reopening: Promise<void> | undefined;

  private shuttingDown = false;
  private readonly progressListeners = new Set<(event: SyncProgressEvent) => void>();

  private readonly dailyBackups: DailyBackups;
  private readonly tokenCipher: TokenCipher;
  private readonly jobs: AppJobs;
  /** A backup's copy is made in the worker thread: copying a large workspace and ridding the copy of its tokens takes over a second. */
  private readonly copyForBackup: BackupCopier = (source, partial) => this.jobs.run('copyForBackup', [source.name, partial]);

  constructor(private readonly options: AppCoreOptions) {
    this.dailyBackups = new DailyBackups(options.dir, () => this.now(), options.reportFailure, this.copyForBackup);
    this.tokenCipher = options.tokenCipher(options.dir);
    this.jobs = options.jobs ?? appJobs();
  }

  /** Runs one bridge method; throws MalformedCallError when the arguments are not the method's. */
  async invoke(method: string, args: unknown): Promise<unknown> {
    if (this.shuttingDown) throw new ShuttingDownError();
    if (!Object.hasOwn(BRIDGE, method)) throw new MalformedCallError(method);
    const name = method as BridgeMethod;
    const parsed = BRIDGE[name].args.safeParse(args);
    if (!parsed.success) throw new MalformedCallError(name);
    if (!WITHOUT_WORKSPACE.has(name)) await this.openChecked();
    try {
      return await (this.handlers[name] as (...checked: unknown[]) => unknown)(...parsed.data);
    } finally {
      this.dailyBackups.afterCall();
    }
  }

  private progress(event: SyncProgressEvent): void {
    for (const listener of this.progressListeners) listener(event);
  }

  /** Subscribes to the progress of every push and pull; returns the unsubscribe function. */
  onSyncProgress(listener: (event: SyncProgressEvent) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  /** What each bridge method does, its arguments already checked against BRIDGE. */
  private readonly handlers: BridgeHandlers = {
    workspace: () => this.status(),
    setupWorkspace: (input) => this.setup(input),
    startFromServer: (input) => this.startFromServer(input),
    call: (method, path, body) => this.call(method, path, body),
    drafts: () => this.withWorkspace((ws) => listDrafts(ws.db), []),
    readDraft: (id) => this.withWorkspace((ws) => readDraft(ws.db, id), null),
    saveDraft: (draft) => this.saveDraft(draft),
    deleteDraft: async (id) => {
      const ws = await this.current();
      if (ws && !writeRefusal(ws.db)) deleteDraft(ws.db, id);
      this.deletedDrafts.add(id);
    },
    environments: async () => (await this.sync())?.environments() ?? [],
    saveEnvironment: async (input) => (await this.sync())?.saveEnvironment(input) ?? NOT_SET_UP,
    removeEnvironment: async (name) => (await this.sync())?.removeEnvironment(name) ?? NOT_SET_UP,
    testConnection: async (name) => (await (await this.sync())?.testConnection(name)) ?? NOT_SET_UP,
    remoteCandidates: async (env, record, text) => (await (await this.sync())?.remoteCandidates(env, record, text)) ?? NOT_SET_UP,
    sync: async (env) => (await (await this.sync())?.sync(env, (progress) => this.progress({ env, direction: 'push', ...progress }))) ?? NOT_SET_UP,
    pull: async (env) => (await (await this.sync())?.pull(env, this.pullProgress(env))) ?? NOT_SET_UP,
    cancelSync: async (env) => (await this.sync())?.cancel(env),
    provenance: (ids) => this.withWorkspace((ws) => Object.fromEntries(provenanceOf(ws.db, ids)), {}),
    findRecords: (text) => this.withWorkspace((ws) => searchRecords(ws.db, text), { matches: [], total: 0, limit: 0 }),
    inspectRecord: (id) => this.withWorkspace(async (ws) => (await inspectRecord(ws, id)) ?? null, null),
    recordHistory: (id) => this.withWorkspace((ws) => readHistory(ws.db, id), []),
    exportWorkspace: (format) => this.withWorkspace(async (ws) => exportFiles(await collectExport(ws), format), []),
    syncQueue: async (env) => (await this.sync())?.queue(env) ?? NOT_SET_UP,
    syncDryRun: async (env) => (await this.sync())?.dryRun(env) ?? NOT_SET_UP,
    syncConflicts: async (env) => (await (await this.sync())?.conflicts(env)) ?? NOT_SET_UP,
    syncResolve: async (env, record, decision) => (await (await this.sync())?.resolve(env, record, decision)) ?? NOT_SET_UP,
    syncRetry: async (env, record) => (await this.sync())?.retry(env, record) ?? NOT_SET_UP,
    syncUnskip: async (env, record) => (await this.sync())?.unskip(env, record) ?? NOT_SET_UP,
    syncDiscard: async (env, record) => (await (await this.sync())?.discard(env, record)) ?? NOT_SET_UP,
    checkWorkspace: () => this.jobs.run('checkWorkspace', [this.options.dir]),
    backupWorkspace: () => this.withWorkspace((ws) => backupNow(this.options.dir, ws.db, this.now(), this.copyForBackup), NOT_SET_UP),
    listBackups: () => backupsOf(this.options.dir),
    restoreWorkspace: async (name) => {
      this.close();
      this.checkedOnStart = false;
      const restored = restoreByName(this.options.dir, name);
      await this.openChecked();
      return restored;
    },
    exhibit: (query) => this.withWorkspace((ws) => exhibitView(ws, query), { ok: false, error: NOT_SET_UP_TEXT, alternatives: [] }),
    saveEnrollment: (employer, year, enrollment) =>
      this.withWorkspace((ws) => saveExhibitEnrollment(ws, employer, year, enrollment, this.now().toISOString()), NOT_SET_UP),
    exhibitPdf: (query) =>
      this.withWorkspace((ws) => exhibitPdfFile(ws, query, (document) => this.jobs.run('exhibitPdf', [document])), { ok: false, error: NOT_SET_UP_TEXT }),
    readSbc: (pdfBase64) => this.jobs.run('readSbc', [pdfBase64]),
    previewImport: (request) => this.importSheet(request, true),
    runImport: (request) => this.importSheet(request, false),
  };

  close(): void {
    this.workspace?.close();
    this.workspace = undefined;
    this.syncController = undefined;
  }

  /**
   * Quitting: refuses every later call, cancels a running sync and waits for it to settle, takes
   * the day's backup again when anything changed since the last one, then closes the workspace, so
   * the database is never closed under a sync or a backup still using it.
   */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    await this.opening;
    await this.reopening;
    await this.syncController?.cancelAndSettle();
    await this.dailyBackups.beforeQuit();
    this.close();
  }

  /**
   * Opened lazily, so that a workspace set up after launch (by the welcome screen or the CLI) is
   * picked up: the first open of a run (and the one after a restore) by `openChecked`, which each
   * call awaits; a workspace this run set up, here. A workspace that cannot be opened (damaged, from
   * a newer build) is `problem`, and is tried again on the next call (after a restore, say).
   */
  private async current(): Promise<Workspace | undefined> {
    if (this.workspace || !this.checkedOnStart) return this.workspace;
    this.reopening ??= this.openFile()
      .then((workspace) => {
        if (workspace) this.adopt(workspace);
      })
      .finally(() => (this.reopening = undefined));
    await this.reopening;
    return this.workspace;
  }

  /**
   * The first open of a run: the damage check it owes and the start-up check read the whole file,
   * so both run in the worker thread (on connections of its own), the first ahead of the open,
   * the second once it is open; the main thread meanwhile answers other calls' turns.
   */
  private openChecked(): Promise<void> {
    if (this.workspace || this.checkedOnStart) return Promise.resolve();
    this.opening ??= this.openAndCheck().finally(() => (this.opening = undefined));
    return this.opening;
  }

  private async openAndCheck(): Promise<void> {
    const { dir } = this.options;
    await damageCheckAhead(join(dir, WORKSPACE_DB), (file) =>
      this.jobs.run('damageCheck', [file]).catch((error: unknown) => {
        // Only a head start: an open that finds no check made ahead makes its own, on this thread.
        (this.options.reportFailure ?? reportOnConsole)('the damage check ahead of opening the workspace failed', error);
        return false;
      }),
    );
    const workspace = await this.openFile();
    if (!workspace) return;
    let problem: WorkspaceProblem | undefined;
    try {
      problem = startupProblem(await this.jobs.run('checkWorkspace', [dir]));
    } catch (error) {
      workspace.close();
      throw error;
    }
    if (problem || this.shuttingDown) {
      workspace.close();
      this.problem = problem;
      return;
    }
    this.checkedOnStart = true;
    this.adopt(workspace);
  }

  /** The workspace's database opened, or undefined with `problem` saying why it cannot be. */
  private async openFile(): Promise<Workspace | undefined> {
    try {
      return await openWorkspace(this.options.dir, this.options);
    } catch (error) {
      if (error instanceof WorkspaceNotSetUpError) this.problem = undefined;
      else if (error instanceof StorageError) this.problem = problemOf(error);
      else throw error;
      return undefined;
    }
  }

  private adopt(workspace: Workspace): void {
    // Opening the app once is enough for the command line to read what an earlier version of it
    // saved (before the daily backup counts changes: this one is not the person's).
    resealFormerTokens(workspace.db, this.tokenCipher);
    this.dailyBackups.opened(workspace.db);
    this.workspace = workspace;
    this.problem = undefined;
  }

  /** Runs `use` on the open workspace, or answers `otherwise` when there is none. */
  private async withWorkspace<T, U>(use: (ws: Workspace) => T | Promise<T>, otherwise: U): Promise<T | U> {
    const ws = await this.current();
    return ws ? use(ws) : otherwise;
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private async sync(): Promise<SyncController | undefined> {
    const ws = await this.current();
    if (ws) this.syncController ??= new SyncController(ws, this.tokenCipher, this.options.network);
    return this.syncController;
  }

  private async status(): Promise<Awaited<ReturnType<BridgeMethods['workspace']>>> {
    const ws = await this.current();
    if (!ws) return this.problem ? { ready: false, problem: this.problem } : { ready: false };
    const user = (await getUserRow(ws.store, ws.actor.userId))!;
    const refusal = writeRefusal(ws.db);
    return {
      ready: true,
      user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, is_admin: user.is_admin === 1 },
      account: (await getAccountName(ws.store, user.account_id)) ?? '',
      ...(refusal ? { problem: { kind: refusal.problem, message: refusal.message } } : {}),
    };
  }

  private async setup(input: unknown): Promise<BridgeResponse> {
    if (await this.current()) return { status: 409, body: { detail: 'The workspace is already set up.' } };
    if (this.problem) return { status: 503, body: { detail: this.problem.message } };
    const parsed = newWorkspaceSchema.safeParse(input);
    if (!parsed.success) return { status: 400, body: fieldErrorsFromZod(parsed.error) };
    try {
      await initWorkspace(this.options.dir, parsed.data, this.options);
      // Made by this run, just now: nothing to check.
      this.checkedOnStart = true;
    } catch (error) {
      if (error instanceof AdminError) return { status: 400, body: { non_field_errors: [error.message] } };
      if (error instanceof StorageError) return storageFailure(error);
      throw error;
    }
    return { status: 200, body: await this.status() };
  }

  private pullProgress(env: string) {
    return (progress: { done: number; total: number | null }) => this.progress({ env, direction: 'pull', failed: 0, ...progress });
  }

  /** First run from the agency's server; see BRIDGE.startFromServer. */
  private async startFromServer(input: unknown): Promise<BridgeResponse> {
    if (await this.current()) return { status: 409, body: { detail: 'The workspace is already set up.' } };
    if (this.problem) return { status: 503, body: { detail: this.problem.message } };
    const setUp = await setUpFromServer(this.options.dir, this.options, input);
    if (!setUp.ok) return setUp.response;
    this.checkedOnStart = true;
    const { env, url, token } = setUp.start;
    const production = setUp.start.production ?? looksLikeProduction(env, url);
    const sync = await this.sync();
    // Set up, yet not opened: the start-up check found it unusable (said as the recovery screen says it).
    if (!sync) return { status: 503, body: { detail: (await this.status()).problem?.message ?? NOT_SET_UP_TEXT } };
    const saved = sync.saveEnvironment({ name: env, url, token, production });
    const pull = saved.status === 200 ? await sync.pull(env, this.pullProgress(env)) : saved;
    return { status: 200, body: { env, production, admin: setUp.admin, pull } };
  }

  private async call(method: string, path: string, body: unknown): Promise<BridgeResponse> {
    const ws = await this.current();
    if (!ws) return NOT_SET_UP;
    try {
      const response = await ws.router({ method, path, body, actor: ws.actor });
      return { status: response.status, body: response.body };
    } catch (error) {
      if (error instanceof StorageError) return storageFailure(error);
      throw error;
    }
  }

  /** A file that cannot be read, or matches that do not fit the sheet, are the person's to fix: answered, not thrown. */
  private async importSheet(request: ImportRequest, dryRun: boolean): Promise<ImportAnswer> {
    const ws = await this.current();
    if (!ws) return { ok: false, message: 'The workspace is not set up yet.' };
    const { data, ...rest } = request;
    try {
      return {
        ok: true,
        report: await importTable(
          ws,
          { ...rest, bytes: Buffer.from(data, 'base64') },
          { dryRun, transactionMs: IMPORT_TRANSACTION_MS, readSheet: (table) => this.readSheet(table) },
        ),
      };
    } catch (error) {
      if (error instanceof ImportInputError) return { ok: false, message: error.message };
      throw error;
    }
  }

  /** The file read into its sheet's rows in the worker thread; the bytes are moved there, not copied. */
  private async readSheet({ fileName, bytes, sheet, rows }: TableImport): Promise<Sheet> {
    if (bytes === undefined) throw new Error('the window sends a file as its bytes');
    // A small file's bytes share a pooled buffer with others: those are copied, a large file's moved.
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    const answer = await this.jobs.run('readSheet', [{ fileName, bytes: owned, sheet, rows }], [owned.buffer as ArrayBuffer]);
    if (!answer.ok) throw new ImportInputError(answer.message);
    return sheetOfRows(answer.sheet);
  }

  private async saveDraft(input: unknown): Promise<BridgeResponse> {
    const ws = await this.current();
    if (!ws) return NOT_SET_UP;
    const parsed = draftSchema.safeParse(input);
    if (!parsed.success) return { status: 400, body: fieldErrorsFromZod(parsed.error) };
    if (this.deletedDrafts.has(parsed.data.id)) return { status: 409, body: { detail: 'This draft was already saved or discarded.' } };
    const refusal = writeRefusal(ws.db);
    if (refusal) return storageFailure(refusal);
    const at = this.now().toISOString();
    saveDraft(ws.db, parsed.data, at);
    return { status: 200, body: { id: parsed.data.id, updated_at: at } };
  }
}

function reportOnConsole(what: string, error: unknown): void {
  console.error(`PlanDesk: ${what}:`, error);
}

/** A write the storage refused (damaged, read-only, full disk): nothing was changed. */
function storageFailure(error: StorageError): BridgeResponse {
  return { status: 503, body: { detail: error.message } };
}
