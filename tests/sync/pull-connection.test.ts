// What a pull asks of the workspace's connection while it runs, and gives back after: a small page
// cache (it writes each record once) and its savepoints' journals in memory (each pulled record is
// written in a savepoint of its page's transaction; SQLite would write every page it touches to a
// temporary file beyond 64 KiB of journal).
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { FAST_BACKOFF } from './support/fast-backoff.js';
import { createLocal, fastOptions, populate, saveEnv, startRemote } from './support/harness.js';

/** SQLite's temp_store values: 0 the default (files), 2 memory. */
const MEMORY = 2;

describe('a pull and the workspace connection', () => {
  it('holds the page cache to 2 MiB and keeps journals in memory while it runs, then gives both back', async () => {
    const remote = await startRemote();
    const colleague = await createLocal();
    await populate(colleague, { employers: 1 });
    await syncEnvironment(colleague.ws, saveEnv(colleague, 'production', remote.url, remote.token), fastOptions());
    const laptop = await createLocal();
    const { db } = laptop.ws;
    const before = { cache: db.pragma('cache_size', { simple: true }), temp: db.pragma('temp_store', { simple: true }) };
    let during: { cache: unknown; temp: unknown } | undefined;

    await pullEnvironment(laptop.ws, saveEnv(laptop, 'production', remote.url, remote.token), {
      backoff: FAST_BACKOFF,
      onProgress: () => (during ??= { cache: db.pragma('cache_size', { simple: true }), temp: db.pragma('temp_store', { simple: true }) }),
    });

    expect(during).toEqual({ cache: -2048, temp: MEMORY });
    expect(before.temp).not.toBe(MEMORY);
    expect({ cache: db.pragma('cache_size', { simple: true }), temp: db.pragma('temp_store', { simple: true }) }).toEqual(before);
  });
});
