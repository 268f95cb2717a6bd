// The desktop app's heavy jobs, played against its BUILT main bundle and the fake electron
// (desktop-jobs-boot.cjs): the inputs (a workspace with an exhibit, a sheet of employers, a
// synthetic SBC), the boot, and its report. tests/electron/desktop-jobs.test.ts asserts what is not
// a timing; `npm run bench -- desktop` prints the timings.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntheticCase } from '../sbc/synthetic/corpus.js';
import { csvBytes } from '../import/support/sheets.js';
import { createExhibitWorkspace } from './exhibit-workspace.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HARNESS = fileURLToPath(new URL('./desktop-jobs-boot.cjs', import.meta.url));
const BUILT_MAIN = join(REPO_ROOT, 'out/main/index.js');

/** What the harness plays (desktop-jobs-boot.cjs says each). */
export interface DesktopJobsPlan {
  csv?: string;
  sbc?: string;
  exhibit?: { employer: string; year: number };
  pull?: { url: string; token: string };
  inThread?: boolean;
  repairWorker?: { from: string; to: string };
}

export interface JobFigures {
  ok: boolean;
  answer?: unknown;
  error?: string;
  /** The main thread's largest event-loop delay during the job (on a loaded machine, waiting for a CPU included). */
  maxGapMs: number;
  /** The most CPU time the main thread used between two turns of its timers: its longest stretch of work. */
  maxOwnWorkMs: number;
  /** How long the main thread was busy during the job. */
  busyMs: number;
  ms: number;
}

export interface DesktopJobsReport {
  errors: string[];
  workersStarted: number;
  /** Which of unpdf, pdfkit, @e965/xlsx and csv-parse the main thread loaded. */
  loadedInMain: string[];
  rounds: Record<string, JobFigures>[];
  /** The app's log (plandesk.log), as the boot left it. */
  log: string;
}

export interface DesktopJobsInputs {
  /** The folders a person's session uses (the workspace is the app's own, in XDG_CONFIG_HOME). */
  home: Record<'XDG_CONFIG_HOME' | 'XDG_CACHE_HOME' | 'XDG_STATE_HOME', string>;
  plan: DesktopJobsPlan;
  /** What the SBC states, as its reader should read it. */
  sbcExpected: Record<string, unknown>;
}

/**
 * In `dir`: the app's workspace with an employer at renewal (its exhibit), a CSV of `rows`
 * employers, and a synthetic SBC.
 */
export async function desktopJobsInputs(dir: string, rows: number): Promise<DesktopJobsInputs> {
  const home = { XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache'), XDG_STATE_HOME: join(dir, 'state') };
  const workspace = join(home.XDG_CONFIG_HOME, 'PlanDesk');
  mkdirSync(workspace, { recursive: true });
  const exhibit = await createExhibitWorkspace(workspace);
  const csv = join(dir, 'employers.csv');
  const lines = Array.from({ length: rows }, (_row, index) => [
    `Employer ${index}`,
    `https://e${index}.example.com`,
    String(10 + index),
    '332710;423830',
    'CA,NV',
  ]);
  writeFileSync(csv, csvBytes([['Employer name', 'URL', 'Eligible employees', 'NAICS codes', 'States'], ...lines]));
  const sbc = join(dir, 'sbc.pdf');
  const made = await syntheticCase('baseline', 1);
  writeFileSync(sbc, made.bytes);
  return { home, plan: { csv, sbc, exhibit: { employer: exhibit.employer, year: 2026 } }, sbcExpected: made.expected };
}

/** Boots `main` (the built bundle, or a copy of it) against the fake electron and plays `plan`. */
export function bootDesktopJobs(dir: string, inputs: DesktopJobsInputs, plan: DesktopJobsPlan, main = BUILT_MAIN): DesktopJobsReport {
  const reportFile = join(dir, 'desktop-jobs.json');
  const env: NodeJS.ProcessEnv = { ...process.env, ...inputs.home, FAKE_ELECTRON_REPORT: reportFile, DESKTOP_JOBS: JSON.stringify(plan) };
  delete env['PLANDESK_WORKSPACE'];
  const run = spawnSync(process.execPath, ['-r', HARNESS, main], { cwd: REPO_ROOT, encoding: 'utf8', env, timeout: 600_000 });
  if (run.status !== 0) throw new Error(`the app exited with ${run.status ?? run.signal}\n${run.stderr}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Omit<DesktopJobsReport, 'log'>;
  return { ...report, log: readFileSync(join(inputs.home.XDG_STATE_HOME, 'PlanDesk', 'logs', 'plandesk.log'), 'utf8') };
}

/**
 * A copy of the built app in `dir` whose worker script crashes at its first job (exit code 70),
 * as a broken install or a worker killed mid-job would: its main bundle, and the paths to put the
 * good worker script back (`repairWorker`).
 */
export function builtAppWithBrokenWorker(dir: string): { main: string; repairWorker: { from: string; to: string } } {
  const app = join(dir, 'app');
  cpSync(join(REPO_ROOT, 'out'), join(app, 'out'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
  const worker = join(app, 'out/main/job-worker.js');
  writeFileSync(worker, "require('node:worker_threads').parentPort.once('message', () => process.exit(70));\n");
  return { main: join(app, 'out/main/index.js'), repairWorker: { from: join(REPO_ROOT, 'out/main/job-worker.js'), to: worker } };
}
