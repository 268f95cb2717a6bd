// The Electron shell (main/index.ts) in plain Node, against the one fake electron that keeps real
// Electron's rules (tests/support/fake-electron.cjs; the binary cannot run on build machines). What
// is checked is the shell's own behaviour: window options, guards, IPC sender checks, the app://
// handler and the menu. tests/electron/boot.test.ts starts the built bundle the same way.
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const { electron, control } = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('../support/fake-electron.cjs');
  return createFakeElectron({ packaged: true });
});
vi.mock('electron', () => electron);

const RENDERER_DIR = fileURLToPath(new URL('../../renderer', import.meta.url));
let workspace: string;
let window: (typeof control.windows)[number];

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'plandesk-shell-'));
  process.env.PLANDESK_WORKSPACE = workspace;
  await import('../../main/index.js');
  control.ready();
  await vi.waitFor(() => expect(control.windows).toHaveLength(1));
  window = control.windows[0]!;
});

afterAll(() => {
  control.onQuit = () => {};
  electron.app.quit();
  delete process.env.PLANDESK_WORKSPACE;
  rmSync(workspace, { recursive: true, force: true });
});

describe('the window', () => {
  it('is sandboxed and isolated, with no Node in the page and no DevTools in a packaged build', () => {
    expect(window.options.webPreferences).toEqual({
      preload: expect.stringMatching(/preload[\\/]index\.js$/),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
  });

  it('loads the renderer from app://renderer/, never from file://', () => {
    expect(window.loaded).toEqual(['app://renderer/index.html']);
  });

  it('registers app:// as a standard secure scheme, without bypassing the CSP', () => {
    expect(control.privilegedSchemes).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
  });
});

describe('permissions and navigation', () => {
  it('refuses every permission request and check', () => {
    const answers: boolean[] = [];
    control.permissionRequestHandler!({}, 'media', (granted: boolean) => answers.push(granted));
    control.permissionRequestHandler!({}, 'notifications', (granted: boolean) => answers.push(granted));
    expect(answers).toEqual([false, false]);
    expect(control.permissionCheckHandler!({}, 'clipboard-read')).toBe(false);
  });

  const navigate = (contents: EventEmitter, event: string, url: string) => {
    let prevented = false;
    contents.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  };

  it('blocks navigation and redirects away from our page, on every web contents', () => {
    const contents = control.createWebContents();
    expect(navigate(contents, 'will-navigate', 'https://evil.example.com/')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'app://other/index.html')).toBe(true);
    expect(navigate(contents, 'will-redirect', 'https://evil.example.com/')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'app://renderer/index.html#/employers')).toBe(false);
  });

  it('denies every new window and every webview', () => {
    const contents = control.createWebContents();
    expect(contents.windowOpenHandler!()).toEqual({ action: 'deny' });
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });
});

describe('bridge calls over IPC', () => {
  const call = (event: Record<string, unknown>) => control.ipcHandlers.get('plandesk:workspace')!(event, []);
  const ourFrame = { parent: null, url: 'app://renderer/index.html' };

  it("answers our window's top frame on our page", async () => {
    expect(await call({ sender: window.webContents, senderFrame: ourFrame })).toEqual({ ready: false });
  });

  it('refuses another page, a subframe, another web contents and a destroyed frame', () => {
    expect(() => call({ sender: window.webContents, senderFrame: { parent: null, url: 'https://evil.example.com/' } })).toThrow('Forbidden.');
    expect(() => call({ sender: window.webContents, senderFrame: { parent: ourFrame, url: 'app://renderer/index.html' } })).toThrow('Forbidden.');
    expect(() => call({ sender: control.createWebContents(), senderFrame: ourFrame })).toThrow('Forbidden.');
    expect(() => call({ sender: window.webContents, senderFrame: null })).toThrow('Forbidden.');
  });
});

