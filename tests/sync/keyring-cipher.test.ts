// The key of environment tokens lives in the OS credential store, named by a random id kept in the
// workspace's database (not by the folder's path); a key file in the user's config folder (never in
// the workspace) is only the last resort, and `env set` says it is weaker when it comes to that. The
// store is @napi-rs/keyring's stand-in (tests/support/fake-keyring.ts, which keeps its rules); the
// config folder is the test's own (XDG_CONFIG_HOME). "Another computer" is another store and
// another config folder.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { upsertEnvironment } from '../../main/store/environments-store.js';
import { loadEnvironment, saveEnvironment } from '../../main/sync/environments.js';
import { sharedTokenCipher } from '../../main/sync/keyring-cipher.js';
import { TokenUnavailableError } from '../../main/sync/token-cipher.js';
import { tokenKeyFile } from '../../main/sync/token-key-file.js';
import { makeTokenKeyId, tokenKeyId } from '../../main/sync/token-key-id.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';

const keyring = await vi.hoisted(async () => (await import('../support/fake-keyring.js')).createFakeKeyring());
vi.mock('@napi-rs/keyring', () => keyring.module);

const TOKEN = 'secret-token-value-0123456789';
const URL = 'https://staging.example.com';
const SET_AGAIN = `\`plandesk env set staging --url ${URL} --token-stdin\` gives staging its token back (in the app: Sync, Enter the token of staging)`;

let root: string;
let dir: string;
let open: Workspace[];
const configHome = process.env.XDG_CONFIG_HOME!;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'plandesk-keyring-'));
  dir = join(root, 'ws');
  await initWorkspace(dir, { account: 'Harbor Benefits', email: 'dana@harbor.example', division: 'Main' });
  open = [];
  keyring.secretService = true;
  keyring.secrets = new Map();
  keyring.kernelKeyring = null;
});
afterEach(() => {
  for (const workspace of open) workspace.close();
  process.env.XDG_CONFIG_HOME = configHome;
  rmSync(root, { recursive: true, force: true });
});

async function openAt(folder: string): Promise<Workspace> {
  const workspace = await openWorkspace(folder);
  open.push(workspace);
  return workspace;
}

function closeAll(): void {
  for (const workspace of open.splice(0)) workspace.close();
}

function save(workspace: Workspace, warn: (line: string) => void = () => {}): void {
  saveEnvironment(workspace.db, sharedTokenCipher(workspace.dir, { warn }), 'staging', URL, TOKEN, new Date().toISOString());
}

const load = (workspace: Workspace) => loadEnvironment(workspace.db, sharedTokenCipher(workspace.dir), 'staging').token;

/** Why the token cannot be loaded, in the command line's words. */
function refusal(workspace: Workspace): string {
  try {
    load(workspace);
  } catch (error) {
    expect(error).toBeInstanceOf(TokenUnavailableError);
    return (error as Error).message;
  }
  throw new Error('the token was loaded');
}

const schemeOf = (workspace: Workspace) => workspace.db.prepare("SELECT token_scheme FROM environments WHERE name = 'staging'").pluck().get();

/** The folder copied to another computer, or another user account: its own credential store and config folder. */
function onAnotherComputer(): void {
  keyring.secrets = new Map();
  process.env.XDG_CONFIG_HOME = mkdtempSync(join(root, 'other-config-'));
}

/** A token sealed as the AES-256-GCM schemes seal it (`iv.tag.sealed`), with a key of the test's choosing. */
function sealWith(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}

/** An environment row as the previous version left it. */
function savedBefore(workspace: Workspace, scheme: string, key: Buffer): void {
  upsertEnvironment(workspace.db, { name: 'staging', base_url: URL, token_scheme: scheme, token_ciphertext: sealWith(key, TOKEN) }, 'then');
}

