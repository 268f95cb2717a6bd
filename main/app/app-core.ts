import { z } from 'zod';
import type { ExhibitQuery } from '../../shared/exhibit/view.js';
import { SBC_MAX_BYTES, type BridgeMethod, type BridgeMethods, type BridgeResponse, type SyncProgressEvent } from '../../shared/bridge.js';
import { draftSchema } from '../../shared/drafts.js';
import { newWorkspaceSchema, type WorkspaceProblem } from '../../shared/resources/workspace.js';
import { fieldErrorsFromZod } from '../../shared/validation/errors.js';
import { LOWER_CASE_UUID_PATTERN, UUID_PATTERN } from '../../shared/validation/uuid.js';
import { exhibitPdfFile, exhibitView, saveExhibitEnrollment } from '../exhibit/exhibit-bridge.js';
import { importRequestSchema, type ImportAnswer } from '../../shared/import-table.js';
import { exportFiles, EXPORT_FORMATS, type ExportFormat } from '../export/export-files.js';
import { ImportInputError } from '../import/table/import-input-error.js';
import { importTable } from '../import/table/import-table.js';
import { collectExport } from '../export/workspace-export.js';
import { readHistory } from '../history/record-history.js';
import { readSbcFile } from '../import/sbc/read-sbc-file.js';
import { findRecords, inspectRecord } from '../inspector/inspector.js';
import { AdminError } from '../service/accounts.js';
import { getAccountName } from '../store/accounts-store.js';
import { deleteDraft, listDrafts, readDraft, saveDraft } from '../store/drafts-store.js';
import { getUserRow } from '../store/users-store.js';
import { SyncController } from '../sync/sync-controller.js';
import { checkWorkspace } from '../workspace/check.js';
import { backupNow, backupsOf, restoreByName, startDailyBackup, startupProblem } from './workspace-safety.js';
import type { TokenCipher } from '../sync/token-cipher.js';
import { writeRefusal } from '../store/database.js';
import { StorageError } from '../store/storage-errors.js';
import { initWorkspace, openWorkspace, WorkspaceNotSetUpError, type Workspace, type WorkspaceOptions } from '../workspace/workspace.js';

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

const uuid = z.string().regex(LOWER_CASE_UUID_PATTERN);
const envName = z.string().min(1).max(64);
/** A record id as a person may paste it: local or remote, in either case. */
const anyCaseUuid = z.string().regex(UUID_PATTERN).transform((id) => id.toLowerCase());
const planYear = z.number().int().min(1900).max(2999);
const exhibitQuery = z.object({ employer: uuid, year: planYear, include: z.array(uuid).max(100) }).strict();
const NOT_SET_UP_TEXT = 'The workspace is not set up yet.';
const NOT_SET_UP: BridgeResponse = { status: 503, body: { detail: NOT_SET_UP_TEXT } };

/** Each method's arguments, as the transport delivers them: a JSON array. */
const argumentSchemas = {
  workspace: z.tuple([]),
  setupWorkspace: z.tuple([z.unknown()]),
  call: z.tuple([z.string().min(1).max(16), z.string().min(1).max(2048)], z.unknown()).refine((args) => args.length <= 3),
  drafts: z.tuple([]),
  readDraft: z.tuple([uuid]),
  saveDraft: z.tuple([z.unknown()]),
  deleteDraft: z.tuple([uuid]),
  environments: z.tuple([]),
  saveEnvironment: z.tuple([z.unknown()]),
  sync: z.tuple([envName]),
  cancelSync: z.tuple([envName]),
  removeEnvironment: z.tuple([envName]),
  testConnection: z.tuple([envName]),
  remoteCandidates: z.tuple([envName, uuid, z.string().max(200)]),
  findRecords: z.tuple([z.string().max(500)]),
  inspectRecord: z.tuple([anyCaseUuid]),
  recordHistory: z.tuple([anyCaseUuid]),
  exportWorkspace: z.tuple([z.enum(EXPORT_FORMATS)]),
  syncQueue: z.tuple([envName]),
  syncDryRun: z.tuple([envName]),
  syncConflicts: z.tuple([envName]),
  syncResolve: z.tuple([envName, uuid, z.unknown()]),
  syncRetry: z.tuple([envName, uuid.nullable()]),
  checkWorkspace: z.tuple([]),
  backupWorkspace: z.tuple([]),
  listBackups: z.tuple([]),
  restoreWorkspace: z.tuple([z.string().min(1).max(255)]),
  exhibit: z.tuple([exhibitQuery]),
  saveEnrollment: z.tuple([uuid, planYear, z.array(z.unknown()).max(8)]),
  exhibitPdf: z.tuple([exhibitQuery]),
  readSbc: z.tuple([z.string().min(1).max(Math.ceil(SBC_MAX_BYTES / 3) * 4).regex(/^[A-Za-z0-9+/]+={0,2}$/)]),
  previewImport: z.tuple([importRequestSchema.omit({ rows: true })]),
  runImport: z.tuple([importRequestSchema]),
} satisfies Record<BridgeMethod, z.ZodType<unknown[]>>;

