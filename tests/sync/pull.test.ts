// Pulling from the project's own server: a new laptop gets what the token can see, linked so that
// nothing goes back twice; remote changes come down, local ones are never lost.
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { readHistory } from '../../main/history/record-history.js';
import { localIdOf, remoteIdOf } from '../../main/store/id-map-store.js';
import { FAST_BACKOFF } from './support/fast-backoff.js';
import { createLocal, fastOptions, populate, populatedCount, saveEnv, startRemote, type TestLocal, type TestRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const fastPull = { backoff: FAST_BACKOFF, timeoutMs: 300 };

/** A remote filled by another laptop's push: what a broker's colleague entered. */
async function remoteFilledByColleague(employers = 2): Promise<{ remote: TestRemote; colleague: TestLocal; records: number }> {
  const remote = await startRemote();
  const colleague = createLocal();
  const data = populate(colleague, { employers });
  await syncEnvironment(colleague.ws, saveEnv(colleague, 'production', remote.url, remote.token), fastOptions());
  return { remote, colleague, records: populatedCount(data) };
}

describe('pull from a remote compared in full (lists and reads)', () => {
  it('brings a new laptop every record, linked: a sync back sends nothing, and a second pull changes nothing', async () => {
    const { remote } = await remoteFilledByColleague();
    const laptop = createLocal();
    const env = saveEnv(laptop, 'production', remote.url, remote.token);

    const first = await pullEnvironment(laptop.ws, env, fastPull);
    expect(first).toMatchObject({ conflicts: 0, failed: 0, errors: [], removed: 0 });
    assertRemoteMirrorsLocal(laptop, 'production', remote);

    expect(await syncEnvironment(laptop.ws, env, fastOptions())).toEqual({ pushed: 0, failed: 0, pending: 0, errors: [] });
    const second = await pullEnvironment(laptop.ws, env, fastPull);
    expect(second).toMatchObject({ created: 0, updated: 0, removed: 0, conflicts: 0, failed: 0 });
  });
});
