// The BUILT preload (out/preload/index.js), loaded as a sandboxed renderer loads it: its require
// answers `electron` and nothing else. It must need nothing more, expose exactly the bridge table's
// methods, carry each call to its own channel with its arguments, and pass main's progress events on.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS, bridgeChannel, SYNC_PROGRESS_CHANNEL, type BridgeMethod } from '../../shared/bridge.js';
import { createFakeElectron, type FakeElectron } from '../support/fake-electron.cjs';

const PRELOAD = fileURLToPath(new URL('../../out/preload/index.js', import.meta.url));

let fake: FakeElectron;
let plandesk: Record<string, (...args: unknown[]) => unknown>;
const received: { channel: string; args: unknown[] }[] = [];

beforeAll(() => {
  fake = createFakeElectron();
  fake.control.ready();
  for (const method of BRIDGE_METHODS) {
    fake.electron.ipcMain.handle(bridgeChannel(method), (_event: unknown, ...args: unknown[]) => {
      received.push({ channel: bridgeChannel(method), args });
      return { answered: method };
    });
  }
  const window = new fake.electron.BrowserWindow({ webPreferences: { preload: PRELOAD, sandbox: true, contextIsolation: true } });
  window.url = 'app://renderer/index.html';
  fake.control.loadPreload(window);
  plandesk = fake.control.exposed.get('plandesk')!;
});

describe('the built preload', () => {
  it('requires nothing but electron', () => {
    expect(fake.control.requiredByPreload).toEqual(['electron']);
  });

  it("exposes exactly the bridge table's methods, and the progress subscription", () => {
    expect(Object.keys(plandesk).sort()).toEqual([...BRIDGE_METHODS, 'onSyncProgress'].sort());
  });

  it.each(BRIDGE_METHODS)('sends %s to its own channel with its arguments as one array', async (method: BridgeMethod) => {
    received.length = 0;
    await expect(plandesk[method]!('first', 2)).resolves.toEqual({ answered: method });
    expect(received).toEqual([{ channel: bridgeChannel(method), args: [['first', 2]] }]);
  });

  it('passes progress events from main to a subscriber until it unsubscribes', () => {
    const events: unknown[] = [];
    const unsubscribe = plandesk['onSyncProgress']!((event: unknown) => events.push(event)) as () => void;
    const contents = fake.control.windows[0]!.webContents;
    contents.send(SYNC_PROGRESS_CHANNEL, { env: 'staging', total: 2, done: 1, failed: 0 });
    unsubscribe();
    contents.send(SYNC_PROGRESS_CHANNEL, { env: 'staging', total: 2, done: 2, failed: 0 });
    expect(events).toEqual([{ env: 'staging', total: 2, done: 1, failed: 0 }]);
  });
});
