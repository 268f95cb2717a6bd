// The contract between the renderer and the main-process core, whichever way it is carried: Electron
// IPC through the preload, or loopback HTTP in web mode. Pure TypeScript and zod: no Node, DOM or Electron.
import { z } from 'zod';
import type { Draft, DraftInput, DraftSummary } from './drafts.js';
import type { ExhibitPdfFile, ExhibitView } from './exhibit/view.js';
import { importRequestSchema, type ImportAnswer } from './import-table.js';
import { EXPORT_FORMATS, type ExportFile, type HistoryEntry, type RecordInspection, type RecordSearch } from './inspector.js';
import type { ServerStart } from './resources/server-start.js';
import type { NewWorkspace, WorkspaceStatus } from './resources/workspace.js';
import { LOWER_CASE_UUID_PATTERN, UUID_PATTERN } from './validation/uuid.js';

/** What the main process answers: the router's status and JSON body (DRF-shaped errors included). */
export interface BridgeResponse {
  status: number;
  body: unknown;
}

/** An environment as the window sees it: never its token. */
export interface EnvironmentInfo {
  name: string;
  baseUrl: string;
  tokenScheme: string;
  /** Pushes there first show what would be sent and ask for confirmation. */
  production: boolean;
  pending: number;
  /** Records that wait for a person's decision there (see its conflicts). */
  conflicts: number;
  /** When the last pull from it ended (ISO), or null when nothing was ever pulled from it. */
  last_pull: string | null;
  /**
   * Why its token cannot be used on this computer (the workspace was restored from a backup, which
   * holds none; it was saved by a program using another keychain), or null when it can: a token
   * that cannot be used is entered again.
   */
  tokenProblem: string | null;
}

/** Where a record came from: the environment a pull brought it from, when it was last pulled, and whether it changed here since (not pushed there yet). */
export interface Provenance {
  env: string;
  pulled_at: string | null;
  changed_here: boolean;
}

/** The largest SBC PDF the window may send to be read (base64 grows it by a third). */
export const SBC_MAX_BYTES = 1_500_000;

/** An environment to add (with its token) or to change (address and flag; without a token, the saved one stays). */
export interface EnvironmentInput {
  name: string;
  url: string;
  token?: string;
  production?: boolean;
}

/** What "test connection" found: whether the remote answered, whether it took the token, how fast. */
export interface ConnectionTest {
  reachable: boolean;
  /** null when the remote did not say (unreachable, or a 5xx). */
  tokenAccepted: boolean | null;
  latencyMs: number | null;
  /** In words: "connected", "staging rejected the token", "staging is unreachable (connection refused)". */
  detail: string;
}

/** A remote record a conflicting local one could be linked to. */
export interface RemoteCandidate {
  id: string;
  /** Name, e-mail, or a plan's title and start. */
  label: string;
}

export interface SyncProgressEvent {
  env: string;
  /** A push to the environment, or a pull from it. */
  direction: 'push' | 'pull';
  /** null while a pull does not know how many records there are. */
  total: number | null;
  done: number;
  failed: number;
  current?: string;
}

export type SyncEntity = 'employer' | 'plan' | 'user' | 'division';

/** waiting; sending; sent; failed; conflict (needs a decision); blocked (waits on a failed or conflicting record); skipped (by a decision). */
export type SyncQueueState = 'waiting' | 'sending' | 'sent' | 'failed' | 'conflict' | 'blocked' | 'skipped';

/** One record in an environment's queue, as the workspace holds it. */
export interface SyncQueueRow {
  record: string;
  entity: SyncEntity;
  /** Name, title or e-mail (a deleted record's as it was last called); never an id. */
  name: string;
  /** A plan's employer, by name; null for the other records. */
  employer: string | null;
  operation: 'create' | 'update' | 'delete';
  state: SyncQueueState;
  last_attempt_at: string | null;
  /** Why it is not sent, in words; null when nothing is in the way. */
  reason: string | null;
  /** For a record the remote refused with 400: the field it rejected. */
  field: string | null;
  /** Refused for permission (403): no retry gets it through, and Discard undoes it here. */
  discardable: boolean;
}

