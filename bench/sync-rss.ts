import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPlans, benchWorkspace, DIVISION, ENV, saveBenchEnvironment } from './bench-workspace.js';
import { timedNode } from './child-process.js';
import { startServe, type Progress, type ServeProcess } from './setup.js';

const EMPLOYERS = 100;

interface RssRun {
  queued: number;
  /** The child's RSS (KiB) just before the sync started, and once the queue was built; its maxRSS at the end. */
  baselineKiB: number;
  queueBuiltKiB: number;
  peakKiB: number;
  pushed: number;
  failed: number;
  seconds: number;
  /** Stopped before the queue was done: once it had pushed as many as asked, or when its time was up. */
  stopped: boolean;
  stoppedAfterCount: boolean;
}

const CHILD = join(__dirname, 'sync-rss-child.ts');

/**
 * A sync run's peak RSS, in a child process of its own, over a workspace with `queued` queued
 * entries (100 employers, the rest medical plans), pushed to a fresh server. The workspace is
 * prepared here, so the child's peak is the sync's alone. The child stops pushing after
 * `pushSeconds`, or once it has pushed `stopAfter` records. One kind of plan only: the sync sends
 * medical plans before other kinds, so with every kind queued the large run's first 10,000 would
 * be all medical (the largest kind) and the small run's a mix, and the two would not do the same work.
 */
async function rssRun(queued: number, pushSeconds: number, stopAfter: number | undefined, progress: Progress): Promise<RssRun> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-rss-'));
  let server: ServeProcess | undefined;
  let workspaceDir: string | undefined;
  try {
    progress(`preparing a workspace with ${queued} queued entries (${EMPLOYERS} employers, ${queued - EMPLOYERS} medical plans)`);
    const bench = await benchWorkspace(`rss-${queued}`, EMPLOYERS);
    workspaceDir = bench.dir;
    await bench.use((ws) => addPlans(bench, ws, 0, queued - EMPLOYERS, ['medical'], false));
    server = await startServe(mkdtempSync(join(dir, 'serve-')), DIVISION);
    const serve = server;
    await bench.use((ws) => saveBenchEnvironment(bench, ws, serve));
    progress(
      `child process syncs the ${queued} queued entries (stops after ${stopAfter === undefined ? '' : `${stopAfter} pushed or `}${pushSeconds} s of pushing)`,
    );
    const { lastLine } = await timedNode([
      '--import',
      'tsx',
      CHILD,
      bench.dir,
      ENV,
      String(pushSeconds),
      ...(stopAfter === undefined ? [] : [String(stopAfter)]),
    ]);
    const result = JSON.parse(lastLine) as RssRun;
    if (result.queued !== queued) throw new Error(`the child found ${result.queued} queued entries, expected ${queued}`);
    if (result.failed !== 0) throw new Error(`the child's sync failed on ${result.failed} records`);
    return result;
  } finally {
    await server?.stop();
    if (workspaceDir) rmSync(workspaceDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SyncRss {
  small: RssRun;
  large: RssRun;
  /** How long each child pushes at most before it stops the sync. */
  pushSeconds: number;
  /** Peak at the large queue over peak at the small one. */
  ratio: number;
}

/**
 * Peak RSS of sync runs over 10,000 and 100,000 queued entries. Both push the same number of
 * records (the large one stops once it has pushed as many as the small one did, or after
 * `pushSeconds`), so what differs between them is the size of the queue, not the work done.
 */
export async function benchSyncRss(progress: Progress, sizes: [number, number] = [10_000, 100_000], pushSeconds = 30): Promise<SyncRss> {
  const small = await rssRun(sizes[0], pushSeconds, undefined, progress);
  const large = await rssRun(sizes[1], pushSeconds, small.pushed, progress);
  return { small, large, pushSeconds, ratio: large.peakKiB / small.peakKiB };
}
