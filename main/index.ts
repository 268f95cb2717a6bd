// The Electron entry: one locked-down window, loaded from app://renderer/, whose bridge methods
// reach the AppCore. No business logic here; the guards live in ./electron/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, protocol, session, shell } from 'electron';
import { BRIDGE_METHODS, bridgeChannel, SYNC_PROGRESS_CHANNEL } from '../shared/bridge';
import { version } from '../package.json';
import { AppCore } from './app/app-core';
import { AppLog } from './app/app-log';
import { appFolders, workspaceMismatch } from './electron/app-folders';
import { APP_ENTRY_URL, APP_SCHEME, appProtocolHandler, appScheme } from './electron/app-protocol';
import { appUrlMatcher, denyAllPermissions, isTrustedSender, lockDown } from './electron/guards';
import { applicationMenuTemplate } from './electron/menu';
import { appTokenCipher } from './electron/app-token-cipher';
import { systemProxy } from './electron/system-proxy';
import { defaultWorkspaceDir } from './workspace/default-dir';

// The dev server URL is honoured only unpackaged, so a packaged app always loads its own files.
const devServerUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const rendererDir = join(__dirname, '../renderer');
const isAppUrl = appUrlMatcher(devServerUrl);

let core: AppCore | undefined;
let mainWindow: BrowserWindow | undefined;

// Before `ready`: Chromium's session data (caches, storage) must be placed before the session exists,
// and none of it, nor the crash dumps or the log, belongs in the workspace (Electron's userData).
const folders = appFolders();
for (const [name, dir] of Object.entries(folders) as [keyof typeof folders, string][]) {
  mkdirSync(dir, { recursive: true });
  app.setPath(name, dir);
}
const log = new AppLog({ dir: app.getPath('logs'), echo: app.isPackaged ? undefined : (line) => console.error(line) });
const workspaceDir = defaultWorkspaceDir();

/** One handler per bridge method: only our own top frame is answered; the core checks the arguments. Progress goes to the window. */
function registerBridge(appCore: AppCore): void {
  for (const method of BRIDGE_METHODS) {
    ipcMain.handle(bridgeChannel(method), (event, args: unknown) => {
      if (!isTrustedSender(event, mainWindow?.webContents, isAppUrl)) {
        log.warn(`${bridgeChannel(method)}: rejected a call from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
        throw new Error('Forbidden.');
      }
      // Only the method's name goes to the log with the error, never its arguments (bodies, tokens).
      return appCore.invoke(method, args).catch((error: unknown) => {
        throw log.reported(`the window's call ${method} failed`, error);
      });
    });
  }
  appCore.onSyncProgress((progress) => {
    const contents = mainWindow?.webContents;
    if (contents && !contents.isDestroyed()) contents.send(SYNC_PROGRESS_CHANNEL, progress);
  });
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
      devTools: !app.isPackaged,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  win.loadURL(devServerUrl ?? APP_ENTRY_URL).catch((error: unknown) => log.error('could not load the window', error));
  return win;
}

/** Once Electron is ready: the app:// scheme, the menu, the core and its bridge, the window. */
function start(): void {
  protocol.handle(APP_SCHEME, appProtocolHandler(rendererDir));
  denyAllPermissions(session.defaultSession);
  const openLogsFolder = () => {
    void shell.openPath(app.getPath('logs')).then((problem) => problem && log.warn(`could not open the logs folder: ${problem}`));
  };
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate({ packaged: app.isPackaged, platform: process.platform, openLogsFolder })));
  core = new AppCore({
    dir: workspaceDir,
    reportFailure: (what, error) => log.error(what, error),
    tokenCipher: (dir) => appTokenCipher(dir, (line) => log.warn(line)),
    network: systemProxy(session.defaultSession, process.env),
  });
  registerBridge(core);
  mainWindow = createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
}

// Before `ready`: Electron fixes a scheme's privileges at start-up.
protocol.registerSchemesAsPrivileged([appScheme]);

// A second instance would open the same SQLite workspace; focus the first window instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });

  // Applied to every web contents, so nothing the page opens can escape the guards.
  app.on('web-contents-created', (_event, contents) => lockDown(contents, isAppUrl));

  log.info(`PlanDesk ${version} started (Electron ${process.versions.electron ?? 'unknown'}, ${process.platform}); workspace ${workspaceDir}`);
  const mismatch = workspaceMismatch(app.getPath('userData'), workspaceDir);
  if (mismatch) log.warn(mismatch);

  // A start-up that fails (the workspace's key, the worker, the window) is logged and ends the app:
  // left running with no window, it would keep the single-instance lock and no relaunch could open one.
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('starting the app failed', error);
      app.quit();
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
      .catch((error: unknown) => log.error('closing the workspace failed', error))
      .finally(() => app.quit());
  });
}