/** What a push would send, per entity, and what waits for a person. */
export interface SyncDryRun {
  would_push: Record<SyncEntity, number>;
  /** Of those, how many records a pull brought from each other environment (by its name). */
  pulled_from: Record<string, number>;
  failed: number;
  conflicts: number;
}

/** A record an environment could not take without a person's decision, both sides' differing values. */
export interface SyncConflict {
  record: string;
  entity: SyncEntity;
  /** A plan's kind (its path segment, e.g. medical); null for the others. */
  kind: string | null;
  name: string;
  reason: string;
  remote_id: string | null;
  /** Deleted on this computer, the delete waiting for this environment: keep-local sends the delete, take-remote brings the record back; it cannot be linked. */
  deleted_here: boolean;
  /** Only the fields that differ; {} when the remote record cannot be read, or when none does (an employer deleted here whose plan changed there). */
  differences: Record<string, { local: unknown; remote: unknown }>;
}

export type SyncDecision = { kind: 'keep-local' } | { kind: 'take-remote' } | { kind: 'link'; remoteId: string } | { kind: 'skip' };

/** A backup in the workspace's backups folder (daily ones are made on start, the last seven kept). */
export interface BackupInfo {
  name: string;
  bytes: number;
  /** When it was written, ISO. */
  at: string;
}

/** What `plandesk check` reports: SQLite integrity and foreign keys, schema version, sync queue. */
export interface WorkspaceCheck {
  ok: boolean;
  problems: string[];
}

/** One bridge method: the schema its JSON arguments must match, and (as a type only) what it answers. */
interface BridgeMethodSpec<Args extends z.ZodType<unknown[]>, Result> {
  readonly args: Args;
  /** Never set: carries the answer's type. */
  readonly answer?: (result: Result) => void;
}

/** `answers<R>()(args)`: a method taking `args` and answering R. */
const answers =
  <Result>() =>
  <Args extends z.ZodType<unknown[]>>(args: Args): BridgeMethodSpec<Args, Result> => ({ args });

/** An argument the method checks itself and answers 400 with field errors for: any JSON passes here. */
const checkedByTheMethod = <T>() => z.custom<T>();

const uuid = z.string().regex(LOWER_CASE_UUID_PATTERN);
const envName = z.string().min(1).max(64);
/** A record id as a person may paste it: local or remote, in either case. */
const anyCaseUuid = z
  .string()
  .regex(UUID_PATTERN)
  .transform((id) => id.toLowerCase());
const planYear = z.number().int().min(1900).max(2999);
const exhibitQuery = z.object({ employer: uuid, year: planYear, include: z.array(uuid).max(100) }).strict();

/**
 * The bridge, once: every method the window may call, keyed by name (so a name cannot repeat),
 * with the schema main checks its arguments against, whichever transport carries them. The
 * method types, the IPC channels, the preload's object, web mode's bridge and main's handler
 * table all derive from it.
 */
