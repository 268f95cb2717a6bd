// The contract between the renderer and the main-process core, whichever way it is carried: Electron
// IPC through the preload, or loopback HTTP in web mode. Pure types and constants: no Node, DOM or Electron.
import type { Draft, DraftInput, DraftSummary } from './drafts.js';
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
  pending: number;
}

export interface SyncProgressEvent {
  env: string;
  total: number;
  done: number;
  failed: number;
  current?: string;
}

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
  saveEnvironment(input: { name: string; url: string; token: string }): Promise<BridgeResponse>;
  /** Pushes the queue to the environment; resolves with the summary when done or cancelled. */
  sync(env: string): Promise<BridgeResponse>;
  cancelSync(env: string): Promise<void>;
  /** Checks the workspace database without changing it. */
  checkWorkspace(): Promise<WorkspaceCheck>;
  /** Takes a backup now into the backups folder; answers {name, bytes}. */
  backupWorkspace(): Promise<BridgeResponse>;
  /** The backups folder's files, newest first. */
  listBackups(): Promise<BackupInfo[]>;
  /** Replaces the workspace database with the named backup (checked first; the replaced one is kept). */
  restoreWorkspace(name: string): Promise<BridgeResponse>;
}

export type BridgeMethod = keyof BridgeMethods;

export const BRIDGE_METHODS = [
  'workspace', 'setupWorkspace', 'call', 'drafts', 'readDraft', 'saveDraft', 'deleteDraft', 'environments', 'saveEnvironment', 'sync', 'cancelSync',
  'checkWorkspace', 'backupWorkspace', 'listBackups', 'restoreWorkspace',
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
