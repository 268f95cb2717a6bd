/// <reference types="vite/client" />

import type { PlanDeskBridge } from '../shared/bridge';

declare global {
  interface Window {
    /** Exposed by preload/index.ts; the renderer's only way into the main process. */
    readonly plandesk: PlanDeskBridge;
  }
}
