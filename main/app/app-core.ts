import { z } from 'zod';
import type { BridgeMethod, BridgeMethods, BridgeResponse, SyncProgressEvent } from '../../shared/bridge.js';
import { draftSchema } from '../../shared/drafts.js';
import { newWorkspaceSchema, type WorkspaceStatus } from '../../shared/resources/workspace.js';
import { fieldErrorsFromZod } from '../../shared/validation/errors.js';
import { LOWER_CASE_UUID_PATTERN, UUID_PATTERN } from '../../shared/validation/uuid.js';
import { importRequestSchema, type ImportAnswer } from '../../shared/import-table.js';
import { exportFiles, EXPORT_FORMATS, type ExportFormat } from '../export/export-files.js';
import { ImportInputError } from '../import/table/import-input-error.js';
import { importTable } from '../import/table/import-table.js';
import { collectExport } from '../export/workspace-export.js';
import { readHistory } from '../history/record-history.js';
import { findRecords, inspectRecord } from '../inspector/inspector.js';
import { AdminError } from '../service/accounts.js';
import { getAccountName } from '../store/accounts-store.js';
import { deleteDraft, listDrafts, readDraft, saveDraft } from '../store/drafts-store.js';
import { getUserRow } from '../store/users-store.js';
import { SyncController } from '../sync/sync-controller.js';
import type { TokenCipher } from '../sync/token-cipher.js';
import { initWorkspace, isWorkspaceInitialized, openWorkspace, type Workspace, type WorkspaceOptions } from '../workspace/workspace.js';

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
const NOT_SET_UP: BridgeResponse = { status: 503, body: { detail: 'The workspace is not set up yet.' } };

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
  findRecords: z.tuple([z.string().max(500)]),
  inspectRecord: z.tuple([anyCaseUuid]),
  recordHistory: z.tuple([anyCaseUuid]),
  exportWorkspace: z.tuple([z.enum(EXPORT_FORMATS)]),
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
        if (ws) deleteDraft(ws.db, a[0] as string);
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
      case 'findRecords': return this.current() ? findRecords(this.current()!.db, a[0] as string) : [];
      case 'inspectRecord': return this.current() ? (inspectRecord(this.current()!, a[0] as string) ?? null) : null;
      case 'recordHistory': return this.current() ? readHistory(this.current()!.db, a[0] as string) : [];
      case 'exportWorkspace': return this.current() ? exportFiles(collectExport(this.current()!), a[0] as ExportFormat) : [];
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

  // Opened lazily, so that a workspace set up after launch (by the welcome screen or the CLI) is picked up.
  private current(): Workspace | undefined {
    if (!this.workspace && isWorkspaceInitialized(this.options.dir)) this.workspace = openWorkspace(this.options.dir, this.options);
    return this.workspace;
  }

  private sync(): SyncController | undefined {
    const ws = this.current();
    if (ws) this.syncController ??= new SyncController(ws, this.options.tokenCipher(this.options.dir));
    return this.syncController;
  }

  private status(): Awaited<ReturnType<BridgeMethods['workspace']>> {
    const ws = this.current();
    if (!ws) return { ready: false } satisfies WorkspaceStatus;
    const user = getUserRow(ws.db, ws.actor.userId)!;
    return {
      ready: true,
      user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name },
      account: getAccountName(ws.db, user.account_id) ?? '',
    };
  }

  private setup(input: unknown): BridgeResponse {
    if (this.current()) return { status: 409, body: { detail: 'The workspace is already set up.' } };
    const parsed = newWorkspaceSchema.safeParse(input);
    if (!parsed.success) return { status: 400, body: fieldErrorsFromZod(parsed.error) };
    try {
      initWorkspace(this.options.dir, parsed.data, this.options);
    } catch (error) {
      if (error instanceof AdminError) return { status: 400, body: { non_field_errors: [error.message] } };
      throw error;
    }
    return { status: 200, body: this.status() };
  }

  private call(method: string, path: string, body: unknown): BridgeResponse {
    const ws = this.current();
    if (!ws) return NOT_SET_UP;
    const response = ws.router({ method, path, body, actor: ws.actor });
    return { status: response.status, body: response.body };
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
    const at = new Date().toISOString();
    saveDraft(ws.db, parsed.data, at);
    return { status: 200, body: { id: parsed.data.id, updated_at: at } };
  }
}
