import { benchCliStartup } from './cli-startup.js';
import { benchHttpThroughput } from './http-throughput.js';
import { benchIntegrityCheck } from './integrity-check.js';
import { benchServiceVsRaw } from './service-vs-raw.js';
import { benchSyncRss, benchSyncThroughput } from './sync-throughput.js';

const format = (value: number) => value.toFixed(0).padStart(8);
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

const started = performance.now();
const progress = (phase: string) => console.log(`   .. [${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${phase}`);

async function main(): Promise<void> {
  console.log('PlanDesk benchmarks (figures measured side by side in this run; compare ratios, not absolutes)\n');

  console.log('0. Start-up: `plandesk --help` (compiled CLI) vs a bare `node -e 0`, 20 runs each, alternating, medians');
  const startup = benchCliStartup();
  console.log(`   plandesk --help ${startup.helpMs.toFixed(0)} ms   node -e 0 ${startup.nodeMs.toFixed(0)} ms   ratio ${startup.ratio.toFixed(2)} (target <= 4) ${startup.ratio <= 4 ? 'OK' : 'ABOVE TARGET'}\n`);

  console.log('1. Create a medical plan: service (validation + checks + transaction + response) vs raw prepared insert');
  const core = benchServiceVsRaw();
  console.log(`   service ${format(core.serviceOps)} plans/s   raw insert ${format(core.rawOps)} rows/s   ratio ${core.ratio.toFixed(2)} (target >= 0.50) ${core.ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}\n`);

  console.log('2. POST /plans/medical/ through `plandesk serve` (separate process), keep-alive clients');
  const http = await benchHttpThroughput([1, 8, 64]);
  for (const level of http) console.log(`   ${String(level.clients).padStart(2)} clients ${format(level.requestsPerSecond)} requests/s`);
  console.log('');

  console.log('3. Sync push: 10,000 queued plans (nine kinds, round-robin) for 100 employers to `plandesk serve` on loopback,');
  console.log('   sync engine (concurrency 8) to server A vs a plain undici loop (Pool of 8 connections, 8 workers) POSTing the same bodies to server B;');
  console.log('   plan phase only (employers pushed first, untimed); 10 rounds of 1,000 plans (one sync run each), timed sync/plain, plain/sync, ...;');
  console.log('   plans/s are each side\'s median over the rounds; the ratio is the median of the 10 per-round ratios');
  const sync = await benchSyncThroughput(progress);
  console.log(`   sync engine ${format(sync.syncPlansPerSecond)} plans/s   plain undici loop ${format(sync.plainPlansPerSecond)} plans/s   ratio ${sync.ratio.toFixed(3)} (target >= 0.70) ${sync.ratio >= 0.7 ? 'OK' : 'BELOW TARGET'}`);
  const us = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(0)} us`);
  console.log(`   per-round ratios from ${sync.roundRatios.min.toFixed(2)} to ${sync.roundRatios.max.toFixed(2)}; CPU per plan: sync engine ${us(sync.cpuPerPlanUs.syncClient)} + server A ${us(sync.cpuPerPlanUs.syncServer)},`);
  console.log(`   plain loop ${us(sync.cpuPerPlanUs.plainClient)} + server B ${us(sync.cpuPerPlanUs.plainServer)} (2 cores shared by client and server)`);
  console.log(`   verified: A holds ${sync.serverA.plans} plans over ${sync.serverA.employers} employers, B holds ${sync.serverB.plans} over ${sync.serverB.employers} (plans + plans_expired per employer)\n`);

  console.log('4. Peak RSS of a sync run over 10,000 and 100,000 queued entries: a child process each, workspace prepared beforehand by this');
  console.log('   process, a fresh server each; both push the same number of records, so only the queue\'s size differs');
  const rss = await benchSyncRss(progress);
  for (const run of [rss.small, rss.large]) {
    const how = !run.stopped
      ? `pushed all ${run.pushed} of ${run.queued} in ${run.seconds.toFixed(0)} s`
      : `stopped via AbortController after ${run.seconds.toFixed(0)} s, ${run.stoppedAfterCount ? 'once it had pushed as many as the run above' : `its ${rss.pushSeconds} s of pushing up`}`
        + ` (${run.pushed} of ${run.queued} pushed; the queue is built in full before pushing starts)`;
    console.log(`   ${String(run.queued).padStart(6)} queued: peak RSS ${mib(run.peakKiB)}   (RSS before the sync ${mib(run.baselineKiB)}, once the queue was built ${mib(run.queueBuiltKiB)})`);
    console.log(`          ${how}`);
  }
  const growth = rss.large.peakKiB - rss.small.peakKiB;
  // SQLite keeps up to cache_size pages (16 MiB in this build) per database, the main one and the
  // temp one holding the queue, and sorts the queue in a buffer of the same size: a bigger
  // workspace fills these further, but never past them.
  const sqliteBoundKiB = 3 * 16 * 1024;
  console.log(`   peak ratio 100,000 / 10,000 queued: ${rss.ratio.toFixed(2)} (${growth >= 0 ? '+' : ''}${mib(growth)}; target ~1.00: must not grow with the queue; growth up to`);
  console.log(`   ${mib(sqliteBoundKiB)} is SQLite's fixed-size caches filling: 16 MiB each for the main and temp databases and the sort buffer) ${growth <= sqliteBoundKiB ? 'OK' : 'GROWS WITH THE QUEUE'}`);

  console.log('\n5. The damage check: PRAGMA quick_check, run by every writable open of an existing database before its first write,');
  console.log('   on 10,000 employers with a medical plan each (medians of 7)');
  const check = benchIntegrityCheck();
  console.log(`   database ${check.megabytes.toFixed(1)} MB: quick_check ${check.quickCheckMs.toFixed(0)} ms of a whole open ${check.openMs.toFixed(0)} ms (target < 100 ms, once per open) ${check.quickCheckMs < 100 ? 'OK' : 'ABOVE TARGET'};`);
  console.log(`   for comparison the start-up check (\`plandesk check\`): integrity_check ${check.integrityCheckMs.toFixed(0)} ms + foreign_key_check ${check.foreignKeyCheckMs.toFixed(0)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
