// The desktop app's main thread while the window's heavy jobs run: the BUILT main bundle booted
// against the fake electron, the jobs played through the preload and IPC as the screens play them
// (tests/support/desktop-jobs-boot.cjs), the main thread's largest event-loop gap measured during
// each with monitorEventLoopDelay. Side by side: the same build with its worker's jobs run on the
// main thread (before), and in the worker thread (after).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTransaction } from '../main/store/database.js';
import { openWorkspace } from '../main/workspace/workspace.js';
import { bootDesktopJobs, desktopJobsInputs, type DesktopJobsInputs, type JobFigures } from '../tests/support/desktop-jobs.js';
import { call, employerBody } from './bench-workspace.js';
import { fillRemote } from './remote-fill.js';
import { bootstrapServeDb, medicalBody, serveDb, type Progress } from './setup.js';

/** The workspace the app opens: employers with a medical plan each (the damage and start-up checks read all of it). */
const WORKSPACE_EMPLOYERS = 10_000;
/** Rows of the sheet imported (employers), previewed then imported a slice of 1,000 at a time. */
const SHEET_ROWS = 10_000;
/** What the remote holds for the pull: medical plans of 20 employers. */
const REMOTE = { employers: 20, plans: 2_000 };

export const DESKTOP_JOBS = ['open', 'import preview', 'import write', 'SBC read', 'exhibit PDF', 'pull'] as const;
type DesktopJob = (typeof DESKTOP_JOBS)[number];

export interface DesktopFigures {
  /** Each job's figures with the worker's jobs on the main thread (before) and in the worker thread (after). */
  jobs: Record<DesktopJob, { before: JobFigures; after: JobFigures }>;
  workspaceMegabytes: number;
}

export async function benchDesktopJobs(progress: Progress): Promise<DesktopFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-desktop-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    progress(
      `preparing a workspace of ${WORKSPACE_EMPLOYERS.toLocaleString('en-US')} employers with a medical plan each, a sheet of ${SHEET_ROWS.toLocaleString('en-US')} rows, an SBC`,
    );
    const inputs = await desktopJobsInputs(join(dir, 'inputs'), SHEET_ROWS);
    const workspaceMegabytes = await seedEmployers(inputs);
    progress(`a remote of ${REMOTE.plans.toLocaleString('en-US')} medical plans, served`);
    const remote = bootstrapServeDb(mkdtempSync(join(dir, 'serve-')), 'Remote');
    await fillRemote(remote, REMOTE.employers, REMOTE.plans);
    const server = await serveDb(remote);
    cleanups.push(server.stop);

    const run = (label: 'before' | 'after') => {
      progress(`the app's jobs ${label === 'before' ? 'on its main thread (before)' : 'in its worker thread (after)'}`);
      const boot = join(dir, label);
      cpSync(join(dir, 'inputs'), boot, { recursive: true });
      const copied: DesktopJobsInputs = {
        ...inputs,
        home: {
          XDG_CONFIG_HOME: join(boot, 'config'),
          XDG_CACHE_HOME: join(boot, 'cache'),
          XDG_STATE_HOME: join(boot, 'state'),
        },
      };
      const report = bootDesktopJobs(boot, copied, { ...inputs.plan, inThread: label === 'before', pull: { url: server.url, token: server.token } });
      const [round] = report.rounds;
      const failed = [...report.errors, ...DESKTOP_JOBS.filter((job) => !round?.[job]?.ok).map((job) => `${job}: ${round?.[job]?.error ?? 'not run'}`)];
      if (failed.length > 0) throw new Error(`the app's jobs failed (${label}):\n${failed.join('\n')}`);
      return round!;
    };
    const before = run('before');
    const after = run('after');
    const jobs = Object.fromEntries(DESKTOP_JOBS.map((job) => [job, { before: before[job]!, after: after[job]! }])) as DesktopFigures['jobs'];
    return { jobs, workspaceMegabytes };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** Adds the employers and their plans to the app's workspace, in one transaction; its size in MB. */
async function seedEmployers(inputs: DesktopJobsInputs): Promise<number> {
  const ws = await openWorkspace(join(inputs.home.XDG_CONFIG_HOME, 'PlanDesk'));
  try {
    const division = ((await call(ws, 'GET', '/divisions/list/')) as unknown as { id: string }[])[0]!.id;
    await writeTransaction(ws.store, async (tx) => {
      for (let index = 0; index < WORKSPACE_EMPLOYERS; index += 1) {
        const employer = await call(ws, 'POST', '/employers/', { ...employerBody(division, index), name: `Workspace Employer ${index}` }, tx);
        await call(ws, 'POST', '/plans/medical/', medicalBody(employer['id'] as string, index), tx);
      }
    });
    return (ws.db.prepare('SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()').pluck().get() as number) / 1e6;
  } finally {
    ws.close();
  }
}
