// Loaded with `node -r` before the BUILT main bundle (out/main/index.js), as fake-electron-boot.cjs
// is: the fake electron answers `require('electron')`, and the window's heavy jobs are played
// through the preload and IPC as the screens play them: the workspace opened (its damage and
// start-up checks), a spreadsheet previewed then imported a slice at a time, an SBC read, an exhibit
// PDF made, and, when a remote is named, its records got. For each, in this main process: the
// event loop's largest delay (monitorEventLoopDelay), the most CPU time the thread used between two
// turns of its timers, how long it was busy (eventLoopUtilization) and what the window was
// answered. Written as JSON to $FAKE_ELECTRON_REPORT.
//
// $DESKTOP_JOBS (JSON) says what to play: { csv, sbc, exhibit: { employer, year }, pull: { url,
// token }, inThread, repairWorker: { from, to } }, each optional. `inThread` runs the app's worker
// script on this thread instead (the "before" of `npm run bench -- desktop`); `repairWorker` copies
// a good worker script over a broken one after a first round, and plays the round again.
'use strict';
// Node loads a `-r` module into every worker thread too: the app's job thread runs the app's code
// alone, as in Electron (this harness there would quit it mid-job, with exit code 0).
if (!require('node:worker_threads').isMainThread) return;
const { copyFileSync, readFileSync, writeFileSync } = require('node:fs');
const { EventEmitter } = require('node:events');
const Module = require('node:module');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const workerThreads = require('node:worker_threads');
const { createFakeElectron, installFakeElectron } = require('./fake-electron.cjs');

const plan = JSON.parse(process.env.DESKTOP_JOBS ?? '{}');
const report = { errors: [], workersStarted: 0, loadedInMain: [], rounds: [] };
process.on('uncaughtException', (error) => report.errors.push(`uncaught exception: ${error.stack ?? error}`));
process.on('unhandledRejection', (error) => report.errors.push(`unhandled rejection: ${error?.stack ?? error}`));

// The libraries that do the heavy work: which of them this (main) thread ever loads.
const HEAVY = new Set(['unpdf', 'pdfkit', '@e965/xlsx', 'csv-parse']);
Module.registerHooks({
  resolve(specifier, context, nextResolve) {
    if (HEAVY.has(specifier) && !report.loadedInMain.includes(specifier)) report.loadedInMain.push(specifier);
    return nextResolve(specifier, context);
  },
});
process.on('worker', () => (report.workersStarted += 1));

if (plan.inThread) workerThreads.Worker = threadlessWorker(workerThreads.Worker);

const { electron, control } = createFakeElectron({ packaged: true, appPath: process.cwd() });
installFakeElectron(electron);
control.onQuit = () => {
  writeFileSync(process.env.FAKE_ELECTRON_REPORT, JSON.stringify(report));
  process.exit(0);
};

