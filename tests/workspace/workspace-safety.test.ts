// Workspace safety: `plandesk backup`, `restore` and `check` with INTERFACES.md's shapes, the daily
// backups (last seven kept) and the app's start-up check and recovery methods.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/app/app-core.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { saveEnvironment } from '../../main/sync/environments.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { tokenKeyFile } from '../../main/sync/token-key-file.js';
import { backupWorkspace, dailyBackup } from '../../main/workspace/backup.js';
import { checkDatabaseFile } from '../../main/workspace/check.js';
import { openWorkspace } from '../../main/workspace/workspace.js';
import { validEmployerBody } from '../support/fixtures.js';
import { runPlandesk } from '../support/cli-run.js';
import { damageMiddlePage, seedWorkspace, workspaceFile } from '../support/workspace-fixture.js';

const TOKEN = 'remote-token-0123456789abcdef';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'plandesk-safety-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const employerCount = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM employers').pluck().get() as number;
  } finally {
    db.close();
  }
};

async function addEmployers(dir: string, division: string, names: string[]): Promise<void> {
  const workspace = await openWorkspace(dir);
  try {
    for (const name of names) {
      const response = await workspace.router({
        method: 'POST',
        path: '/employers/',
        actor: workspace.actor,
        body: validEmployerBody(division, { name, url: `https://${name.toLowerCase().replace(/ /g, '-')}.example.com`, other_filters: [] }),
      });
      expect(response.status).toBe(200);
    }
  } finally {
    workspace.close();
  }
}

describe('plandesk backup', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(root, 'backup');
    await seedWorkspace(dir, 25);
    const workspace = await openWorkspace(dir);
    saveEnvironment(workspace.db, workspaceKeyCipher(dir), 'staging', 'https://staging.example.com', TOKEN, new Date().toISOString());
    workspace.close();
  });

  it('writes a consistent 0600 copy and prints {"file", "bytes"}', async () => {
    const out = join(root, 'copy.db');
    const result = await runPlandesk(['backup', '--workspace', dir, '--out', out, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ file: out, bytes: statSync(out).size });
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(employerCount(out)).toBe(25);
    expect(checkDatabaseFile(out)).toEqual({ ok: true, problems: [] });
    expect(readdirSync(root).filter((name) => name.startsWith('copy.db'))).toEqual(['copy.db']);
  });

  it('never holds an environment token, its ciphertext or its key', async () => {
    const out = join(root, 'no-token.db');
    await backupWorkspace(dir, out);
    const live = new Database(workspaceFile(dir), { readonly: true });
    const ciphertext = live.prepare("SELECT token_ciphertext FROM environments WHERE name = 'staging'").pluck().get() as string;
    const keyId = live.prepare("SELECT value FROM meta WHERE key = 'token_key_id'").pluck().get() as string;
    live.close();
    const bytes = readFileSync(out);
    for (const secret of [TOKEN, ciphertext, readFileSync(tokenKeyFile(keyId), 'utf8')]) expect(bytes.includes(Buffer.from(secret))).toBe(false);
    const copy = new Database(out, { readonly: true });
    expect(copy.prepare('SELECT name, base_url, token_scheme, token_ciphertext FROM environments').all()).toEqual([
      { name: 'staging', base_url: 'https://staging.example.com', token_scheme: 'not-in-backup', token_ciphertext: '' },
    ]);
    copy.close();
  });

  it('refuses to overwrite an existing file, leaving it as it was', async () => {
    const out = join(root, 'existing.db');
    writeFileSync(out, 'keep me');
    const result = await runPlandesk(['backup', '--workspace', dir, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`plandesk backup: ${out} already exists; a backup never overwrites a file\n`);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
  });

  it('is consistent while another connection keeps writing, as the app does', async () => {
    const writer = await openWorkspace(dir);
    const division = writer.db.prepare('SELECT id FROM divisions').pluck().get() as string;
    let written = 0;
    let writing = true;
    const keepWriting = async () => {
      while (writing) {
        const name = `During Backup ${written}`;
        await writer.router({
          method: 'POST',
          path: '/employers/',
          actor: writer.actor,
          body: validEmployerBody(division, { name, url: `https://during-${written}.example.com`, other_filters: [] }),
        });
        written += 1;
        await new Promise((turn) => setImmediate(turn));
      }
    };
    const writes = keepWriting();
    try {
      await backupWorkspace(dir, join(root, 'during.db'));
    } finally {
      writing = false;
      await writes;
      writer.close();
    }
    expect(written).toBeGreaterThan(0);
    expect(checkDatabaseFile(join(root, 'during.db'))).toEqual({ ok: true, problems: [] });
  });
});

