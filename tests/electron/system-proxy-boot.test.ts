// The desktop app reaches a remote through the system's proxy: the BUILT main bundle, started
// against the fake electron (tests/support/fake-electron.cjs), whose session resolves proxies by
// Electron's rules from system settings the test gives. The proxy is a real one (tinyproxy).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-server.js';
import { startHttpProxy, type HttpProxy } from '../support/http-proxy.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOOT = fileURLToPath(new URL('../support/fake-electron-boot.cjs', import.meta.url));

interface Report {
  errors: string[];
  calls: Record<string, { status: number; body: Record<string, unknown> }>;
  resolvedProxies: string[];
}

let dir: string;
let remote: ApiHarness;
let proxy: HttpProxy;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-system-proxy-'));
  remote = await startApi();
  proxy = await startHttpProxy();
});
afterAll(async () => {
  await proxy.close();
  await remote.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The app started once, asked to pull from the remote with these system proxy settings (Electron's ProxyConfig). */
async function startApp(label: string, systemProxy: { proxyRules: string; proxyBypassRules?: string } | undefined): Promise<Report> {
  const home = join(dir, label);
  const reportFile = join(home, 'report.json');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_STATE_HOME: join(home, 'state'),
    FAKE_ELECTRON_REPORT: reportFile,
    FAKE_ELECTRON_REMOTE: JSON.stringify({ url: remote.url, token: remote.admin.token }),
    // A desktop with a secret service, where the app keeps a token.
    FAKE_ELECTRON_KEYCHAIN: join(home, 'keychain'),
    ...(systemProxy ? { FAKE_ELECTRON_SYSTEM_PROXY: JSON.stringify(systemProxy) } : {}),
  };
  for (const name of ['PLANDESK_WORKSPACE', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']) delete env[name];
  // Not spawnSync: the remote answers from this process, which must keep running meanwhile.
  const child = spawn(process.execPath, ['-r', BOOT, join(REPO_ROOT, 'out/main/index.js')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect(status, `the shell exited with ${status}\n${stderr}`).toBe(0);
  return JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
}

describe("the desktop app's connections to a remote", () => {
  it("go through the proxy the system's settings name for the remote's URL", async () => {
    const before = proxy.requests().length;
    // Loopback is never proxied by Chromium unless the bypass list says <-loopback>: the remote here is on loopback.
    const report = await startApp('proxied', { proxyRules: `127.0.0.1:${proxy.port}`, proxyBypassRules: '<-loopback>' });
    expect(report.errors).toEqual([]);
    expect(report.calls['saveEnvironment']).toMatchObject({ status: 200 });
    expect(report.calls['testConnection']).toMatchObject({ status: 200, body: { reachable: true, tokenAccepted: true } });
    expect(report.calls['pull']).toMatchObject({ status: 200, body: { conflicts: 0, failed: 0 } });
    expect(report.resolvedProxies.length).toBeGreaterThan(0);
    for (const url of report.resolvedProxies) expect(url.startsWith(remote.url)).toBe(true);
    const carried = proxy.requests().slice(before);
    expect(carried).toEqual(expect.arrayContaining([`GET ${remote.url}/capabilities/`, `GET ${remote.url}/divisions/list/`]));
  });

  it('go straight to the remote when the system names no proxy for it', async () => {
    const before = proxy.requests().length;
    const report = await startApp('direct', { proxyRules: `127.0.0.1:${proxy.port}` });
    expect(report.errors).toEqual([]);
    expect(report.calls['pull']).toMatchObject({ status: 200, body: { conflicts: 0, failed: 0 } });
    expect(proxy.requests().slice(before)).toEqual([]);
  });
});