const waitFor = async (what, condition) => {
  for (let tries = 0; tries < 400; tries++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
};

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const turns = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// On a loaded machine a gap also holds the time the thread waited for a CPU. What the thread itself
// did without giving its timers a turn is the CPU time it used between two ticks of a timer.
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
const ownWork = { max: 0, last: threadCpuMs() };
setInterval(() => {
  const now = threadCpuMs();
  ownWork.max = Math.max(ownWork.max, now - ownWork.last);
  ownWork.last = now;
}, 2).unref();

/** Runs `job`, measuring this thread meanwhile; its answer (or its error's message) goes in the round. */
async function measured(round, name, job, summary) {
  // The histogram drops the interval in which it is reset (measured on Node 24: a 300 ms block
  // right after reset() or enable() went unrecorded), so a few idle turns come first; and a
  // stall is recorded only when the sampling timer fires after it, so a few come after too.
  delay.reset();
  await turns(20);
  ownWork.max = 0;
  const utilization = performance.eventLoopUtilization();
  const started = performance.now();
  let outcome;
  try {
    outcome = { ok: true, answer: summary(await job()) };
  } catch (error) {
    outcome = { ok: false, error: error.message };
  }
  const ms = performance.now() - started;
  const busy = performance.eventLoopUtilization(utilization);
  await turns(20);
  round[name] = { ...outcome, maxGapMs: delay.max / 1e6, maxOwnWorkMs: ownWork.max, busyMs: busy.active, ms };
}

/** The screens' calls, in the order a broker makes them. */
async function playRound(bridge) {
  const round = {};
  await measured(
    round,
    'open',
    () => bridge.workspace(),
    (status) => ({ ready: status.ready }),
  );
  if (plan.csv) {
    const request = { fileName: 'employers.csv', data: readFileSync(plan.csv).toString('base64'), kind: 'employers' };
    let preview;
    await measured(
      round,
      'import preview',
      async () => (preview = await bridge.previewImport(request)),
      (answer) => (answer.ok ? { rows: answer.report.rows, create: answer.report.created } : answer),
    );
    // As renderer/import/import-run.ts: the previewed rows, a slice of 1,000 a call.
    await measured(
      round,
      'import write',
      async () => {
        if (!preview?.ok) throw new Error('nothing to import: the preview failed');
        let created = 0;
        for (let from = 1; from <= preview.report.rows; from += 1000) {
          const answer = await bridge.runImport({ ...request, map: preview.report.mapping, rows: { from, to: Math.min(preview.report.rows, from + 999) } });
          if (!answer.ok) throw new Error(answer.message);
          created += answer.report.created;
        }
        return created;
      },
      (created) => ({ created }),
    );
  }
  if (plan.sbc) {
    const pdf = readFileSync(plan.sbc).toString('base64');
    await measured(
      round,
      'SBC read',
      () => bridge.readSbc(pdf),
      (answer) => ({ status: answer.status, plan: answer.body.plan }),
    );
  }
  if (plan.exhibit) {
    await measured(
      round,
      'exhibit PDF',
      () => bridge.exhibitPdf({ ...plan.exhibit, include: [] }),
      (file) => (file.ok ? { name: file.name, head: Buffer.from(file.base64, 'base64').subarray(0, 5).toString('latin1') } : file),
    );
  }
  if (plan.pull) {
    await measured(
      round,
      'pull',
      async () => {
        const saved = await bridge.saveEnvironment({ name: 'agency', url: plan.pull.url, token: plan.pull.token });
        if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
        return bridge.pull('agency');
      },
      (answer) => ({ status: answer.status, body: answer.body }),
    );
  }
  return round;
}

// Electron emits `ready` after the main script has run.
setImmediate(async () => {
  try {
    control.ready();
    await waitFor('a window shown', () => control.windows.some((window) => window.visible));
    const [window] = control.windows;
    control.loadPreload(window);
    const bridge = control.exposed.get('plandesk');
    report.rounds.push(await playRound(bridge));
    if (plan.repairWorker) {
      copyFileSync(plan.repairWorker.from, plan.repairWorker.to);
      report.rounds.push(await playRound(bridge));
    }
  } catch (error) {
    report.errors.push(`playing the jobs: ${error.stack ?? error}`);
  }
  electron.app.quit();
});

/**
 * `Worker`, except that the app's job worker runs on this thread: its script is loaded here with a
 * MessageChannel's port as its parentPort, so the same built code does the same jobs without a
 * thread (what the main thread went through before the jobs had one).
 */
function threadlessWorker(RealWorker) {
  return class ThreadlessWorker extends EventEmitter {
    constructor(source, options) {
      const script = /require\(("[^"]*job-worker\.js")\)/.exec(source);
      if (!script) return new RealWorker(source, options);
      super();
      const { port1, port2 } = new workerThreads.MessageChannel();
      this.port = port1;
      this.inside = port2;
      port1.on('message', (message) => this.emit('message', message));
      const file = JSON.parse(script[1]);
      delete require.cache[file];
      workerThreads.parentPort = port2;
      try {
        require(file);
      } finally {
        workerThreads.parentPort = null;
      }
    }
    postMessage(message, transfer) {
      this.port.postMessage(message, transfer);
    }
    ref() {
      this.port.ref();
      this.inside.ref();
    }
    unref() {
      this.port.unref();
      this.inside.unref();
    }
    terminate() {
      this.port.close();
      this.inside.close();
      return Promise.resolve(0);
    }
  };
}
