import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readOrMakeTokenKey, tokenKeyExists } from './token-key-file.js';

/** Encrypts environment tokens at rest. The scheme is stored beside each ciphertext. */
export interface TokenCipher {
  readonly scheme: string;
  encrypt(token: string): string;
  decrypt(ciphertext: string): string;
}

/**
 * A saved token that cannot be used here. `reason` says why, for any reader; the message adds what
 * to do about it at the command line, where there is something to do.
 */
export class TokenUnavailableError extends Error {
  constructor(
    readonly reason: string,
    remedy?: string,
  ) {
    super(remedy ? `${reason}; ${remedy}` : reason);
  }
}

const SET_AGAIN = 'set it again with `plandesk env set`';

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
      if (!iv || !tag || !sealed || !source.exists()) throw new TokenUnavailableError(`the token cannot be decrypted (${source.missing})`, SET_AGAIN);
      try {
        const decipher = createDecipheriv('aes-256-gcm', source.key(), iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenUnavailableError('the token cannot be decrypted with this key', SET_AGAIN);
      }
    },
  };
}

/**
 * The last resort where no OS credential store is reachable: the key in a file readable only by its
 * owner, in the user's config folder, outside the workspace (see `tokenKeyFile`). It keeps tokens
 * out of the database, its backups and any copy of the workspace folder, not away from someone who
 * can read all of the user's files; the CLI says so when it uses it.
 */
export function workspaceKeyCipher(workspaceDir: string): TokenCipher {
  return aesGcmCipher('workspace-key-aes-256-gcm', {
    key: () => readOrMakeTokenKey(workspaceDir),
    exists: () => tokenKeyExists(workspaceDir),
    missing: 'no token key for this workspace in the config folder',
  });
}
