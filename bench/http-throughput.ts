import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { validPlanBody } from '../tests/support/fixtures.js';
import { listeningUrl, stop } from './setup.js';

const CLI = join(__dirname, '..', 'bin', 'plandesk.cjs');
const SECONDS_PER_LEVEL = 3;

/** POST /plans/medical/ requests per second through `plandesk serve` (its own process), per client count. */
export async function benchHttpThroughput(concurrencies: number[]): Promise<{ clients: number; requestsPerSecond: number }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-http-'));
  const dbFile = join(dir, 'serve.db');
  const { token, division } = JSON.parse(
    execFileSync(process.execPath, [CLI, 'admin', 'bootstrap', '--db', dbFile, '--account', 'Bench', '--email', 'bench@bench.test', '--division', 'Bench'], { encoding: 'utf8' }),
  ) as { token: string; division: string };
  const server = spawn(process.execPath, [CLI, 'serve', '--db', dbFile, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const url = await listeningUrl(server);
    const pool = new Pool(url, { connections: Math.max(...concurrencies), pipelining: 1 });
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    const employer = await pool.request({
      method: 'POST', path: '/employers/', headers,
      body: JSON.stringify({ name: 'Bench Co', url: 'https://bench.test', size: '100', naics_codes: [], location_states: ['NY'], other_filters: [], division }),
    });
    const { id: employerId } = (await employer.body.json()) as { id: string };
    let serial = 0;
    const results: { clients: number; requestsPerSecond: number }[] = [];
    for (const clients of concurrencies) {
      const deadline = performance.now() + SECONDS_PER_LEVEL * 1000;
      let done = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < deadline) {
            const body = validPlanBody('medical', { employer: employerId, title: `Bench plan ${serial++}`, from_plan: undefined, from_action: undefined });
            const response = await pool.request({ method: 'POST', path: '/plans/medical/', headers, body: JSON.stringify(body) });
            const text = await response.body.text();
            if (response.statusCode !== 200) throw new Error(`POST /plans/medical/ answered ${response.statusCode}: ${text}`);
            done += 1;
          }
        }),
      );
      results.push({ clients, requestsPerSecond: done / ((performance.now() - started) / 1000) });
    }
    await pool.close();
    return results;
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
