import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PullSummary } from '../main/sync/pull/pull.js';
import { benchWorkspace, DIVISION, ENV, saveBenchEnvironment, type BenchWorkspace } from './bench-workspace.js';
import { timedCli, timedNode } from './child-process.js';
import { startLinkProxy, type LinkShape, type LinkProxy } from './link-proxy.js';
import { PLAIN_CONCURRENCY, plainClient } from './plain-client.js';
import { fillRemote } from './remote-fill.js';
import { bootstrapServeDb, median, serveDb, type Progress, type ServeProcess } from './setup.js';

const EMPLOYERS = 20;
const PLANS = 2_000;
/** Each round times a pull into a new workspace and the plain reader back to back, alternating which goes first. */
const ROUNDS = 5;

const PLAIN_READ = join(__dirname, 'plain-read.cjs');

/** What `plandesk pull --json` prints. */
type PullCounts = Omit<PullSummary, 'conflicts'> & { conflicts: number };

export interface PullThroughput {
  /** Records (employers and plans) a second, each side's median round, process start included. */
  pullPerSecond: number;
  plainPerSecond: number;
  /** The median of the per-round ratios (pull over the plain reader) and their spread. */
  ratio: number;
  roundRatios: { min: number; max: number };
  /** Requests the server answered during a second pull with nothing changed, and during one after one plan changed there (on loopback only). */
  requests?: { unchanged: number; oneChanged: number };
  /**
   * Over a link: bytes on the line (both ways) of the first round's pull, and of the same records read
   * as the pull read them before compression (uncompressedPullBytes).
   */
  bytes?: { pull: number; uncompressed: number };
}

/**
 * Bytes on a line of `link`'s shape (both ways) of the requests the pull made before it asked for
 * compression (commit 1d86062): the probe (capabilities, employers, filters), then the whole feed in
 * pages of 100 and then 300 records, each answered as plain JSON. The baseline of the bytes figure.
 */
async function uncompressedPullBytes(server: ServeProcess, link: LinkShape): Promise<number> {
  const proxy = await startLinkProxy(server.url, link);
  const client = plainClient({ ...server, url: proxy.url });
  try {
    await Promise.all(['/capabilities/', '/employers/list/', '/filters/list/'].map((path) => client.request('GET', path)));
    let page = (await client.request('GET', '/changes/?limit=100')) as { next: string; complete: boolean };
    while (!page.complete) page = (await client.request('GET', `/changes/?since=${encodeURIComponent(page.next)}&limit=300`)) as typeof page;
    const { up, down } = proxy.bytes();
    return up + down;
  } finally {
    await client.close();
    await proxy.close();
  }
}

/** A new workspace (its division named as the remote's, so the two are linked) knowing `server` as ENV. */
export async function pullingWorkspace(label: string, server: ServeProcess): Promise<BenchWorkspace> {
  const bench = await benchWorkspace(label, 0);
  await bench.use((ws) => saveBenchEnvironment(bench, ws, server));
  return bench;
}

/** `plandesk pull --json` of ENV into the workspace as a child process (with `nodeOptions` besides its own), checked to have found what `expected` says. */
export async function cliPull(bench: BenchWorkspace, expected: Partial<PullCounts>, nodeOptions: string[] = []): Promise<{ ms: number; lines: string[] }> {
  const { lines, ms } = await timedCli(['pull', '--workspace', bench.dir, '--env', ENV, '--json'], nodeOptions);
  const counts = JSON.parse(lines.find((line) => line.startsWith('{"created"')) ?? '{}') as PullCounts;
  const wrong = Object.entries({ conflicts: 0, failed: 0, ...expected }).filter(([key, value]) => counts[key as keyof PullCounts] !== value);
  if (wrong.length > 0) throw new Error(`plandesk pull: expected ${JSON.stringify(expected)}, got ${lines.join('\n')}`);
  return { ms, lines };
}

/**
 * `plandesk pull` of EMPLOYERS employers with PLANS medical plans into a new workspace (the
 * compiled command as a child process, start-up included) against a plain reader process fetching
 * the same records one request each with 16 in flight (bench/plain-read.cjs), both from one
 * `plandesk serve` over a database filled beforehand. Then, on the last round's workspace, the
 * requests the server answers (its access log) during a second pull, and during a third after one
 * plan changed on the remote. Over a `link`, the pull and the reader each reach the server through
 * a link proxy of their own of that shape (bench/link-proxy.ts), and the first pull's bytes are
 * counted instead of the later pulls' requests.
 */
