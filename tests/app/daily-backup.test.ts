// The day's automatic backup: after the day's first change (never of a workspace before any work),
// again on quit when anything changed since, the last seven days kept; and a backup cut short by
// the app closing the workspace is no error (npm test printed its stack before).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../main/app/app-core.js';
import { appJobs } from '../../main/app/app-jobs.js';
import { saveEnvironment } from '../../main/sync/environments.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { validEmployerBody } from '../support/fixtures.js';

let dir: string;
let today: Date;
let core: AppCore;
let division: string;

/** A backup's copy is rid of its tokens in the app's worker thread, which the first backup of a test run may have to start. */
const BACKUP_MADE = { timeout: 10_000 };
const backups = () => (existsSync(join(dir, 'backups')) ? readdirSync(join(dir, 'backups')).sort() : []);
const employersIn = (name: string) => {
  const db = new Database(join(dir, 'backups', name), { readonly: true });
  try {
    return db.prepare('SELECT name FROM employers ORDER BY name').pluck().all();
  } finally {
    db.close();
  }
};
const addEmployer = async (name: string) =>
  expect(
    await core.invoke('call', [
      'POST',
      '/employers/',
      validEmployerBody(division, { name, url: `https://${name.toLowerCase()}.example.com`, other_filters: [] }),
    ]),
  ).toMatchObject({ status: 200 });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-daily-'));
  today = new Date('2026-05-04T09:00:00Z');
  core = new AppCore({ dir, tokenCipher: workspaceKeyCipher, clock: () => today });
  await core.invoke('setupWorkspace', [{ account: 'Acme', email: 'ann@example.com', division: 'Main' }]);
  division = ((await core.invoke('call', ['GET', '/divisions/list/'])) as { body: { id: string }[] }).body[0]!.id;
});

afterEach(() => {
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the daily backup', () => {
  it('is not taken of a workspace nobody has changed yet', async () => {
    await core.invoke('workspace', []);
    await core.invoke('call', ['GET', '/employers/list/']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(backups()).toEqual([]);
  });

  it("is taken after the day's first change, holding it", async () => {
    await addEmployer('Globex');
    await expect.poll(backups, BACKUP_MADE).toEqual(['plandesk-2026-05-04.db']);
    expect(employersIn('plandesk-2026-05-04.db')).toEqual(['Globex']);
  });

  it("is copied and rid of its environments' tokens in the worker thread, not on the window's", async () => {
    const jobs: string[] = [];
    core.close();
    core = new AppCore({
      dir,
      tokenCipher: workspaceKeyCipher,
      clock: () => today,
      jobs: { run: (name, args, transfer) => (jobs.push(name), appJobs().run(name, args, transfer)) },
    });
    await core.invoke('workspace', []);
    const db = new Database(join(dir, 'plandesk.db'));
    saveEnvironment(db, workspaceKeyCipher(dir), 'staging', 'https://staging.example.com', 'secret-token-1234', today.toISOString());
    db.close();
    await addEmployer('Globex');
    await expect.poll(backups, BACKUP_MADE).toEqual(['plandesk-2026-05-04.db']);
    expect(jobs).toContain('copyForBackup');
    const copy = new Database(join(dir, 'backups', 'plandesk-2026-05-04.db'), { readonly: true });
    expect(copy.prepare('SELECT name, token_scheme, token_ciphertext FROM environments').all()).toEqual([
      { name: 'staging', token_scheme: 'not-in-backup', token_ciphertext: '' },
    ]);
    copy.close();
  });

  it('is taken again on quit when anything changed since, and one a day is kept for seven days', async () => {
    await addEmployer('Globex');
    await expect.poll(backups, BACKUP_MADE).toEqual(['plandesk-2026-05-04.db']);
    await addEmployer('Initech');
    await core.shutdown();
    expect(employersIn('plandesk-2026-05-04.db')).toEqual(['Globex', 'Initech']);

    for (let day = 5; day <= 12; day += 1) {
      today = new Date(Date.UTC(2026, 4, day, 9));
      core = new AppCore({ dir, tokenCipher: workspaceKeyCipher, clock: () => today });
      await addEmployer(`Day${day}`);
      await core.shutdown();
    }
    expect(backups()).toEqual([6, 7, 8, 9, 10, 11, 12].map((day) => `plandesk-2026-05-${String(day).padStart(2, '0')}.db`));
  });

  it("reports a backup that fails where it is told to (the desktop app's log)", async () => {
    const reported: string[] = [];
    core.close();
    core = new AppCore({
      dir,
      tokenCipher: workspaceKeyCipher,
      clock: () => today,
      reportFailure: (what, error) => reported.push(`${what}: ${String(error)}`),
    });
    // a folder where the backup's temporary file goes: the copy cannot be made
    mkdirSync(join(dir, 'backups', 'plandesk-2026-05-04.db.replacing', 'in-the-way'), { recursive: true });
    await addEmployer('Globex');
    await expect.poll(() => reported, BACKUP_MADE).toEqual([expect.stringMatching(/^the daily backup of .* failed: /)]);
  });

  it('says nothing when the app closes the workspace under a backup still running', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await addEmployer('Globex');
      core.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