describe('with an OS credential store', () => {
  it("keeps the key in the store, named by the workspace's key id, none in the workspace or config folder, and reads the token back", async () => {
    const workspace = await openAt(dir);
    const warnings: string[] = [];
    save(workspace, (line) => warnings.push(line));
    expect(schemeOf(workspace)).toBe('os-keyring-aes-256-gcm');
    const id = tokenKeyId(workspace.db);
    expect([...keyring.secrets.keys()]).toEqual([`PlanDesk/workspace-token-key:${id}`]);
    expect(readdirSync(dir).filter((file) => !file.startsWith('plandesk.db'))).toEqual([]);
    expect(existsSync(join(configHome, 'PlanDesk-keys'))).toBe(false);
    expect(load(workspace)).toBe(TOKEN);
    expect(warnings).toEqual([]);
  });

  it('a workspace moved or renamed by its owner keeps its tokens', async () => {
    save(await openAt(dir));
    closeAll();
    renameSync(dir, join(root, 'moved'));
    expect(load(await openAt(join(root, 'moved')))).toBe(TOKEN);
  });

  it("a copy of the folder by the same user on the same computer opens its tokens too: the key is that user's, on that computer", async () => {
    save(await openAt(dir));
    cpSync(dir, join(root, 'copy'), { recursive: true });
    expect(load(await openAt(join(root, 'copy')))).toBe(TOKEN);
  });

  it('a copy on another computer or user account cannot open them, and says that env set gives the environment its token back', async () => {
    save(await openAt(dir));
    cpSync(dir, join(root, 'copy'), { recursive: true });
    onAnotherComputer();
    expect(refusal(await openAt(join(root, 'copy')))).toBe(
      `the token of "staging" cannot be read here: its key is not in this user's credential store on this computer (a workspace copied from another computer or user account, say); ${SET_AGAIN}`,
    );
  });

  it("opens a token the previous version sealed with a key named by the folder's path, and keeps that key under the workspace's id, so the folder can move", async () => {
    const workspace = await openAt(dir);
    const key = randomBytes(32);
    keyring.secrets.set(`PlanDesk/token-key:${realpathSync(dir)}`, key.toString('base64'));
    savedBefore(workspace, 'os-keyring-aes-256-gcm', key);
    expect(load(workspace)).toBe(TOKEN);
    expect([...keyring.secrets]).toEqual([[`PlanDesk/workspace-token-key:${tokenKeyId(workspace.db)}`, key.toString('base64')]]);
    closeAll();
    renameSync(dir, join(root, 'moved'));
    expect(load(await openAt(join(root, 'moved')))).toBe(TOKEN);
  });

  it('a token sealed in the store, read where the store cannot be reached (a scheduled job without the desktop session), says so and what to do', async () => {
    const workspace = await openAt(dir);
    save(workspace);
    keyring.secretService = false;
    expect(refusal(workspace)).toBe(
      'the token of "staging" is sealed with a key in the OS credential store, which cannot be reached here (Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead); ' +
        `run this where that store can be reached (your desktop session), or give the token again here with \`plandesk env set staging --url ${URL} --token-stdin\``,
    );
  });

  it('a token sealed where no store could be reached opens where it can be, and the other way round a new one goes to the store', async () => {
    const workspace = await openAt(dir);
    keyring.secretService = false;
    save(workspace);
    expect(schemeOf(workspace)).toBe('workspace-key-aes-256-gcm');
    keyring.secretService = true;
    expect(load(workspace)).toBe(TOKEN);
    save(workspace);
    expect(schemeOf(workspace)).toBe('os-keyring-aes-256-gcm');
    expect(load(workspace)).toBe(TOKEN);
  });

  it('on a server without a Secret Service, opens a token whose key the previous version kept in the kernel keyring, and seals new ones with a key file, which outlasts a reboot', async () => {
    const workspace = await openAt(dir);
    keyring.secretService = false;
    keyring.kernelKeyring = new Map();
    const key = randomBytes(32);
    keyring.kernelKeyring.set(`PlanDesk/token-key:${realpathSync(dir)}`, key.toString('base64'));
    savedBefore(workspace, 'os-keyring-aes-256-gcm', key);
    expect(load(workspace)).toBe(TOKEN);
    // Again, now that the workspace has its key id (the key could not be kept under it: no Secret Service).
    expect(tokenKeyId(workspace.db)).toBeDefined();
    expect(load(workspace)).toBe(TOKEN);
    const warnings: string[] = [];
    save(workspace, (line) => warnings.push(line));
    expect(schemeOf(workspace)).toBe('workspace-key-aes-256-gcm');
    expect(warnings).toHaveLength(1);
    keyring.kernelKeyring.clear();
    expect(load(workspace)).toBe(TOKEN);
  });

  it('treats a store that answers with a key of the wrong size as unreachable', async () => {
    const workspace = await openAt(dir);
    keyring.secrets.set(`PlanDesk/workspace-token-key:${makeTokenKeyId(workspace.db)}`, 'c2hvcnQ=');
    const warnings: string[] = [];
    save(workspace, (line) => warnings.push(line));
    expect(schemeOf(workspace)).toBe('workspace-key-aes-256-gcm');
    expect(warnings[0]).toMatch(/the stored key is not 32 bytes/);
  });
});