export interface AppCoreOptions extends WorkspaceOptions {
  /** The workspace folder. */
  dir: string;
  /** How environment tokens are kept at rest: the OS keychain in the app, a workspace key in web mode. */
  tokenCipher: (dir: string) => TokenCipher;
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

  private shuttingDown = false;

  constructor(private readonly options: AppCoreOptions) {}

  /** Runs one bridge method; throws MalformedCallError when the arguments are not the method's. */
  async invoke(method: string, args: unknown, onProgress: (event: SyncProgressEvent) => void): Promise<unknown> {
    if (this.shuttingDown) throw new ShuttingDownError();
    if (!Object.hasOwn(argumentSchemas, method)) throw new MalformedCallError(method);
    const name = method as BridgeMethod;
    const parsed = argumentSchemas[name].safeParse(args);
    if (!parsed.success) throw new MalformedCallError(name);
    const a = parsed.data as unknown[];
    switch (name) {
      case 'workspace': return this.status();
      case 'setupWorkspace': return this.setup(a[0]);
      case 'call': return this.call(a[0] as string, a[1] as string, a[2]);
      case 'drafts': return this.current() ? listDrafts(this.current()!.db) : [];
      case 'readDraft': return this.current() ? readDraft(this.current()!.db, a[0] as string) : null;
      case 'saveDraft': return this.saveDraft(a[0]);
      case 'deleteDraft': {
        const ws = this.current();
        if (ws && !writeRefusal(ws.db)) deleteDraft(ws.db, a[0] as string);
        this.deletedDrafts.add(a[0] as string);
        return undefined;
      }
      case 'environments': return this.sync()?.environments() ?? [];
      case 'saveEnvironment': return this.sync()?.saveEnvironment(a[0]) ?? NOT_SET_UP;
      case 'sync': {
        const env = a[0] as string;
        return (await this.sync()?.sync(env, (progress) => onProgress({ env, ...progress }))) ?? NOT_SET_UP;
      }
      case 'cancelSync': return this.sync()?.cancel(a[0] as string);
      case 'removeEnvironment': return this.sync()?.removeEnvironment(a[0] as string) ?? NOT_SET_UP;
      case 'testConnection': return (await this.sync()?.testConnection(a[0] as string)) ?? NOT_SET_UP;
      case 'remoteCandidates': return (await this.sync()?.remoteCandidates(a[0] as string, a[1] as string, a[2] as string)) ?? NOT_SET_UP;
      case 'findRecords': return this.current() ? findRecords(this.current()!.db, a[0] as string) : [];
      case 'inspectRecord': return this.current() ? (inspectRecord(this.current()!, a[0] as string) ?? null) : null;
      case 'recordHistory': return this.current() ? readHistory(this.current()!.db, a[0] as string) : [];
      case 'exportWorkspace': return this.current() ? exportFiles(collectExport(this.current()!), a[0] as ExportFormat) : [];
      case 'syncQueue': return this.sync()?.queue(a[0] as string) ?? NOT_SET_UP;
      case 'syncDryRun': return this.sync()?.dryRun(a[0] as string) ?? NOT_SET_UP;
      case 'syncConflicts': return (await this.sync()?.conflicts(a[0] as string)) ?? NOT_SET_UP;
      case 'syncResolve': return (await this.sync()?.resolve(a[0] as string, a[1] as string, a[2])) ?? NOT_SET_UP;
      case 'syncRetry': return this.sync()?.retry(a[0] as string, a[1] as string | null) ?? NOT_SET_UP;
      case 'checkWorkspace': return checkWorkspace(this.options.dir);
      case 'backupWorkspace': {
        const ws = this.current();
        return ws ? backupNow(this.options.dir, ws.db, this.now()) : NOT_SET_UP;
      }
      case 'listBackups': return backupsOf(this.options.dir);
      case 'restoreWorkspace': {
        this.close();
        this.checkedOnStart = false;
        const restored = restoreByName(this.options.dir, a[0] as string);
        this.current();
        return restored;
      }
      case 'exhibit': return this.current() ? exhibitView(this.current()!, a[0] as ExhibitQuery) : { ok: false, error: NOT_SET_UP_TEXT, alternatives: [] };
      case 'saveEnrollment': return this.current() ? saveExhibitEnrollment(this.current()!, a[0] as string, a[1] as number, a[2] as unknown[], this.now().toISOString()) : NOT_SET_UP;
      case 'exhibitPdf': return this.current() ? exhibitPdfFile(this.current()!, a[0] as ExhibitQuery) : { ok: false, error: NOT_SET_UP_TEXT };
      case 'readSbc': return readSbcFile(a[0] as string);
      case 'previewImport': return this.importSheet(a[0] as z.infer<typeof importRequestSchema>, true);
      case 'runImport': return this.importSheet(a[0] as z.infer<typeof importRequestSchema>, false);
    }
  }

