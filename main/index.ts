// The Electron entry: one locked-down window and one IPC channel into the router. No business logic here.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, ipcMain, session, type IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import {
  BRIDGE_CHANNEL, CANCEL_SYNC_CHANNEL, ENVIRONMENTS_CHANNEL, SAVE_ENVIRONMENT_CHANNEL, SYNC_CHANNEL, SYNC_PROGRESS_CHANNEL, type BridgeResponse,
} from '../shared/bridge';
import { electronNativeBinding } from './electron/native-binding';
import { safeStorageCipher } from './electron/safe-storage-cipher';
import { SyncController } from './sync/sync-controller';
import { defaultWorkspaceDir, isWorkspaceInitialized, openWorkspace } from './workspace/workspace';

type Workspace = ReturnType<typeof openWorkspace>;

const callSchema = z.strictObject({ method: z.string().min(1), path: z.string().min(1), body: z.unknown().optional() });

// The dev server URL is honoured only unpackaged, so a packaged app always loads its own files.
const devServerUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const rendererFile = join(__dirname, '../renderer/index.html');
const appUrl = new URL(devServerUrl ?? pathToFileURL(rendererFile).href);

let workspace: Workspace | undefined;
let syncController: SyncController | undefined;
let mainWindow: BrowserWindow | undefined;

/** True for our renderer's page (any hash or query), false for anything else, including other files. */
function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return devServerUrl ? parsed.origin === appUrl.origin : parsed.protocol === 'file:' && parsed.pathname === appUrl.pathname;
}

function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return (
    frame !== null && frame.parent === null && mainWindow !== undefined && event.sender === mainWindow.webContents && isAppUrl(frame.url)
  );
}

// Opened lazily so that a workspace set up after launch (the welcome screen, later) is picked up.
function currentWorkspace(): Workspace | undefined {
  if (workspace) return workspace;
  const dir = process.env['PLANDESK_WORKSPACE'] || defaultWorkspaceDir();
  if (!isWorkspaceInitialized(dir)) return undefined;
  workspace = openWorkspace(dir, { nativeBinding: electronNativeBinding(app.getAppPath(), app.isPackaged) });
  return workspace;
}

function handleCall(event: IpcMainInvokeEvent, payload: unknown): BridgeResponse {
  if (!isTrustedSender(event)) {
    console.warn(`${BRIDGE_CHANNEL}: rejected a call from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
    return { status: 403, body: { detail: 'Forbidden.' } };
  }
  const parsed = callSchema.safeParse(payload);
  if (!parsed.success) return { status: 400, body: { detail: 'Malformed bridge call.' } };
  try {
    const ws = currentWorkspace();
    if (!ws) return NOT_SET_UP;
    const { method, path, body } = parsed.data;
    const response = ws.router({ method, path, body, actor: ws.actor });
    return { status: response.status, body: response.body };
  } catch (error) {
    console.error(`${BRIDGE_CHANNEL}: ${parsed.data.method} ${parsed.data.path} failed`, error);
    return { status: 500, body: { detail: 'Internal error.' } };
  }
}

const NOT_SET_UP: BridgeResponse = { status: 503, body: { detail: 'The workspace is not set up yet.' } };
const envName = z.string().min(1).max(64);

function currentSyncController(): SyncController | undefined {
  const ws = currentWorkspace();
  if (ws) syncController ??= new SyncController(ws, safeStorageCipher());
  return syncController;
}

/** Registers a handler that answers only our own window, with arguments checked by `schema`. */
function handleTrusted<T, R>(channel: string, schema: z.ZodType<T>, handler: (event: IpcMainInvokeEvent, input: T) => R | Promise<R>, refusal: R): void {
  ipcMain.handle(channel, async (event, input: unknown) => {
    if (!isTrustedSender(event)) {
      console.warn(`${channel}: rejected a call from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
      return refusal;
    }
    const parsed = schema.safeParse(input);
    return parsed.success ? handler(event, parsed.data) : refusal;
  });
}

function registerSyncHandlers(): void {
  handleTrusted(ENVIRONMENTS_CHANNEL, z.undefined(), () => currentSyncController()?.environments() ?? [], []);
  handleTrusted(SAVE_ENVIRONMENT_CHANNEL, z.unknown(), (_event, input) => currentSyncController()?.saveEnvironment(input) ?? NOT_SET_UP, { status: 400, body: { detail: 'Malformed bridge call.' } });
  handleTrusted(SYNC_CHANNEL, envName, async (event, env) => {
    const controller = currentSyncController();
    if (!controller) return NOT_SET_UP;
    return controller.sync(env, (progress) => {
      if (!event.sender.isDestroyed()) event.sender.send(SYNC_PROGRESS_CHANNEL, { env, ...progress });
    });
  }, { status: 400, body: { detail: 'Malformed bridge call.' } });
  handleTrusted(CANCEL_SYNC_CHANNEL, envName, (_event, env) => currentSyncController()?.cancel(env), undefined);
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    title: 'PlanDesk',
    width: 1200,
    height: 800,
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  (devServerUrl ? win.loadURL(devServerUrl) : win.loadFile(rendererFile)).catch((error: unknown) => console.error('PlanDesk: could not load the window', error));
  return win;
}

// A second instance would open the same SQLite workspace; focus the first window instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });

  // Applied to every web contents, so nothing the page opens can escape the guards.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
    ipcMain.handle(BRIDGE_CHANNEL, handleCall);
    registerSyncHandlers();
    mainWindow = createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('will-quit', () => {
    workspace?.close();
    workspace = undefined;
    syncController = undefined;
  });
}