export const BRIDGE = {
  /** Whether the workspace is set up, and as whom. */
  workspace: answers<WorkspaceStatus>()(z.tuple([])),
  /** First run: creates the local account, its first division and the person's admin user. Offline. */
  setupWorkspace: answers<BridgeResponse>()(z.tuple([checkedByTheMethod<NewWorkspace>()])),
  /**
   * First run from the agency's server: checks the server and the token (400/503, nothing made, when
   * either fails), sets the workspace up, saves the environment and pulls from it (progress on
   * SYNC_PROGRESS_CHANNEL). 200 with `{env, production, admin, pull}`: whether the environment was
   * saved as production, whether the person is an admin there (and so here), and the pull's own
   * answer, which may say it stopped (the workspace and the environment stay, to pull again from
   * the sync center).
   */
  startFromServer: answers<BridgeResponse>()(z.tuple([checkedByTheMethod<ServerStart>()])),
  /** `path` is relative to the API root with its trailing slash, e.g. `/divisions/list/`. */
  call: answers<BridgeResponse>()(z.tuple([z.string().min(1).max(16), z.string().min(1).max(2048), z.unknown().optional()])),
  drafts: answers<DraftSummary[]>()(z.tuple([])),
  readDraft: answers<Draft | null>()(z.tuple([uuid])),
  saveDraft: answers<BridgeResponse>()(z.tuple([checkedByTheMethod<DraftInput>()])),
  deleteDraft: answers<void>()(z.tuple([uuid])),
  environments: answers<EnvironmentInfo[]>()(z.tuple([])),
  /** Saves or replaces an environment; the token is encrypted at rest and never returned. */
  saveEnvironment: answers<BridgeResponse>()(z.tuple([checkedByTheMethod<EnvironmentInput>()])),
  /** Forgets an environment: its token, id mappings and queue states there. Local records stay. */
  removeEnvironment: answers<BridgeResponse>()(z.tuple([envName])),
  /** Probes the remote with the saved token; answers a ConnectionTest within seconds, also when offline. */
  testConnection: answers<BridgeResponse>()(z.tuple([envName])),
  /** Remote records a conflicting local record could be linked to, whose label holds `text`. */
  remoteCandidates: answers<BridgeResponse>()(z.tuple([envName, uuid, z.string().max(200)])),
  /** Pushes the queue to the environment (progress arrives on SYNC_PROGRESS_CHANNEL); answers the summary when done or cancelled. */
  sync: answers<BridgeResponse>()(z.tuple([envName])),
  /** For each local id given that a pull brought: where it came from and when it was last pulled. */
  provenance: answers<Record<string, Provenance>>()(z.tuple([z.array(uuid).max(1000)])),
  /** Stops the push or pull with the environment that is running. */
  cancelSync: answers<void>()(z.tuple([envName])),
  /**
   * Pulls what the environment's token sees into the workspace (progress arrives on
   * SYNC_PROGRESS_CHANNEL); answers the counts (created, updated, removed, unchanged, conflicts,
   * failed, errors) when done, or why it stopped.
   */
  pull: answers<BridgeResponse>()(z.tuple([envName])),
  /**
   * Support inspector: records by local or remote id, name, title or e-mail (deleted ones by id), or
   * plans by "employer / title"; the first matches (each plan with its employer, kind and start) and how many match in all.
   */
  findRecords: answers<RecordSearch>()(z.tuple([z.string().max(500)])),
  /** One record (local or remote id): as the API returns it, its history and its state per environment. */
  inspectRecord: answers<RecordInspection | null>()(z.tuple([anyCaseUuid])),
  /** Every local change of one record, oldest first. */
  recordHistory: answers<HistoryEntry[]>()(z.tuple([anyCaseUuid])),
  /** The whole workspace as files to save: one JSON file, or employers.csv and plans-KIND.csv. */
  exportWorkspace: answers<ExportFile[]>()(z.tuple([z.enum(EXPORT_FORMATS)])),
  /** The environment's queue, one row per record with a local change, newest first. */
  syncQueue: answers<BridgeResponse>()(z.tuple([envName])),
  /** Counts per entity of what a push would send; sends nothing. */
  syncDryRun: answers<BridgeResponse>()(z.tuple([envName])),
  /** The environment's conflicts with local and remote values (reads the remote). */
  syncConflicts: answers<BridgeResponse>()(z.tuple([envName])),
  /** Records a decision on one conflict; the next push acts on it. */
  syncResolve: answers<BridgeResponse>()(z.tuple([envName, uuid, checkedByTheMethod<SyncDecision>()])),
  /** Sends one failed record (or, with null, every failed record) again with the next push. */
  syncRetry: answers<BridgeResponse>()(z.tuple([envName, uuid.nullable()])),
  /**
   * Undoes here a change the environment refused for permission (the queue row's `discardable`):
   * a record it never had is removed here, one it has takes its values again or comes back as it
   * has it; journaled like any change. 200 with `{record, discarded: 'removed' | 'reverted' | 'restored'}`.
   */
  syncDiscard: answers<BridgeResponse>()(z.tuple([envName, uuid])),
  /** Takes back a decision to skip a record for the environment: it goes there again (a conflict it was skipped from is one again). */
  syncUnskip: answers<BridgeResponse>()(z.tuple([envName, uuid])),
  /** Checks the workspace database without changing it. */
  checkWorkspace: answers<WorkspaceCheck>()(z.tuple([])),
  /** Takes a backup now into the backups folder; answers {name, bytes}. */
  backupWorkspace: answers<BridgeResponse>()(z.tuple([])),
  /** The backups folder's files, newest first. */
  listBackups: answers<BackupInfo[]>()(z.tuple([])),
  /** Replaces the workspace database with the named backup (checked first; the replaced one is kept). */
  restoreWorkspace: answers<BridgeResponse>()(z.tuple([z.string().min(1).max(255)])),
  /** The renewal exhibit of an employer for a plan year, with the enrollment saved for it. */
  exhibit: answers<ExhibitView>()(z.tuple([exhibitQuery])),
  /** Keeps the enrollment per tier (four counts) with the workspace; never queued for sync. */
  saveEnrollment: answers<BridgeResponse>()(z.tuple([uuid, planYear, z.array(checkedByTheMethod<number>()).max(8)])),
  /** The exhibit as a PDF, made in the main process exactly as `plandesk exhibit` makes it. */
  exhibitPdf: answers<ExhibitPdfFile>()(z.tuple([exhibitQuery])),
  /**
   * Reads an SBC PDF (its bytes as base64) in the main process: 200 with the reading
   * (shared/sbc.ts), or 422 with the reason (a scan, not an SBC, not a PDF). Writes nothing.
   */
  readSbc: answers<BridgeResponse>()(
    z.tuple([
      z
        .string()
        .min(1)
        .max(Math.ceil(SBC_MAX_BYTES / 3) * 4)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/),
    ]),
  ),
  /** A spreadsheet's rows checked as the import would check them; writes nothing. */
  previewImport: answers<ImportAnswer>()(z.tuple([importRequestSchema.omit({ rows: true })])),
  /** Imports the sheet's rows (those of `rows` only, when given): valid ones created and queued for sync, the rest reported. */
  runImport: answers<ImportAnswer>()(z.tuple([importRequestSchema])),
};

