// The desktop app and the `plandesk` command on one workspace read each other's environment tokens:
// the app is its BUILT main bundle started against the fake electron (tests/support/fake-electron-calls.cjs
// makes the window's bridge calls), the command is spawned; both against a hosted service on loopback.
// No Secret Service is reachable here (as on a server, or a job scheduled outside the desktop
// session), so both keep the workspace's key in the config folder they share; in-process tests
// (tests/electron/app-token-cipher.test.ts) cover the credential store. A moved workspace keeps its
// tokens; a copy on another computer says how to give them back.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeResponse, EnvironmentInfo } from '../../shared/bridge.js';
import { createFakeElectron } from '../support/fake-electron.cjs';
import { runPlandesk } from '../support/cli-run.js';
import { startHostedRemote, type HostedRemote } from '../support/hosted-remote.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CALLS = fileURLToPath(new URL('../support/fake-electron-calls.cjs', import.meta.url));

let remote: HostedRemote;
let dir: string;
/** No D-Bus session: the Secret Service cannot be reached, whatever the machine running the tests has. */
const NO_SECRET_SERVICE = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/plandesk-test-bus' };

beforeAll(async () => {
  remote = await startHostedRemote('plandesk-app-tokens-');
  dir = remote.dir;
});
afterAll(() => remote.close());

const run = (workspace: string, args: string[], input = '', env: Record<string, string> = {}) =>
  runPlandesk(args, input, { env: { HOME: dir, PLANDESK_WORKSPACE: join(dir, workspace), ...NO_SECRET_SERVICE, ...env } });

async function ok(workspace: string, args: string[], input = ''): Promise<string> {
  const result = await run(workspace, args, input);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

/** The desktop app on `workspace` (a person's desktop, whose keychain is the folder `keychain`): makes the bridge calls, quits, answers what they answered. */
function runApp(workspace: string, keychain: string, calls: unknown[][]): Promise<unknown[]> {
  const report = join(dir, `app-report-${Date.now()}.json`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...NO_SECRET_SERVICE,
    PLANDESK_WORKSPACE: join(dir, workspace),
    FAKE_ELECTRON_KEYCHAIN: keychain,
    FAKE_ELECTRON_CALLS: JSON.stringify(calls),
    FAKE_ELECTRON_REPORT: report,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', CALLS, join(REPO_ROOT, 'out/main/index.js')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the app exited with ${code}: ${stderr}`));
      else resolve(JSON.parse(readFileSync(report, 'utf8')) as unknown[]);
    });
  });
}

const sealedRow = (workspace: string) => {
  const db = new Database(join(dir, workspace, 'plandesk.db'), { readonly: true });
  try {
    return db.prepare("SELECT token_scheme, token_ciphertext FROM environments WHERE name = 'staging'").get() as {
      token_scheme: string;
      token_ciphertext: string;
    };
  } finally {
    db.close();
  }
};

const init = (workspace: string) => ok(workspace, ['local', 'init', '--account', 'Harbor Benefits', '--email', 'dana@harbor.example', '--division', 'Main']);