describe('without a reachable credential store', () => {
  beforeEach(() => {
    keyring.secretService = false;
  });
  const keysFolder = () => join(process.env.XDG_CONFIG_HOME!, 'PlanDesk-keys');

  it("falls back to a key file in the user's config folder, outside the workspace, and warns that it is weaker", async () => {
    const workspace = await openAt(dir);
    const warnings: string[] = [];
    save(workspace, (line) => warnings.push(line));
    expect(schemeOf(workspace)).toBe('workspace-key-aes-256-gcm');
    expect(readdirSync(dir).filter((file) => !file.startsWith('plandesk.db'))).toEqual([]);
    const keyFile = tokenKeyFile(tokenKeyId(workspace.db)!);
    expect(keyFile.startsWith(`${keysFolder()}/`)).toBe(true);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(keysFolder()).mode & 0o777).toBe(0o700);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/no OS credential store is reachable \(Platform failure: DBus error: .*\)/);
    expect(warnings[0]).toContain(`kept in ${keyFile} instead, outside the workspace: weaker`);
    expect(load(workspace)).toBe(TOKEN);
  });

  it('a workspace moved or renamed by its owner keeps its tokens', async () => {
    save(await openAt(dir));
    closeAll();
    renameSync(dir, join(root, 'moved'));
    expect(load(await openAt(join(root, 'moved')))).toBe(TOKEN);
  });

  it('a copy on another computer or user account cannot open them, and says that env set gives the environment its token back', async () => {
    save(await openAt(dir));
    cpSync(dir, join(root, 'copy'), { recursive: true });
    onAnotherComputer();
    expect(refusal(await openAt(join(root, 'copy')))).toBe(
      `the token of "staging" cannot be read here: its key is not in this user's config folder on this computer, ${keysFolder()} (a workspace copied from another computer or user account, say); ${SET_AGAIN}`,
    );
  });

  it('moves a key an earlier version left in the workspace out of it, under the id, and still reads the tokens it sealed', async () => {
    const old = randomBytes(32);
    writeFileSync(join(dir, 'token.key'), old.toString('base64'), { mode: 0o600 });
    const workspace = await openAt(dir);
    savedBefore(workspace, 'workspace-key-aes-256-gcm', old);
    expect(load(workspace)).toBe(TOKEN);
    expect(existsSync(join(dir, 'token.key'))).toBe(false);
    expect(readFileSync(tokenKeyFile(tokenKeyId(workspace.db)!), 'utf8')).toBe(old.toString('base64'));
  });

  it("opens a token the previous version sealed with a key file named by the folder's path, and keeps that key under the id, so the folder can move", async () => {
    const old = randomBytes(32);
    const pathNamed = join(keysFolder(), `token-${createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32)}.key`);
    mkdirSync(keysFolder(), { recursive: true, mode: 0o700 });
    writeFileSync(pathNamed, old.toString('base64'), { mode: 0o600 });
    const workspace = await openAt(dir);
    savedBefore(workspace, 'workspace-key-aes-256-gcm', old);
    expect(load(workspace)).toBe(TOKEN);
    expect(existsSync(pathNamed)).toBe(false);
    expect(readFileSync(tokenKeyFile(tokenKeyId(workspace.db)!), 'utf8')).toBe(old.toString('base64'));
    closeAll();
    renameSync(dir, join(root, 'moved'));
    expect(load(await openAt(join(root, 'moved')))).toBe(TOKEN);
  });
});
