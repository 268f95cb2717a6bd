import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { CLI, listeningUrl, median, medicalBody, stop } from './setup.js';

const CLIENTS = 64;
export const ROUNDS = 4;
const SECONDS_PER_ROUND = 2;

export interface Target {
  child: ChildProcess;
  pool: Pool;
  path: string;
  headers: Record<string, string>;
  body: (serial: number) => string;
}

/**
 * POST /plans/medical/ with 64 keep-alive clients: `plandesk serve` (its own process) against the
 * bare same-durability server (bench/bare-server.ts, its own process) storing the same bodies.
 * Rounds alternate between the two; each side's figure is its median round.
 */
export async function benchServeVsBare(): Promise<{ serve: number; bare: number; ratio: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-serve-'));
  const targets: Target[] = [];
  try {
    const serve = await startServeTarget(dir);
    targets.push(serve);
    const bare = await startBareTarget(join(__dirname, 'bare-server.ts'), join(dir, 'bare.db'));
    targets.push(bare);
    const serveRates: number[] = [];
    const bareRates: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      serveRates.push((await load(serve)).rate);
      bareRates.push((await load(bare)).rate);
    }
    const serveRate = median(serveRates);
    const bareRate = median(bareRates);
    return { serve: serveRate, bare: bareRate, ratio: serveRate / bareRate };
  } finally {
    for (const target of targets) {
      await target.pool.close();
      await stop(target.child);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

let serial = 0;

/** One round of SECONDS_PER_ROUND: requests answered a second, and each request's time in ms. */
export async function load(target: Target): Promise<{ rate: number; latenciesMs: number[] }> {
  const deadline = performance.now() + SECONDS_PER_ROUND * 1000;
  const started = performance.now();
  const latenciesMs: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const response = await target.pool.request({ method: 'POST', path: target.path, headers: target.headers, body: target.body((serial += 1)) });
        const text = await response.body.text();
        if (response.statusCode !== 200) throw new Error(`${target.path} answered ${response.statusCode}: ${text}`);
        latenciesMs.push(performance.now() - sent);
      }
    }),
  );
  return { rate: latenciesMs.length / ((performance.now() - started) / 1000), latenciesMs };
}

/**
 * `plandesk serve` over `database` (by default a new SQLite file in `dir`; its access log goes in
 * `dir`), bootstrapped, with one employer to add plans to.
 */
export async function startServeTarget(dir: string, database = join(dir, 'serve.db')): Promise<Target> {
  const { token, division } = JSON.parse(
    execFileSync(process.execPath, [CLI, 'admin', 'bootstrap', '--db', database, '--account', 'Bench', '--email', 'bench@bench.test', '--division', 'Bench'], {
      encoding: 'utf8',
    }),
  ) as { token: string; division: string };
  const child = spawn(process.execPath, [CLI, 'serve', '--db', database, '--port', '0', '--access-log', join(dir, 'access.log')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pool = new Pool(await listeningUrl(child), { connections: CLIENTS, pipelining: 1 });
  const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
  const created = await pool.request({
    method: 'POST',
    path: '/employers/',
    headers,
    body: JSON.stringify({ name: 'Bench Co', url: 'https://bench.test', size: '100', naics_codes: [], location_states: ['NY'], other_filters: [], division }),
  });
  const { id: employerId } = (await created.body.json()) as { id: string };
  return { child, pool, path: '/plans/medical/', headers, body: numberedBodies(employerId) };
}

/** A bare server (a script of bench/ run through tsx, given `database`) storing the same bodies. */
export async function startBareTarget(script: string, database: string): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, database], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pool = new Pool(await listeningUrl(child), { connections: CLIENTS, pipelining: 1 });
  return {
    child,
    pool,
    path: '/plans/medical/',
    headers: { 'content-type': 'application/json' },
    body: numberedBodies('9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'),
  };
}

/**
 * One medical plan's JSON, made once, numbered per request (titles are unique per employer). The
 * client shares the two cores with the server it loads: building every body anew through the test
 * fixtures cost it about 150 us a request, as much as a server spends, and made it the limit.
 */
function numberedBodies(employerId: string): (serial: number) => string {
  const [head, tail] = JSON.stringify(medicalBody(employerId, 0)).split('"Bench plan 0"');
  if (tail === undefined) throw new Error('the bench body has no title "Bench plan 0" to number');
  return (serial) => `${head}"Bench plan ${serial}"${tail}`;
}
