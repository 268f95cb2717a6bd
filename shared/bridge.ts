// The contract between the renderer and the main-process core, whichever way it is carried: Electron
// IPC through the preload, or loopback HTTP in web mode. Pure types and constants: no Node, DOM or Electron.
import type { Draft, DraftInput, DraftSummary } from './drafts.js';
import type { ExhibitPdfFile, ExhibitQuery, ExhibitView } from './exhibit/view.js';
import type { ImportAnswer, ImportRequest, RowRange } from './import-table.js';
import type { ExportFile, HistoryEntry, RecordInspection, RecordMatch } from './inspector.js';
import type { NewWorkspace, WorkspaceStatus } from './resources/workspace.js';

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
}

/** An environment to add (with its token) or to change (address and flag; without a token, the saved one stays). */
interface EnvironmentInput {
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
  total: number;
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
  /** Name, title or e-mail; never an id. */
  name: string;
  operation: 'create' | 'update' | 'delete';
  state: SyncQueueState;
  last_attempt_at: string | null;
  /** Why it is not sent, in words; null when nothing is in the way. */
  reason: string | null;
  /** For a record the remote refused with 400: the field it rejected. */
  field: string | null;
}

/** What a push would send, per entity, and what waits for a person. */
export interface SyncDryRun {
  would_push: Record<SyncEntity, number>;
  failed: number;
  conflicts: number;
}

/** A record an environment could not take without a person's decision, both sides' differing values. */
export interface SyncConflict {
  record: string;
  entity: SyncEntity;
  name: string;
  reason: string;
  remote_id: string | null;
  /** Only the fields that differ; {} when the remote record cannot be read. */
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

/** The request/response half of the bridge: every method takes JSON arguments and answers JSON. */
export interface BridgeMethods {
  /** Whether the workspace is set up, and as whom. */
  workspace(): Promise<WorkspaceStatus>;
  /** First run: creates the local account, its first division and the person's admin user. Offline. */
  setupWorkspace(input: NewWorkspace): Promise<BridgeResponse>;
  /** `path` is relative to the API root with its trailing slash, e.g. `/divisions/list/`. */
  call(method: string, path: string, body?: unknown): Promise<BridgeResponse>;
  drafts(): Promise<DraftSummary[]>;
  readDraft(id: string): Promise<Draft | null>;
  saveDraft(draft: DraftInput): Promise<BridgeResponse>;
  deleteDraft(id: string): Promise<void>;
  environments(): Promise<EnvironmentInfo[]>;
  /** Saves or replaces an environment; the token is encrypted at rest and never returned. */
  saveEnvironment(input: EnvironmentInput): Promise<BridgeResponse>;
  /** Forgets an environment: its token, id mappings and queue states there. Local records stay. */
  removeEnvironment(name: string): Promise<BridgeResponse>;
  /** Probes the remote with the saved token; answers a ConnectionTest within seconds, also when offline. */
  testConnection(name: string): Promise<BridgeResponse>;
  /** Remote records a conflicting local record could be linked to, whose label holds `text`. */
  remoteCandidates(env: string, record: string, text: string): Promise<BridgeResponse>;
  /** Pushes the queue to the environment; resolves with the summary when done or cancelled. */
  sync(env: string): Promise<BridgeResponse>;
  cancelSync(env: string): Promise<void>;
  /** Support inspector: records by local or remote id, name, title or e-mail (deleted ones by id). */
  findRecords(text: string): Promise<RecordMatch[]>;
  /** One record (local or remote id): as the API returns it, its history and its state per environment. */
  inspectRecord(id: string): Promise<RecordInspection | null>;
  /** Every local change of one record, oldest first. */
  recordHistory(id: string): Promise<HistoryEntry[]>;
  /** The whole workspace as files to save: one JSON file, or employers.csv and plans-KIND.csv. */
  exportWorkspace(format: 'json' | 'csv'): Promise<ExportFile[]>;
  /** The environment's queue, one row per record with a local change, newest first. */
  syncQueue(env: string): Promise<BridgeResponse>;
  /** Counts per entity of what a push would send; sends nothing. */
  syncDryRun(env: string): Promise<BridgeResponse>;
  /** The environment's conflicts with local and remote values (reads the remote). */
  syncConflicts(env: string): Promise<BridgeResponse>;
  /** Records a decision on one conflict; the next push acts on it. */
  syncResolve(env: string, record: string, decision: SyncDecision): Promise<BridgeResponse>;
  /** Sends one failed record (or, with null, every failed record) again with the next push. */
  syncRetry(env: string, record: string | null): Promise<BridgeResponse>;
  /** Checks the workspace database without changing it. */
  checkWorkspace(): Promise<WorkspaceCheck>;
  /** Takes a backup now into the backups folder; answers {name, bytes}. */
  backupWorkspace(): Promise<BridgeResponse>;
  /** The backups folder's files, newest first. */
  listBackups(): Promise<BackupInfo[]>;
  /** Replaces the workspace database with the named backup (checked first; the replaced one is kept). */
  restoreWorkspace(name: string): Promise<BridgeResponse>;
  /** The renewal exhibit of an employer for a plan year, with the enrollment saved for it. */
  exhibit(query: ExhibitQuery): Promise<ExhibitView>;
  /** Keeps the enrollment per tier (four counts) with the workspace; never queued for sync. */
  saveEnrollment(employer: string, year: number, enrollment: number[]): Promise<BridgeResponse>;
  /** The exhibit as a PDF, made in the main process exactly as `plandesk exhibit` makes it. */
  exhibitPdf(query: ExhibitQuery): Promise<ExhibitPdfFile>;
  /**
   * Reads an SBC PDF (its bytes as base64) in the main process: 200 with the reading
   * (shared/sbc.ts), or 422 with the reason (a scan, not an SBC, not a PDF). Writes nothing.
   */
  readSbc(pdfBase64: string): Promise<BridgeResponse>;
  /** A spreadsheet's rows checked as the import would check them; writes nothing. */
  previewImport(request: ImportRequest): Promise<ImportAnswer>;
  /** Imports the sheet's rows (those of `rows` only, when given): valid ones created and queued for sync, the rest reported. */
  runImport(request: ImportRequest & { rows?: RowRange }): Promise<ImportAnswer>;
}

export type BridgeMethod = keyof BridgeMethods;

export const BRIDGE_METHODS = [
  'workspace', 'setupWorkspace', 'call', 'drafts', 'readDraft', 'saveDraft', 'deleteDraft', 'environments', 'saveEnvironment', 'sync', 'cancelSync',
  'removeEnvironment', 'testConnection', 'remoteCandidates',
  'findRecords', 'inspectRecord', 'recordHistory', 'exportWorkspace',
  'syncQueue', 'syncDryRun', 'syncConflicts', 'syncResolve', 'syncRetry',
  'checkWorkspace', 'backupWorkspace', 'listBackups', 'restoreWorkspace',
  'exhibit', 'saveEnrollment', 'exhibitPdf',
  'readSbc',
  'findRecords', 'inspectRecord', 'recordHistory', 'exportWorkspace', 'previewImport', 'runImport',
] as const satisfies readonly BridgeMethod[];

/** The largest SBC PDF the window may send to be read (base64 grows it by a third). */
export const SBC_MAX_BYTES = 1_500_000;

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
