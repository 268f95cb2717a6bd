// A remote that is down when a push starts, or that goes away during one: said plainly, and the
// run stops within seconds instead of backing off record after record.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSyncRun } from '../../main/sync/run.js';
import { countOutstanding } from '../../main/store/sync-queue-store.js';
import { SyncController } from '../../main/sync/sync-controller.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { createLocal, populate, populatedCount, saveEnv, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a remote that is down when the push starts', () => {
  it('is reported as unreachable, with the reason, and nothing changes', async () => {
    const local = await createLocal();
    const data = await populate(local, { employers: 1 });
    saveEnv(local, 'staging', `http://127.0.0.1:${await closedPort()}`, 'a'.repeat(40));
    const result = await startSyncRun(local.ws, workspaceKeyCipher(local.dir), 'staging').result;
    expect(result).toEqual({
      kind: 'refused',
      reason: 'unreachable',
      message: 'staging is unreachable (connection refused)',
      pushed: 0,
      pending: populatedCount(data),
    });
    expect(local.ws.db.prepare('SELECT count(*) FROM record_sync').pluck().get()).toBe(0);
  });

  it('answers the window 503 with that sentence, not an internal error', async () => {
    const local = await createLocal();
    await populate(local, { employers: 1 });
    saveEnv(local, 'staging', `http://127.0.0.1:${await closedPort()}`, 'a'.repeat(40));
    const controller = new SyncController(local.ws, workspaceKeyCipher(local.dir));
    expect(await controller.sync('staging', () => {})).toEqual({ status: 503, body: { detail: 'staging is unreachable (connection refused)' } });
  });
});

describe('a remote that goes away during the push', () => {
  it('stops the run within seconds: "lost the connection to staging; N changes still waiting"', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 6 });
    saveEnv(local, 'staging', remote.url, remote.token);
    let stoppedAt: number | undefined;
    let closing: Promise<void> | undefined;
    const run = startSyncRun(local.ws, workspaceKeyCipher(local.dir), 'staging', {
      onProgress: (progress) => {
        if (progress.done >= 20 && closing === undefined) {
          stoppedAt = performance.now();
          closing = remote.api.close();
        }
      },
    });
    const result = await run.result;
    const took = performance.now() - stoppedAt!;
    await closing;
    const waiting = countOutstanding(local.ws.db, 'staging');
    const synced = local.ws.db.prepare("SELECT count(*) FROM record_sync WHERE env = 'staging' AND status = 'synced'").pluck().get() as number;
    expect(result).toEqual({
      kind: 'connection-lost',
      message: `lost the connection to staging; ${waiting} changes still waiting`,
      pushed: synced,
      pending: waiting,
    });
    expect(synced).toBeGreaterThanOrEqual(20);
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(populatedCount(data));
    expect(took).toBeLessThan(5_000);
  });

  it('leaves nothing half-done: once the remote is back, the next run makes an exact mirror', async () => {
    const remote = await startRemote();
    // The link to the remote dies (the remote itself keeps what it took), then comes back elsewhere.
    const link = await startFaultProxy(remote.url);
    const local = await createLocal();
    await populate(local, { employers: 6 });
    saveEnv(local, 'staging', link.url, remote.token);
    let cut: Promise<void> | undefined;
    const first = await startSyncRun(local.ws, workspaceKeyCipher(local.dir), 'staging', {
      onProgress: (progress) => {
        if (progress.done >= 30) cut ??= link.close();
      },
    }).result;
    await cut;
    expect(first.kind).toBe('connection-lost');

    const back = await startFaultProxy(remote.url);
    saveEnv(local, 'staging', back.url, remote.token);
    const second = await startSyncRun(local.ws, workspaceKeyCipher(local.dir), 'staging').result;
    await back.close();
    expect(second).toMatchObject({ kind: 'finished', failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });
});

describe('a remote whose gateway still answers, but only with errors', () => {
  it('stops the run within seconds once nothing but 5xx comes back, instead of backing off record after record', async () => {
    const remote = await startRemote();
    // A request per record, as the hosted service takes them: the case where backing off record after record would drag on.
    const gateway = await startFaultProxy(remote.url, { noSyncExtensions: true });
    const local = await createLocal();
    const data = await populate(local, { employers: 6 });
    saveEnv(local, 'staging', gateway.url, remote.token);
    let diedAt: number | undefined;
    gateway.setDecide((request) => {
      if (request.writeIndex !== undefined && request.writeIndex >= 20) diedAt ??= performance.now();
      return diedAt === undefined ? 'forward' : 'error-500';
    });
    // The default backoff: the waits a person's run really has.
    const result = await startSyncRun(local.ws, workspaceKeyCipher(local.dir), 'staging').result;
    const took = performance.now() - diedAt!;
    await gateway.close();
    const waiting = countOutstanding(local.ws.db, 'staging');
    expect(result).toMatchObject({ kind: 'connection-lost', message: `lost the connection to staging; ${waiting} changes still waiting`, pending: waiting });
    expect(waiting).toBeGreaterThan(populatedCount(data) / 2);
    expect(took).toBeLessThan(10_000);
  }, 30_000);
});
