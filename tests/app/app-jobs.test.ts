// What AppCore hands to its worker thread (the first open's checks, an SBC, a sheet, the exhibit
// PDF, the window's check), and what a call is answered when that thread fails: a rejection with
// the reason (the shell adds the log's id), never a call left waiting, and the job runs again next time.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/app/app-core.js';
import { appJobs, type AppJobs } from '../../main/app/app-jobs.js';
import { JobThread } from '../../main/app/job-thread.js';
import type { JOBS } from '../../main/app/jobs.js';
import { needsDamageCheck } from '../../main/store/damage-check.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { WORKSPACE_DB } from '../../main/workspace/workspace.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import type { ImportAnswer } from '../../shared/import-table.js';
import type { ExhibitPdfFile } from '../../shared/exhibit/view.js';
import { csvBytes } from '../import/support/sheets.js';
import { syntheticCase } from '../sbc/synthetic/corpus.js';
import { createExhibitWorkspace, type ExhibitWorkspace } from '../support/exhibit-workspace.js';

const JOBS_MODULE = fileURLToPath(new URL('../../main/app/jobs.ts', import.meta.url));
const JOB_THREAD = fileURLToPath(new URL('../../main/app/job-thread.ts', import.meta.url));

let dir: string;
let exhibit: ExhibitWorkspace;
const file = () => join(dir, WORKSPACE_DB);
const cores: AppCore[] = [];
const threads: JobThread<typeof JOBS>[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-app-jobs-'));
  // Made by another session that wrote to it: its next open owes the damage check.
  exhibit = await createExhibitWorkspace(dir);
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.shutdown();
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The app's jobs, each name written down as it is asked for. */
function recordedJobs(): { jobs: AppJobs; ran: string[] } {
  const ran: string[] = [];
  const inner = appJobs();
  const run = ((name: keyof typeof JOBS, args: never, transfer?: never) => {
    ran.push(name);
    return inner.run(name, args, transfer);
  }) as AppJobs['run'];
  return { jobs: { run }, ran };
}

/** A session that wrote to the workspace: its next open owes the damage check. */
function oweTheDamageCheck(): void {
  const db = openSqliteDatabase(file());
  try {
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('probe', ?)").run(String(Date.now()));
  } finally {
    db.close();
  }
  expect(needsDamageCheck(file())).toBe(true);
}

function coreWith(jobs: AppJobs): AppCore {
  const core = new AppCore({ dir, tokenCipher: workspaceKeyCipher, jobs });
  cores.push(core);
  return core;
}

/** A worker with the app's jobs, except that `job` crashes it (exit code 70) once, while `marker` exists. */
function crashingOnce(job: keyof typeof JOBS, marker: string): JobThread<typeof JOBS> {
  writeFileSync(marker, '');
  const source = `require('tsx/cjs/api').register(); require('tsx/esm/api').register();
    const fs = require('node:fs');
    const { JOBS } = require(${JSON.stringify(JOBS_MODULE)});
    const crashOnce = (...args) => {
      if (fs.existsSync(${JSON.stringify(marker)})) { fs.rmSync(${JSON.stringify(marker)}); process.exit(70); }
      return JOBS[${JSON.stringify(job)}](...args);
    };
    require(${JSON.stringify(JOB_THREAD)}).serveJobs(require('node:worker_threads').parentPort, { ...JOBS, ${job}: crashOnce });`;
  const thread = new JobThread<typeof JOBS>({ source, idleMs: 60_000, describe: (name) => `doing ${name}` });
  threads.push(thread);
  return thread;
}

describe('the work AppCore hands to its worker thread', () => {
  it('checks the workspace for damage ahead of the first open, then runs the start-up check there', async () => {
    expect(needsDamageCheck(file())).toBe(true);
    const { jobs, ran } = recordedJobs();
    expect(await coreWith(jobs).invoke('workspace', [])).toMatchObject({ ready: true });
    expect(ran).toEqual(['damageCheck', 'checkWorkspace']);
  });

  it("reads an SBC and a sheet, draws the exhibit PDF and answers the window's check there", async () => {
    const { jobs, ran } = recordedJobs();
    const core = coreWith(jobs);
    const sbc = await syntheticCase('baseline', 2);
    const read = (await core.invoke('readSbc', [Buffer.from(sbc.bytes).toString('base64')])) as BridgeResponse;
    expect(read.status).toBe(200);
    const sheet = csvBytes([
      ['Employer name', 'URL', 'Eligible employees'],
      ['Acme Widgets', 'https://acme.example.com', '250'],
    ]);
    const preview = (await core.invoke('previewImport', [{ fileName: 'clients.csv', data: sheet.toString('base64'), kind: 'employers' }])) as ImportAnswer;
    expect(preview).toMatchObject({ ok: true, report: { rows: 1, created: 1 } });
    const pdf = (await core.invoke('exhibitPdf', [{ employer: exhibit.employer, year: 2026, include: [] }])) as ExhibitPdfFile;
    expect(pdf.ok && Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await core.invoke('checkWorkspace', [])).toEqual({ ok: true, problems: [] });
    expect(ran).toEqual(expect.arrayContaining(['readSbc', 'readSheet', 'exhibitPdf', 'checkWorkspace']));
  });
});

describe('a worker thread that fails', () => {
  it('fails the first open with the reason and opens nothing; the next call opens the workspace', async () => {
    const marker = join(dir, 'crash-check');
    const core = coreWith(crashingOnce('checkWorkspace', marker));
    await expect(core.invoke('workspace', [])).rejects.toThrow('the background thread doing checkWorkspace stopped (exit code 70); try again');
    expect(existsSync(marker)).toBe(false);
    expect(await core.invoke('workspace', [])).toMatchObject({ ready: true });
  });

  it('opens the workspace all the same when the damage check ahead fails, and reports that failure', async () => {
    oweTheDamageCheck();
    const marker = join(dir, 'crash-ahead');
    const reported: string[] = [];
    const core = new AppCore({
      dir,
      tokenCipher: workspaceKeyCipher,
      jobs: crashingOnce('damageCheck', marker),
      reportFailure: (what, error) => reported.push(`${what}: ${(error as Error).message}`),
    });
    cores.push(core);
    expect(await core.invoke('workspace', [])).toMatchObject({ ready: true });
    expect(reported).toEqual([
      'the damage check ahead of opening the workspace failed: the background thread doing damageCheck stopped (exit code 70); try again',
    ]);
  });

  it('fails that one call, and the same call then answers', async () => {
    const marker = join(dir, 'crash-sbc');
    const core = coreWith(crashingOnce('readSbc', marker));
    const pdf = Buffer.from((await syntheticCase('baseline', 3)).bytes).toString('base64');
    await expect(core.invoke('readSbc', [pdf])).rejects.toThrow('the background thread doing readSbc stopped (exit code 70); try again');
    expect(((await core.invoke('readSbc', [pdf])) as BridgeResponse).status).toBe(200);
  });
});