describe('plandesk restore', () => {
  let dir: string;
  let division: string;
  let backup: string;
  beforeAll(async () => {
    dir = join(root, 'restore');
    division = await seedWorkspace(dir, 10);
    backup = join(root, 'restore-point.db');
    await backupWorkspace(dir, backup);
    await addEmployers(dir, division, ['After Backup One', 'After Backup Two']);
  });

  const refused = async (file: string, reason: RegExp) => {
    const before = readFileSync(workspaceFile(dir));
    const result = await runPlandesk(['restore', '--workspace', dir, file]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(reason);
    expect(readFileSync(workspaceFile(dir)).equals(before)).toBe(true);
  };

  it('refuses a damaged backup, the workspace untouched', async () => {
    const damaged = join(root, 'damaged-backup.db');
    copyFileSync(backup, damaged);
    damageMiddlePage(damaged);
    await refused(damaged, /damaged-backup\.db cannot be restored: integrity: /);
  });

  it('refuses a file that is no PlanDesk workspace database', async () => {
    const foreign = join(root, 'foreign.db');
    const db = new Database(foreign);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    await refused(foreign, /foreign\.db cannot be restored: schema: .* is not a PlanDesk workspace database/);
    const text = join(root, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some notes about the plan year');
    await refused(text, /notes\.txt cannot be restored: /);
  });

  it('refuses a backup from a newer build', async () => {
    const newer = join(root, 'newer-backup.db');
    copyFileSync(backup, newer);
    const db = new Database(newer);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2030-01-01')").run();
    db.close();
    await refused(newer, /newer-backup\.db cannot be restored: schema: .*newer PlanDesk/);
  });

  it('replaces the database with the backup, keeping the one it replaced, and prints {"restored", "previous"}', async () => {
    const result = await runPlandesk(['restore', '--workspace', dir, backup, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as { restored: string; previous: string };
    expect(printed.restored).toBe(backup);
    expect(printed.previous).toMatch(/plandesk\.db\.before-restore-/);
    expect(employerCount(workspaceFile(dir))).toBe(10);
    expect(employerCount(printed.previous)).toBe(12);
    expect(statSync(workspaceFile(dir)).mode & 0o777).toBe(0o600);
    await addEmployers(dir, division, ['After Restore']);
  });
});

describe('plandesk check', () => {
  it('reports an intact workspace as ok, exit 0', async () => {
    const dir = join(root, 'check-ok');
    await seedWorkspace(dir, 3);
    const result = await runPlandesk(['check', '--workspace', dir, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, problems: [] });
  });

  it("reports a damaged page, exit 1, and changes nothing but withdrawing the damage check's note", async () => {
    const dir = join(root, 'check-damaged');
    await seedWorkspace(dir, 300);
    damageMiddlePage(workspaceFile(dir));
    const before = readFileSync(workspaceFile(dir));
    const files = readdirSync(dir);
    const result = await runPlandesk(['check', '--workspace', dir, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; problems: string[] };
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(/^integrity: /);
    expect(readFileSync(workspaceFile(dir)).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(files.filter((name) => name !== 'plandesk.db-checked'));
  });

  it('reports sync state that contradicts the queue', async () => {
    const dir = join(root, 'check-queue');
    await seedWorkspace(dir, 1);
    const db = openSqliteDatabase(workspaceFile(dir));
    db.prepare(
      "INSERT INTO environments (name, base_url, token_scheme, token_ciphertext, created_at, updated_at) VALUES ('staging', 'https://s.example.com', 'x', 'y', 'now', 'now')",
    ).run();
    db.prepare("INSERT INTO record_sync (env, record_id, entity, synced_seq, status) VALUES ('staging', 'never-queued', 'employer', 0, 'pending')").run();
    db.close();
    expect(checkDatabaseFile(workspaceFile(dir)).problems).toEqual(['sync queue: never-queued has a sync state on staging but no queued change']);
  });
});

describe('daily backups', () => {
  it('makes one a day in the backups folder and keeps the last seven', async () => {
    const dir = join(root, 'daily');
    await seedWorkspace(dir, 2);
    const db = openSqliteDatabase(workspaceFile(dir));
    try {
      for (let day = 1; day <= 9; day += 1) {
        const date = new Date(Date.UTC(2026, 2, day, 9));
        expect(await dailyBackup(dir, db, date)).toBeDefined();
        expect(await dailyBackup(dir, db, new Date(Date.UTC(2026, 2, day, 17)))).toBeUndefined();
      }
    } finally {
      db.close();
    }
    expect(readdirSync(join(dir, 'backups')).sort()).toEqual([3, 4, 5, 6, 7, 8, 9].map((day) => `plandesk-2026-03-0${day}.db`));
    expect(statSync(join(dir, 'backups')).mode & 0o777).toBe(0o700);
  });
});

describe('the app', () => {
  const invoke = (core: AppCore, method: string, ...args: unknown[]) => core.invoke(method, args);

  it('checks the workspace on start and shows a damaged one with what the check found', async () => {
    const dir = join(root, 'app-damaged');
    await seedWorkspace(dir, 1);
    const db = openSqliteDatabase(workspaceFile(dir));
    db.prepare(
      "INSERT INTO environments (name, base_url, token_scheme, token_ciphertext, created_at, updated_at) VALUES ('staging', 'https://s.example.com', 'x', 'y', 'now', 'now')",
    ).run();
    db.prepare("INSERT INTO record_sync (env, record_id, entity, synced_seq, status) VALUES ('staging', 'ghost', 'employer', 5, 'pending')").run();
    db.close();
    const core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
    try {
      expect(await invoke(core, 'workspace')).toEqual({
        ready: false,
        problem: {
          kind: 'damaged',
          message: 'The workspace database is damaged.',
          details: [
            'sync queue: ghost on staging is marked sent up to a change that is not in the queue',
            'sync queue: ghost has a sync state on staging but no queued change',
          ],
        },
      });
    } finally {
      core.close();
    }
  });

  it("takes the day's backup after its first change, lists, backs up and restores by name only", async () => {
    const dir = join(root, 'app-backups');
    const division = await seedWorkspace(dir, 4);
    const core = new AppCore({ dir, tokenCipher: workspaceKeyCipher, clock: () => new Date('2026-04-02T10:00:00Z') });
    try {
      expect(await invoke(core, 'workspace')).toMatchObject({ ready: true });
      expect(
        await invoke(core, 'saveDraft', {
          id: '3b0d5b0e-8c1e-4f5e-9a51-0a4f1e6c2d11',
          form: 'employer',
          title: 'New employer',
          detail: 'Employer · new',
          state: {},
        }),
      ).toMatchObject({ status: 200 });
      await expect.poll(() => existsSync(join(dir, 'backups', 'plandesk-2026-04-02.db'))).toBe(true);
      const manual = (await invoke(core, 'backupWorkspace')) as { status: number; body: { name: string } };
      expect(manual.status).toBe(200);
      expect(((await invoke(core, 'listBackups')) as { name: string }[]).map((entry) => entry.name).sort()).toEqual(
        [manual.body.name, 'plandesk-2026-04-02.db'].sort(),
      );
      expect(
        await invoke(
          core,
          'call',
          'POST',
          '/employers/',
          validEmployerBody(division, { name: 'Later Co', url: 'https://later.example.com', other_filters: [] }),
        ),
      ).toMatchObject({ status: 200 });
      expect(await invoke(core, 'restoreWorkspace', '../plandesk.db')).toEqual({ status: 404, body: { detail: 'There is no backup named ../plandesk.db.' } });
      expect(await invoke(core, 'restoreWorkspace', manual.body.name)).toMatchObject({ status: 200, body: { restored: manual.body.name } });
      expect(((await invoke(core, 'call', 'GET', '/employers/list/')) as { body: unknown[] }).body).toHaveLength(4);
      expect(await invoke(core, 'checkWorkspace')).toEqual({ ok: true, problems: [] });
    } finally {
      core.close();
    }
  });
});
