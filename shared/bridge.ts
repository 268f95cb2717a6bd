// The contract between the preload and the renderer. Pure types and constants: no Node, DOM or Electron.

/** The IPC channels the preload invokes and the main process handles. */
export const BRIDGE_CHANNEL = 'plandesk:call';
export const ENVIRONMENTS_CHANNEL = 'plandesk:environments';
export const SAVE_ENVIRONMENT_CHANNEL = 'plandesk:environments:save';
export const SYNC_CHANNEL = 'plandesk:sync';
export const CANCEL_SYNC_CHANNEL = 'plandesk:sync:cancel';
/** Main → renderer: progress of a running sync. */
export const SYNC_PROGRESS_CHANNEL = 'plandesk:sync:progress';

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

/** The object the preload exposes as `window.plandesk`. */
export interface PlanDeskBridge {
  /** `path` is relative to the API root with its trailing slash, e.g. `/divisions/list/`. */
  call(method: string, path: string, body?: unknown): Promise<BridgeResponse>;
  environments(): Promise<EnvironmentInfo[]>;
  /** Saves or replaces an environment; the token is encrypted with the OS keychain and never returned. */
  saveEnvironment(input: { name: string; url: string; token: string }): Promise<BridgeResponse>;
  /** Pushes the queue to the environment; resolves with the summary when done or cancelled. */
  sync(env: string): Promise<BridgeResponse>;
  cancelSync(env: string): Promise<void>;
  /** Subscribes to sync progress; returns the unsubscribe function. */
  onSyncProgress(listener: (event: SyncProgressEvent) => void): () => void;
}
