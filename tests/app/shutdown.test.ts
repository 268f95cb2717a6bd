// Quitting the app (Electron's before-quit, web mode's SIGTERM) goes through AppCore.shutdown():
// a sync still pushing is cancelled and allowed to settle before the workspace database closes.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore, ShuttingDownError } from '../../main/app/app-core.js';
import { countOutstanding } from '../../main/store/sync-queue-store.js';
import { openWorkspace } from '../../main/workspace/workspace.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import { validEmployerBody } from '../support/fixtures.js';

let dir: string;
/** A remote that takes every request and never answers: a sync to it runs until cancelled. */
let silentRemote: Server;
const received: IncomingMessage[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-shutdown-'));
  silentRemote = createServer((request) => received.push(request));
  await new Promise<void>((listening) => silentRemote.listen(0, '127.0.0.1', listening));
});

afterAll(async () => {
  silentRemote.closeAllConnections();
  await new Promise((closed) => silentRemote.close(closed));
  rmSync(dir, { recursive: true, force: true });
});

describe('AppCore.shutdown', () => {
  it('cancels a running sync, waits for it to settle, then closes the workspace with the change still queued', async () => {
    const core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
    const invoke = (method: string, ...args: unknown[]) => core.invoke(method, args);
    expect(await invoke('setupWorkspace', { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' })).toMatchObject({ status: 200 });
    const [division] = ((await invoke('call', 'GET', '/divisions/list/')) as BridgeResponse).body as { id: string }[];
    expect(await invoke('call', 'POST', '/employers/', validEmployerBody(division!.id, { other_filters: [] }))).toMatchObject({ status: 200 });
    const url = `http://127.0.0.1:${(silentRemote.address() as AddressInfo).port}`;
    expect(await invoke('saveEnvironment', { name: 'staging', url, token: 'a'.repeat(40) })).toEqual({ status: 200, body: { name: 'staging' } });

    const run = invoke('sync', 'staging');
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await core.shutdown();

    expect(await run).toEqual({ status: 200, body: { cancelled: true, pending: 1 } });
    expect(received.every((request) => request.destroyed)).toBe(true);
    await expect(invoke('workspace')).rejects.toBeInstanceOf(ShuttingDownError);
    const reopened = await openWorkspace(dir);
    try {
      expect(countOutstanding(reopened.db, 'staging')).toBe(1);
      expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      reopened.close();
    }
  });

  it('closes at once when no sync runs, and refuses calls from then on', async () => {
    const core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
    expect(await core.invoke('workspace', [])).toMatchObject({ ready: true });
    await core.shutdown();
    await expect(core.invoke('drafts', [])).rejects.toThrow('PlanDesk is closing.');
  });
});