describe('the desktop app and the command line on one workspace', () => {
  it('the command line pulls with the token the app saved, and the app with the one env set saved', async () => {
    await init('shared');
    const keychain = join(dir, 'keychain-shared');
    const [saved, listed] = await runApp('shared', keychain, [
      ['saveEnvironment', { name: 'staging', url: remote.server.url, token: remote.token }],
      ['environments'],
    ]);
    expect(saved).toEqual({ status: 200, body: { name: 'staging' } });
    expect((listed as EnvironmentInfo[])[0]).toMatchObject({ name: 'staging', tokenProblem: null });
    expect(JSON.parse(await ok('shared', ['pull', '--env', 'staging', '--json']))).toMatchObject({ conflicts: 0, failed: 0 });

    const before = sealedRow('shared');
    await ok('shared', ['env', 'set', 'staging', '--url', remote.server.url, '--token-stdin'], remote.token);
    expect(sealedRow('shared').token_ciphertext).not.toBe(before.token_ciphertext);
    const [tested, pulled] = await runApp('shared', keychain, [
      ['testConnection', 'staging'],
      ['pull', 'staging'],
    ]);
    expect(tested).toMatchObject({ status: 200 });
    expect((pulled as BridgeResponse).status).toBe(200);
  });

  it('a token an earlier app sealed with safeStorage: the command line says to open the app once and changes nothing; once the app has opened the workspace, it is read', async () => {
    await init('earlier');
    const keychain = join(dir, 'keychain-earlier');
    // What the earlier app saved: sealed by the same keychain, under the same app's name (Electron names the keychain entry after the app).
    const earlier = createFakeElectron({ appPath: REPO_ROOT, keychain });
    earlier.control.ready();
    const ciphertext = (earlier.electron.safeStorage.encryptString(remote.token) as Buffer).toString('base64');
    const db = new Database(join(dir, 'earlier', 'plandesk.db'));
    db.prepare(
      "INSERT INTO environments (name, base_url, token_scheme, token_ciphertext, created_at, updated_at) VALUES ('staging', ?, 'electron-safe-storage', ?, 'then', 'then')",
    ).run(remote.server.url, ciphertext);
    db.close();

    const refused = await run('earlier', ['pull', '--env', 'staging']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'plandesk pull: the token of "staging" was saved by the desktop app in a form only the app reads (an earlier version of it); ' +
        'open this workspace in the desktop app once (it saves the token again in the form both read), ' +
        `or give it again with \`plandesk env set staging --url ${remote.server.url} --token-stdin\`\n`,
    );
    expect(sealedRow('earlier')).toEqual({ token_scheme: 'electron-safe-storage', token_ciphertext: ciphertext });

    expect(await runApp('earlier', keychain, [['workspace']])).toEqual([expect.objectContaining({ ready: true })]);
    expect(sealedRow('earlier').token_scheme).toBe('workspace-key-aes-256-gcm');
    expect(JSON.parse(await ok('earlier', ['pull', '--env', 'staging', '--json']))).toMatchObject({ conflicts: 0, failed: 0 });
  });
});

describe('a moved or copied workspace', () => {
  it('moved or renamed by its owner, it keeps its tokens', async () => {
    await init('before-move');
    await ok('before-move', ['env', 'set', 'staging', '--url', remote.server.url, '--token-stdin'], remote.token);
    renameSync(join(dir, 'before-move'), join(dir, 'after-move'));
    expect(JSON.parse(await ok('after-move', ['pull', '--env', 'staging', '--json']))).toMatchObject({ conflicts: 0, failed: 0 });
  });

  it('copied to another computer, it says that env set gives the environment its token back, and env set does', async () => {
    await init('original');
    await ok('original', ['env', 'set', 'staging', '--url', remote.server.url, '--token-stdin'], remote.token);
    cpSync(join(dir, 'original'), join(dir, 'copied'), { recursive: true });
    const elsewhere = { XDG_CONFIG_HOME: mkdtempSync(join(dir, 'other-computer-')) };
    const refused = await run('copied', ['sync', '--env', 'staging'], '', elsewhere);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `plandesk sync: the token of "staging" cannot be read here: its key is not in this user's config folder on this computer, ${elsewhere.XDG_CONFIG_HOME}/PlanDesk-keys ` +
        '(a workspace copied from another computer or user account, say); ' +
        `\`plandesk env set staging --url ${remote.server.url} --token-stdin\` gives staging its token back (in the app: Sync, Enter the token of staging)\n`,
    );
    expect((await run('copied', ['env', 'set', 'staging', '--url', remote.server.url, '--token-stdin'], remote.token, elsewhere)).code).toBe(0);
    expect((await run('copied', ['sync', '--env', 'staging'], '', elsewhere)).code).toBe(0);
  });
});
