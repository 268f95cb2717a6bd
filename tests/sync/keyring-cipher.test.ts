// The key of environment tokens lives in the OS credential store; the workspace's key file is only
// the last resort, and `env set` says it is weaker when it comes to that. The store is injected.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliTokenCipher, type SecretSlot } from '../../main/sync/keyring-cipher.js';
import { TokenUnavailableError } from '../../main/sync/token-cipher.js';

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
  it('falls back to the workspace key file and warns that it is weaker', () => {
    const warnings: string[] = [];
    const cipher = cliTokenCipher(dir, { slot: unreachable, warn: (line) => warnings.push(line) });
    const sealed = cipher.encrypt('secret-token-value');
    expect(cipher.scheme).toBe('workspace-key-aes-256-gcm');
    expect(existsSync(join(dir, 'token.key'))).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/no OS credential store is reachable \(Couldn't access platform storage: AccessDenied\).*token\.key.*weaker/);
    expect(cliTokenCipher(dir, { slot: unreachable }).decrypt(sealed)).toBe('secret-token-value');
  });

  it('treats a store that answers with a key of the wrong size as unreachable', () => {
    const warnings: string[] = [];
    const broken = (): SecretSlot => ({ read: () => 'c2hvcnQ=', write: () => {} });
    expect(cliTokenCipher(dir, { slot: broken, warn: (line) => warnings.push(line) }).scheme).toBe('workspace-key-aes-256-gcm');
    expect(warnings[0]).toMatch(/the stored key is not 32 bytes/);
  });
});

