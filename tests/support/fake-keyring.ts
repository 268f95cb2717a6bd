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
//   "Couldn't access platform storage: AccessDenied" (measured here); on a server that allows it,
//   it keeps entries in memory until the next reboot (keyring-rs's keyutils documentation);
// - what one user's store holds, every process of that user sees (the test swaps `secrets` for
//   another computer's or user's store).
import type { EntryOptions } from '@napi-rs/keyring';

export interface FakeKeyring {
  /** Whether a Secret Service runs: a desktop session has one, a server or a scheduled job may not. */
  secretService: boolean;
  /** The user's Secret Service: `service/account` to secret. */
  secrets: Map<string, string>;
  /** The user's kernel keyring, where it keeps anything (a server; emptied by a reboot); null where it refuses (a container). */
  kernelKeyring: Map<string, string> | null;
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
    kernelKeyring: null,
    module: {
      Entry: class {
        private readonly name: string;
        constructor(service: string, account: string, options?: EntryOptions) {
          if (options?.linux?.store === 'secret-service' && !keyring.secretService) throw new Error(NO_DBUS);
          if (options?.linux?.store === 'keyutils') throw new Error('the fake keyring does not model the kernel keyring on request');
          this.name = `${service}/${account}`;
        }
        /** Where this entry lives: the Secret Service, else the kernel keyring (null where it refuses). */
        private store(): Map<string, string> | null {
          return keyring.secretService ? keyring.secrets : keyring.kernelKeyring;
        }
        getPassword(): string | null {
          return this.store()?.get(this.name) ?? null;
        }
        setPassword(password: string): void {
          const store = this.store();
          if (!store) throw new Error("Couldn't access platform storage: AccessDenied");
          store.set(this.name, password);
        }
        deletePassword(): boolean {
          return this.store()?.delete(this.name) ?? false;
        }
      },
    },
  };
  return keyring;
}
