import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_METHODS, bridgeChannel, SYNC_PROGRESS_CHANNEL, type BridgeMethods, type PlanDeskBridge, type SyncProgressEvent } from '../shared/bridge';

// Only these narrow wrappers cross into the page; ipcRenderer itself is never exposed. Each method
// sends its arguments as one array to its own channel, where main checks them against BRIDGE.
const methods = Object.fromEntries(
  BRIDGE_METHODS.map((method) => [method, (...args: unknown[]) => ipcRenderer.invoke(bridgeChannel(method), args)]),
) as unknown as BridgeMethods;

const api: PlanDeskBridge = {
  ...methods,
  onSyncProgress: (listener) => {
    const forward = (_event: IpcRendererEvent, progress: SyncProgressEvent) => listener(progress);
    ipcRenderer.on(SYNC_PROGRESS_CHANNEL, forward);
    return () => ipcRenderer.removeListener(SYNC_PROGRESS_CHANNEL, forward);
  },
};

contextBridge.exposeInMainWorld('plandesk', api);
