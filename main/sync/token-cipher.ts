import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SqliteDb } from '../store/database.js';
import { keyFiles, tokenKeyFile, tokenKeysFolder } from './token-key-file.js';
import { tokenKeyId } from './token-key-id.js';
import { workspaceKey, type KeyKeeper } from './token-keys.js';

/** An environment token at rest: the scheme that sealed it, stored beside the ciphertext. */
export interface SealedToken {
  scheme: string;
  ciphertext: string;
}

/** AES-256-GCM under the workspace's key in the OS credential store. */
const KEYRING_SCHEME = 'os-keyring-aes-256-gcm';
/** AES-256-GCM under the workspace's key in a file of the user's config folder, where no credential store is reachable. */
const KEY_FILE_SCHEME = 'workspace-key-aes-256-gcm';
/** The desktop app's own scheme before the app and the command line shared one: Electron's safeStorage, which only the app can call. */
export const SAFE_STORAGE_SCHEME = 'electron-safe-storage';

/**
 * Seals environment tokens for a workspace, and opens them again. The app, web mode and the command
 * line seal alike (AES-256-GCM under the workspace's key), so each reads what another saved.
 */
export interface TokenCipher {
  /** Seals a token of the workspace whose database is `db`. */
  seal(db: SqliteDb, token: string): SealedToken;
  /** Opens a sealed token; a TokenUnreadableError says why it cannot be opened here. */
  open(db: SqliteDb, sealed: SealedToken): string;
  /** Whether a token of `scheme`, once opened, is to be sealed again: a scheme read here that nothing writes any more. */
  resealsOnRead(scheme: string): boolean;
}

/**
 * Why a saved token cannot be opened here, which decides what helps: only the desktop app reads
 * it (opening the app converts it); its key is in a credential store this process cannot reach;
 * or it cannot be opened here at all (its key is not on this computer), so it must be given again.
 */
export type TokenProblem = 'app-only' | 'store-unreachable' | 'unreadable';

/** A saved token that cannot be opened here: `why` continues "the token of NAME ...". */
export class TokenUnreadableError extends Error {
  constructor(
    readonly problem: TokenProblem,
    readonly why: string,
  ) {
    super(why);
  }
}

/**
 * A saved token that cannot be used here. `reason` says why, for any reader; the message adds what
 * to do about it at the command line, where there is something to do.
 */
export class TokenUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly remedy?: string,
  ) {
    super(remedy ? `${reason}; ${remedy}` : reason);
  }
}

export interface TokenCipherOptions {
  /** The OS credential store; null where none is used, and every key is a key file. */
  store: KeyKeeper | null;
  /** Where the warning about the weaker key file goes when a token is sealed with one (`env set` says it; a sync stays quiet). */
  warn?: (line: string) => void;
  /** How to open schemes this program still reads but no longer writes; their tokens are sealed again when read. */
  former?: Readonly<Record<string, (ciphertext: string) => string>>;
}

/** AES-256-GCM; the ciphertext is `iv.tag.sealed`, each part base64. */
function aesSeal(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}

function aesOpen(key: Buffer, ciphertext: string): string {
  const [iv, tag, sealed] = ciphertext.split('.').map((part) => Buffer.from(part, 'base64'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
  } catch {
    throw new TokenUnreadableError('unreadable', 'cannot be decrypted with the key this workspace has here (it was sealed with another one)');
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const weakerKeyWarning = (keyFile: string, reason: string) =>
  `plandesk: warning: no OS credential store is reachable (${reason}), so the key of environment tokens is kept in ` +
  `${keyFile} instead, outside the workspace: weaker, since anyone who can read your files can read the tokens`;

/** Where a copy of the workspace from elsewhere finds no key. */
const COPIED = 'a workspace copied from another computer or user account, say';

/**
 * The token cipher of the workspace at `workspaceDir`: AES-256-GCM under a random key kept in the
 * OS credential store, or, only where no store is reachable, in a key file of the user's config
 * folder (never in the workspace, so a copy of the folder never carries the key with the tokens).
 * The key is named by the workspace's token key id, kept in its database: the workspace keeps its
 * tokens when its folder is moved or renamed, and so does a copy of the folder made by the same
 * user on the same computer (whose store or config folder holds the key); elsewhere a copy has no
 * key, and its tokens must be given again. Each token's scheme says where its key is, so a token
 * sealed with a key file (by a scheduled `plandesk sync` without the desktop's credential store,
 * say) still opens wherever the store is reachable, and the other way round where the store is.
 */
export function tokenCipher(workspaceDir: string, options: TokenCipherOptions): TokenCipher {
  const { store, warn, former = {} } = options;
  return {
    seal(db, token) {
      if (store) {
        try {
          return { scheme: KEYRING_SCHEME, ciphertext: aesSeal(workspaceKey(store, db, workspaceDir, true)!, token) };
        } catch (error) {
          const sealed = { scheme: KEY_FILE_SCHEME, ciphertext: aesSeal(workspaceKey(keyFiles, db, workspaceDir, true)!, token) };
          warn?.(weakerKeyWarning(tokenKeyFile(tokenKeyId(db)!), messageOf(error)));
          return sealed;
        }
      }
      return { scheme: KEY_FILE_SCHEME, ciphertext: aesSeal(workspaceKey(keyFiles, db, workspaceDir, true)!, token) };
    },
    open(db, { scheme, ciphertext }) {
      const opener = former[scheme];
      if (opener) return opener(ciphertext);
      switch (scheme) {
        case KEYRING_SCHEME: {
          let key: Buffer | null;
          try {
            if (!store) throw new Error('none is used here');
            key = workspaceKey(store, db, workspaceDir, false);
          } catch (error) {
            throw new TokenUnreadableError(
              'store-unreachable',
              `is sealed with a key in the OS credential store, which cannot be reached here (${messageOf(error)})`,
            );
          }
          if (!key)
            throw new TokenUnreadableError('unreadable', `cannot be read here: its key is not in this user's credential store on this computer (${COPIED})`);
          return aesOpen(key, ciphertext);
        }
        case KEY_FILE_SCHEME: {
          const key = workspaceKey(keyFiles, db, workspaceDir, false);
          if (!key) {
            throw new TokenUnreadableError(
              'unreadable',
              `cannot be read here: its key is not in this user's config folder on this computer, ${tokenKeysFolder()} (${COPIED})`,
            );
          }
          return aesOpen(key, ciphertext);
        }
        case SAFE_STORAGE_SCHEME:
          throw new TokenUnreadableError('app-only', 'was saved by the desktop app in a form only the app reads (an earlier version of it)');
        default:
          throw new TokenUnreadableError('unreadable', `was saved with ${scheme}, which this version of PlanDesk cannot read`);
      }
    },
    resealsOnRead: (scheme) => Object.hasOwn(former, scheme),
  };
}

/** The cipher with no credential store: every key is a key file (tests and benchmarks, where no OS store is wanted). */
export function workspaceKeyCipher(workspaceDir: string): TokenCipher {
  return tokenCipher(workspaceDir, { store: null });
}
