import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Encrypts environment tokens at rest. The scheme is stored beside each ciphertext. */
export interface TokenCipher {
  readonly scheme: string;
  encrypt(token: string): string;
  decrypt(ciphertext: string): string;
}

export class TokenUnavailableError extends Error {}

const KEY_FILE = 'token.key';

/** Where the 32-byte key of an AES-256-GCM token cipher is kept. */
interface KeySource {
  /** The key, made and kept on first use. */
  key(): Buffer;
  /** Whether a key was ever kept: without one, no ciphertext can be read. */
  exists(): boolean;
  /** Says where the key is, for an error message. */
  missing: string;
}

/** AES-256-GCM over a key from `source`; the ciphertext is `iv.tag.sealed`, each part base64. */
export function aesGcmCipher(scheme: string, source: KeySource): TokenCipher {
  return {
    scheme,
    encrypt(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', source.key(), iv);
      const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
    },
    decrypt(ciphertext) {
      const [iv, tag, sealed] = ciphertext.split('.').map((part) => Buffer.from(part, 'base64'));
      if (!iv || !tag || !sealed || !source.exists()) throw new TokenUnavailableError(`the token cannot be decrypted (${source.missing}); set it again with \`plandesk env set\``);
      try {
        const decipher = createDecipheriv('aes-256-gcm', source.key(), iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenUnavailableError('the token cannot be decrypted with this key; set it again with `plandesk env set`');
      }
    },
  };
}

/**
 * The last resort where no OS credential store is reachable: the key in the workspace, in a file
 * readable only by its owner (mode 0600). It keeps tokens out of the database and its backups, not
 * away from someone who can read the user's whole workspace folder; the CLI says so when it uses it.
 */
export function workspaceKeyCipher(workspaceDir: string): TokenCipher {
  const keyFile = join(workspaceDir, KEY_FILE);
  return aesGcmCipher('workspace-key-aes-256-gcm', {
    key: () => {
      if (!existsSync(keyFile)) {
        writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
        chmodSync(keyFile, 0o600);
      }
      return Buffer.from(readFileSync(keyFile, 'utf8'), 'base64');
    },
    exists: () => existsSync(keyFile),
    missing: `missing ${KEY_FILE}`,
  });
}
