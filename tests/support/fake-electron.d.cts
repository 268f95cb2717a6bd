import type { EventEmitter } from 'node:events';

interface FakeWebContents extends EventEmitter {
  sent: unknown[][];
  windowOpenHandler: (() => unknown) | undefined;
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
  destroy(): void;
}

interface FakeBrowserWindow extends EventEmitter {
  options: { webPreferences: Record<string, unknown> } & Record<string, unknown>;
  loaded: string[];
  visible: boolean;
  url: string | undefined;
  webContents: FakeWebContents;
  close(): void;
}

type Listener = (...args: any[]) => any;

export interface FakeElectronControl {
  windows: FakeBrowserWindow[];
  ipcHandlers: Map<string, Listener>;
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  privilegedSchemes: unknown[];
  exposed: Map<string, Record<string, Listener>>;
  requiredByPreload: string[];
  permissionRequestHandler: Listener | undefined;
  permissionCheckHandler: Listener | undefined;
  applicationMenu: { template: unknown } | undefined;
  /** What shell.openPath was asked to open. */
  openedPaths: string[];
  /** The system's proxy settings as Electron's ProxyConfig states fixed servers; undefined: none. */
  systemProxy: { proxyRules: string; proxyBypassRules?: string } | undefined;
  /** Every URL session.resolveProxy was asked about. */
  resolvedProxies: string[];
  quitting: boolean;
  onQuit: () => void;
  ready(): void;
  createWebContents(): FakeWebContents;
  loadPreload(window: FakeBrowserWindow): void;
}

export interface FakeElectron {
  electron: Record<string, any>;
  control: FakeElectronControl;
}

/**
 * `keychain`: a folder standing for the user's OS secret service; with it, safeStorage seals and
 * opens as Electron does on Linux with one (every fake given the same folder shares its key).
 * Without it, encryption is unavailable, as on a Linux desktop without a secret service.
 */
export function createFakeElectron(options?: { packaged?: boolean; appPath?: string; keychain?: string }): FakeElectron;
export function installFakeElectron(electron: Record<string, any>): void;
