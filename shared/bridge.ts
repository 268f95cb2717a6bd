// The contract between the preload and the renderer. Pure types and constants: no Node, DOM or Electron.

/** The single IPC channel the preload invokes and the main process handles. */
export const BRIDGE_CHANNEL = 'plandesk:call';

/** What the main process answers: the router's status and JSON body (DRF-shaped errors included). */
export interface BridgeResponse {
  status: number;
  body: unknown;
}

/** The object the preload exposes as `window.plandesk`. */
export interface PlanDeskBridge {
  /** `path` is relative to the API root with its trailing slash, e.g. `/divisions/list/`. */
  call(method: string, path: string, body?: unknown): Promise<BridgeResponse>;
}
