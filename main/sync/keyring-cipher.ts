import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { Entry, type EntryOptions } from '@napi-rs/keyring';
import { tokenCipher, type TokenCipher, type TokenCipherOptions } from './token-cipher.js';
import type { KeyKeeper } from './token-keys.js';

/** One secret in a credential store; each method throws when the store cannot be reached. */
interface SecretSlot {
  read(): string | null;
  write(secret: string): void;
  remove(): void;
}

/** A credential store, as the token keys use it. */
interface CredentialStore {
  /** The slot of a workspace's token key, named by the workspace's token key id. */
  keySlot(id: string): SecretSlot;
  /** Where the previous version kept it: named by the workspace folder's real path. */
  formerSlot(realPath: string): SecretSlot;
}

const SERVICE = 'PlanDesk';

/**
 * On Linux, the Secret Service only: @napi-rs/keyring otherwise falls back to the kernel keyring,
 * which forgets its keys at a reboot (and after a few idle days), and every token with them. Where
 * no Secret Service runs (a server), the key file is the lasting place.
 */
const LASTING: EntryOptions = { linux: { store: 'secret-service' } };

function slotOf(entry: Entry): SecretSlot {
  return {
    read: () => entry.getPassword(),
    write: (secret) => entry.setPassword(secret),
    remove: () => void entry.deletePassword(),
  };
}

/** The OS credential store (Keychain, Windows Credential Manager, Secret Service), through @napi-rs/keyring. */
const osCredentialStore: CredentialStore = {
  keySlot: (id) => slotOf(new Entry(SERVICE, `workspace-token-key:${id}`, LASTING)),
  // Read where the previous version wrote it, the kernel keyring included.
  formerSlot: (realPath) => slotOf(new Entry(SERVICE, `token-key:${realPath}`)),
};

function keyOf(secret: string | null): Buffer | null {
  if (secret === null) return null;
  const key = Buffer.from(secret, 'base64');
  if (key.length !== 32) throw new Error('the stored key is not 32 bytes');
  return key;
}

/** The token keys in a credential store. */
function keeperIn(store: CredentialStore): KeyKeeper {
  return {
    read: (id) => keyOf(store.keySlot(id).read()),
    create(id) {
      const slot = store.keySlot(id);
      const kept = keyOf(slot.read());
      if (kept) return kept;
      slot.write(randomBytes(32).toString('base64'));
      const made = keyOf(slot.read());
      if (!made) throw new Error('the credential store did not keep the key');
      return made;
    },
    readFormer: (workspaceDir) => keyOf(store.formerSlot(realpathSync(workspaceDir)).read()),
    adoptFormer(workspaceDir, id, key) {
      const slot = store.keySlot(id);
      slot.write(key.toString('base64'));
      if (keyOf(slot.read())?.equals(key)) store.formerSlot(realpathSync(workspaceDir)).remove();
    },
  };
}

/**
 * The token cipher of the desktop app, web mode and the command line alike: the workspace's key
 * in the OS credential store, or a key file where no store is reachable (token-cipher.ts).
 */
export function sharedTokenCipher(workspaceDir: string, options: Omit<TokenCipherOptions, 'store'> = {}): TokenCipher {
  return tokenCipher(workspaceDir, { ...options, store: keeperIn(osCredentialStore) });
}
