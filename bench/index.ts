import { parseArgs } from 'node:util';
import { benchCliStartup } from './cli-startup.js';
import { benchDesktopJobs, DESKTOP_JOBS } from './desktop-jobs.js';
import { benchIntegrityCheck } from './integrity-check.js';
import { DEFAULT_LINK, describeLink, type LinkShape } from './link-proxy.js';
import { machineLine } from './machine.js';
import { benchServeVsBare } from './serve-vs-bare.js';
import { benchServiceVsRaw } from './service-vs-raw.js';
import { benchPostgresPosts, benchPostgresPull } from './postgres-figures.js';
import { POSTGRES_ADMIN_VARIABLE, postgresAdminUrl } from './postgres-databases.js';
import { benchTwoServes, type ServesFigure } from './postgres-two-serves.js';
import { benchPullRss } from './pull-rss.js';
import { benchPullThroughput } from './pull-throughput.js';
import { benchPushThroughput } from './push-throughput.js';
import { benchSyncRss } from './sync-rss.js';

interface Row {
  figure: string;
  value: string;
  baseline: string;
  /** Absent for a count, which its goal bounds directly. */
  ratio?: number;
  goal: string;
  /** Absent for a figure that only explains another. */
  met?: boolean;
}

const started = performance.now();
const progress = (phase: string) => process.stderr.write(`   .. [${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${phase}\n`);
const perSecondOf = (value: number, unit: string) => `${value.toFixed(0)} ${unit}/s`;
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
/** A ratio with its goal: the goal's text and whether it is met come from the one bound. */
const atLeast = (ratio: number, bound: number) => ({ ratio, goal: `>= ${bound.toFixed(2)}`, met: ratio >= bound });
const atMost = (ratio: number, bound: number) => ({ ratio, goal: `<= ${bound.toFixed(2)}`, met: ratio <= bound });

const requests = (count: number, bound: number) => ({ value: `${count} requests`, baseline: '-', goal: `<= ${bound} requests`, met: count <= bound });

/**
 * The sections to run: all, or those named on the command line (`npm run bench -- pull push`).
 * `link` runs the push and pull figures over a broker's line as well as on loopback.
 */
const SECTIONS = ['startup', 'service', 'serve', 'postgres', 'push', 'pull', 'link', 'memory', 'check', 'desktop'] as const;
type Section = (typeof SECTIONS)[number];

interface Choice {
  sections: Set<Section>;
  /** The push and pull sections to run over the line too, and its shape. */
  overLink: Set<'push' | 'pull'>;
  link: LinkShape;
}

/**
 * `--rtt MS --up MBIT --down MBIT` shape the line (DEFAULT_LINK otherwise); given with `push` or
 * `pull`, they run those sections over it too.
 */
function chosen(args: string[]): Choice {
  const { values, positionals } = parseArgs({
    args,
    options: { rtt: { type: 'string' }, up: { type: 'string' }, down: { type: 'string' } },
    allowPositionals: true,
  });
  const unknown = positionals.filter((arg) => !(SECTIONS as readonly string[]).includes(arg));
  if (unknown.length > 0) throw new Error(`unknown bench section ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}`);
  const sections = new Set(positionals.length === 0 ? SECTIONS : (positionals as Section[]));
  const number = (text: string | undefined, fallback: number, option: string) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0 || (option !== 'rtt' && value === 0)) throw new Error(`--${option} takes a positive number, got ${text}`);
    return value;
  };
  const link = {
    rttMs: number(values.rtt, DEFAULT_LINK.rttMs, 'rtt'),
    upMbit: number(values.up, DEFAULT_LINK.upMbit, 'up'),
    downMbit: number(values.down, DEFAULT_LINK.downMbit, 'down'),
  };
  const shaped = values.rtt !== undefined || values.up !== undefined || values.down !== undefined;
  const overLink = new Set<'push' | 'pull'>();
  for (const section of ['push', 'pull'] as const) {
    if (sections.has('link')) sections.add(section);
    if (sections.has('link') || (shaped && sections.has(section))) overLink.add(section);
  }
  return { sections, overLink, link };
}

