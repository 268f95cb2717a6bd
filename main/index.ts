// The Electron entry: one locked-down window whose bridge methods reach the AppCore. No business logic here.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, ipcMain, session, type IpcMainInvokeEvent } from 'electron';
import {
  BRIDGE_METHODS, bridgeChannel, SYNC_PROGRESS_CHANNEL, type BridgeMethod,
} from '../shared/bridge';
import { AppCore } from './app/app-core';
import { electronNativeBinding } from './electron/native-binding';
import { safeStorageCipher } from './electron/safe-storage-cipher';
import { defaultWorkspaceDir } from './workspace/default-dir';

// The dev server URL is honoured only unpackaged, so a packaged app always loads its own files.
const devServerUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const rendererFile = join(__dirname, '../renderer/index.html');
const appUrl = new URL(devServerUrl ?? pathToFileURL(rendererFile).href);

let core: AppCore | undefined;
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

/** One handler per bridge method: only our own top frame is answered; the core checks the arguments. */
function registerBridge(appCore: AppCore): void {
  for (const method of BRIDGE_METHODS) {
    ipcMain.handle(bridgeChannel(method), (event, args: unknown) => {
      if (!isTrustedSender(event)) {
        console.warn(`${bridgeChannel(method)}: rejected a call from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
        throw new Error('Forbidden.');
      }
      return appCore.invoke(method satisfies BridgeMethod, args, (progress) => {
        if (!event.sender.isDestroyed()) event.sender.send(SYNC_PROGRESS_CHANNEL, progress);
      });
    });
  }
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
    core = new AppCore({
      dir: defaultWorkspaceDir(),
      nativeBinding: electronNativeBinding(app.getAppPath(), app.isPackaged),
      tokenCipher: () => safeStorageCipher(),
    });
    registerBridge(core);
    mainWindow = createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quitting waits for a running sync to be cancelled and settle before the database closes.
  app.on('before-quit', (event) => {
    if (!core) return;
    event.preventDefault();
    const closing = core;
    core = undefined;
    void closing
      .shutdown()
      .catch((error: unknown) => console.error('PlanDesk: closing the workspace failed', error))
      .finally(() => app.quit());
  });
}
