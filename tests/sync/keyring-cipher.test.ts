// The key of environment tokens lives in the OS credential store; a key file in the user's config
// folder (never in the workspace) is only the last resort, and `env set` says it is weaker when it
// comes to that. The store is injected; the config folder is the test's own (XDG_CONFIG_HOME).
import { createCipheriv, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliTokenCipher, type SecretSlot } from '../../main/sync/keyring-cipher.js';
import { TokenUnavailableError } from '../../main/sync/token-cipher.js';
import { tokenKeyFile } from '../../main/sync/token-key-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-keyring-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A credential store in memory, as the OS keeps one outside the workspace folder. */
function memoryStore(): { slot: (dir: string) => SecretSlot; secrets: Map<string, string> } {
  const secrets = new Map<string, string>();
  return { secrets, slot: (workspace) => ({ read: () => secrets.get(workspace) ?? null, write: (secret) => void secrets.set(workspace, secret) }) };
}

/** A token sealed as the file-key cipher seals it (`iv.tag.sealed`), with a key of the test's choosing. */
function sealWith(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}

const unreachable = (): SecretSlot => {
  throw new Error("Couldn't access platform storage: AccessDenied");
};

describe('with an OS credential store', () => {
  it('keeps the key in the store, none in the workspace folder, and reads the token back', () => {
    const store = memoryStore();
    const warnings: string[] = [];
    const cipher = cliTokenCipher(dir, { slot: store.slot, warn: (line) => warnings.push(line) });
    const sealed = cipher.encrypt('secret-token-value');
    expect(cipher.scheme).toBe('os-keyring-aes-256-gcm');
    expect(sealed).not.toContain('secret-token-value');
    expect(store.secrets.size).toBe(1);
    expect(existsSync(join(dir, 'token.key'))).toBe(false);
    expect(cliTokenCipher(dir, { slot: store.slot }).decrypt(sealed)).toBe('secret-token-value');
    expect(warnings).toEqual([]);
  });

  it('a copy of the workspace folder, without the store, cannot read the token', () => {
    const sealed = cliTokenCipher(dir, { slot: memoryStore().slot }).encrypt('secret-token-value');
    const copy = join(dir, '..', `${dir.split('/').at(-1)}-copy`);
    cpSync(dir, copy, { recursive: true });
    try {
      expect(() => cliTokenCipher(copy, { slot: memoryStore().slot }).decrypt(sealed)).toThrow(TokenUnavailableError);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('without a reachable credential store', () => {
  const keysFolder = () => join(process.env.XDG_CONFIG_HOME!, 'PlanDesk-keys');

  it("falls back to a key file in the user's config folder, outside the workspace, and warns that it is weaker", () => {
    const warnings: string[] = [];
    const cipher = cliTokenCipher(dir, { slot: unreachable, warn: (line) => warnings.push(line) });
    const sealed = cipher.encrypt('secret-token-value');
    expect(cipher.scheme).toBe('workspace-key-aes-256-gcm');
    expect(readdirSync(dir)).toEqual([]);
    const keyFile = tokenKeyFile(dir);
    expect(keyFile.startsWith(`${keysFolder()}/`)).toBe(true);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(keysFolder()).mode & 0o777).toBe(0o700);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/no OS credential store is reachable \(Couldn't access platform storage: AccessDenied\)/);
    expect(warnings[0]).toContain(`kept in ${keyFile} instead, outside the workspace: weaker`);
    expect(cliTokenCipher(dir, { slot: unreachable }).decrypt(sealed)).toBe('secret-token-value');
  });

  it('a copy of the workspace folder, as a backup or a colleague would take it, cannot read the token', () => {
    const sealed = cliTokenCipher(dir, { slot: unreachable }).encrypt('secret-token-value');
    const copy = `${dir}-copy`;
    cpSync(dir, copy, { recursive: true });
    try {
      expect(() => cliTokenCipher(copy, { slot: unreachable }).decrypt(sealed)).toThrow(TokenUnavailableError);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('moves a key an earlier version left in the workspace out of it, and still reads the tokens it sealed', () => {
    const old = randomBytes(32);
    writeFileSync(join(dir, 'token.key'), old.toString('base64'), { mode: 0o600 });
    const sealed = sealWith(old, 'secret-token-value');
    expect(cliTokenCipher(dir, { slot: unreachable }).decrypt(sealed)).toBe('secret-token-value');
    expect(existsSync(join(dir, 'token.key'))).toBe(false);
    expect(readFileSync(tokenKeyFile(dir), 'utf8')).toBe(old.toString('base64'));
  });

  it('treats a store that answers with a key of the wrong size as unreachable', () => {
    const warnings: string[] = [];
    const broken = (): SecretSlot => ({ read: () => 'c2hvcnQ=', write: () => {} });
    expect(cliTokenCipher(dir, { slot: broken, warn: (line) => warnings.push(line) }).scheme).toBe('workspace-key-aes-256-gcm');
    expect(warnings[0]).toMatch(/the stored key is not 32 bytes/);
  });
});
