import type { PlanDeskBridge } from '../../shared/bridge';
import { createWebBridge } from './web-bridge';

/** The desktop app's preload bridge, or web mode's when the page runs in a plain browser. */
export const bridge: PlanDeskBridge = window.plandesk ?? createWebBridge(window.location, window.sessionStorage, window.history);
