// The window's heavy jobs in what ships: the BUILT main bundle, booted against the fake electron as
// boot.test.ts boots it, with the jobs played through the preload and IPC as the screens play them
// (tests/support/desktop-jobs-boot.cjs). What the main thread went through meanwhile is timed by
// `npm run bench -- desktop`; here, only what is not a timing: the answers, that the work ran in a
// worker thread, and what the window is told when that thread fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../renderer/api/error-text.js';
import { bootDesktopJobs, builtAppWithBrokenWorker, desktopJobsInputs, type DesktopJobsReport } from '../support/desktop-jobs.js';

const ROWS = 300;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-desktop-jobs-'));
  dirs.push(dir);
  return dir;
};

describe("the window's heavy jobs, in the built app", () => {
  let report: DesktopJobsReport;
  let sbcExpected: Record<string, unknown>;

  beforeAll(async () => {
    const dir = tempDir();
    const inputs = await desktopJobsInputs(dir, ROWS);
    sbcExpected = inputs.sbcExpected;
    report = bootDesktopJobs(dir, inputs, inputs.plan);
  }, 120_000);

  it('opens the workspace, imports the sheet, reads the SBC and makes the exhibit PDF, answering the window as before', () => {
    expect(report.errors).toEqual([]);
    const [round] = report.rounds;
    expect(round!['open']).toMatchObject({ ok: true, answer: { ready: true } });
    expect(round!['import preview']).toMatchObject({ ok: true, answer: { rows: ROWS, create: ROWS } });
    expect(round!['import write']).toMatchObject({ ok: true, answer: { created: ROWS } });
    expect(round!['SBC read']).toMatchObject({ ok: true, answer: { status: 200 } });
    const read = (round!['SBC read']!.answer as { plan: Record<string, unknown> }).plan;
    for (const field of ['in_ded_single', 'in_max_single', 'in_coin'])
      if (sbcExpected[field] !== null && sbcExpected[field] !== undefined) expect(read[field], field).toBe(sbcExpected[field]);
    expect(round!['exhibit PDF']).toMatchObject({ ok: true, answer: { name: 'Renewal-exhibit-Harbor-Foods-2026.pdf', head: '%PDF-' } });
  });

  it('does that work in one worker thread: the main thread never loads pdf.js, pdfkit or the sheet readers', () => {
    expect(report.workersStarted).toBe(1);
    expect(report.loadedInMain).toEqual([]);
  });
});

describe('a worker thread that fails', () => {
  let report: DesktopJobsReport;

  beforeAll(async () => {
    const dir = tempDir();
    const inputs = await desktopJobsInputs(dir, ROWS);
    const app = builtAppWithBrokenWorker(dir);
    report = bootDesktopJobs(dir, inputs, { ...inputs.plan, repairWorker: app.repairWorker }, app.main);
  }, 120_000);

  it('is an error the window shows with its id, the id of its line in the log, and never a call left waiting', () => {
    expect(report.errors).toEqual([]);
    const [failed] = report.rounds;
    const shown = (job: string) => errorText(new Error(failed![job]!.error));
    expect(failed!['open']!.ok).toBe(false);
    expect(shown('open')).toMatch(/^the background thread checking the workspace stopped \(exit code 70\); try again \(error [2-9A-Z]{6}, in the log\)$/);
    expect(shown('SBC read')).toMatch(/^the background thread reading the SBC stopped \(exit code 70\); try again \(error [2-9A-Z]{6}, in the log\)$/);
    expect(failed!['exhibit PDF']!.ok).toBe(false);
    for (const job of ['open', 'SBC read', 'exhibit PDF']) {
      const id = /\(error ([2-9A-Z]{6}), in the log\)$/.exec(shown(job))![1];
      expect(report.log, job).toMatch(
        new RegExp(`ERROR \\[${id}\\] the window's call \\w+ failed: Error: the background thread .* stopped \\(exit code 70\\)`),
      );
    }
  });

  it('logs a damage check it could not make ahead of the open, which the open then makes itself', () => {
    expect(report.log).toMatch(
      /ERROR \[[2-9A-Z]{6}\] the damage check ahead of opening the workspace failed: Error: the background thread .* stopped \(exit code 70\)/,
    );
  });

  it('runs each job again once the thread can: the same calls then answer', () => {
    const [, again] = report.rounds;
    expect(again!['open']).toMatchObject({ ok: true, answer: { ready: true } });
    expect(again!['import write']).toMatchObject({ ok: true, answer: { created: ROWS } });
    expect(again!['SBC read']).toMatchObject({ ok: true, answer: { status: 200 } });
    expect(again!['exhibit PDF']).toMatchObject({ ok: true, answer: { head: '%PDF-' } });
  });
});
