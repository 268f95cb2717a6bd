import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { bridgeChannel, SYNC_PROGRESS_CHANNEL, type BridgeMethod, type PlanDeskBridge, type SyncProgressEvent } from '../shared/bridge';

// Only these narrow wrappers cross into the page; ipcRenderer itself is never exposed. Each method
// sends its arguments as one array to its own channel, where main checks them against the method.
function send(method: BridgeMethod, ...args: unknown[]) {
  return ipcRenderer.invoke(bridgeChannel(method), args);
}

const api = {
  workspace: () => send('workspace'),
  setupWorkspace: (input) => send('setupWorkspace', input),
  call: (method, path, body) => send('call', method, path, body),
  drafts: () => send('drafts'),
  readDraft: (id) => send('readDraft', id),
  saveDraft: (draft) => send('saveDraft', draft),
  deleteDraft: (id) => send('deleteDraft', id),
  environments: () => send('environments'),
  saveEnvironment: (input) => send('saveEnvironment', input),
  sync: (env) => send('sync', env),
  cancelSync: (env) => send('cancelSync', env),
  removeEnvironment: (name) => send('removeEnvironment', name),
  testConnection: (name) => send('testConnection', name),
  remoteCandidates: (env, record, text) => send('remoteCandidates', env, record, text),
  findRecords: (text) => send('findRecords', text),
  inspectRecord: (id) => send('inspectRecord', id),
  recordHistory: (id) => send('recordHistory', id),
  exportWorkspace: (format) => send('exportWorkspace', format),
  syncQueue: (env) => send('syncQueue', env),
  syncDryRun: (env) => send('syncDryRun', env),
  syncConflicts: (env) => send('syncConflicts', env),
  syncResolve: (env, record, decision) => send('syncResolve', env, record, decision),
  syncRetry: (env, record) => send('syncRetry', env, record),
  checkWorkspace: () => send('checkWorkspace'),
  backupWorkspace: () => send('backupWorkspace'),
  listBackups: () => send('listBackups'),
  restoreWorkspace: (name) => send('restoreWorkspace', name),
  exhibit: (query) => send('exhibit', query),
  saveEnrollment: (employer, year, enrollment) => send('saveEnrollment', employer, year, enrollment),
  exhibitPdf: (query) => send('exhibitPdf', query),
  readSbc: (pdfBase64) => send('readSbc', pdfBase64),
  previewImport: (request) => send('previewImport', request),
  runImport: (request) => send('runImport', request),
  onSyncProgress: (listener) => {
    const forward = (_event: IpcRendererEvent, progress: SyncProgressEvent) => listener(progress);
    ipcRenderer.on(SYNC_PROGRESS_CHANNEL, forward);
    return () => ipcRenderer.removeListener(SYNC_PROGRESS_CHANNEL, forward);
  },
} satisfies PlanDeskBridge;

contextBridge.exposeInMainWorld('plandesk', api);
