import { extname, join } from 'node:path';
import { JobThread } from './job-thread.js';
import type { JOBS } from './jobs.js';

/** Where the app's heavy jobs run: its worker thread. */
export type AppJobs = Pick<JobThread<typeof JOBS>, 'run'>;

/**
 * Kept this long after its last job: a burst of work (a sheet previewed then imported a slice at a
 * time, several SBCs) reuses one thread with its libraries loaded; an idle app gives the memory back.
 */
const IDLE_MS = 60_000;

const WHAT: Record<keyof typeof JOBS, string> = {
  readSbc: 'reading the SBC',
  readSheet: 'reading the spreadsheet',
  exhibitPdf: 'making the exhibit PDF',
  damageCheck: 'checking the workspace for damage',
  checkWorkspace: 'checking the workspace',
  copyForBackup: 'making the backup',
};

let shared: JobThread<typeof JOBS> | undefined;

/**
 * The process's thread for the app's jobs, shared by every AppCore in it (the desktop app and web
 * mode make one; tests make many, which would otherwise each start a worker and load its libraries).
 */
export function appJobs(): AppJobs {
  shared ??= new JobThread<typeof JOBS>({ source: jobWorkerSource(), idleMs: IDLE_MS, describe: (name) => WHAT[name] });
  return shared;
}

/** The worker's script: compiled beside this chunk (electron-vite's `job-worker` entry), or the TypeScript source under tsx and vitest. */
function jobWorkerSource(): string {
  const extension = extname(__filename);
  // tsx's ESM hooks too: the jobs load their code with import().
  if (extension === '.ts')
    return `require('tsx/cjs/api').register(); require('tsx/esm/api').register(); require(${JSON.stringify(join(__dirname, 'job-worker.ts'))});`;
  return `require(${JSON.stringify(join(__dirname, `job-worker${extension}`))});`;
}
