import { execFileSync } from 'node:child_process';
import { CLI, median } from './setup.js';

const RUNS = 20;

/**
 * Start-up of `plandesk --help` (the compiled CLI through bin/plandesk.cjs) against a bare
 * `node -e 0`, the floor any Node command pays. The two alternate run by run, so load on the
 * machine falls on both alike; each side's figure is its median.
 */
export function benchCliStartup(): { helpMs: number; nodeMs: number; ratio: number } {
  const help: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    bare.push(timed(['-e', '0']));
    help.push(timed([CLI, '--help']));
  }
  const helpMs = median(help);
  const nodeMs = median(bare);
  return { helpMs, nodeMs, ratio: helpMs / nodeMs };
}

function timed(args: string[]): number {
  const started = performance.now();
  execFileSync(process.execPath, args, { stdio: 'ignore' });
  return performance.now() - started;
}
