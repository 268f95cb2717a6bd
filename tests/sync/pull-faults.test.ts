// Pulling through a network that loses answers, resets connections, fails with 500s, throttles and
// stalls; with the token revoked or the remote gone mid-pull; and with the pulling process killed
// at random instants: afterwards a clean pull leaves the workspace an exact mirror of the remote,
// with nothing pulled twice and nothing local lost.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { ConnectionLostError, TokenRejectedError } from '../../main/sync/remote.js';
import { FAST_BACKOFF } from './support/fast-backoff.js';
import { forwardAll, randomly, seededRandom, startFaultProxy, type Fault } from './support/fault-proxy.js';
import { createLocal, fastOptions, populate, saveEnv, SEED_OFFSET, startRemote, type TestLocal } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const CHILD = fileURLToPath(new URL('./support/pull-child.ts', import.meta.url));
/** Small pages, so that a pull spans many of them (a listing through lists and reads has its own). */
const fastPull = { backoff: FAST_BACKOFF, timeoutMs: 300, pageSize: 20 };
const FAULTS: Fault[] = ['drop-response', 'reset', 'error-500', 'delay', 'throttle'];

const SOURCES = [
  { source: 'the changes feed', noSyncExtensions: false },
  { source: 'lists and reads', noSyncExtensions: true },
];

/** A remote a colleague filled, and a new laptop that pulls from it through a proxy. */
async function setUp(options: { noSyncExtensions: boolean; employers?: number; latencyMs?: [number, number] }) {
  const remote = await startRemote();
  const colleague = await createLocal();
  await populate(colleague, { employers: options.employers ?? 3 });
  await syncEnvironment(colleague.ws, saveEnv(colleague, 'production', remote.url, remote.token), fastOptions());
  const proxy = await startFaultProxy(remote.url, {
    noSyncExtensions: options.noSyncExtensions,
    holdMs: 500,
    ...(options.latencyMs ? { latencyMs: options.latencyMs } : {}),
  });
  const laptop = await createLocal();
  const env = saveEnv(laptop, 'production', proxy.url, remote.token);
  return { remote, proxy, laptop, env };
}

const employerCount = async (laptop: TestLocal) => ((await laptop.ok('GET', '/employers/list/')) as unknown[]).length;

describe.each(SOURCES)('pull faults through $source', ({ noSyncExtensions }) => {
  it.each(FAULTS)('%s: a faulty pull, then a clean one, leave an exact mirror', async (fault) => {
    const { remote, proxy, laptop, env } = await setUp({ noSyncExtensions });
    // Reads only: the first few, then each with probability p (the capabilities probe aside, so the pull reads the way it should).
    const later = randomly(fault === 'delay' ? 0.1 : 0.3, fault, 5000 + FAULTS.indexOf(fault) + (noSyncExtensions ? 100 : 0) + SEED_OFFSET);
    let reads = 0;
    proxy.setDecide((request) => (request.path === '/capabilities/' ? 'forward' : reads++ < 3 ? fault : later(request)));

    const faulty = await pullEnvironment(laptop.ws, env, fastPull).then(
      (summary) => ({ summary }),
      (error: unknown) => ({ error }),
    );
    expect(proxy.count(fault), 'the network did misbehave').toBeGreaterThan(0);
    if ('error' in faulty) expect(faulty.error).toBeInstanceOf(Error);
    else expect(faulty.summary).toMatchObject({ conflicts: 0, failed: 0 });

    proxy.setDecide(forwardAll);
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, failed: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
    expect(await employerCount(laptop)).toBe(((await remote.ok('GET', '/employers/list/')) as unknown[]).length);
  });

  it('a token revoked mid-pull stops it; what was applied stays, and a pull with a good token completes exactly', async () => {
    const { remote, proxy, laptop, env } = await setUp({ noSyncExtensions, employers: 6 });
    let reads = 0;
    proxy.setDecide(() => (reads++ >= 6 ? 'reject-token' : 'forward'));
    await expect(pullEnvironment(laptop.ws, env, { ...fastPull })).rejects.toBeInstanceOf(TokenRejectedError);
    const linked = laptop.ws.db.prepare("SELECT count(*) FROM id_map WHERE env = 'production'").pluck().get() as number;
    expect(linked, 'what was applied before stays').toBeGreaterThan(0);
    proxy.setDecide(forwardAll);
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, failed: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
  });

  it('a remote that goes away mid-pull stops it with the reason; the next pull completes', async () => {
    const { remote, proxy, laptop, env } = await setUp({ noSyncExtensions, employers: 6 });
    let reads = 0;
    proxy.setDecide(() => (reads++ >= 6 ? 'reset' : 'forward'));
    const stopped = await pullEnvironment(laptop.ws, env, { ...fastPull }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ConnectionLostError);
    proxy.setDecide(forwardAll);
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, failed: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
  });
});

interface ChildRun {
  lines: number;
  killed: boolean;
  exitCode: number | null;
  stderr: string;
}

/** Runs the pull child and kills it with SIGKILL after `lines` progress lines, unless it ends first. */
function runChild(dir: string, env: string, lines: number): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, env], { stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = 0;
    let killed = false;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('progress ')) return;
      seen += 1;
      if (seen >= lines && !killed && child.exitCode === null) killed = child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ lines: seen, killed, exitCode, stderr }));
  });
}

describe.each(SOURCES)('kill -9 of the pulling process, through $source', ({ noSyncExtensions }) => {
  it('3 kills at random moments, then a clean pull: an exact mirror, nothing pulled twice', async () => {
    const { remote, proxy, laptop, env } = await setUp({ noSyncExtensions, employers: 8, latencyMs: [5, 20] });
    const random = seededRandom(8000 + (noSyncExtensions ? 1 : 0) + SEED_OFFSET);
    let kills = 0;
    for (let kill = 0; kill < 3; kill += 1) {
      const run = await runChild(laptop.dir, 'production', 1 + Math.floor(random() * 120));
      expect(run.stderr, `child ${kill} failed on its own`).toBe('');
      kills += run.killed ? 1 : 0;
    }
    expect(kills).toBeGreaterThanOrEqual(2);
    await proxy.settled();
    proxy.setOptions({ latencyMs: undefined });
    expect(await pullEnvironment(laptop.ws, env, fastPull)).toMatchObject({ conflicts: 0, failed: 0 });
    await assertRemoteMirrorsLocal(laptop, 'production', remote);
    expect(await employerCount(laptop)).toBe(((await remote.ok('GET', '/employers/list/')) as unknown[]).length);
  }, 60_000);
});
