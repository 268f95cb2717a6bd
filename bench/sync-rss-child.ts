// Run by bench/sync-rss.ts in a process of its own: syncs a prepared workspace and prints,
// as one JSON line, its RSS (KiB) before the sync started and once the queue was built, and its
// peak RSS (process.resourceUsage().maxRSS, KiB) at the end.
//
//   node --import tsx bench/sync-rss-child.ts WORKSPACE_DIR ENV PUSH_SECONDS [STOP_AFTER]
//
// The sync is stopped through its AbortSignal PUSH_SECONDS after the queue is built (the sync's
// first progress report), or once it has pushed STOP_AFTER records, whichever comes first.
import { setMaxListeners } from 'node:events';
import { loadEnvironment } from '../main/sync/environments.js';
import { workspaceKeyCipher } from '../main/sync/token-cipher.js';
import { syncEnvironment, type SyncProgress } from '../main/sync/engine.js';
import { openWorkspace } from '../main/workspace/workspace.js';

async function main(): Promise<void> {
  const [dir, envName, secondsText, stopAfterText] = process.argv.slice(2);
  if (!dir || !envName || !secondsText) throw new Error('usage: sync-rss-child.ts WORKSPACE_DIR ENV PUSH_SECONDS [STOP_AFTER]');
  const pushMs = Number(secondsText) * 1000;
  const stopAfter = stopAfterText ? Number(stopAfterText) : Number.POSITIVE_INFINITY;
  const workspace = await openWorkspace(dir);
  const env = loadEnvironment(workspace.db, workspaceKeyCipher(dir), envName);
  const controller = new AbortController();
  // Each request in flight listens on the signal (16 at a time, a few more briefly): not a leak.
  setMaxListeners(64, controller.signal);
  let timer: NodeJS.Timeout | undefined;
  let last: SyncProgress = { total: 0, done: 0, failed: 0 };
  let queueBuiltKiB = 0;
  const rssKiB = () => Math.round(process.memoryUsage().rss / 1024);
  const baselineKiB = rssKiB();
  const started = performance.now();
  try {
    await syncEnvironment(workspace, env, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (timer === undefined) {
          queueBuiltKiB = rssKiB();
          timer = setTimeout(() => controller.abort(), pushMs);
        }
        last = progress;
        if (progress.done >= stopAfter) controller.abort();
      },
    });
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  const peakKiB = process.resourceUsage().maxRSS;
  workspace.close();
  console.log(
    JSON.stringify({
      queued: last.total,
      pushed: last.done,
      failed: last.failed,
      stopped: controller.signal.aborted,
      stoppedAfterCount: last.done >= stopAfter,
      seconds,
      baselineKiB,
      queueBuiltKiB,
      peakKiB,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
