import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIVISION } from './bench-workspace.js';
import { scratchDatabase } from './postgres-databases.js';
import { cliPull, pullingWorkspace } from './pull-throughput.js';
import { fillRemote } from './remote-fill.js';
import { load, ROUNDS, startBareTarget, startServeTarget, type Target } from './serve-vs-bare.js';
import { bootstrapServeDb, median, serveDb, stop, type Progress } from './setup.js';

export interface PostgresPosts {
  /** Requests a second (each side's median round) and p99 latency over all its rounds, in ms. */
  postgres: { rate: number; p99Ms: number };
  bare: { rate: number; p99Ms: number };
  sqlite: { rate: number; p99Ms: number };
}

/**
 * POST /plans/medical/ with 64 keep-alive clients, rounds alternating between three servers, each
 * its own process: `plandesk serve` on a new PostgreSQL database, the bare node:http + pg server
 * (bench/bare-postgres-server.ts) on another of the same server, and `plandesk serve` on SQLite.
 */
export async function benchPostgresPosts(adminUrl: string, progress: Progress): Promise<PostgresPosts> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-postgres-'));
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const served = await scratchDatabase(adminUrl, 'serve');
    cleanups.push(served.drop);
    const bareDatabase = await scratchDatabase(adminUrl, 'bare');
    cleanups.push(bareDatabase.drop);
    const targets: Record<keyof PostgresPosts, Target> = {
      postgres: await startServeTarget(mkdtempSync(join(dir, 'pg-')), served.url),
      bare: await startBareTarget(join(__dirname, 'bare-postgres-server.ts'), bareDatabase.url),
      sqlite: await startServeTarget(mkdtempSync(join(dir, 'sqlite-'))),
    };
    for (const target of Object.values(targets)) {
      cleanups.push(async () => {
        await target.pool.close();
        await stop(target.child);
      });
    }
    const rounds = { postgres: [] as number[], bare: [] as number[], sqlite: [] as number[] };
    const latencies = { postgres: [] as number[], bare: [] as number[], sqlite: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const side of ['postgres', 'bare', 'sqlite'] as const) {
        const { rate, latenciesMs } = await load(targets[side]);
        rounds[side].push(rate);
        latencies[side].push(...latenciesMs);
      }
      progress(
        `round ${round + 1}/${ROUNDS}: serve on PostgreSQL ${rounds.postgres.at(-1)!.toFixed(0)}/s, bare ${rounds.bare.at(-1)!.toFixed(0)}/s, serve on SQLite ${rounds.sqlite.at(-1)!.toFixed(0)}/s`,
      );
    }
    const figure = (side: keyof PostgresPosts) => ({ rate: median(rounds[side]), p99Ms: percentile(latencies[side], 0.99) });
    return { postgres: figure('postgres'), bare: figure('bare'), sqlite: figure('sqlite') };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

const PULL_EMPLOYERS = 20;
const PULL_PLANS = 2_000;
const PULL_ROUNDS = 3;

/**
 * `plandesk pull` of 20 employers and 2,000 medical plans into a new workspace (the compiled
 * command, start-up included) from `plandesk serve` on PostgreSQL and from one on SQLite, both
 * filled the same way beforehand; rounds alternate. Records a second, each side's median round.
 */
export async function benchPostgresPull(adminUrl: string, progress: Progress): Promise<{ postgres: number; sqlite: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-postgres-pull-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    const database = await scratchDatabase(adminUrl, 'pull');
    cleanups.push(database.drop);
    progress(`filling a PostgreSQL and a SQLite remote with ${PULL_EMPLOYERS} employers and ${PULL_PLANS} medical plans each`);
    const remotes = {
      postgres: bootstrapServeDb(mkdtempSync(join(dir, 'pg-')), DIVISION, database.url),
      sqlite: bootstrapServeDb(mkdtempSync(join(dir, 'sqlite-')), DIVISION),
    };
    const rates = { postgres: [] as number[], sqlite: [] as number[] };
    for (const side of ['postgres', 'sqlite'] as const) {
      await fillRemote(remotes[side], PULL_EMPLOYERS, PULL_PLANS);
    }
    const servers = { postgres: await serveDb(remotes.postgres), sqlite: await serveDb(remotes.sqlite) };
    cleanups.push(servers.postgres.stop, servers.sqlite.stop);
    const records = PULL_EMPLOYERS + PULL_PLANS;
    for (let round = 0; round < PULL_ROUNDS; round += 1) {
      for (const side of round % 2 === 0 ? (['postgres', 'sqlite'] as const) : (['sqlite', 'postgres'] as const)) {
        const bench = await pullingWorkspace(`pull-${side}-${round}`, servers[side]);
        cleanups.push(bench.dispose);
        const { ms } = await cliPull(bench, { created: records + 1, updated: 0, removed: 0 });
        rates[side].push(records / (ms / 1000));
      }
      progress(`round ${round + 1}/${PULL_ROUNDS}: from PostgreSQL ${rates.postgres.at(-1)!.toFixed(0)}/s, from SQLite ${rates.sqlite.at(-1)!.toFixed(0)}/s`);
    }
    return { postgres: median(rates.postgres), sqlite: median(rates.sqlite) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}
