// The contract between the renderer and the main-process core, whichever way it is carried: Electron
// IPC through the preload, or loopback HTTP in web mode. Pure types and constants: no Node, DOM or Electron.
import type { Draft, DraftInput, DraftSummary } from './drafts.js';
import type { ImportAnswer, ImportRequest, RowRange } from './import-table.js';
import type { ExportFile, HistoryEntry, RecordInspection, RecordMatch } from './inspector.js';
import type { NewWorkspace, WorkspaceStatus } from './resources/workspace.js';

/** What the main process answers: the router's status and JSON body (DRF-shaped errors included). */
export interface BridgeResponse {
  status: number;
  body: unknown;
}

/** An environment as the window sees it: never its token. */
interface EnvironmentInfo {
  name: string;
  baseUrl: string;
  tokenScheme: string;
  pending: number;
}

export interface SyncProgressEvent {
  env: string;
  total: number;
  done: number;
  failed: number;
  current?: string;
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
  saveEnvironment(input: { name: string; url: string; token: string }): Promise<BridgeResponse>;
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
  /** A spreadsheet's rows checked as the import would check them; writes nothing. */
  previewImport(request: ImportRequest): Promise<ImportAnswer>;
  /** Imports the sheet's rows (those of `rows` only, when given): valid ones created and queued for sync, the rest reported. */
  runImport(request: ImportRequest & { rows?: RowRange }): Promise<ImportAnswer>;
}

export type BridgeMethod = keyof BridgeMethods;

export const BRIDGE_METHODS = [
  'workspace', 'setupWorkspace', 'call', 'drafts', 'readDraft', 'saveDraft', 'deleteDraft', 'environments', 'saveEnvironment', 'sync', 'cancelSync',
  'findRecords', 'inspectRecord', 'recordHistory', 'exportWorkspace', 'previewImport', 'runImport',
] as const satisfies readonly BridgeMethod[];

/** The IPC channel of one bridge method. */
export const bridgeChannel = (method: BridgeMethod) => `plandesk:${method}`;
/** Main → renderer: progress of a running sync. */
export const SYNC_PROGRESS_CHANNEL = 'plandesk:sync-progress';

/** The object the preload exposes as `window.plandesk` (and web mode builds over fetch). */
export interface PlanDeskBridge extends BridgeMethods {
  /** Subscribes to sync progress; returns the unsubscribe function. */
  onSyncProgress(listener: (event: SyncProgressEvent) => void): () => void;
}
