import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNEL, type BridgeResponse, type PlanDeskBridge } from '../shared/bridge';

// Only this narrow wrapper crosses into the page; ipcRenderer itself is never exposed.
const api = {
  call: (method, path, body) => ipcRenderer.invoke(BRIDGE_CHANNEL, { method, path, body }) as Promise<BridgeResponse>,
} satisfies PlanDeskBridge;

contextBridge.exposeInMainWorld('plandesk', api);
