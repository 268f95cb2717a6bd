// What ships, started as a person's first launch starts it: the BUILT main bundle (the file
// electron-builder packages) in plain Node, against the fake electron that keeps real Electron's
// rules (tests/support/fake-electron.cjs). A repeated IPC handler, a window made before `ready`, a
// missing preload or a page the app:// handler cannot serve all fail here, as they would on a laptop.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS, bridgeChannel } from '../../shared/bridge.js';
import { runPlandesk } from '../support/cli-run.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOOT = fileURLToPath(new URL('../support/fake-electron-boot.cjs', import.meta.url));

interface BootReport {
  errors: string[];
  windows: { options: { webPreferences: Record<string, unknown> } & Record<string, unknown>; loaded: string[]; visible: boolean }[];
  channels: string[];
  page: { url: string; status: number; type: string | null; bytes?: number }[];
  preloadRequires: string[];
  exposed: string[];
  calls: Record<string, unknown>;
  paths: Record<'userData' | 'sessionData' | 'crashDumps' | 'logs', string>;
}

let dir: string;
let report: BootReport;
/** A person's folders: no $PLANDESK_WORKSPACE, so the app and the CLI each find the workspace on their own. */
let home: Record<string, string>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-boot-'));
  const reportFile = join(dir, 'report.json');
  home = { XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache'), XDG_STATE_HOME: join(dir, 'state') };
  const env: NodeJS.ProcessEnv = { ...process.env, ...home, FAKE_ELECTRON_REPORT: reportFile };
  delete env['PLANDESK_WORKSPACE'];
  const run = spawnSync(process.execPath, ['-r', BOOT, join(REPO_ROOT, 'out/main/index.js')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env,
    timeout: 30_000,
  });
  expect(run.status, `the shell exited with ${run.status}\n${run.stderr}`).toBe(0);
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as BootReport;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the desktop app, started from its built bundle', () => {
  it('starts without an uncaught error or an unhandled rejection', () => {
    expect(report.errors).toEqual([]);
  });

  it('opens exactly one window, shown, sandboxed and isolated, whose preload file exists', () => {
    expect(report.windows).toHaveLength(1);
    const [window] = report.windows;
    expect(window!.visible).toBe(true);
    expect(window!.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, devTools: false });
    expect(existsSync(window!.options.webPreferences['preload'] as string)).toBe(true);
  });

  it('registers every bridge method exactly once, and nothing else', () => {
    expect([...report.channels].sort()).toEqual(BRIDGE_METHODS.map(bridgeChannel).sort());
  });

  it('serves the window its page through app://, with every script and style sheet the page references', () => {
    expect(report.windows[0]!.loaded).toEqual(['app://renderer/index.html']);
    const [page, ...assets] = report.page;
    expect(page).toMatchObject({ url: 'app://renderer/index.html', status: 200, type: 'text/html; charset=utf-8' });
    expect(assets.map((asset) => asset.type)).toEqual(expect.arrayContaining(['text/javascript; charset=utf-8', 'text/css; charset=utf-8']));
    for (const asset of assets) expect(asset, asset.url).toMatchObject({ status: 200 });
    for (const asset of assets) expect(asset.bytes, asset.url).toBeGreaterThan(0);
  });

  it('loads a preload that needs nothing but electron and exposes exactly the bridge', () => {
    expect(report.preloadRequires).toEqual(['electron']);
    expect([...report.exposed].sort()).toEqual([...BRIDGE_METHODS, 'onSyncProgress'].sort());
  });

  it('carries a call from the window through the preload and IPC to the core', () => {
    expect(report.calls['before']).toEqual({ ready: false });
    expect(report.calls['setup']).toMatchObject({ status: 200 });
    expect(report.calls['division']).toMatchObject({ status: 200, body: { name: 'West' } });
    expect(report.calls['after']).toMatchObject({ ready: true, account: 'Harbor Benefits', user: { email: 'dana@harbor.example' } });
  });
});

describe("the desktop app's folders", () => {
  it("keeps its workspace in Electron's userData, named PlanDesk, where the command line finds it too", async () => {
    const workspace = join(home['XDG_CONFIG_HOME']!, 'PlanDesk');
    expect(report.paths.userData).toBe(workspace);
    const status = await runPlandesk(['status', '--json'], '', { env: home });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ workspace, records: { division: 2, user: 1 } });
  });

  it("holds the database and its backups only: Chromium's session data, crash dumps and the log are elsewhere", () => {
    const workspace = report.paths.userData;
    expect(readdirSync(workspace).filter((name) => !name.startsWith('plandesk.db') && name !== 'backups')).toEqual([]);
    for (const name of ['sessionData', 'crashDumps', 'logs'] as const) expect(report.paths[name].startsWith(workspace), name).toBe(false);
    expect(report.paths.sessionData).toBe(join(home['XDG_CACHE_HOME']!, 'PlanDesk', 'Session'));
  });

  it('writes its log, saying where the workspace is, with no warning that the command line would open another', () => {
    const log = readFileSync(join(report.paths.logs, 'plandesk.log'), 'utf8');
    expect(log).toContain(`started (Electron unknown, ${process.platform}); workspace ${report.paths.userData}`);
    expect(log).not.toContain('WARN');
  });
});
