// The sync's bytes on the wire: it asks every remote to answer compressed and reads what comes back
// either way; it sends a batch gzipped only to a remote whose GET /capabilities/ says it takes
// compressed bodies, and plain JSON to any other (a 2.2.1 remote, as DRF expects).
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { createLocal, fastOptions, populate, populatedCount, saveEnv, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';
import { fastPull, remoteFilledByColleague } from './support/pulled-laptop.js';

describe('a push', () => {
  it('to a PlanDesk remote: every batch gzipped, every request asking for br or gzip, the remote an exact mirror', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 3 });
    const proxy = await startFaultProxy(remote.url);
    const env = saveEnv(local, 'staging', proxy.url, remote.token);

    expect(await syncEnvironment(local.ws, env, fastOptions())).toMatchObject({ pushed: populatedCount(data), failed: 0, pending: 0 });
    const batches = proxy.log.filter((entry) => entry.path === '/batch/');
    expect(batches.length).toBeGreaterThan(0);
    for (const batch of batches) expect(batch.contentEncoding).toBe('gzip');
    // Answers big enough to be worth it came back compressed, and were read.
    expect(batches.some((batch) => batch.answerEncoding === 'br')).toBe(true);
    for (const entry of proxy.log) expect(entry.acceptEncoding).toBe('br, gzip');
    await assertRemoteMirrorsLocal(local, 'staging', remote);
  });

  it.each([
    ['a remote with the older edition but no PlanDesk extensions (the hosted service)', { noSyncExtensions: true }],
    ['a remote with only the 2.2.1 operations', { only221: true }],
  ])('to %s: plain JSON, one record a request', async (_remote, options) => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 2 });
    const proxy = await startFaultProxy(remote.url, options);
    const env = saveEnv(local, 'staging', proxy.url, remote.token);

    const run = await syncEnvironment(local.ws, env, fastOptions());
    const writes = proxy.log.filter((entry) => entry.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((entry) => entry.contentEncoding !== undefined)).toEqual([]);
    expect(writes.filter((entry) => entry.path === '/batch/' && entry.fault !== 'not-offered')).toEqual([]);
    if ('noSyncExtensions' in options) {
      expect(run).toMatchObject({ pushed: populatedCount(data), failed: 0 });
      await assertRemoteMirrorsLocal(local, 'staging', remote);
    }
  });
});

describe('a pull', () => {
  it('reads the feed compressed: every page in br, the laptop a mirror of the remote', async () => {
    const { remote, proxy, records } = await remoteFilledByColleague(false, 3);
    const laptop = await createLocal();
    const env = saveEnv(laptop, 'production', proxy.url, remote.token);

    expect(await pullEnvironment(laptop.ws, env, { ...fastPull, pageSize: 10 })).toMatchObject({ created: records + 1, failed: 0, conflicts: 0 });
    const pages = proxy.log.filter((entry) => entry.path.startsWith('/changes/'));
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) expect(page.answerEncoding).toBe('br');
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
  });
});
