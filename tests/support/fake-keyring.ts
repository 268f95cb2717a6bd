// A stand-in for @napi-rs/keyring (the OS credential store), for tests in one process
// (`vi.mock('@napi-rs/keyring', () => keyring.module)`). It keeps the rules our code meets in the
// real module, each from its index.d.ts or as measured on Linux:
// - an entry is named by (service, account); getPassword answers null when it holds nothing;
//   deletePassword answers whether there was something to delete;
// - an entry that requires the Secret Service (`{ linux: { store: 'secret-service' } }`) cannot be
//   made where none runs: the constructor throws ("Requiring a store that is unavailable throws
//   instead of falling back");
// - an entry without that requirement falls back to the kernel keyring where no Secret Service runs,
//   which in a container refuses to keep anything: getPassword answers null, setPassword throws
//   "Couldn't access platform storage: AccessDenied" (measured here);
// - what one user's store holds, every process of that user sees (the test swaps `secrets` for
//   another computer's or user's store).
import type { EntryOptions } from '@napi-rs/keyring';

export interface FakeKeyring {
  /** Whether a Secret Service runs: a desktop session has one, a server or a scheduled job may not. */
  secretService: boolean;
  /** The user's Secret Service: `service/account` to secret. */
  secrets: Map<string, string>;
  /** What `@napi-rs/keyring` answers. */
  module: { Entry: new (service: string, account: string, options?: EntryOptions) => FakeEntry };
}

interface FakeEntry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
}

const NO_DBUS = 'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead';

export function createFakeKeyring(): FakeKeyring {
  const keyring: FakeKeyring = {
    secretService: true,
    secrets: new Map(),
    module: {
      Entry: class {
        private readonly name: string;
        constructor(service: string, account: string, options?: EntryOptions) {
          if (options?.linux?.store === 'secret-service' && !keyring.secretService) throw new Error(NO_DBUS);
          if (options?.linux?.store === 'keyutils') throw new Error('the fake keyring does not model the kernel keyring on request');
          this.name = `${service}/${account}`;
        }
        getPassword(): string | null {
          return keyring.secretService ? (keyring.secrets.get(this.name) ?? null) : null;
        }
        setPassword(password: string): void {
          if (!keyring.secretService) throw new Error("Couldn't access platform storage: AccessDenied");
          keyring.secrets.set(this.name, password);
        }
        deletePassword(): boolean {
          return keyring.secretService ? keyring.secrets.delete(this.name) : false;
        }
      },
    },
  };
  return keyring;
}
