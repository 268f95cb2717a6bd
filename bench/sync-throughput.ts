import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { planKind, type Benefit } from '../shared/plans/index.js';
import { validEmployerBody, validPlanBody } from '../tests/support/fixtures.js';
import { writeTransaction } from '../main/store/database.js';
import { initWorkspace, openWorkspace, type Workspace } from '../main/workspace/workspace.js';
import { loadEnvironment, saveEnvironment, type Environment } from '../main/sync/environments.js';
import { workspaceKeyCipher } from '../main/sync/token-cipher.js';
import type { SyncSummary } from '../main/sync/engine.js';
import { CLI, median, startServe, type ServeProcess } from './setup.js';

const EMPLOYERS = 100;
/**
 * Each round pushes ROUND_PLANS fresh medical plans with each client, back to back, each round
 * starting with the next client (sync, plain, keyed; plain, keyed, sync; ...); a ratio is the
 * median of the per-round ratios: a burst of load from elsewhere on a noisy machine then spoils one
 * round, not the figure.
 */
const ROUND_PLANS = 2_000;
const ROUNDS = 7;
/** Requests in flight of the plain client (and of the bench's own reads). */
const PLAIN_CONCURRENCY = 16;
const DIVISION = 'Bench';
const ENV = 'bench';
/** Routed creates per writeTransaction while preparing a workspace. */
const SETUP_BATCH = 10_000;

export type Progress = (phase: string) => void;

interface PlanRef {
  benefit: Benefit;
  id: string;
  /** Index of its employer in the workspace's employer list. */
  employer: number;
}

interface BenchWorkspace {
  dir: string;
  division: string;
  employerIds: string[];
  /** Opens the workspace for `work` and closes it again: `plandesk sync` is timed with no other connection open, as after the app is closed. */
  use<T>(work: (ws: Workspace) => T): T;
  dispose(): void;
}

