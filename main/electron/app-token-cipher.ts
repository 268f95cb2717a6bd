import { safeStorage } from 'electron';
import { sharedTokenCipher } from '../sync/keyring-cipher.js';
import { SAFE_STORAGE_SCHEME, TokenUnreadableError, type TokenCipher } from '../sync/token-cipher.js';

/**
 * The desktop app's token cipher: the one the command line and web mode use (the workspace's key in
 * the OS credential store), so each reads what the other saved. Tokens an earlier version of the
 * app sealed with Electron's safeStorage still open here, and are sealed again in the shared scheme
 * as they are read (environments.ts), so the command line reads them from then on.
 */
export function appTokenCipher(workspaceDir: string, warn: (line: string) => void): TokenCipher {
  return sharedTokenCipher(workspaceDir, { warn, former: { [SAFE_STORAGE_SCHEME]: openWithSafeStorage } });
}

function openWithSafeStorage(ciphertext: string): string {
  if (!safeStorage.isEncryptionAvailable()) throw new TokenUnreadableError('store-unreachable', 'is kept with the OS keychain, which is not available now');
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    throw new TokenUnreadableError('store-unreachable', 'is kept with the OS keychain, and no secret service (GNOME Keyring or KWallet) is running');
  }
  try {
    return safeStorage.decryptString(Buffer.from(ciphertext, 'base64'));
  } catch {
    throw new TokenUnreadableError('unreadable', "cannot be read here: it was sealed with another computer's or user account's keychain");
  }
}
