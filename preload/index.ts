import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  BRIDGE_CHANNEL, CANCEL_SYNC_CHANNEL, ENVIRONMENTS_CHANNEL, SAVE_ENVIRONMENT_CHANNEL, SYNC_CHANNEL, SYNC_PROGRESS_CHANNEL,
  type BridgeResponse, type EnvironmentInfo, type PlanDeskBridge, type SyncProgressEvent,
} from '../shared/bridge';

// Only these narrow wrappers cross into the page; ipcRenderer itself is never exposed.
const api = {
  call: (method, path, body) => ipcRenderer.invoke(BRIDGE_CHANNEL, { method, path, body }) as Promise<BridgeResponse>,
  environments: () => ipcRenderer.invoke(ENVIRONMENTS_CHANNEL) as Promise<EnvironmentInfo[]>,
  saveEnvironment: (input) => ipcRenderer.invoke(SAVE_ENVIRONMENT_CHANNEL, input) as Promise<BridgeResponse>,
  sync: (env) => ipcRenderer.invoke(SYNC_CHANNEL, env) as Promise<BridgeResponse>,
  cancelSync: (env) => ipcRenderer.invoke(CANCEL_SYNC_CHANNEL, env) as Promise<void>,
  onSyncProgress: (listener) => {
    const forward = (_event: IpcRendererEvent, progress: SyncProgressEvent) => listener(progress);
    ipcRenderer.on(SYNC_PROGRESS_CHANNEL, forward);
    return () => ipcRenderer.removeListener(SYNC_PROGRESS_CHANNEL, forward);
  },
} satisfies PlanDeskBridge;

contextBridge.exposeInMainWorld('plandesk', api);
