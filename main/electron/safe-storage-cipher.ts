import { safeStorage } from 'electron';
import { TokenUnavailableError, type TokenCipher } from '../sync/token-cipher.js';

/**
 * The desktop app's token encryption: the OS keychain through Electron's safeStorage (Keychain on
 * macOS, DPAPI on Windows, libsecret/kwallet on Linux). Refuses rather than storing a token that
 * the platform would only obfuscate (Linux without a secret service reports 'basic_text').
 */
export function safeStorageCipher(): TokenCipher {
  const available = () => {
    if (!safeStorage.isEncryptionAvailable()) throw new TokenUnavailableError('the OS keychain is not available, so the token cannot be stored safely');
    if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
      throw new TokenUnavailableError('no secret service (GNOME Keyring or KWallet) is running, so the token cannot be stored safely');
    }
  };
  return {
    scheme: 'electron-safe-storage',
    encrypt(token) {
      available();
      return safeStorage.encryptString(token).toString('base64');
    },
    decrypt(ciphertext) {
      available();
      return safeStorage.decryptString(Buffer.from(ciphertext, 'base64'));
    },
  };
}
