import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planKind } from '../shared/plans/index.js';
import { remoteIdOf } from '../main/store/id-map-store.js';
import type { Workspace } from '../main/workspace/workspace.js';
import type { SyncSummary } from '../main/sync/engine.js';
import { addPlans, benchWorkspace, call, DIVISION, ENV, saveBenchEnvironment, type BenchWorkspace, type PlanRef } from './bench-workspace.js';
import { timedCli, timedNode } from './child-process.js';
import { countRemotePlans, createEmployers, PLAIN_CONCURRENCY, plainClient } from './plain-client.js';
import { startLinkProxy, type LinkShape } from './link-proxy.js';
import { median, startServe, type Progress, type ServeProcess } from './setup.js';

const EMPLOYERS = 100;
/**
 * Each round pushes ROUND_PLANS fresh medical plans with each lane's client, back to back, each
 * round starting with the next lane; a ratio is the median of the per-round ratios: a burst of
 * load from elsewhere on a noisy machine then spoils one round, not the figure.
 */
const ROUND_PLANS = 2_000;
const ROUNDS = 7;
/** Over a link a round takes seconds a lane (the plain clients wait a round trip per plan): fewer rounds. */
const LINK_ROUNDS = 5;

/**
 * One client pushing to a server of its own: `plandesk sync` (the compiled command as a child
 * process, start-up included), or bench/plain-push.cjs with or without an Idempotency-Key per POST;
 * the server `plandesk serve`, or `plandesk serve --strict-api` (no batches: one record a request).
 */
interface Lane {
  client: 'sync' | 'plain' | 'keyed';
  strictApi: boolean;
}

const PUSH_LANES = {
  sync: { client: 'sync', strictApi: false },
  keyed: { client: 'keyed', strictApi: false },
  plain: { client: 'plain', strictApi: false },
  strictSync: { client: 'sync', strictApi: true },
  strictKeyed: { client: 'keyed', strictApi: true },
  strictPlain: { client: 'plain', strictApi: true },
} as const satisfies Record<string, Lane>;

export type LaneName = keyof typeof PUSH_LANES;

export interface PushThroughput {
  /** Each lane's median over the rounds, in plans a second, process start included. */
  plansPerSecond: Record<LaneName, number>;
  /** The median of the per-round ratios of lane `a` over lane `b` (measured back to back), and their spread. */
  ratio(a: LaneName, b: LaneName): { median: number; min: number; max: number };
}

/** A lane set up: its server, the employer ids there, and what it times. */
interface RunningLane {
  name: LaneName;
  /** The server itself (for the checks), and the URL the lane's client is given (the link proxy's, over a link). */
  server: ServeProcess;
  clientUrl: string;
  employerIds: string[];
  /** Times one round's push (ms), checked to have pushed every plan. */
  time(round: number): Promise<number>;
  rates: number[];
}

const PLAIN_PUSH = join(__dirname, 'plain-push.cjs');

function expectClean(summary: SyncSummary, pushed: number, what: string): void {
  if (summary.pushed !== pushed || summary.failed !== 0 || summary.pending !== 0) {
    throw new Error(`sync of ${what}: expected ${pushed} pushed, got ${JSON.stringify({ ...summary, errors: summary.errors.slice(0, 5) })}`);
  }
}

/** `plandesk sync --json` of the workspace to ENV as a child process, checked to have pushed `pushed` records and nothing else. */
async function cliSync(bench: BenchWorkspace, pushed: number, what: string): Promise<number> {
  const { lastLine, ms } = await timedCli(['sync', '--workspace', bench.dir, '--env', ENV, '--json']);
  expectClean(JSON.parse(lastLine) as SyncSummary, pushed, what);
  return ms;
}

/** Each plan's body as the engine sends it (its fields as the local service returns them), with its employer's index in place of an id. */
async function bodiesFor(ws: Workspace, refs: PlanRef[]): Promise<{ path: string; body: Record<string, unknown> }[]> {
  const bodies: { path: string; body: Record<string, unknown> }[] = [];
  for (const ref of refs) {
    const local = await call(ws, 'GET', `/plans/${ref.benefit}/${ref.id}/`);
    const body: Record<string, unknown> = {};
    for (const field of planKind(ref.benefit).fieldNames) body[field] = local[field];
    body.employer = ref.employer;
    bodies.push({ path: `/plans/${ref.benefit}/`, body });
  }
  return bodies;
}

/**
 * The push figures: ROUND_PLANS medical plans a round through each of `lanes`, each lane against a
 * fresh server of its own. A sync lane has a workspace of its own whose EMPLOYERS employers are
 * synced first, untimed; a plain lane's employers are created on its server, untimed. Each round
 * creates its plans in every sync lane's workspace (untimed; the sync finds them queued), gives the
 * plain lanes the same bodies with their server's employer ids, then times the lanes back to back.
 * Over a `link`, every lane's client reaches its server through a link proxy of its own of that
 * shape (bench/link-proxy.ts); the untimed set-up and the checks go to the server directly.
 */
