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

/**
 * The command line's fallback where no OS keychain is reachable (the desktop app uses Electron's
 * safeStorage): AES-256-GCM with a random key kept in the workspace in a file readable only by its
 * owner (mode 0600). It keeps tokens out of the database, its backups and its copies, not away from
 * someone who can read the user's whole workspace folder.
 */
export function workspaceKeyCipher(workspaceDir: string): TokenCipher {
  const keyFile = join(workspaceDir, KEY_FILE);
  const key = () => {
    if (!existsSync(keyFile)) {
      writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      chmodSync(keyFile, 0o600);
    }
    return Buffer.from(readFileSync(keyFile, 'utf8'), 'base64');
  };
  return {
    scheme: 'workspace-key-aes-256-gcm',
    encrypt(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
    },
    decrypt(ciphertext) {
      const [iv, tag, sealed] = ciphertext.split('.').map((part) => Buffer.from(part, 'base64'));
      if (!iv || !tag || !sealed || !existsSync(keyFile)) throw new TokenUnavailableError(`the token cannot be decrypted (missing ${KEY_FILE}); set it again with \`plandesk env set\``);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key(), iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenUnavailableError('the token cannot be decrypted with this workspace key; set it again with `plandesk env set`');
      }
    },
  };
}