  close(): void {
    this.workspace?.close();
    this.workspace = undefined;
    this.syncController = undefined;
  }

  /**
   * Quitting: refuses every later call, cancels a running sync and waits for it to settle, then
   * closes the workspace, so the database is never closed under a sync still writing to it.
   */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    await this.syncController?.cancelAndSettle();
    this.close();
  }

  /**
   * Opened lazily, so that a workspace set up after launch (by the welcome screen or the CLI) is
   * picked up. A workspace that cannot be opened (damaged, from a newer build) is `problem`, and
   * is tried again on the next call (after a restore, say).
   */
  private current(): Workspace | undefined {
    if (this.workspace) return this.workspace;
    try {
      const workspace = openWorkspace(this.options.dir, this.options);
      if (!this.checkedOnStart) {
        this.problem = startupProblem(this.options.dir);
        if (this.problem) {
          workspace.close();
          return undefined;
        }
        this.checkedOnStart = true;
        startDailyBackup(this.options.dir, workspace.db, this.now());
      }
      this.workspace = workspace;
      this.problem = undefined;
    } catch (error) {
      if (error instanceof WorkspaceNotSetUpError) this.problem = undefined;
      else if (error instanceof StorageError) this.problem = { kind: error.problem, message: error.message };
      else throw error;
    }
    return this.workspace;
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private sync(): SyncController | undefined {
    const ws = this.current();
    if (ws) this.syncController ??= new SyncController(ws, this.options.tokenCipher(this.options.dir));
    return this.syncController;
  }

  private status(): Awaited<ReturnType<BridgeMethods['workspace']>> {
    const ws = this.current();
    if (!ws) return this.problem ? { ready: false, problem: this.problem } : { ready: false };
    const user = getUserRow(ws.db, ws.actor.userId)!;
    const refusal = writeRefusal(ws.db);
    return {
      ready: true,
      user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name },
      account: getAccountName(ws.db, user.account_id) ?? '',
      ...(refusal ? { problem: { kind: refusal.problem, message: refusal.message } } : {}),
    };
  }

  private setup(input: unknown): BridgeResponse {
    if (this.current()) return { status: 409, body: { detail: 'The workspace is already set up.' } };
    if (this.problem) return { status: 503, body: { detail: this.problem.message } };
    const parsed = newWorkspaceSchema.safeParse(input);
    if (!parsed.success) return { status: 400, body: fieldErrorsFromZod(parsed.error) };
    try {
      initWorkspace(this.options.dir, parsed.data, this.options);
    } catch (error) {
      if (error instanceof AdminError) return { status: 400, body: { non_field_errors: [error.message] } };
      if (error instanceof StorageError) return storageFailure(error);
      throw error;
    }
    return { status: 200, body: this.status() };
  }

  private call(method: string, path: string, body: unknown): BridgeResponse {
    const ws = this.current();
    if (!ws) return NOT_SET_UP;
    try {
      const response = ws.router({ method, path, body, actor: ws.actor });
      return { status: response.status, body: response.body };
    } catch (error) {
      if (error instanceof StorageError) return storageFailure(error);
      throw error;
    }
  }

  /** A file that cannot be read, or matches that do not fit the sheet, are the person's to fix: answered, not thrown. */
  private async importSheet(request: z.infer<typeof importRequestSchema>, dryRun: boolean): Promise<ImportAnswer> {
    const ws = this.current();
    if (!ws) return { ok: false, message: 'The workspace is not set up yet.' };
    const { data, ...rest } = request;
    try {
      return { ok: true, report: await importTable(ws, { ...rest, bytes: Buffer.from(data, 'base64') }, { dryRun }) };
    } catch (error) {
      if (error instanceof ImportInputError) return { ok: false, message: error.message };
      throw error;
    }
  }

  private saveDraft(input: unknown): BridgeResponse {
    const ws = this.current();
    if (!ws) return NOT_SET_UP;
    const parsed = draftSchema.safeParse(input);
    if (!parsed.success) return { status: 400, body: fieldErrorsFromZod(parsed.error) };
    if (this.deletedDrafts.has(parsed.data.id)) return { status: 409, body: { detail: 'This draft was already saved or discarded.' } };
    const refusal = writeRefusal(ws.db);
    if (refusal) return storageFailure(refusal);
    const at = new Date().toISOString();
    saveDraft(ws.db, parsed.data, at);
    return { status: 200, body: { id: parsed.data.id, updated_at: at } };
  }
}

/** A write the storage refused (damaged, read-only, full disk): nothing was changed. */
function storageFailure(error: StorageError): BridgeResponse {
  return { status: 503, body: { detail: error.message } };
}