async function main(): Promise<void> {
  const { sections, overLink, link } = chosen(process.argv.slice(2));
  const machine = machineLine();
  const rows: Row[] = [];

  if (sections.has('startup')) {
    progress('plandesk --help vs node -e 0');
    const startup = benchCliStartup();
    rows.push({
      figure: 'start-up: plandesk --help (compiled) vs a bare node -e 0, medians of 20',
      value: `${startup.helpMs.toFixed(0)} ms`,
      baseline: `${startup.nodeMs.toFixed(0)} ms`,
      ...atMost(startup.ratio, 4),
    });
  }

  if (sections.has('service')) {
    progress('service vs raw insert');
    const core = await benchServiceVsRaw();
    rows.push({
      figure: 'create a medical plan in-process: service vs raw prepared insert',
      value: perSecondOf(core.serviceOps, 'plans'),
      baseline: perSecondOf(core.rawOps, 'rows'),
      ...atLeast(core.ratio, 0.5),
    });
  }

  if (sections.has('serve')) {
    progress('serve vs bare server');
    const serve = await benchServeVsBare();
    rows.push({
      figure: 'POST /plans/medical/, 64 keep-alive clients: plandesk serve vs bare node:http + better-sqlite3 (WAL, FULL)',
      value: perSecondOf(serve.serve, 'req'),
      baseline: perSecondOf(serve.bare, 'req'),
      ...atLeast(serve.ratio, 1),
    });
  }

  if (sections.has('postgres')) {
    const adminUrl = postgresAdminUrl();
    if (adminUrl === undefined) {
      progress(`postgres: skipped, ${POSTGRES_ADMIN_VARIABLE} names no PostgreSQL server (an admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)`);
    } else {
      progress('serve on PostgreSQL vs the bare node:http + pg server, and vs serve on SQLite');
      const posts = await benchPostgresPosts(adminUrl, progress);
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      rows.push({
        figure: 'POST /plans/medical/, 64 keep-alive clients: plandesk serve on PostgreSQL vs bare node:http + pg (pool of 10, synchronous_commit on)',
        value: perSecondOf(posts.postgres.rate, 'req'),
        baseline: perSecondOf(posts.bare.rate, 'req'),
        ...atLeast(posts.postgres.rate / posts.bare.rate, 1),
      });
      rows.push({
        figure: 'the same: plandesk serve on PostgreSQL vs on SQLite',
        value: perSecondOf(posts.postgres.rate, 'req'),
        baseline: perSecondOf(posts.sqlite.rate, 'req'),
        ratio: posts.postgres.rate / posts.sqlite.rate,
        goal: 'none: reported',
      });
      rows.push({
        figure: 'the same: p99 latency, plandesk serve on PostgreSQL vs on SQLite',
        value: ms(posts.postgres.p99Ms),
        baseline: ms(posts.sqlite.p99Ms),
        ratio: posts.postgres.p99Ms / posts.sqlite.p99Ms,
        goal: 'none: reported',
      });
      progress('plandesk pull from serve on PostgreSQL vs from serve on SQLite');
      const pull = await benchPostgresPull(adminUrl, progress);
      rows.push({
        figure: 'plandesk pull of 2,000 medical plans (20 employers) into a new workspace: from serve on PostgreSQL vs on SQLite',
        value: perSecondOf(pull.postgres, 'records'),
        baseline: perSecondOf(pull.sqlite, 'records'),
        ratio: pull.postgres / pull.sqlite,
        goal: 'none: reported',
      });
      progress('two plandesk serve processes on one PostgreSQL database vs one, writing plans of the same employers');
      const { one, two } = await benchTwoServes(adminUrl, progress);
      const failures = (side: ServesFigure) => `${side.errors} 500s, ${side.others} other, ${side.deadlocks} deadlocks`;
      const cpu = (side: ServesFigure) =>
        `serve ${side.cpu.serves.map((cores) => cores.toFixed(2)).join(' + ')}, PostgreSQL ${side.cpu.postgres.toFixed(2)}, bench clients ${side.cpu.client.toFixed(2)}, machine ${side.cpu.machine.toFixed(2)} cores`;
      rows.push({
        figure:
          'POST /plans/medical/, 64 keep-alive clients over 8 employers: two plandesk serve processes on one PostgreSQL database (32 clients each) vs one',
        value: perSecondOf(two.rate, 'req'),
        baseline: perSecondOf(one.rate, 'req'),
        ...atLeast(two.rate / one.rate, 1.6),
      });
      rows.push({
        figure: '  the same: answers other than 200, and deadlocks PostgreSQL detected, two serves (one)',
        value: failures(two),
        baseline: failures(one),
        goal: 'none with two',
        met: two.errors + two.others + two.deadlocks === 0,
      });
      rows.push({
        figure: '  the same: longest request, two serves vs one',
        value: ms(two.maxLatencyMs),
        baseline: ms(one.maxLatencyMs),
        ratio: two.maxLatencyMs / one.maxLatencyMs,
        goal: '<= 5000 ms',
        met: two.maxLatencyMs <= 5000,
      });
      rows.push({
        figure: '  the same: CPU during the rounds (of 2 cores on the build machine), two serves vs one',
        value: cpu(two),
        baseline: cpu(one),
        goal: 'none: what bounds the figure',
      });
    }
  }

  if (sections.has('push')) {
    progress('plandesk sync vs plain client processes, to plandesk serve and to plandesk serve --strict-api');
    const push = await benchPushThroughput(progress, ['sync', 'keyed', 'plain', 'strictSync', 'strictKeyed']);
    const perSecond = push.plansPerSecond;
    rows.push({
      figure:
        'plandesk sync of 2,000 queued medical plans to plandesk serve (batches), process start included: vs a plain client process with an Idempotency-Key per POST (16 in flight)',
      value: perSecondOf(perSecond.sync, 'plans'),
      baseline: perSecondOf(perSecond.keyed, 'plans'),
      ...atLeast(push.ratio('sync', 'keyed').median, 2),
    });
    rows.push({
      figure: 'the same to plandesk serve --strict-api (one record a request): vs the same keyed plain client to a strict server',
      value: perSecondOf(perSecond.strictSync, 'plans'),
      baseline: perSecondOf(perSecond.strictKeyed, 'plans'),
      ...atLeast(push.ratio('strictSync', 'strictKeyed').median, 0.85),
    });
    rows.push({
      figure: 'the keyed plain client vs the same without keys, to plandesk serve (what the key that exactly-once needs costs the server)',
      value: perSecondOf(perSecond.keyed, 'plans'),
      baseline: perSecondOf(perSecond.plain, 'plans'),
      ratio: push.ratio('keyed', 'plain').median,
      goal: 'none: explains the above',
    });
  }

  if (sections.has('pull')) {
    progress('plandesk pull vs a plain reader process');
    const pull = await benchPullThroughput(progress);
    rows.push({
      figure:
        'plandesk pull of 2,000 medical plans (20 employers) into a new workspace, process start included: vs a plain reader process, one GET a record (16 in flight)',
      value: perSecondOf(pull.pullPerSecond, 'records'),
      baseline: perSecondOf(pull.plainPerSecond, 'records'),
      ...atLeast(pull.ratio, 2),
    });
    rows.push({ figure: 'a second pull with nothing changed: requests the server answered', ...requests(pull.requests!.unchanged, 5) });
    rows.push({ figure: 'a pull after one plan changed on the remote: requests the server answered', ...requests(pull.requests!.oneChanged, 10) });
  }

  const over = `over a link of ${describeLink(link)}, each side through a proxy of its own`;
  if (overLink.has('push')) {
    progress(`plandesk sync vs plain client processes, ${over}`);
    const push = await benchPushThroughput(progress, ['sync', 'keyed', 'strictSync', 'strictPlain', 'strictKeyed'], link);
    const perSecond = push.plansPerSecond;
    rows.push({
      figure: `${over}: plandesk sync of 2,000 queued medical plans to plandesk serve (batches) vs the keyed plain client (16 in flight)`,
      value: perSecondOf(perSecond.sync, 'plans'),
      baseline: perSecondOf(perSecond.keyed, 'plans'),
      ...atLeast(push.ratio('sync', 'keyed').median, 8),
    });
    rows.push({
      figure: 'the same to plandesk serve --strict-api (one record a request): vs the plain client without keys to a strict server',
      value: perSecondOf(perSecond.strictSync, 'plans'),
      baseline: perSecondOf(perSecond.strictPlain, 'plans'),
      ...atLeast(push.ratio('strictSync', 'strictPlain').median, 0.95),
    });
    rows.push({
      figure: 'the keyed plain client vs the same without keys, to a strict server, over the link',
      value: perSecondOf(perSecond.strictKeyed, 'plans'),
      baseline: perSecondOf(perSecond.strictPlain, 'plans'),
      ratio: push.ratio('strictKeyed', 'strictPlain').median,
      goal: 'none: explains the above',
    });
  }

  if (overLink.has('pull')) {
    progress(`plandesk pull vs a plain reader process, ${over}`);
    const pull = await benchPullThroughput(progress, link);
    rows.push({
      figure: `${over}: plandesk pull of 2,000 medical plans (20 employers) into a new workspace vs the plain reader (16 in flight)`,
      value: perSecondOf(pull.pullPerSecond, 'records'),
      baseline: perSecondOf(pull.plainPerSecond, 'records'),
      ...atLeast(pull.ratio, 8),
    });
    const { bytes } = pull;
    rows.push({
      figure: 'bytes on the line of that first pull: vs the same requests answered without compression (as before issue 36)',
      value: `${(bytes!.pull / 1024).toFixed(0)} KiB`,
      baseline: `${(bytes!.uncompressed / 1024).toFixed(0)} KiB`,
      ...atMost(bytes!.pull / bytes!.uncompressed, 0.1),
    });
  }

  if (sections.has('memory')) {
    progress('sync peak RSS, 10,000 vs 100,000 queued');
    const rss = await benchSyncRss(progress);
    // A run holds SQLite's caches to 2 MiB (main and temp), so what can still differ between the two
    // runs is V8's garbage not yet collected: its young generation (two semi-spaces of up to 16 MiB)
    // and the old generation's allowance before its next mark-compact. Live memory is the same.
    const garbageBoundKiB = 3 * 16 * 1024;
    const growth = rss.large.peakKiB - rss.small.peakKiB;
    rows.push({
      figure: 'sync peak RSS: 100,000 queued vs 10,000 queued',
      value: mib(rss.large.peakKiB),
      baseline: mib(rss.small.peakKiB),
      ratio: rss.ratio,
      goal: `~1.00 (growth <= ${mib(garbageBoundKiB)})`,
      met: growth <= garbageBoundKiB,
    });

    progress('pull peak RSS, 10,000 vs 100,000 plans');
    const pulled = await benchPullRss(progress);
    rows.push({
      figure: 'plandesk pull peak RSS, into a new workspace: 100,000 medical plans vs 10,000',
      value: mib(pulled.large.peakKiB),
      baseline: mib(pulled.small.peakKiB),
      ratio: pulled.large.peakKiB / pulled.small.peakKiB,
      goal: `growth <= ${mib(garbageBoundKiB)}`,
      met: pulled.large.peakKiB - pulled.small.peakKiB <= garbageBoundKiB,
    });
  }

  if (sections.has('check')) {
    progress('damage check (quick_check) at 10,000 employers');
    const check = await benchIntegrityCheck();
    rows.push({
      figure: `damage check once per writable open: PRAGMA quick_check vs the whole open, 10,000 employers (${check.megabytes.toFixed(1)} MB)`,
      value: `${check.quickCheckMs.toFixed(0)} ms`,
      baseline: `${check.openMs.toFixed(0)} ms`,
      ratio: check.quickCheckMs / check.openMs,
      goal: 'check < 100 ms',
      met: check.quickCheckMs < 100,
    });
  }

  if (sections.has('desktop')) {
    progress("the desktop app's main thread during the window's heavy jobs");
    const desktop = await benchDesktopJobs(progress);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const what: Record<(typeof DESKTOP_JOBS)[number], string> = {
      open: `opening the workspace (damage and start-up checks, ${desktop.workspaceMegabytes.toFixed(0)} MB)`,
      'import preview': 'previewing a sheet of 10,000 employers',
      'import write': 'importing those 10,000 rows, 1,000 a call',
      'SBC read': 'reading an SBC',
      'exhibit PDF': 'making an exhibit PDF',
      pull: 'getting 2,000 plans from the agency server',
    };
    for (const job of DESKTOP_JOBS) {
      const { before, after } = desktop.jobs[job];
      rows.push({
        figure: `desktop main thread while ${what[job]}: longest stretch of its own work (CPU between two timer turns), jobs in the worker thread vs on the main thread`,
        value: ms(after.maxOwnWorkMs),
        baseline: ms(before.maxOwnWorkMs),
        ratio: after.maxOwnWorkMs / before.maxOwnWorkMs,
        goal: '<= 50 ms',
        met: after.maxOwnWorkMs <= 50,
      });
      rows.push({
        figure: `  the same: largest event-loop gap (monitorEventLoopDelay; waiting for a CPU included), and busy of total ms`,
        value: `${ms(after.maxGapMs)} (${ms(after.busyMs)} of ${ms(after.ms)})`,
        baseline: `${ms(before.maxGapMs)} (${ms(before.busyMs)} of ${ms(before.ms)})`,
        ratio: after.maxGapMs / before.maxGapMs,
        goal: 'none: explains the above',
      });
    }
  }

  printTable(rows, machine);
}

function printTable(rows: Row[], machine: string): void {
  const header = ['figure', 'value', 'baseline', 'ratio', 'goal', 'met'];
  const cells = rows.map((row) => [
    row.figure,
    row.value,
    row.baseline,
    row.ratio === undefined ? '-' : row.ratio.toFixed(2),
    row.goal,
    row.met === undefined ? '-' : row.met ? 'OK' : 'BELOW GOAL',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column]!))
      .join(' | ')
      .trimEnd();
  console.log('PlanDesk benchmarks: each figure beside its baseline, measured side by side in this run (compare ratios, not absolutes)');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const values of cells) console.log(line(values));
  console.log(machine);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
