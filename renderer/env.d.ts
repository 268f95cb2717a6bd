/// <reference types="vite/client" />

import type { PlanDeskBridge } from '../shared/bridge';

declare global {
  interface Window {
    /** Exposed by preload/index.ts in the desktop app; absent in web mode (see bridge/bridge.ts). */
    readonly plandesk?: PlanDeskBridge;
  }
}
