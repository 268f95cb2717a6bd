// One workspace for the app and the CLI: the CLI's default folder is the folder Electron names
// userData (appData and package.json's productName) on every platform, and the desktop app's
// caches, crash dumps and log are outside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFolders, workspaceMismatch } from '../../main/electron/app-folders.js';
import { defaultWorkspaceDir, type Machine } from '../../main/workspace/default-dir.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; productName: string };

const linux: Machine = { platform: 'linux', env: {}, home: '/home/ann' };
const mac: Machine = { platform: 'darwin', env: {}, home: '/Users/ann' };
const windows: Machine = {
  platform: 'win32',
  env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' },
  home: 'C:\\Users\\ann',
};

describe('the workspace folder', () => {
  it("is named after package.json's productName, the name Electron gives userData in a development run and packaged alike", () => {
    expect(pkg.productName).toBe('PlanDesk');
    expect(defaultWorkspaceDir(linux)).toBe('/home/ann/.config/PlanDesk');
    expect(defaultWorkspaceDir({ ...linux, env: { XDG_CONFIG_HOME: '/tmp/config' } })).toBe('/tmp/config/PlanDesk');
    expect(defaultWorkspaceDir(mac)).toBe('/Users/ann/Library/Application Support/PlanDesk');
    expect(defaultWorkspaceDir(windows)).toBe(join('C:\\Users\\ann\\AppData\\Roaming', 'PlanDesk'));
  });

  it('is $PLANDESK_WORKSPACE when set', () => {
    expect(defaultWorkspaceDir({ ...linux, env: { PLANDESK_WORKSPACE: '/srv/ws' } })).toBe('/srv/ws');
  });
});

describe("the desktop app's other folders", () => {
  it.each([linux, mac, windows])('are all outside the workspace on $platform', (machine) => {
    const workspace = defaultWorkspaceDir(machine);
    for (const [name, dir] of Object.entries(appFolders(machine))) {
      expect(dir.startsWith(workspace), `${name}: ${dir}`).toBe(false);
      expect(dir, name).toContain('PlanDesk');
    }
  });

  it("follow the platform's conventions", () => {
    expect(appFolders(linux)).toEqual({
      sessionData: '/home/ann/.cache/PlanDesk/Session',
      crashDumps: '/home/ann/.cache/PlanDesk/Crashpad',
      logs: '/home/ann/.local/state/PlanDesk/logs',
    });
    expect(appFolders(mac).logs).toBe('/Users/ann/Library/Logs/PlanDesk');
    expect(appFolders(windows).sessionData).toBe(join('C:\\Users\\ann\\AppData\\Local', 'PlanDesk', 'Session'));
  });
});

describe('the check at start', () => {
  it("says nothing when Electron's userData is the CLI's workspace", () => {
    expect(workspaceMismatch('/home/ann/.config/PlanDesk', defaultWorkspaceDir(linux), {})).toBeUndefined();
  });

  it("says so when they part, as they did when the app was named by package.json's lower-case name", () => {
    expect(workspaceMismatch(`/home/ann/.config/${pkg.name}`, '/home/ann/.config/PlanDesk', {})).toBe(
      "Electron's data folder /home/ann/.config/plandesk is not the workspace the plandesk command opens (/home/ann/.config/PlanDesk); the app opens /home/ann/.config/PlanDesk, as the command does.",
    );
  });

  it('accepts a workspace chosen with $PLANDESK_WORKSPACE', () => {
    expect(workspaceMismatch('/home/ann/.config/PlanDesk', '/srv/ws', { PLANDESK_WORKSPACE: '/srv/ws' })).toBeUndefined();
  });
});
