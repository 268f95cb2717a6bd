import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { Entry } from '@napi-rs/keyring';
import { aesGcmCipher, workspaceKeyCipher, type TokenCipher } from './token-cipher.js';
import { tokenKeyFile } from './token-key-file.js';

/** One secret in a credential store; both methods throw when the store cannot be reached. */
export interface SecretSlot {
  read(): string | null;
  write(secret: string): void;
}

const SERVICE = 'PlanDesk';

/**
 * The slot of a workspace's token key in the OS credential store (Keychain, Windows Credential
 * Manager, Secret Service), named by the workspace's real path.
 */
function osKeyringSlot(workspaceDir: string): SecretSlot {
  const entry = new Entry(SERVICE, `token-key:${realpathSync(workspaceDir)}`);
  return { read: () => entry.getPassword(), write: (secret) => entry.setPassword(secret) };
}

const weakerKeyWarning = (workspaceDir: string, reason: string) =>
  `plandesk: warning: no OS credential store is reachable (${reason}), so the key of environment tokens is kept in ` +
  `${tokenKeyFile(workspaceDir)} instead, outside the workspace: weaker, since anyone who can read your files can read the tokens`;

export interface CliCipherOptions {
  /** The credential store; the OS one unless a test says otherwise. */
  slot?: (workspaceDir: string) => SecretSlot;
  /** Where the warning about the weaker file key goes: `env set`, which stores a token with it, says so. */
  warn?: (line: string) => void;
}

/**
 * The command line's token cipher: AES-256-GCM whose key lives in the OS credential store. Where no
 * store is reachable (a server without a Secret Service, say), a key file in the user's config
 * folder is the last resort, and `warn` says it is weaker (`env set` passes it: each token stored with that key is
 * announced; reading one back for a sync stays quiet, so a failure is still one line).
 */
export function cliTokenCipher(workspaceDir: string, options: CliCipherOptions): TokenCipher {
  let key: Buffer;
  try {
    const slot = (options.slot ?? osKeyringSlot)(workspaceDir);
    const stored = slot.read();
    if (stored === null) slot.write(randomBytes(32).toString('base64'));
    key = Buffer.from(stored ?? slot.read() ?? '', 'base64');
    if (key.length !== 32) throw new Error('the stored key is not 32 bytes');
  } catch (error) {
    options.warn?.(weakerKeyWarning(workspaceDir, error instanceof Error ? error.message : String(error)));
    return workspaceKeyCipher(workspaceDir);
  }
  return aesGcmCipher('os-keyring-aes-256-gcm', { key: () => key, exists: () => true, missing: 'no key in the OS credential store' });
}