function call(ws: Workspace, method: string, path: string, body?: unknown): Record<string, unknown> {
  const response = ws.router({ method, path, body, actor: ws.actor });
  if (response.status !== 200) throw new Error(`local ${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
}

function employerBody(division: string, index: number): Record<string, unknown> {
  return validEmployerBody(division, { name: `Bench Employer ${index}`, url: `https://employer-${index}.bench.test`, other_filters: [] });
}

/** A fresh local workspace (its division from init) with `employers` employers created through the router, so each is in the outbox. */
function benchWorkspace(label: string, employers: number): BenchWorkspace {
  const dir = mkdtempSync(join(tmpdir(), `plandesk-bench-${label}-`));
  const created = initWorkspace(dir, { account: 'Bench Local', email: 'bench@local.test', division: DIVISION });
  const use = <T>(work: (ws: Workspace) => T): T => {
    const ws = openWorkspace(dir);
    try {
      return work(ws);
    } finally {
      ws.close();
      // The file changed since its last damage check: check it now, outside the timed runs, as the
      // broker's app does when it starts, so the timed command finds it as a check left it.
      openWorkspace(dir).close();
    }
  };
  const employerIds = use((ws) => writeTransaction(ws.db, () =>
    Array.from({ length: employers }, (_, index) => call(ws, 'POST', '/employers/', employerBody(created.division, index)).id as string),
  ));
  return { dir, division: created.division, employerIds, use, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Creates plans `first`..`first + count - 1` through the router (so each is queued in the outbox),
 * in big transactions: kinds round-robin over `benefits`, employers round-robin; titles are unique.
 */
function addPlans(bench: BenchWorkspace, ws: Workspace, first: number, count: number, benefits: readonly Benefit[], keep = true): PlanRef[] {
  const refs: PlanRef[] = [];
  const end = first + count;
  for (let start = first; start < end; start += SETUP_BATCH) {
    writeTransaction(ws.db, () => {
      for (let index = start; index < Math.min(end, start + SETUP_BATCH); index += 1) {
        const benefit = benefits[index % benefits.length]!;
        const employer = index % bench.employerIds.length;
        const body = validPlanBody(benefit, {
          employer: bench.employerIds[employer],
          title: `Bench ${benefit} plan ${index}`,
          from_plan: undefined,
          from_action: undefined,
        });
        const id = call(ws, 'POST', `/plans/${benefit}/`, body).id as string;
        if (keep) refs.push({ benefit, id, employer });
      }
    });
  }
  return refs;
}

function environmentFor(bench: BenchWorkspace, ws: Workspace, server: ServeProcess): Environment {
  const cipher = workspaceKeyCipher(bench.dir);
  saveEnvironment(ws.db, cipher, ENV, server.url, server.token, new Date().toISOString());
  return loadEnvironment(ws.db, cipher, ENV);
}

function expectClean(summary: SyncSummary, pushed: number, what: string): void {
  if (summary.pushed !== pushed || summary.failed !== 0 || summary.pending !== 0) {
    throw new Error(`sync of ${what}: expected ${pushed} pushed, got ${JSON.stringify({ ...summary, errors: summary.errors.slice(0, 5) })}`);
  }
}

/** A keep-alive undici client of one server, answering parsed JSON and failing on any status but 200. */
function plainClient(server: ServeProcess) {
  const pool = new Pool(server.url, { connections: PLAIN_CONCURRENCY, pipelining: 1 });
  const headers = { authorization: `Token ${server.token}`, 'content-type': 'application/json' };
  return {
    async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
      const response = await pool.request({ method, path, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`${method} ${path} answered ${response.statusCode}: ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    },
    close: () => pool.close(),
  };
}

/** `work` over every item with `workers` concurrent workers. */
async function eachConcurrently<T>(items: readonly T[], workers: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** `count` employers created on a server through its plain client (untimed); their ids, in order. */
async function createEmployers(client: ReturnType<typeof plainClient>, server: ServeProcess, count: number): Promise<string[]> {
  const ids = new Array<string>(count);
  await eachConcurrently(
    Array.from({ length: count }, (_, index) => index),
    PLAIN_CONCURRENCY,
    async (index) => {
      ids[index] = (await client.request('POST', '/employers/', employerBody(server.division, index))).id as string;
    },
  );
  return ids;
}

/** Plans on the server: the sum of plans and plans_expired over every employer it lists. */
async function countRemotePlans(client: ReturnType<typeof plainClient>): Promise<{ employers: number; plans: number }> {
  const list = (await client.request('GET', '/employers/list/')) as unknown as { id: string }[];
  let plans = 0;
  await eachConcurrently(list, PLAIN_CONCURRENCY, async ({ id }) => {
    const employer = (await client.request('GET', `/employers/${id}/`)) as { plans: unknown[]; plans_expired: unknown[] };
    plans += employer.plans.length + employer.plans_expired.length;
  });
  return { employers: list.length, plans };
}

export interface SyncThroughput {
  /** Each client's median over the rounds, process start included. */
  syncPlansPerSecond: number;
  plainPlansPerSecond: number;
  keyedPlansPerSecond: number;
  /** The median of the per-round ratios (`plandesk sync` over the plain client, measured back to back). */
  ratio: number;
  /** The spread of the per-round ratios. */
  roundRatios: { min: number; max: number };
  /** The median of the per-round ratios of the plain client with an Idempotency-Key per POST over the same without. */
  keyedRatio: number;
  servers: { employers: number; plans: number }[];
}

const PLAIN_PUSH = join(__dirname, 'plain-push.cjs');

/** Runs node with `args` (in the repository, where `--import tsx` resolves) to its end; its stdout's last line and how long it took from spawn to exit (ms). */
function timedNode(args: string[], input?: string): Promise<{ lastLine: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: join(__dirname, '..'), stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.stdin.end(input);
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve({ lastLine: stdout.trim().split('\n').at(-1) ?? '', ms });
      else reject(new Error(`node ${args.join(' ')} exited with ${code}: ${stderr.trim() || stdout.trim()}`));
    });
  });
}

/** `plandesk sync --json` of the workspace to ENV as a child process, checked to have pushed `pushed` records and nothing else. */
async function cliSync(bench: BenchWorkspace, pushed: number, what: string): Promise<number> {
  const { lastLine, ms } = await timedNode([CLI, 'sync', '--workspace', bench.dir, '--env', ENV, '--json']);
  expectClean(JSON.parse(lastLine) as SyncSummary, pushed, what);
  return ms;
}

/**
 * `plandesk sync` of ROUND_PLANS queued medical plans (the compiled command as a child process,
 * start-up included) to one fresh `plandesk serve` (A), against a plain client process POSTing the
 * same bodies with 16 in flight to another (B, bench/plain-push.cjs), and the same plain client
 * sending an Idempotency-Key with each POST, as the sync does, to a third (C): how much of the
 * sync's figure the key's work on the server takes, apart from the sync's own. The employers go
 * first, untimed. Each round creates its plans in the workspace (untimed), then times the three
 * back to back, each round starting with the next of them. The plain client's bodies are what the
 * engine sends: each local plan's fields as the local service returns them, with the employer id
 * replaced by the server's own.
 */
export async function benchSyncThroughput(progress: Progress): Promise<SyncThroughput> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-sync-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    progress('starting three `plandesk serve` processes (A for plandesk sync, B for the plain client, C for it with keys)');
    const serverA = await startServe(mkdtempSync(join(dir, 'a-')), DIVISION);
    cleanups.push(serverA.stop);
    const serverB = await startServe(mkdtempSync(join(dir, 'b-')), DIVISION);
    cleanups.push(serverB.stop);
    const serverC = await startServe(mkdtempSync(join(dir, 'c-')), DIVISION);
    cleanups.push(serverC.stop);

    progress(`local workspace with ${EMPLOYERS} employers; sync them to A and create them on B and C (untimed)`);
    const bench = benchWorkspace('sync', EMPLOYERS);
    cleanups.push(bench.dispose);
    await timedNode([CLI, 'env', 'set', ENV, '--workspace', bench.dir, '--url', serverA.url, '--token-stdin'], `${serverA.token}\n`);
    await cliSync(bench, EMPLOYERS, 'the employers');
    const clientB = plainClient(serverB);
    cleanups.push(clientB.close);
    const clientC = plainClient(serverC);
    cleanups.push(clientC.close);
    const employersB = await createEmployers(clientB, serverB, EMPLOYERS);
    const employersC = await createEmployers(clientC, serverC, EMPLOYERS);

    const rates = { sync: [] as number[], plain: [] as number[], keyed: [] as number[] };
    const bodiesFile = (server: string) => join(dir, `bodies-${server}.json`);
    const writeBodies = (server: string, bodies: { path: string; body: Record<string, unknown> }[], employers: string[], options: { url: string; token: string; keyed: boolean }) =>
      writeFileSync(bodiesFile(server), JSON.stringify({
        ...options, concurrency: PLAIN_CONCURRENCY,
        bodies: bodies.map(({ path, body }) => ({ path, body: { ...body, employer: employers[body.employer as number] } })),
      }));
    // Each plan's body with its employer's index in place of an id, made the server's own by writeBodies.
    const bodiesFor = (ws: Workspace, refs: PlanRef[]) =>
      refs.map((ref) => {
        const local = call(ws, 'GET', `/plans/${ref.benefit}/${ref.id}/`);
        const body: Record<string, unknown> = {};
        for (const field of Object.keys(planKind(ref.benefit).fields)) body[field] = local[field];
        body.employer = ref.employer;
        return { path: `/plans/${ref.benefit}/`, body };
      });
    const timePlain = async (server: string, into: number[]) => {
      const { lastLine, ms } = await timedNode([PLAIN_PUSH, bodiesFile(server)]);
      if ((JSON.parse(lastLine) as { pushed: number }).pushed !== ROUND_PLANS) throw new Error(`the plain client pushed ${lastLine}`);
      into.push(ROUND_PLANS / (ms / 1000));
    };
    const timings = [
      async (round: number) => {
        const ms = await cliSync(bench, ROUND_PLANS, `plans round ${round + 1}`);
        rates.sync.push(ROUND_PLANS / (ms / 1000));
      },
      () => timePlain('b', rates.plain),
      () => timePlain('c', rates.keyed),
    ];

    for (let round = 0; round < ROUNDS; round += 1) {
      // Created untimed; plandesk sync finds them queued in the outbox.
      const bodies = bench.use((ws) => bodiesFor(ws, addPlans(bench, ws, round * ROUND_PLANS, ROUND_PLANS, ['medical'])));
      writeBodies('b', bodies, employersB, { url: serverB.url, token: serverB.token, keyed: false });
      writeBodies('c', bodies, employersC, { url: serverC.url, token: serverC.token, keyed: true });
      for (let turn = 0; turn < timings.length; turn += 1) await timings[(round + turn) % timings.length]!(round);
      const [sync, plain, keyed] = [rates.sync.at(-1)!, rates.plain.at(-1)!, rates.keyed.at(-1)!];
      progress(
        `round ${round + 1}/${ROUNDS}: ${ROUND_PLANS} plans each, plandesk sync ${sync.toFixed(0)} plans/s, plain client ${plain.toFixed(0)} plans/s (${(sync / plain).toFixed(2)}), with keys ${keyed.toFixed(0)} plans/s (${(keyed / plain).toFixed(2)})`,
      );
    }

    progress('verifying the plans on A, B and C');
    const clientA = plainClient(serverA);
    cleanups.push(clientA.close);
    const servers = [await countRemotePlans(clientA), await countRemotePlans(clientB), await countRemotePlans(clientC)];
    const plans = ROUNDS * ROUND_PLANS;
    servers.forEach((count, index) => {
      if (count.plans !== plans || count.employers !== EMPLOYERS)
        throw new Error(`server ${'ABC'[index]} holds ${count.plans} plans over ${count.employers} employers, expected ${plans} over ${EMPLOYERS}`);
    });

    const roundRatios = rates.sync.map((rate, index) => rate / rates.plain[index]!);
    return {
      syncPlansPerSecond: median(rates.sync),
      plainPlansPerSecond: median(rates.plain),
      keyedPlansPerSecond: median(rates.keyed),
      ratio: median(roundRatios),
      roundRatios: { min: Math.min(...roundRatios), max: Math.max(...roundRatios) },
      keyedRatio: median(rates.keyed.map((rate, index) => rate / rates.plain[index]!)),
      servers,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

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
    const bench = benchWorkspace(`rss-${queued}`, EMPLOYERS);
    workspaceDir = bench.dir;
    bench.use((ws) => addPlans(bench, ws, 0, queued - EMPLOYERS, ['medical'], false));
    server = await startServe(mkdtempSync(join(dir, 'serve-')), DIVISION);
    const serve = server;
    bench.use((ws) => environmentFor(bench, ws, serve));
    progress(
      `child process syncs the ${queued} queued entries (stops after ${stopAfter === undefined ? '' : `${stopAfter} pushed or `}${pushSeconds} s of pushing)`,
    );
    const { lastLine } = await timedNode(['--import', 'tsx', CHILD, bench.dir, ENV, String(pushSeconds), ...(stopAfter === undefined ? [] : [String(stopAfter)])]);
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