export async function benchPullThroughput(progress: Progress, link?: LinkShape): Promise<PullThroughput> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-pull-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    progress(`filling a remote with ${EMPLOYERS} employers and ${PLANS} medical plans, then \`plandesk serve\` on it`);
    const remote = bootstrapServeDb(mkdtempSync(join(dir, 'serve-')), DIVISION);
    await fillRemote(remote, EMPLOYERS, PLANS);
    const accessLog = join(dir, 'access.log');
    const server = await serveDb(remote, { accessLog });
    cleanups.push(server.stop);
    const records = EMPLOYERS + PLANS;
    const through = async (): Promise<{ url: string; proxy?: LinkProxy }> => {
      if (!link) return { url: server.url };
      const proxy = await startLinkProxy(server.url, link);
      cleanups.push(proxy.close);
      return { url: proxy.url, proxy };
    };
    const pullSide = await through();
    const readerSide = await through();
    let firstPullBytes: number | undefined;

    const rates = { pull: [] as number[], plain: [] as number[] };
    let pulled: BenchWorkspace | undefined;
    const timings = [
      async (round: number) => {
        const bench = await pullingWorkspace(`pull-${round}`, { ...server, url: pullSide.url });
        cleanups.push(bench.dispose);
        const before = pullSide.proxy?.bytes();
        // Every employer and plan, and the remote's admin (a user of its account); the division is linked by name.
        const { ms } = await cliPull(bench, { created: records + 1, updated: 0, removed: 0 });
        if (before && firstPullBytes === undefined) {
          const after = pullSide.proxy!.bytes();
          firstPullBytes = after.up - before.up + after.down - before.down;
        }
        rates.pull.push(records / (ms / 1000));
        pulled = bench;
      },
      async () => {
        const { lastLine, ms } = await timedNode([PLAIN_READ, readerSide.url, server.token, String(PLAIN_CONCURRENCY)]);
        if ((JSON.parse(lastLine) as { records: number }).records !== records)
          throw new Error(`the plain reader read ${lastLine}, expected ${records} records`);
        rates.plain.push(records / (ms / 1000));
      },
    ];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let turn = 0; turn < timings.length; turn += 1) await timings[(round + turn) % timings.length]!(round);
      const [pull, plain] = [rates.pull.at(-1)!, rates.plain.at(-1)!];
      progress(
        `round ${round + 1}/${ROUNDS}: ${records} records each, pull ${pull.toFixed(0)}/s, plain reader ${plain.toFixed(0)}/s (${(pull / plain).toFixed(2)})`,
      );
    }

    const roundRatios = rates.pull.map((rate, index) => rate / rates.plain[index]!);
    const figures = {
      pullPerSecond: median(rates.pull),
      plainPerSecond: median(rates.plain),
      ratio: median(roundRatios),
      roundRatios: { min: Math.min(...roundRatios), max: Math.max(...roundRatios) },
    };
    if (link) {
      progress('bytes of the same records read as the pull read them before compression');
      return { ...figures, bytes: { pull: firstPullBytes!, uncompressed: await uncompressedPullBytes(server, link) } };
    }

    progress('requests of a second pull with nothing changed, and of one after a plan changed on the remote');
    const requestsDuring = async (work: () => Promise<unknown>) => {
      const answered = () => readFileSync(accessLog, 'utf8').split('\n').length;
      const before = answered();
      await work();
      // The server logs a request once its answer is sent: let the last line land.
      await sleep(200);
      return answered() - before;
    };
    const unchanged = await requestsDuring(() => cliPull(pulled!, { created: 0, updated: 0, removed: 0 }));
    const client = plainClient(server);
    cleanups.push(client.close);
    const [employer] = (await client.request('GET', '/employers/list/')) as unknown as { id: string }[];
    const listed = (await client.request('GET', `/employers/${employer!.id}/`)) as { plans: { id: string }[]; plans_expired: { id: string }[] };
    const [plan] = [...listed.plans, ...listed.plans_expired];
    const path = `/plans/medical/${plan!.id}/`;
    await client.request('PUT', path, { ...(await client.request('GET', path)), title: 'Bench plan changed once' });
    const oneChanged = await requestsDuring(() => cliPull(pulled!, { created: 0, updated: 1, removed: 0 }));

    return { ...figures, requests: { unchanged, oneChanged } };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
