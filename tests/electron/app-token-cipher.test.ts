// One token scheme for the desktop app and the command line: the app's cipher (run against the fake
// electron, with a keychain standing for the OS secret service) and the command line's read each
// other's tokens; a token an earlier app sealed with Electron's safeStorage still opens in the app
// and is sealed again in the shared scheme, and until then the command line says what to do,
// changing nothing. The credential store is @napi-rs/keyring's stand-in (tests/support/fake-keyring.ts).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../main/app/app-core.js';
import { appTokenCipher } from '../../main/electron/app-token-cipher.js';
import { getEnvironmentRow, upsertEnvironment } from '../../main/store/environments-store.js';
import { loadEnvironment, saveEnvironment } from '../../main/sync/environments.js';
import { sharedTokenCipher } from '../../main/sync/keyring-cipher.js';
import { TokenUnavailableError, type TokenCipher } from '../../main/sync/token-cipher.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import type { BridgeResponse, EnvironmentInfo } from '../../shared/bridge.js';

const { electron, control, keychain } = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('../support/fake-electron.cjs');
  const { mkdtempSync: makeTemp } = await import('node:fs');
  const { tmpdir: temp } = await import('node:os');
  const { join: joinPath } = await import('node:path');
  /** The folder standing for the user's OS secret service, where safeStorage keeps its password. */
  const folder = makeTemp(joinPath(temp(), 'plandesk-keychain-'));
  return { ...createFakeElectron({ packaged: true, keychain: folder }), keychain: folder };
});
vi.mock('electron', () => electron);
const keyring = await vi.hoisted(async () => (await import('../support/fake-keyring.js')).createFakeKeyring());
vi.mock('@napi-rs/keyring', () => keyring.module);
control.ready();

const URL = 'https://staging.example.com';
let root: string;
let workspace: Workspace;
let warnings: string[];

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'plandesk-app-tokens-'));
  await initWorkspace(join(root, 'ws'), { account: 'Harbor Benefits', email: 'dana@harbor.example', division: 'Main' });
  workspace = await openWorkspace(join(root, 'ws'));
  keyring.secretService = true;
  keyring.secrets = new Map();
  warnings = [];
});
afterEach(() => {
  workspace.close();
  rmSync(root, { recursive: true, force: true });
});
afterAll(() => rmSync(keychain, { recursive: true, force: true }));

const app = (): TokenCipher => appTokenCipher(workspace.dir, (line) => warnings.push(line));
const cli = (): TokenCipher => sharedTokenCipher(workspace.dir);
const save = (cipher: TokenCipher, token: string) => saveEnvironment(workspace.db, cipher, 'staging', URL, token, new Date().toISOString());
const load = (cipher: TokenCipher) => loadEnvironment(workspace.db, cipher, 'staging').token;
const row = () => getEnvironmentRow(workspace.db, 'staging')!;

/** The environment as an earlier version of the app saved it: sealed with safeStorage. */
function savedByAnEarlierApp(token: string): void {
  const ciphertext = (electron.safeStorage.encryptString(token) as Buffer).toString('base64');
  upsertEnvironment(workspace.db, { name: 'staging', base_url: URL, token_scheme: 'electron-safe-storage', token_ciphertext: ciphertext }, 'then');
}

describe('the app and the command line', () => {
  it('the command line reads a token the app saved, and the app one the command line saved', () => {
    save(app(), 'saved-in-the-app');
    expect(row().token_scheme).toBe('os-keyring-aes-256-gcm');
    expect(load(cli())).toBe('saved-in-the-app');
    save(cli(), 'saved-by-env-set');
    expect(load(app())).toBe('saved-by-env-set');
    expect(warnings).toEqual([]);
  });

  it('where no credential store is reachable, both keep the key in the same file of the config folder, and the app says it is weaker', () => {
    keyring.secretService = false;
    save(app(), 'saved-in-the-app');
    expect(row().token_scheme).toBe('workspace-key-aes-256-gcm');
    expect(warnings).toEqual([expect.stringMatching(/no OS credential store is reachable .*weaker/)]);
    expect(load(cli())).toBe('saved-in-the-app');
    save(cli(), 'saved-by-env-set');
    expect(load(app())).toBe('saved-by-env-set');
  });
});

