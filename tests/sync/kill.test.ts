// kill -9 of a sync process at random instants, several times over, through a slow link (so that
// kills land while records are in flight and requests are still on their way), then one clean
// run: the remote holds exactly one copy of every local record, and the local state says so.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { countOutstanding } from '../../main/store/sync-queue-store.js';
import { seededRandom, startFaultProxy } from './support/fault-proxy.js';
import { createLocal, fastOptions, mapFiltersByHand, populate, populatedCount, saveEnv, SEED_OFFSET, startRemote } from './support/harness.js';
import { assertRemoteMirrorsLocal } from './support/mirror.js';

const CHILD = fileURLToPath(new URL('./support/sync-child.ts', import.meta.url));
const KILLS = 5;

interface ChildRun {
  /** Progress lines seen before it ended. */
  lines: number;
  killed: boolean;
  exitCode: number | null;
  stderr: string;
}

/** When to kill the child: after so many progress lines, or so many milliseconds after it started (startup included). */
type KillAt = { lines: number } | { ms: number };

/** Runs the sync child and kills it with SIGKILL at `at`, unless it ends first. */
function runChild(dir: string, env: string, at: KillAt): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, env], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let killed = false;
    let stderr = '';
    const kill = () => {
      if (!killed && child.exitCode === null) killed = child.kill('SIGKILL');
    };
    const timer = 'ms' in at ? setTimeout(kill, at.ms) : undefined;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('progress ')) return;
      lines += 1;
      if ('lines' in at && lines >= at.lines) kill();
    });
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ lines, killed, exitCode, stderr });
    });
  });
}

describe.each([
  { remoteKind: 'the project server', stripIdempotencyKey: false, only221: false, seed: 7001 },
  { remoteKind: 'a remote that ignores Idempotency-Key', stripIdempotencyKey: true, only221: false, seed: 7002 },
  { remoteKind: 'a remote with only the 2.2.1 operations', stripIdempotencyKey: false, only221: true, seed: 7003 },
])('kill -9 of the sync process, against $remoteKind', ({ stripIdempotencyKey, only221, seed }) => {
  it(`${KILLS} kills at random moments, then a clean run: an exact mirror`, async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const proxy = await startFaultProxy(remote.url, { stripIdempotencyKey, only221, latencyMs: [20, 50] });
    const data = await populate(local, { employers: 12, users: 6 });
    const total = populatedCount(data);
    expect(total).toBeGreaterThanOrEqual(150);
    const env = saveEnv(local, 'staging', proxy.url, remote.token);
    if (only221) await mapFiltersByHand(local, 'staging', remote);

    const random = seededRandom(seed + SEED_OFFSET);
    let inFlightSeen = 0;
    let kills = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const remaining = countOutstanding(local.ws.db, 'staging');
      if (remaining === 0) break;
      // Progress lines come one per record sent and one per page: kill somewhere in this run, or
      // at a moment chosen blindly (which may fall in startup, the probe, or a transaction).
      const at: KillAt = kill % 2 === 0 ? { lines: 1 + Math.floor(random() * remaining * 0.6) } : { ms: 300 + Math.floor(random() * 600) };
      const run = await runChild(local.dir, 'staging', at);
      expect(run.stderr, `child ${kill} failed on its own`).toBe('');
      if (!run.killed) expect(run.exitCode, `seed ${seed}: child ${kill} ended on its own`).toBe(0);
      kills += run.killed ? 1 : 0;
      inFlightSeen += local.ws.db.prepare("SELECT count(*) FROM record_sync WHERE env = 'staging' AND status = 'in_flight'").pluck().get() as number;
    }
    expect(kills, `seed ${seed}: most children were killed before they finished`).toBeGreaterThanOrEqual(KILLS - 2);
    expect(inFlightSeen, `seed ${seed}: some kills landed while records were in flight`).toBeGreaterThan(0);

    // Whatever was still on its way through the link arrives (or not) before the last run.
    await proxy.settled();
    proxy.setOptions({ latencyMs: undefined });
    const clean = await syncEnvironment(local.ws, env, fastOptions());
    expect(clean, `seed ${seed}`).toMatchObject({ failed: 0, pending: 0 });
    await assertRemoteMirrorsLocal(local, 'staging', remote);
    expect(await syncEnvironment(local.ws, env, fastOptions())).toEqual({ pushed: 0, failed: 0, pending: 0, errors: [] });
  }, 60_000);
});
