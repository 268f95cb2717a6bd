import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { DIVISION } from './bench-workspace.js';
import { scratchDatabase } from './postgres-databases.js';
import { bootstrapServeDb, median, medicalBody, processCpuMs, serveDb, type Progress, type ServeProcess } from './setup.js';

const CLIENTS = 64;
const EMPLOYERS = 8;
const ROUNDS = 4;
const SECONDS_PER_ROUND = 4;

/** One side's rounds: requests answered a second (its median round), and over all its rounds the rest. */
export interface ServesFigure {
  rate: number;
  /** Answers 500, and any other status than 200. */
  errors: number;
  others: number;
  maxLatencyMs: number;
  /** Deadlocks PostgreSQL detected in the database during the side's rounds (pg_stat_database). */
  deadlocks: number;
  /** CPU over the side's rounds, in cores: each serve process, PostgreSQL (every process of its server), this bench's clients, the whole machine. */
  cpu: { serves: number[]; postgres: number; client: number; machine: number };
}

/**
 * POST /plans/medical/ from 64 keep-alive clients, client i writing plans of employer i mod 8, to
 * one `plandesk serve` on a PostgreSQL database, and to two `serve` processes on that same database
 * (32 clients each); rounds alternate between the two sides. A request is never retried: a 500 (a
 * deadlock the service could not settle in its attempts) is counted and the client goes on.
 */
