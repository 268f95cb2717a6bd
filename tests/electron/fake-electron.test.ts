// The fake electron refuses what real Electron refuses (each rule's document is beside it in
// tests/support/fake-electron.cjs): a fake that accepts more than Electron hides start-up crashes.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFakeElectron } from '../support/fake-electron.cjs';

describe("the fake electron keeps Electron's rules", () => {
  it('refuses a second handler on one IPC channel', () => {
    const { electron } = createFakeElectron();
    electron.ipcMain.handle('plandesk:findRecords', () => []);
    expect(() => electron.ipcMain.handle('plandesk:findRecords', () => [])).toThrow("Attempted to register a second handler for 'plandesk:findRecords'");
  });

  it('makes no window, no protocol handler and no default session before ready', () => {
    const { electron } = createFakeElectron();
    expect(() => new electron.BrowserWindow({})).toThrow('Cannot create BrowserWindow before app is ready');
    expect(() => electron.protocol.handle('app', () => new Response())).toThrow('after the ready event');
    expect(() => electron.session.defaultSession).toThrow('Session can only be received when app is ready');
  });

  it('registers privileged schemes only before ready, and only once', () => {
    const early = createFakeElectron();
    early.electron.protocol.registerSchemesAsPrivileged([{ scheme: 'app' }]);
    expect(() => early.electron.protocol.registerSchemesAsPrivileged([{ scheme: 'other' }])).toThrow('only once');
    const late = createFakeElectron();
    late.control.ready();
    expect(() => late.electron.protocol.registerSchemesAsPrivileged([{ scheme: 'app' }])).toThrow('before app is ready');
  });

  it('throws on sending to destroyed web contents', () => {
    const { electron, control } = createFakeElectron();
    control.ready();
    const window = new electron.BrowserWindow({});
    window.close();
    expect(window.webContents.isDestroyed()).toBe(true);
    expect(() => window.webContents.send('plandesk:sync-progress', {})).toThrow('Object has been destroyed');
  });

  it("names userData after the app's productName, and sets a path only to an existing folder, sessionData only before ready", () => {
    const repo = fileURLToPath(new URL('../..', import.meta.url));
    const { electron, control } = createFakeElectron({ appPath: repo });
    expect(electron.app.getName()).toBe('PlanDesk');
    expect(electron.app.getPath('userData')).toBe(join(electron.app.getPath('appData'), 'PlanDesk'));
    expect(electron.app.getPath('sessionData')).toBe(electron.app.getPath('userData'));
    expect(() => electron.app.getPath('nowhere')).toThrow("Failed to get 'nowhere' path");
    expect(() => electron.app.setPath('sessionData', join(tmpdir(), 'plandesk-no-such-folder'))).toThrow('does not exist');
    electron.app.setPath('sessionData', tmpdir());
    expect(electron.app.getPath('sessionData')).toBe(tmpdir());
    control.ready();
    expect(() => electron.app.setPath('sessionData', tmpdir())).toThrow('before the ready event');
    expect(createFakeElectron().electron.app.getName()).toBe('Electron');
  });

  it('fails loudly on a member it does not model', () => {
    const { electron } = createFakeElectron();
    expect(() => electron.app.setBadgeCount(3)).toThrow('does not model app.setBadgeCount');
    expect(() => electron.dialog).toThrow('does not model electron.dialog');
  });
});
