// End-to-end harness: the built renderer (out/renderer, built by tests/support/build-out.ts) in
// Debian's chromium, served by web mode's server over a temporary workspace, exactly as
// `npm run web` runs it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AppCore } from '../../../main/app/app-core.js';
import { workspaceKeyCipher } from '../../../main/sync/token-cipher.js';
import { startWebServer, type RunningWebServer } from '../../../main/web/web-server.js';
import type { BridgeResponse } from '../../../shared/bridge.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const RENDERER_DIR = join(REPO_ROOT, 'out', 'renderer');
/** Gitignored. */
const SCREENSHOT_DIR = join(REPO_ROOT, 'e2e-screenshots');
const CHROMIUM = '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 900 };

/** The workspace `setUp: true` creates, as the welcome screen would. */
export const TEST_WORKSPACE = { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' } as const;

export interface StartAppOptions {
  /** Use this folder as the workspace (kept on close); by default a new temporary one (removed on close). */
  workspaceDir?: string;
  /** Set the workspace up before the page opens (account 'Acme Brokers', broker@example.com, division 'Main'). */
  setUp?: boolean;
  /** The built renderer to serve; out/renderer by default. */
  rendererDir?: string;
  /** The window's size; 1280×900 by default. */
  viewport?: { width: number; height: number };
}

export interface RunningApp {
  page: Page;
  /** The address the page was opened at, with the launch's secret in its fragment. */
  url: string;
  core: AppCore;
  /** One API operation through the app's core, as the window's bridge makes it. */
  call(method: string, path: string, body?: unknown): Promise<BridgeResponse>;
  workspaceDir: string;
  server: RunningWebServer;
  browser: Browser;
  /** `console.error` messages of the page, as they arrive. */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections of the page, as they arrive. */
  pageErrors: string[];
  /** Both of the above, for `expect(app.errors()).toEqual([])`. */
  errors(): string[];
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const ownDir = options.workspaceDir === undefined;
  const workspaceDir = options.workspaceDir ?? mkdtempSync(join(tmpdir(), 'plandesk-e2e-'));
  const core = new AppCore({ dir: workspaceDir, tokenCipher: workspaceKeyCipher });
  let server: RunningWebServer | undefined;
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await server?.close();
    core.close();
    if (ownDir) rmSync(workspaceDir, { recursive: true, force: true });
  };
  try {
    if (options.setUp) {
      const response = (await core.invoke('setupWorkspace', [TEST_WORKSPACE])) as BridgeResponse;
      if (response.status !== 200) throw new Error(`startApp: workspace setup answered ${response.status} ${JSON.stringify(response.body)}`);
    }
    server = await startWebServer({ core, rendererDir: options.rendererDir ?? RENDERER_DIR, log: (line) => console.error(line) });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: options.viewport ?? VIEWPORT });
    const page = await context.newPage();
    // Well inside the test timeout, so a missing element fails with Playwright's own message.
    page.setDefaultTimeout(8_000);
    const consoleErrors: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url } = message.location();
      // Chromium asks for /favicon.ico on its own; the app ships none, and that 404 is not the app's error.
      if (url && new URL(url).pathname === '/favicon.ico') return;
      consoleErrors.push(url ? `${message.text()} (${url})` : message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    const response = await page.goto(server.url);
    if (!response?.ok()) throw new Error(`startApp: ${server.url} answered ${response?.status()}`);
    return {
      page,
      url: server.url,
      core,
      call: async (method, path, body) => (await core.invoke('call', body === undefined ? [method, path] : [method, path, body])) as BridgeResponse,
      workspaceDir,
      server,
      browser,
      consoleErrors,
      pageErrors,
      errors: () => [...consoleErrors, ...pageErrors],
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Saves a full-page PNG as e2e-screenshots/<name>.png and answers its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