export async function benchTwoServes(adminUrl: string, progress: Progress): Promise<{ one: ServesFigure; two: ServesFigure }> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-two-serves-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    const database = await scratchDatabase(adminUrl, 'two_serves');
    cleanups.push(database.drop);
    const served = bootstrapServeDb(dir, DIVISION, database.url);
    const serves: ServeProcess[] = [];
    for (let index = 0; index < 2; index += 1) {
      const serve = await serveDb(served);
      cleanups.push(serve.stop);
      serves.push(serve);
    }
    const pools = serves.map((serve) => new Pool(serve.url, { connections: CLIENTS, pipelining: 1 }));
    cleanups.push(async () => void (await Promise.all(pools.map((pool) => pool.close()))));
    const headers = { authorization: `Token ${served.token}`, 'content-type': 'application/json' };
    const employers: string[] = [];
    for (let index = 0; index < EMPLOYERS; index += 1) {
      const created = await pools[0]!.request({
        method: 'POST',
        path: '/employers/',
        headers,
        body: JSON.stringify({
          name: `Shared ${index}`,
          url: `https://shared-${index}.bench.test`,
          size: '100',
          naics_codes: [],
          location_states: ['NY'],
          other_filters: [],
          division: served.division,
        }),
      });
      employers.push(((await created.body.json()) as { id: string }).id);
    }
    const bodies = employers.map(numberedBodies);
    const probe = new pg.Client({ connectionString: database.url });
    await probe.connect();
    cleanups.push(() => probe.end());
    const postmaster = await postmasterPid(probe);

    const sides = { one: [pools[0]!], two: pools };
    const results = { one: newSide(), two: newSide() };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const side of round % 2 === 0 ? (['one', 'two'] as const) : (['two', 'one'] as const)) {
        const deadlocksBefore = await deadlocks(probe);
        const cpuBefore = {
          serves: serves.map((serve) => serve.cpuMs() ?? 0),
          postgres: serverCpuMs(postmaster),
          client: clientCpuMs(),
          machine: machineBusyMs(),
        };
        const started = performance.now();
        const outcome = await load(sides[side], headers, bodies);
        const elapsedMs = performance.now() - started;
        const result = results[side];
        result.rates.push(outcome.answered / (elapsedMs / 1000));
        result.errors += outcome.errors;
        result.others += outcome.others;
        result.maxLatencyMs = Math.max(result.maxLatencyMs, outcome.maxLatencyMs);
        result.deadlocks += (await deadlocks(probe)) - deadlocksBefore;
        result.elapsedMs += elapsedMs;
        serves.forEach((serve, index) => (result.cpuMs.serves[index]! += (serve.cpuMs() ?? 0) - cpuBefore.serves[index]!));
        result.cpuMs.postgres += serverCpuMs(postmaster) - cpuBefore.postgres;
        result.cpuMs.client += clientCpuMs() - cpuBefore.client;
        result.cpuMs.machine += machineBusyMs() - cpuBefore.machine;
      }
      progress(
        `round ${round + 1}/${ROUNDS}: one serve ${results.one.rates.at(-1)!.toFixed(0)}/s, two serves ${results.two.rates.at(-1)!.toFixed(0)}/s` +
          ` (500s so far: ${results.one.errors} and ${results.two.errors}; deadlocks ${results.one.deadlocks} and ${results.two.deadlocks})`,
      );
    }
    return { one: figureOf(results.one), two: figureOf(results.two) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

function newSide() {
  return {
    rates: [] as number[],
    errors: 0,
    others: 0,
    maxLatencyMs: 0,
    deadlocks: 0,
    elapsedMs: 0,
    cpuMs: { serves: [0, 0], postgres: 0, client: 0, machine: 0 },
  };
}

function figureOf(side: ReturnType<typeof newSide>): ServesFigure {
  const cores = (ms: number) => ms / side.elapsedMs;
  return {
    rate: median(side.rates),
    errors: side.errors,
    others: side.others,
    maxLatencyMs: side.maxLatencyMs,
    deadlocks: side.deadlocks,
    cpu: {
      serves: side.cpuMs.serves.map(cores),
      postgres: cores(side.cpuMs.postgres),
      client: cores(side.cpuMs.client),
      machine: cores(side.cpuMs.machine),
    },
  };
}

let serial = 0;

/** One round: the clients spread over the pools and the employers, until SECONDS_PER_ROUND have passed and every request is answered. */
async function load(
  pools: Pool[],
  headers: Record<string, string>,
  bodies: ((serial: number) => string)[],
): Promise<{ answered: number; errors: number; others: number; maxLatencyMs: number }> {
  const deadline = performance.now() + SECONDS_PER_ROUND * 1000;
  const outcome = { answered: 0, errors: 0, others: 0, maxLatencyMs: 0 };
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      // Clients 0-7 on the first pool, 8-15 on the next, and so on: every serve writes plans of every employer.
      const pool = pools[Math.floor(client / bodies.length) % pools.length]!;
      const body = bodies[client % bodies.length]!;
      while (performance.now() < deadline) {
        const sent = performance.now();
        const response = await pool.request({ method: 'POST', path: '/plans/medical/', headers, body: body((serial += 1)) });
        await response.body.text();
        outcome.maxLatencyMs = Math.max(outcome.maxLatencyMs, performance.now() - sent);
        if (response.statusCode === 200) outcome.answered += 1;
        else if (response.statusCode === 500) outcome.errors += 1;
        else outcome.others += 1;
      }
    }),
  );
  return outcome;
}

/** One medical plan's JSON for `employerId`, numbered per request (titles are unique per employer). */
function numberedBodies(employerId: string): (serial: number) => string {
  const [head, tail] = JSON.stringify(medicalBody(employerId, 0)).split('"Bench plan 0"');
  return (serial) => `${head}"Bench plan ${serial}"${tail}`;
}

async function deadlocks(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ deadlocks: string }>('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0]!.deadlocks);
}

/** The PostgreSQL server's postmaster: the parent of this client's backend (/proc, Linux). */
async function postmasterPid(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return Number(
    readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ')[1],
  );
}

/** CPU the PostgreSQL server's processes (the postmaster's children: backends, WAL writer, checkpointer) have used, in ms. */
function serverCpuMs(postmaster: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(
        readFileSync(`/proc/${entry}/stat`, 'utf8')
          .replace(/^.*\) /s, '')
          .split(' ')[1],
      );
      if (parent === postmaster) total += processCpuMs(Number(entry)) ?? 0;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** CPU this process (the bench's clients) has used, in ms. */
function clientCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU time every core of the machine has spent busy (not idle or waiting for I/O), in ms (/proc/stat). */
function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks as number[];
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100;
}
