// The fake electron refuses what real Electron refuses (each rule's document is beside it in
// tests/support/fake-electron.cjs): a fake that accepts more than Electron hides start-up crashes.
import { mkdtempSync, rmSync } from 'node:fs';
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

  it('has safeStorage seal only after ready and only with a secret service, and open only what that keychain sealed for that app', () => {
    const without = createFakeElectron();
    without.control.ready();
    expect(without.electron.safeStorage.isEncryptionAvailable()).toBe(false);
    expect(without.electron.safeStorage.getSelectedStorageBackend()).toBe('basic_text');

    const keychain = mkdtempSync(join(tmpdir(), 'plandesk-fake-keychain-'));
    try {
      const first = createFakeElectron({ keychain });
      expect(first.electron.safeStorage.isEncryptionAvailable()).toBe(false);
      expect(() => first.electron.safeStorage.encryptString('token')).toThrow('Encryption is not available');
      first.control.ready();
      expect(first.electron.safeStorage.getSelectedStorageBackend()).toBe('gnome_libsecret');
      const sealed = first.electron.safeStorage.encryptString('token') as Buffer;
      expect(sealed.subarray(0, 3).toString()).toBe('v11');
      expect(() => first.electron.safeStorage.decryptString(sealed.toString('base64'))).toThrow(TypeError);

      const again = createFakeElectron({ keychain });
      again.control.ready();
      expect(again.electron.safeStorage.decryptString(sealed)).toBe('token');
      const otherApp = createFakeElectron({ keychain, appPath: fileURLToPath(new URL('../..', import.meta.url)) });
      otherApp.control.ready();
      expect(() => otherApp.electron.safeStorage.decryptString(sealed)).toThrow('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      const elsewhere = createFakeElectron({ keychain: join(keychain, 'another-computer') });
      elsewhere.control.ready();
      expect(() => elsewhere.electron.safeStorage.decryptString(sealed)).toThrow(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
      );
    } finally {
      rmSync(keychain, { recursive: true, force: true });
    }
  });

  it('fails loudly on a member it does not model', () => {
    const { electron } = createFakeElectron();
    expect(() => electron.app.setBadgeCount(3)).toThrow('does not model app.setBadgeCount');
    expect(() => electron.dialog).toThrow('does not model electron.dialog');
  });
});