describe('the app:// handler', () => {
  const fetchApp = (url: string, init?: RequestInit) => control.protocolHandlers.get('app')!(new Request(url, init));

  it("serves the renderer's files with their content type", async () => {
    const response = await fetchApp('app://renderer/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8'));
    expect((await fetchApp('app://renderer/')).status).toBe(200);
  });

  it.each([
    'app://renderer/../../etc/passwd',
    'app://renderer/%2e%2e/%2e%2e/etc/passwd',
    'app://renderer/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    'app://renderer/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    'app://renderer/..%5c..%5cetc%5cpasswd',
    'app://renderer/index.html%00.png',
    'app://renderer/%E0%A4%A',
    'app://other/index.html',
  ])('answers 404 for %s', async (url) => {
    const response = await fetchApp(url);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found.');
  });

  it('answers 404 to anything but GET', async () => {
    expect((await fetchApp('app://renderer/index.html', { method: 'POST', body: 'x' })).status).toBe(404);
  });

  it('serves scripts as JavaScript, and answers 404 for a symlink inside the folder that leads out of it', async () => {
    const { appProtocolHandler } = await import('../../main/electron/app-protocol.js');
    const root = mkdtempSync(join(tmpdir(), 'plandesk-renderer-'));
    try {
      mkdirSync(join(root, 'renderer'));
      writeFileSync(join(root, 'secret.txt'), 'outside');
      writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html>');
      writeFileSync(join(root, 'renderer', 'app.js'), 'export {};');
      symlinkSync(join(root, 'secret.txt'), join(root, 'renderer', 'leak.txt'));
      const handler = appProtocolHandler(join(root, 'renderer'));
      expect((await handler(new Request('app://renderer/leak.txt'))).status).toBe(404);
      const script = await handler(new Request('app://renderer/app.js'));
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the application menu', () => {
  const roles = (items: unknown): string[] =>
    (items as { role?: string; submenu?: unknown[] }[]).flatMap((item) => [...(item.role ? [item.role] : []), ...(item.submenu ? roles(item.submenu) : [])]);

  it('has no DevTools or reload in a packaged build', () => {
    const all = roles(control.applicationMenu!.template);
    expect(all).toContain('editMenu');
    expect(all).not.toContain('toggleDevTools');
    expect(all).not.toContain('reload');
  });

  it('offers DevTools only in a development run', async () => {
    const { applicationMenuTemplate } = await import('../../main/electron/menu.js');
    const openLogsFolder = () => undefined;
    expect(roles(applicationMenuTemplate({ packaged: false, platform: 'linux', openLogsFolder }))).toContain('toggleDevTools');
    expect(roles(applicationMenuTemplate({ packaged: true, platform: 'darwin', openLogsFolder }))).not.toContain('toggleDevTools');
  });

  it('opens the logs folder from Help', async () => {
    const help = (control.applicationMenu!.template as { role?: string; submenu?: { label?: string; click?: () => void }[] }[]).find(
      (item) => item.role === 'help',
    )!;
    const item = help.submenu!.find((entry) => entry.label === 'Open logs folder')!;
    item.click!();
    await vi.waitFor(() => expect(control.openedPaths).toEqual([electron.app.getPath('logs')]));
  });
});

describe("the app's folders and its log", () => {
  const logText = () => readFileSync(join(electron.app.getPath('logs'), 'plandesk.log'), 'utf8');

  it("keeps Chromium's session data, the crash dumps and the log out of the workspace, before ready", () => {
    for (const name of ['sessionData', 'crashDumps', 'logs']) {
      const dir = electron.app.getPath(name);
      expect(dir.startsWith(process.env.XDG_CACHE_HOME!) || dir.startsWith(process.env.XDG_STATE_HOME!), `${name}: ${dir}`).toBe(true);
      expect(dir.startsWith(workspace)).toBe(false);
    }
  });

  it('writes the start to the log, with the version and the workspace', () => {
    expect(logText()).toMatch(new RegExp(`INFO PlanDesk \\d+\\.\\d+\\.\\d+ started .*; workspace ${workspace}`));
  });

  it('answers a failed call with an error whose id names its line in the log, which holds no argument of the call', async () => {
    const { AppCore } = await import('../../main/app/app-core.js');
    const fault = vi.spyOn(AppCore.prototype, 'invoke').mockRejectedValueOnce(new Error('the disk went away (Authorization: Token 0123456789abcdef)'));
    try {
      const secretBody = { name: 'Body Text Never Logged' };
      const failure = control.ipcHandlers.get('plandesk:call')!(
        { sender: window.webContents, senderFrame: { parent: null, url: 'app://renderer/index.html' } },
        ['POST', '/employers/', secretBody],
      );
      const error = await (failure as Promise<unknown>).then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
      const id = /\(error ([2-9A-Z]{6}), in the log\)$/.exec(error!.message)?.[1];
      expect(error!.message).toMatch(/^the disk went away/);
      expect(id).toBeDefined();
      expect(logText()).toContain(`ERROR [${id}] the window's call call failed: Error: the disk went away`);
      expect(logText()).not.toContain('0123456789abcdef');
      expect(logText()).not.toContain('Body Text Never Logged');
    } finally {
      fault.mockRestore();
    }
  });
});