export async function benchPushThroughput(progress: Progress, lanes: readonly LaneName[], link?: LinkShape): Promise<PushThroughput> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-push-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    const running: RunningLane[] = [];
    const workspaces: BenchWorkspace[] = [];
    for (const name of lanes) {
      const lane: Lane = PUSH_LANES[name];
      progress(`lane ${name}: a \`plandesk serve${lane.strictApi ? ' --strict-api' : ''}\` and its ${EMPLOYERS} employers (untimed)`);
      const direct = await startServe(mkdtempSync(join(dir, `${name}-`)), DIVISION, { strictApi: lane.strictApi });
      cleanups.push(direct.stop);
      const proxy = link ? await startLinkProxy(direct.url, link) : undefined;
      if (proxy) cleanups.push(proxy.close);
      // What the lane's client is given: the server, or the proxy in front of it.
      const server: ServeProcess = proxy ? { ...direct, url: proxy.url } : direct;
      if (lane.client === 'sync') {
        const bench = await benchWorkspace(`push-${name}`, EMPLOYERS);
        cleanups.push(bench.dispose);
        workspaces.push(bench);
        await bench.use((ws) => saveBenchEnvironment(bench, ws, server));
        await cliSync(bench, EMPLOYERS, `the employers of lane ${name}`);
        const employerIds = await bench.use((ws) => bench.employerIds.map((id) => remoteIdOf(ws.db, ENV, id)!));
        running.push({
          name,
          server: direct,
          clientUrl: server.url,
          employerIds,
          rates: [],
          time: (round) => cliSync(bench, ROUND_PLANS, `lane ${name}, round ${round + 1}`),
        });
      } else {
        const client = plainClient(direct);
        cleanups.push(client.close);
        const employerIds = await createEmployers(client, direct, EMPLOYERS);
        const file = join(dir, `bodies-${name}.json`);
        const time = async () => {
          const { lastLine, ms } = await timedNode([PLAIN_PUSH, file]);
          if ((JSON.parse(lastLine) as { pushed: number }).pushed !== ROUND_PLANS) throw new Error(`the plain client of lane ${name} pushed ${lastLine}`);
          return ms;
        };
        running.push({ name, server: direct, clientUrl: server.url, employerIds, rates: [], time });
      }
    }

    const rounds = link ? LINK_ROUNDS : ROUNDS;
    for (let round = 0; round < rounds; round += 1) {
      // The same plans (by index, title and values) in every sync lane's workspace; the plain lanes' bodies from the first.
      let bodies: { path: string; body: Record<string, unknown> }[] | undefined;
      for (const bench of workspaces) {
        const made = await bench.use(async (ws) => bodiesFor(ws, await addPlans(bench, ws, round * ROUND_PLANS, ROUND_PLANS, ['medical'])));
        bodies ??= made;
      }
      if (!bodies) throw new Error('the push figures need at least one sync lane');
      for (const lane of running.filter(({ name }) => PUSH_LANES[name].client !== 'sync')) {
        writeFileSync(
          join(dir, `bodies-${lane.name}.json`),
          JSON.stringify({
            url: lane.clientUrl,
            token: lane.server.token,
            concurrency: PLAIN_CONCURRENCY,
            keyed: PUSH_LANES[lane.name].client === 'keyed',
            bodies: bodies.map(({ path, body }) => ({ path, body: { ...body, employer: lane.employerIds[body.employer as number] } })),
          }),
        );
      }
      for (let turn = 0; turn < running.length; turn += 1) {
        const lane = running[(round + turn) % running.length]!;
        lane.rates.push(ROUND_PLANS / ((await lane.time(round)) / 1000));
      }
      progress(`round ${round + 1}/${rounds}, plans/s: ${running.map((lane) => `${lane.name} ${lane.rates.at(-1)!.toFixed(0)}`).join(', ')}`);
    }

    progress('verifying the plans on every server');
    for (const lane of running) {
      const client = plainClient(lane.server);
      const plans = await countRemotePlans(client, lane.employerIds).finally(() => client.close());
      if (plans !== rounds * ROUND_PLANS)
        throw new Error(`lane ${lane.name}'s server holds ${plans} plans under its employers, expected ${rounds * ROUND_PLANS}`);
    }

    const ratesOf = (name: LaneName) => {
      const lane = running.find((candidate) => candidate.name === name);
      if (!lane) throw new Error(`lane ${name} was not run`);
      return lane.rates;
    };
    return {
      plansPerSecond: Object.fromEntries(running.map((lane) => [lane.name, median(lane.rates)])) as Record<LaneName, number>,
      ratio(a, b) {
        const [over, under] = [ratesOf(a), ratesOf(b)];
        const ratios = over.map((rate, index) => rate / under[index]!);
        return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
      },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
