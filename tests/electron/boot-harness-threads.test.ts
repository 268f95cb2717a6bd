// The harnesses that boot the built app are loaded with `node -r`, and Node loads a `-r` module into
// every worker thread the process starts as well. In the app's job thread a harness would be a
// second one of itself: its own fake electron, its handlers swallowing the worker's crashes, and,
// after its wait for a window that never comes there, `process.exit(0)`, which ended the job thread
// under whatever job it was doing ("the background thread ... stopped (exit code 0)"). So each does
// its work on the main thread only, and a worker runs the app's code alone, as in Electron.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SUPPORT = fileURLToPath(new URL('../support/', import.meta.url));
const HARNESSES = ['fake-electron-boot.cjs', 'fake-electron-calls.cjs', 'desktop-jobs-boot.cjs'];

const dir = mkdtempSync(join(tmpdir(), 'plandesk-boot-harness-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A main script in place of the app's: it starts a worker thread and prints what the worker finds of the harness. */
const PROBE = join(dir, 'probe.cjs');
writeFileSync(
  PROBE,
  `const { Worker } = require('node:worker_threads');
  const worker = new Worker(\`require('node:worker_threads').parentPort.postMessage({
    fakeElectron: 'electron' in require.cache,
    crashHandlers: process.listenerCount('uncaughtException') + process.listenerCount('unhandledRejection'),
  });\`, { eval: true });
  worker.once('message', (seen) => {
    process.stdout.write(JSON.stringify(seen));
    process.exit(0);
  });`,
);

describe('a harness booting the built app', () => {
  it.each(HARNESSES)('%s stays out of the worker threads the app starts', (harness) => {
    const env = { ...process.env, FAKE_ELECTRON_REPORT: join(dir, `${harness}.json`), FAKE_ELECTRON_CALLS: '[]' };
    const run = spawnSync(process.execPath, ['-r', join(SUPPORT, harness), PROBE], { cwd: dir, encoding: 'utf8', env, timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ fakeElectron: false, crashHandlers: 0 });
  });
});
