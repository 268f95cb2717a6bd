import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIVISION } from './bench-workspace.js';
import { cliPull, pullingWorkspace } from './pull-throughput.js';
import { fillRemote } from './remote-fill.js';
import { bootstrapServeDb, serveDb, type Progress } from './setup.js';

const EMPLOYERS = 100;
const PEAK_RSS = join(__dirname, 'peak-rss.cjs');

interface PullPeak {
  plans: number;
  /** The pull process's peak RSS (KiB) and how long it ran. */
  peakKiB: number;
  seconds: number;
}

/**
 * The peak RSS of `plandesk pull` (the compiled command, its own process) of EMPLOYERS employers
 * and `plans` medical plans into a new workspace, from a remote filled for this run alone.
 */
async function pullPeak(plans: number, progress: Progress): Promise<PullPeak> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-pull-rss-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    progress(`filling a remote with ${EMPLOYERS} employers and ${plans} medical plans`);
    const remote = bootstrapServeDb(dir, DIVISION);
    await fillRemote(remote, EMPLOYERS, plans);
    const server = await serveDb(remote);
    cleanups.push(server.stop);
    const bench = await pullingWorkspace(`pull-rss-${plans}`, server);
    cleanups.push(bench.dispose);
    progress(`plandesk pull of the ${plans} plans, its peak RSS`);
    const { ms, lines } = await cliPull(bench, { created: EMPLOYERS + plans + 1 }, ['--require', PEAK_RSS]);
    const { peakKiB } = JSON.parse(lines.at(-1)!) as { peakKiB: number };
    return { plans, peakKiB, seconds: ms / 1000 };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

export interface PullRss {
  small: PullPeak;
  large: PullPeak;
}

/** Peak RSS of a pull of 10,000 plans and of 100,000, each into a new workspace. */
export async function benchPullRss(progress: Progress, sizes: [number, number] = [10_000, 100_000]): Promise<PullRss> {
  return { small: await pullPeak(sizes[0], progress), large: await pullPeak(sizes[1], progress) };
}