export type BridgeMethod = keyof typeof BRIDGE;

/** Every method's name, in the table's order. */
export const BRIDGE_METHODS = Object.keys(BRIDGE) as BridgeMethod[];

type AnswerOf<M extends BridgeMethod> = (typeof BRIDGE)[M] extends BridgeMethodSpec<z.ZodType<unknown[]>, infer Result> ? Result : never;

/** The request/response half of the bridge, as the window calls it: every method takes JSON arguments and answers JSON. */
export type BridgeMethods = { [M in BridgeMethod]: (...args: z.input<(typeof BRIDGE)[M]['args']>) => Promise<AnswerOf<M>> };

/** What main implements for each method: its checked arguments in, its answer (or a promise of it) out. */
export type BridgeHandlers = { [M in BridgeMethod]: (...args: z.output<(typeof BRIDGE)[M]['args']>) => AnswerOf<M> | Promise<AnswerOf<M>> };

/** Web mode: the header that carries the per-launch secret with every bridge call. */
export const WEB_SECRET_HEADER = 'x-plandesk-secret';

/** The IPC channel of one bridge method. */
export const bridgeChannel = (method: BridgeMethod) => `plandesk:${method}`;
/** Main → renderer: progress of a running sync. */
export const SYNC_PROGRESS_CHANNEL = 'plandesk:sync-progress';

/** The object the preload exposes as `window.plandesk` (and web mode builds over fetch). */
export interface PlanDeskBridge extends BridgeMethods {
  /** Subscribes to sync progress; returns the unsubscribe function. */
  onSyncProgress(listener: (event: SyncProgressEvent) => void): () => void;
}