describe('a token an earlier version of the app sealed with safeStorage', () => {
  it('the command line says to open the app once or give it again, and changes nothing', () => {
    savedByAnEarlierApp('from-the-old-app');
    const before = row();
    expect(() => load(cli())).toThrow(TokenUnavailableError);
    expect(() => load(cli())).toThrow(
      'the token of "staging" was saved by the desktop app in a form only the app reads (an earlier version of it); ' +
        `open this workspace in the desktop app once (it saves the token again in the form both read), or give it again with \`plandesk env set staging --url ${URL} --token-stdin\``,
    );
    expect(row()).toEqual(before);
  });

  it('opens in the app and is sealed again in the shared scheme, so the command line reads it from then on', () => {
    savedByAnEarlierApp('from-the-old-app');
    expect(load(app())).toBe('from-the-old-app');
    expect(row().token_scheme).toBe('os-keyring-aes-256-gcm');
    expect(load(cli())).toBe('from-the-old-app');
  });

  it('opening the workspace in the app seals every such token again, before any sync', async () => {
    savedByAnEarlierApp('from-the-old-app');
    const core = new AppCore({ dir: workspace.dir, tokenCipher: (dir) => appTokenCipher(dir, (line) => warnings.push(line)) });
    try {
      expect(await core.invoke('workspace', [])).toMatchObject({ ready: true });
    } finally {
      core.close();
    }
    expect(load(cli())).toBe('from-the-old-app');
  });

  it('given again with env set, it is replaced by one the app reads too', () => {
    savedByAnEarlierApp('from-the-old-app');
    save(cli(), 'given-again');
    expect(load(app())).toBe('given-again');
  });

  it("sealed with another keychain (another computer's or user account's), it is asked for again in the window", async () => {
    savedByAnEarlierApp('from-the-old-app');
    rmSync(keychain, { recursive: true, force: true });
    const core = new AppCore({ dir: workspace.dir, tokenCipher: (dir) => appTokenCipher(dir, () => {}) });
    try {
      const why = 'The token of "staging" cannot be read here: it was sealed with another computer\'s or user account\'s keychain';
      expect(((await core.invoke('environments', [])) as EnvironmentInfo[])[0]).toMatchObject({ name: 'staging', tokenProblem: why });
      expect(await core.invoke('sync', ['staging'])).toEqual({ status: 400, body: { detail: `${why}: enter it again with Edit staging.`, needs_token: true } });
    } finally {
      core.close();
    }
    expect(row().token_scheme).toBe('electron-safe-storage');
  });
});

describe('a workspace copied to another computer, in the window', () => {
  it('shows the environment as needing its token, says why, and takes it again from the token form', async () => {
    save(app(), 'saved-in-the-app');
    const copy = join(root, 'copy');
    cpSync(workspace.dir, copy, { recursive: true });
    keyring.secrets = new Map();
    const core = new AppCore({ dir: copy, tokenCipher: (dir) => appTokenCipher(dir, () => {}) });
    try {
      const why =
        'The token of "staging" cannot be read here: its key is not in this user\'s credential store on this computer (a workspace copied from another computer or user account, say)';
      expect(((await core.invoke('environments', [])) as EnvironmentInfo[])[0]).toMatchObject({ name: 'staging', tokenProblem: why });
      expect(await core.invoke('sync', ['staging'])).toEqual({ status: 400, body: { detail: `${why}: enter it again with Edit staging.`, needs_token: true } });
      expect(((await core.invoke('saveEnvironment', [{ name: 'staging', url: URL, token: 'typed-again' }])) as BridgeResponse).status).toBe(200);
      expect(((await core.invoke('environments', [])) as EnvironmentInfo[])[0]).toMatchObject({ name: 'staging', tokenProblem: null });
    } finally {
      core.close();
    }
  });
});
